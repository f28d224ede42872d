import { createHash, createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import type Provider from 'oidc-provider';
import type { Adapter, AdapterPayload, KoaContextWithOIDC } from 'oidc-provider';
import { z } from 'zod';
import type { Config } from '../config';
import { EMBEDDED_OIDC_PATH, embeddedClient, embeddedIssuer, oidcRedirectUri } from '../services/oidc/embedded';
import { sameKey } from './dev';

/**
 * May this caller sign in through the embedded provider without the dev key? Only the person at this
 * computer: the socket peer is loopback, no proxy is trusted or in between, and the API's own address
 * is a loopback one (a deployment reachable from elsewhere has a public API_URL). Never the form's word.
 */
export function isLocalCaller(request: FastifyRequest, config: Pick<Config, 'trustProxy' | 'apiUrl'>): boolean {
  if (config.trustProxy) return false;
  const peer = request.raw.socket.remoteAddress ?? '';
  const loopbackPeer = /^(127\.|::1$|::ffff:127\.)/.test(peer);
  const forwarded = ['x-forwarded-for', 'x-forwarded-host', 'forwarded', 'x-real-ip', 'via'].some((h) => request.headers[h] !== undefined);
  const apiHost = new URL(config.apiUrl).hostname;
  const loopbackApi = apiHost === 'localhost' || apiHost.startsWith('127.') || apiHost === '[::1]';
  return loopbackPeer && !forwarded && loopbackApi;
}

export const EMBEDDED_TEXTS = {
  keyRequired: 'This stand-in for Google only signs in the person running Finu. Enter the dev key printed in the server log (or open this page on the computer running Finu).',
  existingAccount: 'This email already has a Finu account. The stand-in for Google signs into an existing account only with the dev key printed in the server log.',
  email: 'Enter a valid email address.',
} as const;

/** Minimal in-memory storage for the provider's short-lived artifacts (sessions, codes, grants). */
function memoryAdapter() {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt < Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  return class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}
    private key = (id: string) => `${this.model}:${id}`;
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      if (store.size > 10_000) for (const k of store.keys()) if (!live(k)) store.delete(k);
      store.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
      if (payload.uid) store.set(`${this.model}:uid:${payload.uid}`, { payload: { id } as AdapterPayload, expiresAt: Date.now() + expiresIn * 1000 });
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUid(uid: string) {
      const ref = live(`${this.model}:uid:${uid}`);
      return ref?.id ? live(this.key(String(ref.id))) : undefined;
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id: string) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [k, v] of store) if (v.payload.grantId === grantId) store.delete(k);
    }
  };
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>
:root{color-scheme:light dark;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
body{margin:0;min-height:100dvh;display:grid;place-items:center;background:Canvas;color:CanvasText}
main{width:min(420px,100% - 32px);padding:28px;border:1px solid #8884;border-radius:10px;box-shadow:0 2px 10px #0001}
h1{font-size:1.35rem;margin:0 0 4px}p{margin:0 0 16px;line-height:1.45;opacity:.85}
label{display:block;font-weight:600;margin:14px 0 4px}input{width:100%;box-sizing:border-box;padding:10px;border-radius:6px;border:1px solid #8888;font:inherit;background:Field;color:FieldText}
.hint{font-size:.85rem;opacity:.75;margin:4px 0 0}.error{color:#c92a2a;background:#c92a2a14;border-radius:6px;padding:10px;margin:12px 0}
.row{display:flex;gap:10px;margin-top:20px}button{flex:1;padding:11px;border-radius:6px;border:1px solid #8888;font:inherit;font-weight:600;cursor:pointer;background:ButtonFace;color:ButtonText}
button.primary{background:#1971c2;color:#fff;border-color:#1971c2}button:focus-visible,input:focus-visible{outline:3px solid #4dabf7;outline-offset:2px}
.badge{display:inline-block;font-size:.75rem;font-weight:700;letter-spacing:.04em;text-transform:uppercase;background:#fab00533;border-radius:4px;padding:2px 6px;margin-bottom:10px}
</style></head><body><main>${body}</main></body></html>`;
}

function signInPage(options: { uid: string; needKey: boolean; error?: string; email?: string; name?: string }) {
  const action = `${EMBEDDED_OIDC_PATH}/interaction/${encodeURIComponent(options.uid)}`;
  return page(
    'Local sign-in (stands in for Google)',
    `<span class="badge">Development</span>
<h1>Local sign-in (stands in for Google)</h1>
<p>This page is Finu's built-in OpenID provider. It stands in for Google while no Google client is configured, so you can try “Continue with Google” without one. Type any email and name: no password, no real Google account.</p>
${options.error ? `<div class="error" role="alert">${escape(options.error)}</div>` : ''}
<form method="post" action="${action}" novalidate>
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escape(options.email ?? '')}" autofocus>
<label for="name">Name</label><input id="name" name="name" autocomplete="name" maxlength="100" value="${escape(options.name ?? '')}">
${options.needKey ? '<label for="dev_key">Dev key</label><input id="dev_key" name="dev_key" type="password" autocomplete="off" required><p class="hint">Printed in the server log at start (also in DATA_DIR/dev-key).</p>' : ''}
<div class="row"><button class="primary" type="submit" name="action" value="login">Sign in</button><button type="submit" name="action" value="cancel">Cancel</button></div>
</form>`,
  );
}

const loginForm = z.object({
  action: z.enum(['login', 'cancel']).default('login'),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()).optional().catch(undefined),
  name: z.string().trim().max(100).optional().catch(undefined),
  dev_key: z.string().max(200).optional().catch(undefined),
});

/**
 * The embedded OpenID provider (oidc-provider 8.8) at API_URL/dev/oidc: what 'Continue with Google'
 * talks to on a fresh start. Off in production and whenever a real provider is configured.
 * Its protocol endpoints are public like any provider's (the token endpoint needs the client secret);
 * its sign-in form is the gate: a local caller signs in with one click, anyone else needs the dev key.
 */
export default async function devOidcRoutes(fastify: FastifyInstance) {
  const { config } = fastify;
  const devKey = fastify.devKey!;
  const issuer = embeddedIssuer(config);
  const client = embeddedClient(devKey);
  const accounts = new Map<string, { email: string; name: string | null }>();
  const existingAccount = async (email: string, subject: string) =>
    Boolean((await fastify.repos.users.findByEmail(email)) ?? (await fastify.repos.identities.find({ kind: 'oidc', issuer, subject })));

  // Built on the first request to /dev/oidc: oidc-provider (with Koa, about 40 MB) and the RSA key
  // stay out of a server nobody signs in to with Google (docs/performance.md, memory).
  let built: Promise<{ provider: Provider; callback: ReturnType<Provider['callback']> }> | null = null;
  const embedded = () =>
    (built ??= (async () => {
      const { default: OidcProvider } = await import('oidc-provider');
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'embedded-1' };

      const provider = new OidcProvider(issuer, {
        adapter: memoryAdapter(),
        clients: [
          {
            client_id: client.clientId,
            client_secret: client.clientSecret,
            redirect_uris: [oidcRedirectUri(config)],
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_post',
          },
        ],
        jwks: { keys: [jwk as never] },
        cookies: { keys: [createHmac('sha256', devKey).update('finu embedded oidc cookies').digest('base64url')] },
        pkce: { methods: ['S256'], required: () => true },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        // Like Google: the ID token itself carries email and name.
        conformIdTokenClaims: false,
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `${EMBEDDED_OIDC_PATH}/interaction/${interaction.uid}` },
        findAccount: async (_ctx, sub) => {
          const account = accounts.get(sub);
          if (!account) return undefined;
          return { accountId: sub, claims: async () => ({ sub, email: account.email, email_verified: true, ...(account.name ? { name: account.name } : {}) }) };
        },
        ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
        renderError: async (ctx, out) => {
          ctx.type = 'html';
          ctx.body = page('Sign-in error', `<h1>Sign-in error</h1><p>${escape(String(out.error_description ?? out.error ?? 'Something went wrong'))}</p>`);
        },
      });
      provider.proxy = config.trustProxy;
      return { provider, callback: provider.callback() };
    })().catch((error: unknown) => {
      built = null;
      throw error;
    }));

  // The provider's own endpoints read their bodies themselves: hand over the raw request untouched.
  await fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(EMBEDDED_OIDC_PATH.length) || '/';
      // No single sign-on at the stand-in: without its session cookie every sign-in starts afresh,
      // so after a logout someone else can sign in on the same browser.
      if (raw.headers.cookie) raw.headers.cookie = raw.headers.cookie.split(';').filter((c) => !/^\s*_session(\.|=)/.test(c)).join(';');
      await (await embedded()).callback(raw, reply.raw);
    };
    scope.all(EMBEDDED_OIDC_PATH, { schema: { hide: true } }, handler);
    scope.all(`${EMBEDDED_OIDC_PATH}/*`, { schema: { hide: true } }, handler);
  });

  await fastify.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const appOrigin = new URL(config.appUrl).origin;
    const apiOrigin = new URL(config.apiUrl).origin;
    const html = (reply: FastifyReply, status: number, body: string) =>
      reply
        .code(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${apiOrigin} ${appOrigin}; frame-ancestors 'none'; base-uri 'none'`)
        .send(body);
    const expired = (reply: FastifyReply) =>
      html(reply, 400, page('Sign-in expired', `<h1>This sign-in has expired</h1><p>Go back to Finu and choose “Continue with Google” again.</p><p><a href="${escape(config.appUrl)}/login">Back to Finu</a></p>`));

    scope.get<{ Params: { uid: string } }>(`${EMBEDDED_OIDC_PATH}/interaction/:uid`, { schema: { hide: true } }, async (request, reply) => {
      try {
        const details = await (await embedded()).provider.interactionDetails(request.raw, reply.raw);
        if (details.uid !== request.params.uid) return expired(reply);
        return html(reply, 200, signInPage({ uid: details.uid, needKey: !isLocalCaller(request, config) }));
      } catch {
        return expired(reply);
      }
    });

    scope.post<{ Params: { uid: string }; Body: unknown }>(`${EMBEDDED_OIDC_PATH}/interaction/:uid`, { schema: { hide: true } }, async (request, reply) => {
      const { provider } = await embedded();
      let details: Awaited<ReturnType<typeof provider.interactionDetails>>;
      try {
        details = await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return expired(reply);
      }
      if (details.uid !== request.params.uid) return expired(reply);
      const form = loginForm.safeParse(request.body ?? {});
      const values = form.success ? form.data : { action: 'login' as const, email: undefined, name: undefined, dev_key: undefined };
      let result: Parameters<typeof provider.interactionResult>[2];
      if (values.action === 'cancel') {
        result = { error: 'access_denied', error_description: 'Sign-in was cancelled' };
      } else {
        const local = isLocalCaller(request, config);
        const raw = (request.body ?? {}) as Record<string, unknown>;
        const typed = { email: typeof raw.email === 'string' ? raw.email.slice(0, 254) : '', name: typeof raw.name === 'string' ? raw.name.slice(0, 100) : '' };
        if (!local && !sameKey(values.dev_key, devKey)) {
          request.log.warn({ peer: request.raw.socket.remoteAddress }, 'embedded OIDC sign-in refused: not a local caller and no dev key');
          return html(reply, 403, signInPage({ uid: details.uid, needKey: true, error: EMBEDDED_TEXTS.keyRequired, ...typed }));
        }
        if (!values.email) return html(reply, 422, signInPage({ uid: details.uid, needKey: !local, error: EMBEDDED_TEXTS.email, ...typed }));
        const sub = `local-${createHash('sha256').update(values.email).digest('hex').slice(0, 32)}`;
        // Anyone can type any email here: an existing account (by its email, or this stand-in account
        // already linked to one) is entered only with the dev key, even from this computer.
        if (!sameKey(values.dev_key, devKey) && (await existingAccount(values.email, sub))) {
          request.log.warn('embedded OIDC sign-in refused: an existing account without the dev key');
          return html(reply, 403, signInPage({ uid: details.uid, needKey: true, error: EMBEDDED_TEXTS.existingAccount, ...typed }));
        }
        accounts.set(sub, { email: values.email, name: values.name || null });
        const grant = new provider.Grant({ accountId: sub, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        result = { login: { accountId: sub }, consent: { grantId } };
      }
      const returnTo = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
      return reply.redirect(returnTo, 303);
    });
  });
}

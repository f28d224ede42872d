import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config';
import { escape, page, signInPage } from '../services/oidc/devSignInPage';
import { EMBEDDED_OIDC_PATH } from '../services/oidc/embedded';
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
  const oidc = fastify.embeddedOidc!;
  const embedded = oidc.provider;

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
        if (!sameKey(values.dev_key, devKey) && (await oidc.existingAccount(values.email, sub))) {
          request.log.warn('embedded OIDC sign-in refused: an existing account without the dev key');
          return html(reply, 403, signInPage({ uid: details.uid, needKey: true, error: EMBEDDED_TEXTS.existingAccount, ...typed }));
        }
        oidc.remember(sub, { email: values.email, name: values.name || null });
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

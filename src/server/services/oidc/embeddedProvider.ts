import { createHmac } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../config';
import type { IdentitiesRepository } from '../../repositories/identities';
import type { UsersRepository } from '../../repositories/users';
import { escape, page } from './devSignInPage';
import { EMBEDDED_OIDC_PATH, embeddedClient, embeddedIssuer, oidcRedirectUri } from './embedded';
import { memoryAdapter } from './memoryAdapter';

/**
 * The embedded OpenID provider (oidc-provider) behind routes/dev-oidc.ts: the stand-in for Google on a
 * fresh start, with the accounts its sign-in form let in (kept in memory, like its sessions).
 */
export function embeddedProvider(deps: { config: Pick<Config, 'apiUrl' | 'trustProxy'>; devKey: string; users: UsersRepository; identities: IdentitiesRepository }) {
  const { config, devKey } = deps;
  const issuer = embeddedIssuer(config);
  const client = embeddedClient(devKey);
  const accounts = new Map<string, { email: string; name: string | null }>();

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

  return {
    /** The provider and its request handler, built on first use. */
    provider: embedded,
    /** Has this email an account, or is this stand-in account linked to one? Entering it then needs the dev key. */
    existingAccount: async (email: string, subject: string) => Boolean((await deps.users.findByEmail(email)) ?? (await deps.identities.find({ kind: 'oidc', issuer, subject }))),
    /** The account the sign-in form let in: its claims go into the ID token. */
    remember: (subject: string, account: { email: string; name: string | null }) => void accounts.set(subject, account),
  };
}

export type EmbeddedProvider = ReturnType<typeof embeddedProvider>;

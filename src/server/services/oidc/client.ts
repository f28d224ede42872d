import type * as Oidc from 'openid-client';

/** openid-client (with oauth4webapi) loads on the first sign-in through a provider: most servers never need it, and it is resident memory from start otherwise. */
const loadOidc = () => import('openid-client');

/** What a provider tells us about the person who signed in. */
export interface OidcClaims {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** Why an OIDC step failed, in words for the callback page. */
export class OidcFailure extends Error {}

export const OIDC_TEXTS = {
  unreachable: 'Could not reach the sign-in provider. Please try again in a moment.',
  rejected: 'The sign-in provider did not accept this sign-in (it may have been completed already or expired). Please try again.',
  invalid: 'The sign-in provider’s answer could not be verified. Please try again.',
} as const;

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** How requests to the provider are made (the embedded provider is reached in-process). */
  fetch?: Oidc.CustomFetch;
  timeoutSeconds?: number;
  /** OIDC `prompt`: the embedded provider asks every time ('login'), Google lets the user pick an account ('select_account'). */
  prompt?: string;
}

export interface OidcClient {
  readonly issuer: string;
  authorizationUrl(checks: { state: string; nonce: string; codeVerifier: string }): Promise<string>;
  /** Exchanges the code at the token endpoint and validates the ID token (issuer, audience, nonce, expiry). */
  exchange(callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<OidcClaims>;
}

const isNetworkError = (error: unknown) =>
  error instanceof TypeError || (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError' || /fetch failed|ECONNREFUSED|ENOTFOUND|timed? ?out/i.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`)));

/**
 * One OpenID Connect relying party (authorization code + PKCE, state and nonce) for any issuer:
 * Google, another provider, or the embedded one. Discovery runs on first use and again after a failure.
 */
export function createOidcClient(options: OidcClientOptions): OidcClient {
  let configuration: Promise<Oidc.Configuration> | null = null;
  const insecure = new URL(options.issuer).protocol === 'http:';

  const configure = () => {
    configuration ??= loadOidc()
      .then((oidc) =>
        oidc.discovery(new URL(options.issuer), options.clientId, { client_secret: options.clientSecret, redirect_uris: [options.redirectUri] }, oidc.ClientSecretPost(options.clientSecret), {
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        ...(options.fetch ? { [oidc.customFetch]: options.fetch } : {}),
          timeout: options.timeoutSeconds ?? 10,
        }),
      )
      .then(async (config) => {
        if (options.fetch) config[(await loadOidc()).customFetch] = options.fetch;
        config.timeout = options.timeoutSeconds ?? 10;
        return config;
      })
      .catch((error: unknown) => {
        configuration = null;
        throw new OidcFailure(OIDC_TEXTS.unreachable, { cause: error });
      });
    return configuration;
  };

  return {
    issuer: options.issuer,
    async authorizationUrl({ state, nonce, codeVerifier }) {
      const [config, oidc] = await Promise.all([configure(), loadOidc()]);
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ...(options.prompt ? { prompt: options.prompt } : {}),
      });
      return url.toString();
    },
    async exchange(callbackUrl, { state, nonce, codeVerifier }) {
      const [config, oidc] = await Promise.all([configure(), loadOidc()]);
      let tokens: Awaited<ReturnType<typeof Oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, callbackUrl, { expectedState: state, expectedNonce: nonce, pkceCodeVerifier: codeVerifier, idTokenExpected: true });
      } catch (error) {
        if (isNetworkError(error)) throw new OidcFailure(OIDC_TEXTS.unreachable, { cause: error });
        if (error instanceof oidc.ResponseBodyError) throw new OidcFailure(OIDC_TEXTS.rejected, { cause: error });
        throw new OidcFailure(OIDC_TEXTS.invalid, { cause: error });
      }
      const idClaims = tokens.claims();
      if (!idClaims) throw new OidcFailure(OIDC_TEXTS.invalid);
      let claims: Record<string, unknown> = { ...idClaims };
      // Providers that keep the ID token lean (conforming ones) give the email at the userinfo endpoint.
      if (typeof claims.email !== 'string' && config.serverMetadata().userinfo_endpoint) {
        try {
          claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...claims };
        } catch (error) {
          if (isNetworkError(error)) throw new OidcFailure(OIDC_TEXTS.unreachable, { cause: error });
          throw new OidcFailure(OIDC_TEXTS.invalid, { cause: error });
        }
      }
      const email = typeof claims.email === 'string' && claims.email.length <= 254 ? claims.email.trim().toLowerCase() : null;
      const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, 100) || null : null;
      return {
        issuer: config.serverMetadata().issuer,
        subject: idClaims.sub,
        email,
        emailVerified: Boolean(email) && (claims.email_verified === true || claims.email_verified === 'true'),
        name,
      };
    },
  };
}

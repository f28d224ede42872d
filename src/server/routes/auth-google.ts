import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomNonce, randomPKCECodeVerifier } from 'openid-client';
import { z } from 'zod';
import { completeGoogleLinkRequest, linkGoogleResponse, signInMethodsResponse } from '../../contract/identities';
import { errorBody } from '../../contract/errors';
import { GOOGLE_ISSUER } from '../config';
import { badRequest, conflict, notFound } from '../errors';
import { LINK_CODE_TTL_MS, linkIdentity, signInWithIdentity, SIGN_IN_TEXTS } from '../services/signIn';
import { createOidcClient, OidcFailure, type OidcClient } from '../services/oidc/client';
import { EMBEDDED_OIDC_PATH, embeddedClient, embeddedIssuer, oidcRedirectUri } from '../services/oidc/embedded';
import { injectFetch } from '../services/oidc/inject-fetch';
import { ONE_TIME_SIGN_IN_SECONDS } from '../services/userAuth';

export const GOOGLE_TEXTS = {
  notConfigured: 'Google sign-in is not configured on this server.',
  badState: 'This sign-in has expired or was already used. Please try again.',
  noCode: 'The sign-in provider did not send an authorization code. Please try again.',
  linkExpired: 'This link request has expired or was already used. Please try again from Settings.',
  failed: 'Sign-in failed. Please try again.',
} as const;
const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';

const STATE_COOKIE = 'finu_oidc_state';
const FLOW_TTL_MS = 10 * 60_000;

const hash = (value: string) => createHash('sha256').update(value).digest('hex');
const random = () => randomBytes(32).toString('base64url');

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

const sameValue = (a: string | undefined, b: string | undefined) => {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Query parameters as a provider sends them: anything else, or a repeated one, is ignored rather than refused. */
const text = (max: number) => z.unknown().transform((v) => (typeof v === 'string' && v.length <= max ? v : undefined));

const callbackQuery = z
  .object({
    code: text(4096).optional().describe('The authorization code'),
    state: text(512).optional().describe('The state this API sent'),
    error: text(256).optional().describe('An OAuth error code from the provider'),
    error_description: text(1024).optional(),
  })
  .catchall(z.unknown());

const startQuery = z.object({ link: text(512).optional().describe('A link request prepared by POST /auth/link/google') }).catchall(z.unknown());

/**
 * 'Continue with Google' ([spec:7-auth]): OpenID Connect with openid-client against Google, any issuer set
 * by OIDC_ISSUER, or the embedded provider. Every outcome ends in the browser on the app: the callback
 * page with the token, or with `error`; a link flow on Settings.
 */
export default async function authGoogleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, repos } = fastify;
  const authLimit = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const redirectUri = oidcRedirectUri(config);
  const secureCookie = config.apiUrl.startsWith('https:');

  let client: OidcClient | null = null;
  if (config.oidc && 'issuer' in config.oidc) {
    client = createOidcClient({
      issuer: config.oidc.issuer,
      clientId: config.oidc.clientId,
      clientSecret: config.oidc.clientSecret,
      redirectUri,
      // After a logout, Google must let the user pick another account rather than reuse the last one.
      prompt: config.oidc.issuer === GOOGLE_ISSUER ? 'select_account' : undefined,
    });
  } else if (config.oidc && fastify.devKey) {
    const issuer = embeddedIssuer(config);
    // prompt=login: the stand-in asks for the email every time, so another user can sign in after a logout.
    client = createOidcClient({ issuer, ...embeddedClient(fastify.devKey), redirectUri, prompt: 'login', fetch: injectFetch(fastify, `${config.apiUrl}${EMBEDDED_OIDC_PATH}`) });
  }

  const toApp = (reply: FastifyReply, path: string, params: Record<string, string>) => {
    const target = new URL(`${config.appUrl}${path}`);
    for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
    return reply.header('set-cookie', `${STATE_COOKIE}=; Path=/auth; Max-Age=0; HttpOnly; SameSite=Lax${secureCookie ? '; Secure' : ''}`).redirect(target.toString(), 302);
  };
  const loginError = (reply: FastifyReply, error: string) => toApp(reply, '/oauth-callback', { error });
  /** A browser is on these two routes: even a refusal (rate limit) or a fault lands on the callback page, not a JSON or 500 page. */
  const browserErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'sign-in redirect failed');
    return loginError(reply, status === 429 ? TOO_MANY : status >= 500 ? GOOGLE_TEXTS.failed : error.message || GOOGLE_TEXTS.failed);
  };
  const linkResult = (reply: FastifyReply, params: Record<string, string>) => toApp(reply, '/settings', params);
  /** A link flow prepared before the password changed (or 'log out everywhere') no longer works. */
  const stillCurrent = async (flow: { userId: string | null; tokenVersion: number | null }) =>
    flow.userId !== null && flow.tokenVersion !== null && (await repos.users.tokenVersion(flow.userId)) === flow.tokenVersion;

  app.get(
    '/auth/login/google',
    {
      config: authLimit,
      errorHandler: browserErrors,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with Google (full-page redirect)',
        description:
          'Redirects the browser to the OpenID provider (Google, OIDC_ISSUER, or the embedded provider) with PKCE, state and nonce. The provider returns to GET /auth/google/callback, which redirects to APP_URL/oauth-callback with token (one-time, two minutes: exchange it with POST /users/session), token_type and user_id, or error.',
        querystring: startQuery,
        response: { 302: z.null().describe('To the provider, or to APP_URL/oauth-callback?error=…'), 429: errorBody },
      },
    },
    async (request, reply) => {
      const link = request.query.link;
      if (!client) return link ? linkResult(reply, { link_error: GOOGLE_TEXTS.notConfigured }) : loginError(reply, GOOGLE_TEXTS.notConfigured);
      let state: string;
      let flow: { nonce: string; codeVerifier: string };
      if (link) {
        const row = await repos.identities.oidc.start(hash(link));
        if (!row || !(await stillCurrent(row))) return linkResult(reply, { link_error: GOOGLE_TEXTS.linkExpired });
        state = link;
        flow = row;
      } else {
        state = random();
        flow = { nonce: randomNonce(), codeVerifier: randomPKCECodeVerifier() };
        await repos.identities.oidc.create({ stateHash: hash(state), ...flow, purpose: 'login', started: true, ttlMs: FLOW_TTL_MS });
      }
      let url: string;
      try {
        url = await client.authorizationUrl({ state, ...flow });
      } catch (error) {
        if (!(error instanceof OidcFailure)) throw error;
        request.log.warn({ err: error.cause ?? error }, 'OIDC discovery failed');
        return link ? linkResult(reply, { link_error: error.message }) : loginError(reply, error.message);
      }
      // The state is bound to this browser: a callback arriving in another browser is refused (login CSRF).
      reply.header('set-cookie', `${STATE_COOKIE}=${state}; Path=/auth; Max-Age=${FLOW_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secureCookie ? '; Secure' : ''}`);
      return reply.redirect(url, 302);
    },
  );

  app.get(
    '/auth/google/callback',
    {
      config: authLimit,
      errorHandler: browserErrors,
      schema: {
        tags: ['auth'],
        summary: 'Where the OpenID provider returns (register this redirect URI with Google)',
        description: 'Validates state (single use, bound to the browser), exchanges the code with the PKCE verifier, validates the ID token, finds or creates the user and redirects to APP_URL/oauth-callback.',
        querystring: callbackQuery,
        response: { 302: z.null().describe('To APP_URL/oauth-callback (or /settings for a link)'), 429: errorBody },
      },
    },
    async (request, reply) => {
      const { code, state, error, error_description } = request.query;
      const cookie = readCookie(request, STATE_COOKIE);
      const flow = state && sameValue(state, cookie) ? await repos.identities.oidc.consume(hash(state)) : undefined;
      const fail = (detail: string) => (flow?.purpose === 'link' ? linkResult(reply, { link_error: detail }) : loginError(reply, detail));
      if (error) return fail(error_description || error);
      if (!flow || !client) return fail(GOOGLE_TEXTS.badState);
      if (!code) return fail(GOOGLE_TEXTS.noCode);

      let claims;
      try {
        claims = await client.exchange(new URL(`${config.apiUrl}${request.url}`), { state: state!, nonce: flow.nonce, codeVerifier: flow.codeVerifier });
      } catch (failure) {
        if (!(failure instanceof OidcFailure)) throw failure;
        request.log.warn({ err: failure.cause ?? failure }, 'OIDC code exchange failed');
        return fail(failure.message);
      }
      const identity = { kind: 'oidc' as const, issuer: claims.issuer, subject: claims.subject, email: claims.email, label: claims.name ?? claims.email };

      if (flow.purpose === 'link') {
        if (!(await stillCurrent(flow))) return linkResult(reply, { link_error: GOOGLE_TEXTS.linkExpired });
        // Not linked yet: whoever finished this flow may not be the one who started it. The app
        // redeems the code with the session that prepared the flow (POST /auth/link/google/complete).
        const code = random();
        await repos.identities.links.hold(flow.id, hash(code), { issuer: identity.issuer, subject: identity.subject, email: identity.email ?? null, label: identity.label ?? null });
        return linkResult(reply, { link_code: code });
      }
      const result = await signInWithIdentity(repos, { identity, email: claims.email, emailVerified: claims.emailVerified, fullName: claims.name });
      if (!result.ok) return fail(result.detail);
      // The redirect URL stays in history, proxies and referrers: it carries a one-time token the app
      // exchanges at once (POST /users/session), never the session token.
      const oneTime = await fastify.signScopedToken(result.user.id, 'sign-in', ONE_TIME_SIGN_IN_SECONDS);
      return toApp(reply, '/oauth-callback', { token: oneTime, token_type: 'bearer', user_id: result.user.id });
    },
  );

  app.post(
    '/auth/link/google',
    {
      onRequest: fastify.authenticate,
      preHandler: fastify.requireRecentSignIn,
      config: authLimit,
      schema: {
        tags: ['auth'],
        security: [{ bearerAuth: [] }],
        summary: 'Prepare linking a Google account to the signed-in user',
        description:
          'Answers a URL for a full-page redirect (valid 10 minutes, usable once, void after a password change); the flow returns to APP_URL/settings with link_code (redeem it with POST /auth/link/google/complete from this same session) or link_error. 428 unless this session signed in or confirmed its password (POST /users/me/reauthenticate) within 5 minutes.',
        response: { 200: linkGoogleResponse, 401: errorBody, 404: errorBody, 428: errorBody, 429: errorBody },
      },
    },
    async (request) => {
      if (!client) throw notFound(GOOGLE_TEXTS.notConfigured);
      const state = random();
      const tokenVersion = await repos.users.tokenVersion(request.userId);
      await repos.identities.oidc.create({
        stateHash: hash(state),
        nonce: randomNonce(),
        codeVerifier: randomPKCECodeVerifier(),
        purpose: 'link',
        userId: request.userId,
        sessionJti: request.session!.jti,
        tokenVersion,
        started: false,
        ttlMs: FLOW_TTL_MS,
      });
      return { url: `${config.apiUrl}/auth/login/google?link=${encodeURIComponent(state)}` };
    },
  );

  app.post(
    '/auth/link/google/complete',
    {
      onRequest: fastify.authenticate,
      config: authLimit,
      schema: {
        tags: ['auth'],
        security: [{ bearerAuth: [] }],
        summary: 'Finish linking a Google account: redeem the link_code the flow brought back',
        description:
          'Only the session that prepared the link (POST /auth/link/google) redeems its code, once, within 2 minutes of the provider step; anyone else gets a 400 and the code is spent. The owner is mailed. Answers the sign-in methods.',
        body: completeGoogleLinkRequest,
        response: { 200: signInMethodsResponse, 400: errorBody, 401: errorBody, 409: errorBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request) => {
      const flow = await repos.identities.links.redeem(hash(request.body.code), LINK_CODE_TTL_MS);
      const mine = flow && flow.userId === request.userId && flow.sessionJti === request.session!.jti && flow.pendingIdentity && (await stillCurrent(flow));
      if (!mine) throw badRequest(SIGN_IN_TEXTS.linkOtherSession);
      const identity = { kind: 'oidc' as const, ...flow.pendingIdentity! };
      const problem = await linkIdentity(repos, request.userId, identity);
      if (problem) throw conflict(problem);
      return fastify.signInMethods.linked(request.userId, identity);
    },
  );
}

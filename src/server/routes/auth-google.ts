import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { completeGoogleLinkRequest, linkGoogleResponse, signInMethodsResponse } from '../../contract/identities';
import { bearerAuth, errorResponses } from '../routeSchema';
import { FLOW_TTL_MS, GOOGLE_TEXTS, type Landing } from '../services/oidc/googleSignIn';

const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';
const STATE_COOKIE = 'finu_oidc_state';

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

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
  const { config, googleSignIn: google } = fastify;
  const authLimit = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const secureCookie = config.apiUrl.startsWith('https:');

  /** Every outcome ends in the browser on the app; the flow's cookie is spent either way. */
  const land = (request: FastifyRequest, reply: FastifyReply, landing: Landing) => {
    if (landing.cause) request.log.warn({ err: landing.cause }, 'OpenID provider step failed');
    const target = new URL(`${config.appUrl}${landing.page === 'settings' ? '/settings' : '/oauth-callback'}`);
    for (const [k, v] of Object.entries(landing.params)) target.searchParams.set(k, v);
    return reply.header('set-cookie', `${STATE_COOKIE}=; Path=/auth; Max-Age=0; HttpOnly; SameSite=Lax${secureCookie ? '; Secure' : ''}`).redirect(target.toString(), 302);
  };
  /** A browser is on these two routes: even a refusal (rate limit) or a fault lands on the callback page, not a JSON or 500 page. */
  const browserErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'sign-in redirect failed');
    return land(request, reply, { page: 'sign-in', params: { error: status === 429 ? TOO_MANY : status >= 500 ? GOOGLE_TEXTS.failed : error.message || GOOGLE_TEXTS.failed } });
  };

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
        response: { 302: z.null().describe('To the provider, or to APP_URL/oauth-callback?error=…'), ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const begun = await google.begin(request.query.link);
      if (!('url' in begun)) return land(request, reply, begun);
      // The state is bound to this browser: a callback arriving in another browser is refused (login CSRF).
      reply.header('set-cookie', `${STATE_COOKIE}=${begun.state}; Path=/auth; Max-Age=${FLOW_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secureCookie ? '; Secure' : ''}`);
      return reply.redirect(begun.url, 302);
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
        response: { 302: z.null().describe('To APP_URL/oauth-callback (or /settings for a link)'), ...errorResponses(429) },
      },
    },
    async (request, reply) => land(request, reply, await google.finish(request.query, readCookie(request, STATE_COOKIE), new URL(`${config.apiUrl}${request.url}`))),
  );

  app.post(
    '/auth/link/google',
    {
      onRequest: fastify.authenticate,
      preHandler: fastify.requireRecentSignIn,
      config: authLimit,
      schema: {
        tags: ['auth'],
        security: bearerAuth,
        summary: 'Prepare linking a Google account to the signed-in user',
        description:
          'Answers a URL for a full-page redirect (valid 10 minutes, usable once, void after a password change); the flow returns to APP_URL/settings with link_code (redeem it with POST /auth/link/google/complete from this same session) or link_error. 428 unless this session signed in or confirmed its password (POST /users/me/reauthenticate) within 5 minutes.',
        response: { 200: linkGoogleResponse, ...errorResponses(401, 404, 428, 429) },
      },
    },
    async (request) => google.prepareLink(request.userId, request.session!.jti),
  );

  app.post(
    '/auth/link/google/complete',
    {
      onRequest: fastify.authenticate,
      config: authLimit,
      schema: {
        tags: ['auth'],
        security: bearerAuth,
        summary: 'Finish linking a Google account: redeem the link_code the flow brought back',
        description:
          'Only the session that prepared the link (POST /auth/link/google) redeems its code, once, within 2 minutes of the provider step; anyone else gets a 400 and the code is spent. The owner is mailed. Answers the sign-in methods.',
        body: completeGoogleLinkRequest,
        response: { 200: signInMethodsResponse, ...errorResponses(400, 401, 409, 422, 429) },
      },
    },
    async (request) => google.completeLink(request.userId, request.session!.jti, request.body.code),
  );
}

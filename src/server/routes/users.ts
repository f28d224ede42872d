import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailOnly,
  loginRequest,
  messageResponse,
  resetLinkCheckRequest,
  resetPasswordRequest,
  sessionExchangeRequest,
  signupRequest,
  signupResponse,
  tokenResponse,
  verifyEmailQuery,
  verifyEmailResponse,
} from '../../contract/auth';
import { areaSchemas } from '../routeSchema';
import { AUTH_TEXTS } from '../services/userAuth';

const ERRORS = [400, 401, 404, 409, 422, 429] as const;
/** Signing up and in: no token needed. */
const openSchema = areaSchemas({ tags: ['auth'], errors: ERRORS, signedIn: false });
/** Signing out: a signed-in user's session. */
const ownSchema = areaSchemas({ tags: ['auth'], errors: ERRORS });
const RESEND_SENT = 'If that email belongs to an unverified account, a new verification link is on its way.';
const RESET_SENT = 'If an account exists for that email, a password reset link is on its way.';

/** Email-and-password accounts: sign-up, verification, login, reset, sign-out (the user's own record is routes/profile.ts). */
export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, userAuth: auth } = fastify;
  const authLimit = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  app.post(
    '/users/signup',
    {
      config: authLimit,
      schema: openSchema({ summary: 'Register with email and password', body: signupRequest, response: { 201: signupResponse } }),
    },
    async (request, reply) => {
      const created = await auth.signUp({ email: request.body.email, password: request.body.password, fullName: request.body.full_name });
      reply.code(201);
      return { message: 'Registration successful. Check your email to verify your account.', user_id: created.userId, email: created.email };
    },
  );

  app.get(
    '/users/verify-email',
    {
      schema: openSchema({
        summary: 'Verify an email address',
        description:
          'Opened from the emailed link (a browser asking for HTML) it redirects to APP_URL/verify-email with success, token, token_type, user_id and message, or error. Called as JSON it answers the token.',
        querystring: verifyEmailQuery,
        response: { 200: verifyEmailResponse },
      }),
    },
    async (request, reply) => {
      if ((request.headers.accept ?? '').includes('text/html')) return redirectToApp(reply, await auth.verifyFromLink(request.query.token));
      const verified = await auth.verifyEmail(request.query.token);
      return { success: true as const, message: AUTH_TEXTS.emailVerified, ...(await auth.session(verified)) };
    },
  );

  /** A browser lands on the app either way. */
  function redirectToApp(reply: FastifyReply, params: Record<string, string>) {
    const target = new URL(`${config.appUrl}/verify-email`);
    for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
    return reply.redirect(target.toString(), 302);
  }

  app.post(
    '/users/resend-verification',
    { config: authLimit, schema: openSchema({ summary: 'Send a new verification link', body: emailOnly, response: { 200: messageResponse } }) },
    async (request) => {
      await auth.resendVerification(request.body.email);
      return { message: RESEND_SENT };
    },
  );

  app.post(
    '/users/login',
    { config: authLimit, schema: openSchema({ summary: 'Log in with email and password', body: loginRequest, response: { 200: tokenResponse } }) },
    async (request) => auth.logIn(request.body.email, request.body.password),
  );

  app.post(
    '/users/forgot-password',
    {
      config: authLimit,
      schema: openSchema({ summary: 'Email a password reset link', description: 'Answers the same whether or not the email has an account.', body: emailOnly, response: { 200: messageResponse } }),
    },
    async (request) => {
      await auth.forgotPassword(request.body.email);
      return { message: RESET_SENT };
    },
  );

  app.post(
    '/users/reset-password/check',
    {
      config: authLimit,
      schema: openSchema({ summary: 'Check an emailed reset link', description: 'Answers 200 while the link can still set a password, else 400 with the reason; the link stays unused.', body: resetLinkCheckRequest, response: { 200: messageResponse } }),
    },
    async (request) => {
      await auth.checkResetLink(request.body.token);
      return { message: 'This reset link is valid.' };
    },
  );

  app.post(
    '/users/reset-password',
    { config: authLimit, schema: openSchema({ summary: 'Set a new password with an emailed reset token', body: resetPasswordRequest, response: { 200: messageResponse } }) },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.new_password);
      return { message: 'Password reset successful. You can now log in with your new password.' };
    },
  );

  app.post(
    '/users/session',
    {
      config: authLimit,
      schema: openSchema({
        summary: 'Exchange a one-time sign-in token for a session token',
        description: 'The email-verification callback carries a token that is valid once, for two minutes; the app exchanges it at once for a normal session token.',
        body: sessionExchangeRequest,
        response: { 200: tokenResponse },
      }),
    },
    async (request) => auth.exchangeSignIn(request.body.token),
  );

  // Signing out needs the session it ends.
  const onRequest = fastify.authenticate;

  app.post(
    '/users/logout',
    { onRequest, schema: ownSchema({ summary: 'Log out: this token stops working', response: { 200: messageResponse } }) },
    async (request) => {
      await auth.logOut(request.userId, request.session!);
      return { message: 'Logged out successfully' };
    },
  );

  app.post(
    '/users/logout-all',
    {
      onRequest,
      schema: ownSchema({
        summary: 'Log out everywhere',
        description: 'Every token issued to the user so far stops working: sessions on every device, billing-portal links, sign-in links.',
        response: { 200: messageResponse },
      }),
    },
    async (request) => {
      await auth.logOutEverywhere(request.userId);
      return { message: 'Logged out on every device' };
    },
  );
}

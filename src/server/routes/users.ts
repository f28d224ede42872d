import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordRequest,
  changePasswordResponse,
  emailOnly,
  loginRequest,
  messageResponse,
  resetLinkCheckRequest,
  resetPasswordRequest,
  sessionExchangeRequest,
  signupRequest,
  signupResponse,
  tokenResponse,
  updateProfileRequest,
  user,
  userProfile,
  verifyEmailQuery,
  verifyEmailResponse,
} from '../../contract/auth';
import { reauthenticateRequest, reauthenticateResponse } from '../../contract/identities';
import { onboardingRequest } from '../../contract/onboarding';
import { withReward } from '../../contract/rewards';
import { InvalidRequestError } from '../errors';
import { areaSchemas } from '../routeSchema';
import { profileService } from '../services/profile';
import { SIGN_IN_TEXTS } from '../services/signIn';
import { AUTH_TEXTS, userAuthService } from '../services/userAuth';

const ERRORS = [400, 401, 404, 409, 422, 429] as const;
/** Signing up and in: no token needed. */
const openSchema = areaSchemas({ tags: ['auth'], errors: ERRORS, signedIn: false });
/** The signed-in user's own routes. */
const ownSchema = areaSchemas({ tags: ['users'], errors: ERRORS });
const RESEND_SENT = 'If that email belongs to an unverified account, a new verification link is on its way.';
const RESET_SENT = 'If an account exists for that email, a password reset link is on its way.';
const EMAIL_VERIFIED = 'Email verified successfully';

/** Email-and-password accounts (sign-up, verification, login, reset, sign-out) and the signed-in user's own profile. */
export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, repos } = fastify;
  const { issueToken, signScopedToken, verifyScopedClaims } = fastify;
  const auth = userAuthService({ ...repos, mailer: fastify.mailer, tokens: { issueToken, signScopedToken, verifyScopedClaims }, config });
  const profiles = profileService({ users: repos.users, subscriptionStatus: fastify.subscriptionStatus, rewards: fastify.rewards, issueToken });
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
      if (!(request.headers.accept ?? '').includes('text/html')) {
        const verified = await auth.verifyEmail(request.query.token);
        return { success: true as const, message: EMAIL_VERIFIED, ...(await auth.session(verified)) };
      }
      // A browser lands on the app either way. The URL stays in its history and in logs: it carries a
      // one-time token the app exchanges at once (POST /users/session), never a session.
      const verified = await auth.verifyEmail(request.query.token).catch((error: unknown) => {
        if (error instanceof InvalidRequestError) return error;
        throw error;
      });
      // Opened again once the address is verified: a message, not an error (nothing went wrong).
      if (verified instanceof InvalidRequestError) return redirectToApp(reply, verified.detail === AUTH_TEXTS.alreadyVerified ? { message: verified.detail } : { error: verified.detail });
      const oneTime = await auth.oneTimeSignIn(verified.id);
      return redirectToApp(reply, { success: 'true', token: oneTime, token_type: 'bearer', user_id: verified.id, message: EMAIL_VERIFIED });
    },
  );

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

  // The signed-in user's own routes.
  const onRequest = fastify.authenticate;

  app.post(
    '/users/logout',
    { onRequest, schema: ownSchema({ tags: ['auth'], summary: 'Log out: this token stops working', response: { 200: messageResponse } }) },
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
        tags: ['auth'],
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

  app.post(
    '/users/me/reauthenticate',
    {
      onRequest,
      config: authLimit,
      schema: ownSchema({
        tags: ['auth'],
        summary: 'Confirm the password again before a sensitive change',
        description:
          'Linking or unlinking a sign-in method and a wallet backup need the owner: a session signed in within the last 5 minutes, or one that confirmed its password here (it then counts for 5 minutes). Those calls answer 428 otherwise. A wrong password is a 400 (and counts towards the login throttle); an account without a password is a 400 too.',
        body: reauthenticateRequest,
        response: { 200: reauthenticateResponse },
      }),
    },
    async (request) => {
      const until = await auth.reauthenticate(request.userId, request.session!, request.body.password);
      return { message: SIGN_IN_TEXTS.reauthenticated, reauthenticated_until: until.toISOString() };
    },
  );

  app.get('/users/me', { onRequest, schema: ownSchema({ summary: 'The signed-in user', response: { 200: user } }) }, async (request) => profiles.me(request.userId));

  app.get(
    '/users/me/profile',
    { onRequest, schema: ownSchema({ summary: 'The signed-in user with onboarding and subscription state', response: { 200: userProfile } }) },
    async (request) => profiles.profile(request.userId),
  );

  app.put(
    '/users/me/profile',
    { onRequest, schema: ownSchema({ summary: 'Update name, currency or monthly income', body: updateProfileRequest, response: { 200: userProfile } }) },
    async (request) => profiles.update(request.userId, { fullName: request.body.full_name, currency: request.body.currency, monthlyIncome: request.body.monthly_income }),
  );

  app.post(
    '/users/me/onboarding',
    {
      onRequest,
      schema: ownSchema({
        summary: 'Complete onboarding with the wizard answers, or skip it',
        description: 'Completing sets onboarding_completed true and onboarding_skipped false and stores the answers (and the currency); skipping does the opposite. Answers the profile.',
        body: onboardingRequest,
        response: { 200: withReward(userProfile) },
      }),
    },
    async (request) => profiles.onboarding(request.userId, request.body),
  );

  app.post(
    '/users/me/change-password',
    {
      onRequest,
      config: authLimit,
      schema: ownSchema({
        summary: 'Change the password',
        description: 'Every token issued before the change stops working; the answer carries a fresh one.',
        body: changePasswordRequest,
        response: { 200: changePasswordResponse },
      }),
    },
    async (request) => ({ message: 'Password changed successfully', ...(await profiles.changePassword(request.userId, request.body.current_password, request.body.new_password)) }),
  );
}

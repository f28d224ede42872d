import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordRequest,
  changePasswordResponse,
  emailOnly,
  loginRequest,
  messageResponse,
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
} from '../../contract/schemas/auth';
import { errorBody } from '../../contract/schemas/errors';
import { onboardingRequest } from '../../contract/schemas/onboarding';
import { withReward } from '../../contract/schemas/rewards';
import { badRequest, conflict, LimitReachedError, notFound, unauthorized } from '../errors';
import { resetMail, verificationMail } from '../services/mail/templates';
import { hashPassword, verifyPassword } from '../services/passwords';
import { assertStrongPassword } from '../services/passwordPolicy';
import { toProfile, toUser } from '../services/profile';

const INVALID_LOGIN = 'Incorrect email or password';
const NOT_VERIFIED = 'Please verify your email before logging in. Check your inbox or request a new link.';
const BAD_VERIFY_LINK = 'This verification link is invalid or has expired. Request a new one.';
const ALREADY_VERIFIED = 'Your email is already verified. Log in to continue.';
const BAD_RESET_LINK = 'This reset link is invalid or has expired. Request a new one.';
const RESEND_SENT = 'If that email belongs to an unverified account, a new verification link is on its way.';
const RESET_SENT = 'If an account exists for that email, a password reset link is on its way.';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 422: errorBody, 429: errorBody };

/**
 * Failed logins per account: five are free, then each one makes the account wait 1 s, 2 s, 4 s, …
 * up to 30 s, forgotten after 15 quiet minutes. A short cap, so an attacker slows guessing to about
 * two a minute but cannot lock the owner out for long (docs/security.md).
 */
const LOGIN_POLICY = { freeFailures: 5, maxDelaySeconds: 30, forgetAfterSeconds: 15 * 60 };
/** The email-verification callback's token travels in a URL: it signs in once, within two minutes. */
const ONE_TIME_SIGN_IN_SECONDS = 120;
const BAD_SIGN_IN_LINK = 'This sign-in link is invalid or was already used. Please log in.';

const loginKey = (email: string) => `login:${email.trim().toLowerCase()}`;
const mailKey = (email: string) => `mail:${email.trim().toLowerCase()}`;
const waitText = (seconds: number) => (seconds < 90 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`);

export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, repos } = fastify;
  const authLimit = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  /**
   * Per-address limit on the routes that send mail, counted whether or not the address has an
   * account (so the answer tells nothing about it) and stored in the database (so it holds across processes).
   */
  const limitMailTo = async (email: string) => {
    const wait = await repos.throttles.hit(mailKey(email), config.mailLimitPerAddressPerHour, 3600);
    if (Math.random() < 0.01) await repos.throttles.prune(24 * 3600);
    if (wait > 0) throw new LimitReachedError(`Too many emails were sent to this address. Try again in ${waitText(wait)}.`, wait);
  };

  const sendVerification = async (userId: string, email: string) => {
    await repos.emailTokens.revokeAll(userId, 'verify_email');
    const token = await repos.emailTokens.issue(userId, 'verify_email', config.verificationTtlHours * 3600_000);
    const link = `${config.apiUrl}/users/verify-email?token=${encodeURIComponent(token)}`;
    await fastify.mailer.send(verificationMail(email, link, config.verificationTtlHours));
  };

  app.post(
    '/users/signup',
    {
      config: authLimit,
      schema: { tags: ['auth'], summary: 'Register with email and password', body: signupRequest, response: { 201: signupResponse, ...errors } },
    },
    async (request, reply) => {
      const { email, password, full_name } = request.body;
      await limitMailTo(email);
      assertStrongPassword('password', password, [email, full_name]);
      const created = await repos.users.create({ email, passwordHash: await hashPassword(password), fullName: full_name ?? null });
      if (!created) throw conflict('An account with this email already exists. Log in or reset your password.');
      try {
        await sendVerification(created.id, created.email);
      } catch (error) {
        // No verification mail, no account: the user can simply sign up again.
        await repos.users.remove(created.id);
        throw error;
      }
      reply.code(201);
      return { message: 'Registration successful. Check your email to verify your account.', user_id: created.id, email: created.email };
    },
  );

  app.get(
    '/users/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verify an email address',
        description:
          'Opened from the emailed link (a browser asking for HTML) it redirects to APP_URL/verify-email with success, token, token_type, user_id and message, or error. Called as JSON it answers the token.',
        querystring: verifyEmailQuery,
        response: { 200: verifyEmailResponse, ...errors },
      },
    },
    async (request, reply) => {
      const wantsPage = (request.headers.accept ?? '').includes('text/html');
      const userId = await repos.emailTokens.consume(request.query.token, 'verify_email');
      const verified = userId ? await repos.users.markVerified(userId) : undefined;
      if (!verified) {
        // An old link of an account that is verified already: say so rather than "invalid".
        const owner = userId ? undefined : await repos.emailTokens.ownerOf(request.query.token, 'verify_email');
        const detail = owner && (await repos.users.findById(owner))?.emailVerifiedAt ? ALREADY_VERIFIED : BAD_VERIFY_LINK;
        if (wantsPage) return redirectToApp(reply, { error: detail });
        throw badRequest(detail);
      }
      const message = 'Email verified successfully';
      if (wantsPage) {
        // The URL lands in browser history and logs: it carries a one-time token the app exchanges at once (POST /users/session).
        const oneTime = await fastify.signScopedToken(verified.id, 'sign-in', ONE_TIME_SIGN_IN_SECONDS);
        return redirectToApp(reply, { success: 'true', token: oneTime, token_type: 'bearer', user_id: verified.id, message });
      }
      const issued = await fastify.issueToken(verified.id, verified.tokenVersion);
      return { success: true as const, message, ...issued };
    },
  );

  function redirectToApp(reply: FastifyReply, params: Record<string, string>) {
    const target = new URL(`${config.appUrl}/verify-email`);
    for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
    return reply.redirect(target.toString(), 302);
  }

  app.post(
    '/users/resend-verification',
    { config: authLimit, schema: { tags: ['auth'], summary: 'Send a new verification link', body: emailOnly, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await limitMailTo(request.body.email);
      const found = await repos.users.findByEmail(request.body.email);
      if (found && !found.emailVerifiedAt) await sendVerification(found.id, found.email);
      return { message: RESEND_SENT };
    },
  );

  app.post(
    '/users/login',
    { config: authLimit, schema: { tags: ['auth'], summary: 'Log in with email and password', body: loginRequest, response: { 200: tokenResponse, ...errors } } },
    async (request) => {
      const key = loginKey(request.body.email);
      const wait = await repos.throttles.waitSeconds(key);
      if (wait > 0) throw new LimitReachedError(`Too many failed attempts for this account. Try again in ${waitText(wait)}.`, wait);
      const found = await repos.users.findByEmail(request.body.email);
      const ok = await verifyPassword(found?.passwordHash, request.body.password);
      if (!found || !ok) {
        await repos.throttles.recordFailure(key, LOGIN_POLICY);
        throw unauthorized(INVALID_LOGIN);
      }
      await repos.throttles.clear(key);
      if (!found.emailVerifiedAt) throw unauthorized(NOT_VERIFIED);
      return fastify.issueToken(found.id, found.tokenVersion);
    },
  );

  app.post(
    '/users/forgot-password',
    {
      config: authLimit,
      schema: { tags: ['auth'], summary: 'Email a password reset link', description: 'Answers the same whether or not the email has an account.', body: emailOnly, response: { 200: messageResponse, ...errors } },
    },
    async (request) => {
      await limitMailTo(request.body.email);
      const found = await repos.users.findByEmail(request.body.email);
      if (found) {
        await repos.emailTokens.revokeAll(found.id, 'reset_password');
        const token = await repos.emailTokens.issue(found.id, 'reset_password', config.resetTtlMinutes * 60_000);
        const link = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await fastify.mailer.send(resetMail(found.email, link, config.resetTtlMinutes));
      }
      return { message: RESET_SENT };
    },
  );

  app.post(
    '/users/reset-password',
    { config: authLimit, schema: { tags: ['auth'], summary: 'Set a new password with an emailed reset token', body: resetPasswordRequest, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      assertStrongPassword('new_password', request.body.new_password);
      const userId = await repos.emailTokens.consume(request.body.token, 'reset_password');
      if (!userId) throw badRequest(BAD_RESET_LINK);
      await repos.users.setPassword(userId, await hashPassword(request.body.new_password));
      // Whoever could open the reset link controls the inbox: the address is verified too.
      await repos.users.markVerified(userId);
      return { message: 'Password reset successful. You can now log in with your new password.' };
    },
  );

  app.post(
    '/users/session',
    {
      config: authLimit,
      schema: {
        tags: ['auth'],
        summary: 'Exchange a one-time sign-in token for a session token',
        description: 'The email-verification callback carries a token that is valid once, for two minutes; the app exchanges it at once for a normal session token.',
        body: sessionExchangeRequest,
        response: { 200: tokenResponse, ...errors },
      },
    },
    async (request) => {
      const claims = await fastify.verifyScopedClaims(request.body.token, 'sign-in');
      if (!claims || !(await repos.sessions.revoke(claims.jti, claims.userId, claims.expiresAt))) throw unauthorized(BAD_SIGN_IN_LINK);
      const found = await repos.users.findById(claims.userId);
      if (!found) throw unauthorized(BAD_SIGN_IN_LINK);
      return fastify.issueToken(found.id, found.tokenVersion);
    },
  );

  const authed = { onRequest: fastify.authenticate, schema: { security: [{ bearerAuth: [] }] } };

  app.post(
    '/users/logout',
    { onRequest: authed.onRequest, schema: { ...authed.schema, tags: ['auth'], summary: 'Log out: this token stops working', response: { 200: messageResponse, ...errors } } },
    async (request) => {
      const { jti, expiresAt } = request.session!;
      await repos.sessions.revoke(jti, request.userId, expiresAt);
      return { message: 'Logged out successfully' };
    },
  );

  app.post(
    '/users/logout-all',
    {
      onRequest: authed.onRequest,
      schema: {
        ...authed.schema,
        tags: ['auth'],
        summary: 'Log out everywhere',
        description: 'Every token issued to the user so far stops working: sessions on every device, billing-portal links, sign-in links.',
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await repos.sessions.revokeAll(request.userId);
      return { message: 'Logged out on every device' };
    },
  );

  const currentUser = async (request: FastifyRequest) => {
    const row = await repos.users.findById(request.userId);
    if (!row) throw notFound('User not found');
    return row;
  };

  app.get('/users/me', { onRequest: authed.onRequest, schema: { ...authed.schema, tags: ['users'], summary: 'The signed-in user', response: { 200: user, ...errors } } }, async (request) =>
    toUser(await currentUser(request)),
  );

  app.get(
    '/users/me/profile',
    { onRequest: authed.onRequest, schema: { ...authed.schema, tags: ['users'], summary: 'The signed-in user with onboarding and subscription state', response: { 200: userProfile, ...errors } } },
    async (request) => toProfile(await currentUser(request), await fastify.subscriptionStatus(request.userId)),
  );

  app.put(
    '/users/me/profile',
    {
      onRequest: authed.onRequest,
      schema: { ...authed.schema, tags: ['users'], summary: 'Update name, currency or monthly income', body: updateProfileRequest, response: { 200: userProfile, ...errors } },
    },
    async (request) => {
      const row = await repos.users.updateProfile(request.userId, { fullName: request.body.full_name, currency: request.body.currency, monthlyIncome: request.body.monthly_income });
      if (!row) throw notFound('User not found');
      return toProfile(row, await fastify.subscriptionStatus(row.id));
    },
  );

  app.post(
    '/users/me/onboarding',
    {
      onRequest: authed.onRequest,
      schema: {
        ...authed.schema,
        tags: ['users'],
        summary: 'Complete onboarding with the wizard answers, or skip it',
        description: 'Completing sets onboarding_completed true and onboarding_skipped false and stores the answers (and the currency); skipping does the opposite. Answers the profile.',
        body: onboardingRequest,
        response: { 200: withReward(userProfile), ...errors },
      },
    },
    async (request) => {
      const row = request.body.action === 'complete' ? await repos.users.completeOnboarding(request.userId, request.body.answers) : await repos.users.skipOnboarding(request.userId);
      if (!row) throw notFound('User not found');
      const reward = request.body.action === 'complete' ? await fastify.rewards.record(row.id, { type: 'onboarding.completed' }) : undefined;
      return { ...toProfile(row, await fastify.subscriptionStatus(row.id)), ...(reward ? { reward } : {}) };
    },
  );

  app.post(
    '/users/me/change-password',
    {
      onRequest: authed.onRequest,
      config: authLimit,
      schema: {
        ...authed.schema,
        tags: ['users'],
        summary: 'Change the password',
        description: 'Every token issued before the change stops working; the answer carries a fresh one.',
        body: changePasswordRequest,
        response: { 200: changePasswordResponse, ...errors },
      },
    },
    async (request) => {
      const row = await currentUser(request);
      if (!(await verifyPassword(row.passwordHash, request.body.current_password))) throw badRequest('Current password is incorrect');
      if (request.body.current_password === request.body.new_password) throw badRequest('The new password must differ from the current one');
      assertStrongPassword('new_password', request.body.new_password, [row.email, row.fullName]);
      const updated = await repos.users.setPassword(row.id, await hashPassword(request.body.new_password));
      const issued = await fastify.issueToken(row.id, updated!.tokenVersion);
      return { message: 'Password changed successfully', ...issued };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePasswordRequest, changePasswordResponse, updateProfileRequest, user, userProfile } from '../../contract/auth';
import { reauthenticateRequest, reauthenticateResponse } from '../../contract/identities';
import { onboardingRequest } from '../../contract/onboarding';
import { withReward } from '../../contract/rewards';
import { areaSchemas } from '../routeSchema';
import { SIGN_IN_TEXTS } from '../services/signIn';

const schema = areaSchemas({ tags: ['users'], errors: [400, 401, 404, 409, 422, 429] });

/** The signed-in user's own record (/users/me…): profile, onboarding, password, confirming the password again. */
export default async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, userAuth: auth, profiles } = fastify;
  const authLimit = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const onRequest = fastify.authenticate;

  app.post(
    '/users/me/reauthenticate',
    {
      onRequest,
      config: authLimit,
      schema: schema({
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

  app.get('/users/me', { onRequest, schema: schema({ summary: 'The signed-in user', response: { 200: user } }) }, async (request) => profiles.me(request.userId));

  app.get(
    '/users/me/profile',
    { onRequest, schema: schema({ summary: 'The signed-in user with onboarding and subscription state', response: { 200: userProfile } }) },
    async (request) => profiles.profile(request.userId),
  );

  app.put(
    '/users/me/profile',
    { onRequest, schema: schema({ summary: 'Update name, currency or monthly income', body: updateProfileRequest, response: { 200: userProfile } }) },
    async (request) => profiles.update(request.userId, { fullName: request.body.full_name, currency: request.body.currency, monthlyIncome: request.body.monthly_income }),
  );

  app.post(
    '/users/me/onboarding',
    {
      onRequest,
      schema: schema({
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
      schema: schema({
        summary: 'Change the password',
        description: 'Every token issued before the change stops working; the answer carries a fresh one.',
        body: changePasswordRequest,
        response: { 200: changePasswordResponse },
      }),
    },
    async (request) => ({ message: 'Password changed successfully', ...(await profiles.changePassword(request.userId, request.body.current_password, request.body.new_password)) }),
  );
}

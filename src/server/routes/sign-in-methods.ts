import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type SignInMethodsResponse, identityParams, signInMethodsResponse } from '../../contract/identities';
import { errorBody } from '../../contract/errors';
import { conflict, notFound } from '../errors';
import { passwordWorks } from '../repositories/identities';
import { signInMethodMail } from '../services/mail/templates';
import { methodName } from '../services/signIn';

export const LAST_METHOD = 'This is your only way to sign in. Link another method (or set a password with “Forgot password”) before removing it.';

/** The ways a user can sign in, as Settings lists them. */
export async function signInMethodsOf(fastify: FastifyInstance, userId: string): Promise<SignInMethodsResponse> {
  const user = await fastify.repos.users.findById(userId);
  if (!user) throw notFound('User not found');
  const rows = await fastify.repos.identities.listForUser(userId);
  return {
    password: passwordWorks(user),
    email: user.email,
    google_available: fastify.config.oidc !== null,
    methods: rows.map((r) => ({
      identity_id: r.id,
      kind: r.kind === 'oidc' ? ('google' as const) : ('wallet' as const),
      label: r.label ?? r.email ?? r.subject,
      email: r.email,
      address: r.kind === 'ethereum' ? (r.label ?? r.subject) : null,
      created_at: r.createdAt.toISOString(),
      last_used_at: r.lastUsedAt.toISOString(),
    })),
  };
}

/** Mails the owner (when the account has an email) that a way to sign in was added or removed. */
export async function mailOwner(fastify: FastifyInstance, userId: string, change: 'linked' | 'removed', method: string): Promise<void> {
  const user = await fastify.repos.users.findById(userId);
  if (!user?.email) return;
  try {
    await fastify.mailer.send(signInMethodMail(user.email, change, method, fastify.config.appUrl));
  } catch (error) {
    // The change is made; a mail that could not go is logged, not a failed request.
    fastify.log.error({ err: error }, 'sign-in method mail failed');
  }
}

/** Settings: list sign-in methods and unlink one (never the last). Linking: /auth/link/google, /api/web3/link. */
export default async function signInMethodsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const errors = { 401: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

  app.get(
    '/users/me/sign-in-methods',
    { onRequest: fastify.authenticate, schema: { tags: ['users'], security: [{ bearerAuth: [] }], summary: 'How the signed-in user can sign in: password, Google, wallets', response: { 200: signInMethodsResponse, ...errors } } },
    async (request) => signInMethodsOf(fastify, request.userId),
  );

  app.delete(
    '/users/me/sign-in-methods/:id',
    {
      onRequest: fastify.authenticate,
      preHandler: fastify.requireRecentSignIn,
      schema: {
        tags: ['users'],
        security: [{ bearerAuth: [] }],
        summary: 'Unlink a Google account or a wallet',
        description:
          '409 when it is the last way to sign in (a password counts once its email is verified); 428 unless this session signed in or confirmed its password (POST /users/me/reauthenticate) within 5 minutes. The owner is mailed. Answers the remaining methods.',
        params: identityParams,
        response: { 200: signInMethodsResponse, ...errors, 428: errorBody },
      },
    },
    async (request) => {
      const target = (await fastify.repos.identities.listForUser(request.userId)).find((i) => i.id === request.params.id);
      const result = await fastify.repos.identities.remove(request.userId, request.params.id);
      if (result === 'not_found' || !target) throw notFound('Sign-in method not found');
      if (result === 'last_method') throw conflict(LAST_METHOD);
      await mailOwner(fastify, request.userId, 'removed', methodName(target));
      return signInMethodsOf(fastify, request.userId);
    },
  );
}

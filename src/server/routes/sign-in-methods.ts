import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { identityParams, signInMethodsResponse } from '../../contract/identities';
import { errorBody } from '../../contract/errors';
import { areaSchemas } from '../routeSchema';

const schema = areaSchemas({ tags: ['users'], errors: [401, 404, 409, 422] });

/** Settings: list sign-in methods and unlink one (never the last). Linking: /auth/link/google, /api/web3/link. */
export default async function signInMethodsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { signInMethods } = fastify;

  app.get(
    '/users/me/sign-in-methods',
    { onRequest: fastify.authenticate, schema: schema({ summary: 'How the signed-in user can sign in: password, Google, wallets', response: { 200: signInMethodsResponse } }) },
    async (request) => signInMethods.list(request.userId),
  );

  app.delete(
    '/users/me/sign-in-methods/:id',
    {
      onRequest: fastify.authenticate,
      preHandler: fastify.requireRecentSignIn,
      schema: schema({
        summary: 'Unlink a Google account or a wallet',
        description:
          '409 when it is the last way to sign in (a password counts once its email is verified); 428 unless this session signed in or confirmed its password (POST /users/me/reauthenticate) within 5 minutes. The owner is mailed. Answers the remaining methods.',
        params: identityParams,
        response: { 200: signInMethodsResponse, 428: errorBody },
      }),
    },
    async (request) => signInMethods.remove(request.userId, request.params.id),
  );
}

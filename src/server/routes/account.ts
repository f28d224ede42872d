import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DELETE_ACCOUNT_PHRASE, deleteAccountRequest, deleteAccountResponse, deletionPreview, exportIdParams, exportJob, latestExport, supportMessageRequest, supportMessageResponse } from '../../contract/account';
import { areaSchemas } from '../routeSchema';

const errors = [400, 401, 404, 409, 422, 429, 502] as const;
const users = areaSchemas({ tags: ['users'], errors });
const support = areaSchemas({ tags: ['support'], errors });

/** The account's whole life: download all my data, delete my account, and the help centre's contact form. */
async function accountRoutes(fastify: FastifyInstance) {
  const limited = { rateLimit: { max: fastify.config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const { accountLifecycle: account } = fastify;

  fastify.register(async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.addHook('onRequest', fastify.authenticate);

    r.get(
      '/users/me/deletion',
      {
        schema: users({
          summary: 'What deleting my account destroys: the custodial wallet, its FINU and my points',
          description: 'Read only (no wallet is created). `finu_balance` is null when the chain cannot be asked right now.',
          response: { 200: deletionPreview },
        }),
      },
      async (request) => account.deletionPreview(request.userId),
    );

    r.delete(
      '/users/me',
      {
        config: limited,
        schema: users({
          summary: 'Delete my account and all my data',
          description: `Confirm with the password, or for an account without one the phrase "${DELETE_ACCOUNT_PHRASE}". Cancels any paid subscription at the provider, removes every row of the user in every table in one transaction (and the mail, throttles and wallet sign-in nonces keyed by their address), ends every session and sends a goodbye mail. Conversions not yet signed are cancelled; while one is signed and on its way to the chain, 409.`,
          body: deleteAccountRequest,
          response: { 200: deleteAccountResponse },
        }),
      },
      async (request) => {
        await account.deleteAccount(request.userId, request.body);
        return { message: 'Your account and all your data have been deleted.' };
      },
    );

    r.post(
      '/users/me/exports',
      {
        schema: users({
          summary: 'Start building a zip of all my data',
          description: 'A background job: poll GET /users/me/exports/{id} for progress, then download. One export at a time per user; a new one replaces the previous archive.',
          response: { 202: exportJob },
        }),
      },
      async (request, reply) => {
        const job = await account.startExport(request.userId);
        reply.code(202);
        return job;
      },
    );

    r.get('/users/me/exports/latest', { schema: users({ summary: 'My newest export, if any', response: { 200: latestExport } }) }, async (request) => account.latestExport(request.userId));

    r.get('/users/me/exports/:id', { schema: users({ summary: 'Progress of an export', params: exportIdParams, response: { 200: exportJob } }) }, async (request) => account.exportJob(request.userId, request.params.id));

    r.get(
      '/users/me/exports/:id/download',
      { schema: { tags: ['users'], security: [{ bearerAuth: [] }], summary: 'The finished zip', params: exportIdParams, produces: ['application/zip'] } },
      async (request, reply) => {
        const { file, day } = await account.exportFile(request.userId, request.params.id);
        return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="finu-data-${day}.zip"`).header('cache-control', 'no-store').send(file);
      },
    );

    r.post(
      '/support/messages',
      {
        config: limited,
        schema: support({
          summary: 'Write to support',
          description: 'Stores the message and mails it to SUPPORT_EMAIL with the user as reply-to.',
          body: supportMessageRequest,
          response: { 201: supportMessageResponse },
        }),
      },
      async (request, reply) => {
        const id = await account.writeToSupport(request.userId, request.body);
        reply.code(201);
        return { message_id: id, message: 'Thanks, your message is on its way. We answer by email, usually within one working day.' };
      },
    );
  });
}

// fastify-plugin for the dependency check (its routes stay in their own scope); the export runner is plugins/job-runners.ts.
export default fp(accountRoutes, { name: 'account-routes', dependencies: ['auth', 'services'] });

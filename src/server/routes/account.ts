import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DELETE_ACCOUNT_PHRASE,
  deleteAccountRequest,
  deleteAccountResponse,
  deletionPreview,
  exportIdParams,
  exportJob,
  latestExport,
  supportMessageRequest,
  supportMessageResponse,
  type ExportJob,
} from '../../contract/account';
import { errorBody } from '../../contract/errors';
import { badRequest, conflict, notFound } from '../errors';
import type { ExportJobRow } from '../repositories/account';
import { goodbyeMail, supportMail } from '../services/mail/templates';
import { verifyPassword } from '../services/passwords';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 422: errorBody, 429: errorBody, 502: errorBody };
export const WRONG_PASSWORD = 'Password is incorrect';
export const PHRASE_REQUIRED = `Type "${DELETE_ACCOUNT_PHRASE}" to confirm`;
export const NO_EMAIL_FOR_SUPPORT = 'Your account has no email address for support to answer. Link Google under Settings → Sign-in methods, then write again.';
export const PASSWORD_REQUIRED = 'Enter your password to confirm';
export const TRANSFER_IN_FLIGHT = 'A points conversion is on its way to the chain and cannot be called back. Try again in a few minutes, once it is confirmed.';

const toJob = (row: ExportJobRow): ExportJob => ({
  export_id: row.id,
  status: row.status,
  progress: row.status === 'completed' ? 100 : row.rowsTotal > 0 ? Math.min(99, Math.floor((row.rowsDone / row.rowsTotal) * 100)) : 0,
  rows_total: row.rowsTotal,
  rows_done: row.rowsDone,
  file_size: row.fileSize,
  error: row.error,
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
});

/** The account's whole life: download all my data, delete my account, and the help centre's contact form. */
async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, repos } = fastify;
  const limited = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const security = [{ bearerAuth: [] }];

  app.register(async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.addHook('onRequest', fastify.authenticate);

    r.get(
      '/users/me/deletion',
      {
        schema: {
          tags: ['users'],
          security,
          summary: 'What deleting my account destroys: the custodial wallet, its FINU and my points',
          description: 'Read only (no wallet is created). `finu_balance` is null when the chain cannot be asked right now.',
          response: { 200: deletionPreview, ...errors },
        },
      },
      async (request) => {
        const [row, points] = await Promise.all([repos.rewards.wallets.find(request.userId), repos.rewards.account(request.userId)]);
        let finu: string | null = null;
        const chain = fastify.chain();
        if (row && chain) {
          try {
            const { formatUnits } = await import('ethers');
            finu = formatUnits(await chain.balanceOf(row.address), 18);
          } catch (error) {
            request.log.warn({ err: error }, 'wallet balance for the deletion dialog unavailable');
          }
        }
        return { wallet: row ? { address: row.address, finu_balance: finu } : null, points_balance: points.balance };
      },
    );

    r.delete(
      '/users/me',
      {
        config: limited,
        schema: {
          tags: ['users'],
          security,
          summary: 'Delete my account and all my data',
          description: `Confirm with the password, or for an account without one the phrase "${DELETE_ACCOUNT_PHRASE}". Cancels any paid subscription at the provider, removes every row of the user in every table in one transaction (and the mail, throttles and wallet sign-in nonces keyed by their address), ends every session and sends a goodbye mail. Conversions not yet signed are cancelled; while one is signed and on its way to the chain, 409.`,
          body: deleteAccountRequest,
          response: { 200: deleteAccountResponse, ...errors },
        },
      },
      async (request) => {
        const user = await repos.users.findById(request.userId);
        if (!user) throw notFound('User not found');
        if (user.passwordHash) {
          if (!request.body.password) throw badRequest(PASSWORD_REQUIRED);
          if (!(await verifyPassword(user.passwordHash, request.body.password))) throw badRequest(WRONG_PASSWORD);
        } else if ((request.body.confirmation ?? '').trim().toLowerCase() !== DELETE_ACCOUNT_PHRASE) {
          throw badRequest(PHRASE_REQUIRED);
        }
        if (await repos.account.transferInFlight(user.id)) throw conflict(TRANSFER_IN_FLIGHT);
        // The provider first: if it cannot stop future charges, nothing is deleted and the user can retry.
        const subscription = await repos.subscriptions.find(user.id);
        if (subscription?.subscriptionId && subscription.status !== 'canceled') await fastify.billing.cancelNow(subscription);
        if ((await repos.account.deleteUser(user.id, user.email)) === 'transfer_in_flight') throw conflict(TRANSFER_IN_FLIGHT);
        // A wallet-only account has no address to say goodbye to.
        if (user.email) {
          try {
            // Sent, never kept: the outbox holds nothing of a deleted account.
            await fastify.mailer.send({ ...goodbyeMail(user.email, config.appUrl), keep: false });
          } catch (error) {
            request.log.warn({ err: error }, 'goodbye mail not sent');
          }
        }
        return { message: 'Your account and all your data have been deleted.' };
      },
    );

    r.post(
      '/users/me/exports',
      {
        schema: {
          tags: ['users'],
          security,
          summary: 'Start building a zip of all my data',
          description: 'A background job: poll GET /users/me/exports/{id} for progress, then download. One export at a time per user; a new one replaces the previous archive.',
          response: { 202: exportJob, ...errors },
        },
      },
      async (request, reply) => {
        if (await repos.account.exports.active(request.userId)) throw conflict('An export is already being prepared');
        const row = await repos.account.exports.create(request.userId);
        fastify.exportRunner.enqueue(row.id);
        reply.code(202);
        return toJob(row);
      },
    );

    r.get('/users/me/exports/latest', { schema: { tags: ['users'], security, summary: 'My newest export, if any', response: { 200: latestExport, ...errors } } }, async (request) => {
      const row = await repos.account.exports.latest(request.userId);
      return { export: row ? toJob(row) : null };
    });

    r.get(
      '/users/me/exports/:id',
      { schema: { tags: ['users'], security, summary: 'Progress of an export', params: exportIdParams, response: { 200: exportJob, ...errors } } },
      async (request) => {
        const row = await repos.account.exports.find(request.userId, request.params.id);
        if (!row) throw notFound('Export not found');
        return toJob(row);
      },
    );

    r.get(
      '/users/me/exports/:id/download',
      { schema: { tags: ['users'], security, summary: 'The finished zip', params: exportIdParams, produces: ['application/zip'] } },
      async (request, reply) => {
        const row = await repos.account.exports.find(request.userId, request.params.id);
        if (!row) throw notFound('Export not found');
        if (row.status !== 'completed') throw conflict('This export is not ready yet');
        const file = await repos.account.exports.file(request.userId, row.id);
        if (!file) throw notFound('Export not found');
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="finu-data-${row.createdAt.toISOString().slice(0, 10)}.zip"`)
          .header('cache-control', 'no-store')
          .send(Buffer.from(file.buffer, file.byteOffset, file.byteLength));
      },
    );

    r.post(
      '/support/messages',
      {
        config: limited,
        schema: {
          tags: ['support'],
          security,
          summary: 'Write to support',
          description: 'Stores the message and mails it to SUPPORT_EMAIL with the user as reply-to.',
          body: supportMessageRequest,
          response: { 201: supportMessageResponse, ...errors },
        },
      },
      async (request, reply) => {
        const user = await repos.users.findById(request.userId);
        if (!user) throw notFound('User not found');
        // Support answers by email: a wallet-only account has none to answer to.
        if (!user.email) throw badRequest(NO_EMAIL_FOR_SUPPORT);
        const { topic, subject, message } = request.body;
        const id = await repos.account.support.add({ userId: user.id, email: user.email, topic, subject, message });
        await fastify.mailer.send(supportMail(config.supportEmail, { email: user.email, name: user.fullName }, topic, subject, message, id));
        reply.code(201);
        return { message_id: id, message: 'Thanks, your message is on its way. We answer by email, usually within one working day.' };
      },
    );
  });
}

// fastify-plugin for the dependency check (its routes stay in their own scope); the export runner is plugins/job-runners.ts.
export default fp(accountRoutes, { name: 'account-routes', dependencies: ['repositories', 'auth', 'mail', 'billing', 'job-runners'] });

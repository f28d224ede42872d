import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { accountIdParams, otherTransactionRequest, transferIdParams, transferPairs, transferPairsQuery, transferRequest, transferResponse, updateTransferRequest } from '../../contract/accounts';
import { transaction } from '../../contract/transactions';
import { areaSchemas, premiumRoutes } from '../routeSchema';

const schema = areaSchemas({ tags: ['accounts'], errors: [400, 401, 403, 404, 409, 422] });
const confirmQuery = z.object({
  confirm_reconciled: z
    .enum(['true', 'false', '1', '0'], { error: 'confirm_reconciled must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});

/** Transfers between money accounts, and finding the rows that are one ("link as transfer"). A premium area. */
export default async function transfersRoutes(fastify: FastifyInstance) {
  const app = premiumRoutes(fastify);
  const { accounts } = fastify;

  app.post(
    '/accounts/transfers',
    {
      schema: schema({
        summary: 'Move money between two of your accounts',
        description: 'Two linked legs: an expense on from, an income on to. Between two on-budget accounts it is neither income nor spending; into a tracking-only account (a loan payment, an investment) it is spending of the on-budget side.',
        body: transferRequest,
        response: { 201: transferResponse },
      }),
    },
    async (request, reply) => {
      const created = await accounts.transfer(request.userId, request.body);
      reply.code(201);
      return created;
    },
  );

  app.get('/accounts/transfers/:id', { schema: schema({ summary: 'One transfer: both legs', params: transferIdParams, response: { 200: transferResponse } }) }, async (request) =>
    accounts.getTransfer(request.userId, request.params.id),
  );

  app.put(
    '/accounts/transfers/:id',
    { schema: schema({ summary: 'Change a transfer: both legs change together', params: transferIdParams, body: updateTransferRequest, response: { 200: transferResponse } }) },
    async (request) => accounts.updateTransfer(request.userId, request.params.id, request.body),
  );

  app.delete(
    '/accounts/transfers/:id',
    { schema: schema({ summary: 'Delete a transfer: both legs', params: transferIdParams, querystring: confirmQuery, response: { 200: z.object({ message: z.string(), transfer_id: z.string() }) } }) },
    async (request) => {
      await accounts.removeTransfer(request.userId, request.params.id, request.query.confirm_reconciled);
      return { message: 'Transfer deleted', transfer_id: request.params.id };
    },
  );

  app.get(
    '/transactions/transfer-matches',
    {
      schema: schema({
        summary: 'Likely transfers across your accounts: pairs to link (POST …/link-transfer) or dismiss',
        description: 'An outgoing row with the nearest incoming row of the same amount in another of your accounts within 3 days, neither a transfer yet, the pair not dismissed. Outgoing rows of the last `days` days up to `to`, newest first.',
        querystring: transferPairsQuery,
        response: { 200: transferPairs },
      }),
    },
    async (request) => accounts.transferPairs(request.userId, request.query),
  );

  app.post(
    '/transactions/:id/dismiss-transfer-match',
    {
      schema: schema({
        summary: '"Not a transfer": stop offering this row and the other as a transfer pair',
        params: accountIdParams,
        body: otherTransactionRequest,
        response: { 200: z.object({ message: z.string() }) },
      }),
    },
    async (request) => {
      await accounts.dismissTransferPair(request.userId, request.params.id, request.body.other_transaction_id);
      return { message: 'Not offered as a transfer again' };
    },
  );

  app.get(
    '/transactions/:id/transfer-matches',
    {
      schema: schema({
        summary: 'Rows of your other accounts that look like the other leg of this one ("link as transfer")',
        description: 'The same amount the other way, within 3 days, in another of your accounts, not already a transfer.',
        params: accountIdParams,
        response: { 200: z.object({ matches: z.array(transaction) }) },
      }),
    },
    async (request) => ({ matches: await accounts.transferCandidates(request.userId, request.params.id) }),
  );

  app.post(
    '/transactions/:id/link-transfer',
    {
      schema: schema({
        summary: 'Link this row and the matching other leg as one transfer',
        params: accountIdParams,
        body: z.object({ other_transaction_id: z.uuid({ error: 'other_transaction_id must be a transaction id (a UUID)' }) }).strict(),
        response: { 200: transferResponse },
      }),
    },
    async (request) => accounts.linkTransfer(request.userId, request.params.id, request.body.other_transaction_id),
  );
}

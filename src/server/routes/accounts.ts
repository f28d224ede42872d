import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  account,
  accountIdParams,
  accountList,
  accountListQuery,
  closeAccountRequest,
  closeResult,
  createAccountRequest,
  netWorth,
  netWorthQuery,
  reconcilePreview,
  reconcilePreviewQuery,
  reconcileRequest,
  reconcileResult,
  register,
  registerQuery,
  otherTransactionRequest,
  transferIdParams,
  transferPairs,
  transferPairsQuery,
  transferRequest,
  transferResponse,
  updateAccountRequest,
  updateTransferRequest,
  valuationRequest,
  valuationResponse,
} from '../../contract/accounts';
import { transaction } from '../../contract/transactions';
import { areaSchemas, premiumRoutes } from '../routeSchema';
import { transactionNotFound } from '../services/transactions/service';
import { accountsService } from '../services/accounts/service';
import { todayUtc } from '../services/transactions/reports';

const schema = areaSchemas({ tags: ['accounts'], errors: [400, 401, 403, 404, 409, 422] });
const confirmQuery = z.object({
  confirm_reconciled: z
    .enum(['true', 'false', '1', '0'], { error: 'confirm_reconciled must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});

/** /accounts: money accounts, transfers between them, valuations, reconciliation, the register and net worth. A premium area. */
export default async function accountsRoutes(fastify: FastifyInstance) {
  const app = premiumRoutes(fastify);
  const mustGetTransaction = async (userId: string, id: string) => {
    const row = await fastify.repos.transactions.get(userId, id);
    if (!row) throw transactionNotFound();
    return row;
  };
  const accounts = accountsService({ repo: fastify.repos.accounts, currencyOf: (userId) => fastify.repos.transactions.accountCurrency(userId), today: () => todayUtc(), rates: fastify.rates });

  app.get(
    '/accounts',
    { schema: schema({ summary: 'The accounts with their balances, grouped totals and net worth', querystring: accountListQuery, response: { 200: accountList } }) },
    async (request) => accounts.list(request.userId, request.query.include_closed),
  );

  app.post(
    '/accounts',
    {
      schema: schema({
        summary: 'Add an account',
        description: 'on_budget defaults to true for checking, savings, credit card and cash, false otherwise (tracking only). opening_balance is signed: a card or loan starts negative.',
        body: createAccountRequest,
        response: { 201: account },
      }),
    },
    async (request, reply) => {
      const created = await accounts.create(request.userId, request.body);
      reply.code(201);
      return created;
    },
  );

  app.get(
    '/accounts/net-worth',
    { schema: schema({ summary: 'Assets minus liabilities at the end of each month, with each account’s line', querystring: netWorthQuery, response: { 200: netWorth } }) },
    async (request) => accounts.netWorth(request.userId, request.query.months, request.query.to),
  );

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

  app.get('/accounts/:id', { schema: schema({ summary: 'One account with its balance', params: accountIdParams, response: { 200: account } }) }, async (request) =>
    accounts.get(request.userId, request.params.id),
  );

  app.put(
    '/accounts/:id',
    { schema: schema({ summary: 'Edit an account (only the fields sent); closed: false reopens it', params: accountIdParams, body: updateAccountRequest, response: { 200: account } }) },
    async (request) => accounts.update(request.userId, request.params.id, request.body),
  );

  app.delete(
    '/accounts/:id',
    { schema: schema({ summary: 'Delete an account without transactions (close one that has some)', params: accountIdParams, response: { 200: z.object({ message: z.string(), account_id: z.string() }) } }) },
    async (request) => {
      await accounts.remove(request.userId, request.params.id);
      return { message: 'Account deleted', account_id: request.params.id };
    },
  );

  app.post(
    '/accounts/:id/close',
    {
      schema: schema({
        summary: 'Close an account (kept for history, hidden by default)',
        description: 'A non-zero balance needs transfer_to_account_id (a final transfer) or adjust: true (an adjustment to zero); without either the answer is 409.',
        params: accountIdParams,
        body: closeAccountRequest,
        response: { 200: closeResult },
      }),
    },
    async (request) => accounts.close(request.userId, request.params.id, request.body),
  );

  app.post(
    '/accounts/:id/valuations',
    { schema: schema({ summary: 'Record what a tracking-only account is worth on a day (the difference is a market change)', params: accountIdParams, body: valuationRequest, response: { 201: valuationResponse } }) },
    async (request, reply) => {
      const result = await accounts.valuation(request.userId, request.params.id, request.body);
      reply.code(201);
      return result;
    },
  );

  app.get(
    '/accounts/:id/reconcile',
    {
      schema: schema({
        summary: 'Compare the cleared balance with a statement',
        params: accountIdParams,
        querystring: reconcilePreviewQuery,
        response: { 200: reconcilePreview },
      }),
    },
    async (request) => {
      const { differenceMinor: _, ...preview } = await accounts.reconcilePreview(request.userId, request.params.id, request.query.statement_date, request.query.statement_balance);
      return preview;
    },
  );

  app.post(
    '/accounts/:id/reconcile',
    {
      schema: schema({
        summary: 'Reconcile: adjust the difference if asked, then lock the cleared transactions up to the statement date',
        params: accountIdParams,
        body: reconcileRequest,
        response: { 200: reconcileResult },
      }),
    },
    async (request) => accounts.reconcile(request.userId, request.params.id, request.body),
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
      const row = await mustGetTransaction(request.userId, request.params.id);
      await accounts.dismissTransferPair(request.userId, row, await fastify.repos.transactions.get(request.userId, request.body.other_transaction_id));
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
    async (request) => ({ matches: await accounts.transferCandidates(request.userId, await mustGetTransaction(request.userId, request.params.id)) }),
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
    async (request) => accounts.linkTransfer(request.userId, await mustGetTransaction(request.userId, request.params.id), request.body.other_transaction_id),
  );

  app.get(
    '/accounts/:id/register',
    { schema: schema({ summary: "One account's transactions, newest first, each with the running balance", params: accountIdParams, querystring: registerQuery, response: { 200: register } }) },
    async (request) => accounts.register(request.userId, request.params.id, request.query),
  );
}

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
  updateAccountRequest,
  valuationRequest,
  valuationResponse,
} from '../../contract/accounts';
import { areaSchemas, premiumRoutes } from '../routeSchema';

const schema = areaSchemas({ tags: ['accounts'], errors: [400, 401, 403, 404, 409, 422] });

/** /accounts: money accounts, valuations, reconciliation, the register and net worth (transfers are routes/transfers.ts). A premium area. */
export default async function accountsRoutes(fastify: FastifyInstance) {
  const app = premiumRoutes(fastify);
  const { accounts } = fastify;

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
    '/accounts/:id/register',
    { schema: schema({ summary: "One account's transactions, newest first, each with the running balance", params: accountIdParams, querystring: registerQuery, response: { 200: register } }) },
    async (request) => accounts.register(request.userId, request.params.id, request.query),
  );
}

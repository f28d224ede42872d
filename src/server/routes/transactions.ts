import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { withReward } from '../../contract/rewards';
import {
  categoryNameParams,
  category as categorySchema,
  createCategoryRequest,
  createTransactionRequest,
  deleteCategoryResponse,
  deleteTransactionResponse,
  transaction,
  transactionIdParams,
  transactionListQuery,
  transactionListResponse,
  updateTransactionRequest,
} from '../../contract/transactions';
import { categoryListResponse } from '../../contract/categories';
import { areaSchemas, premiumRoutes } from '../routeSchema';

const schema = areaSchemas({ tags: ['transactions'], errors: [400, 401, 404, 409, 413, 422] });

/**
 * /transactions: the list, adding, reading, changing and deleting one, and the user's categories
 * (reports are routes/transactionReports.ts, CSV import and export routes/imports.ts, demo data
 * routes/demo.ts, splits routes/splits.ts). A premium area: every route needs a signed-in user with a
 * trial or a paid plan.
 */
export default async function transactionsRoutes(fastify: FastifyInstance) {
  const app = premiumRoutes(fastify);
  const { transactions, categories } = fastify;

  // ------------------------------------------------------------------------------------------
  // List and CRUD

  app.get(
    '/transactions',
    {
      schema: schema({
        summary: 'List transactions: filters, sort and pages with a total',
        description:
          'Order is stable: the sort key, then transaction_id, both in `order`. Page with `offset` (up to 100,000) or, for scrolling at any depth, with `cursor` = the previous next_cursor (send include_total=false then). `limit` above 500 is capped.',
        querystring: transactionListQuery,
        response: { 200: transactionListResponse },
      }),
      // The list screen's every request (the per-request floor): the answer is built field by
      // field in the contract's types (toTransaction, typed Transaction), so it goes out as it is,
      // without zod re-checking the 50 rows on every page (the schema still documents the answer).
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => transactions.list(request.userId, request.query),
  );

  app.post(
    '/transactions',
    { schema: schema({ summary: 'Add an income or expense', description: 'Carries `reward` when it earned points.', body: createTransactionRequest, response: { 201: withReward(transaction) } }) },
    async (request, reply) => {
      reply.code(201);
      return transactions.create(request.userId, request.body);
    },
  );

  // ------------------------------------------------------------------------------------------
  // Categories

  app.get(
    '/transactions/categories',
    { schema: schema({ summary: 'The default categories and the user’s own, with usage counts, groups, colours and hidden flags', response: { 200: categoryListResponse } }) },
    async (request) => categories.list(request.userId),
  );

  app.post(
    '/transactions/categories',
    {
      schema: schema({
        summary: 'Add a category',
        description: 'Names are unique per user, ignoring case, and cannot repeat a default category (409).',
        body: createCategoryRequest,
        response: { 201: categorySchema },
      }),
    },
    async (request, reply) => {
      reply.code(201);
      return transactions.createCategory(request.userId, request.body);
    },
  );

  app.delete(
    '/transactions/categories/:name',
    {
      schema: schema({
        summary: 'Delete one of the user’s own categories that no transaction uses',
        params: categoryNameParams,
        response: { 200: deleteCategoryResponse },
      }),
    },
    async (request) => {
      await transactions.deleteCategory(request.userId, request.params.name);
      return { message: 'Category deleted', name: request.params.name };
    },
  );

  // ------------------------------------------------------------------------------------------
  // One transaction

  app.get(
    '/transactions/:id',
    { schema: schema({ summary: 'One transaction', params: transactionIdParams, response: { 200: transaction } }) },
    async (request) => transactions.get(request.userId, request.params.id),
  );

  app.put(
    '/transactions/:id',
    {
      schema: schema({
        summary: 'Change a transaction (only the fields sent)',
        params: transactionIdParams,
        body: updateTransactionRequest,
        response: { 200: transaction },
      }),
    },
    async (request) => transactions.update(request.userId, request.params.id, request.body),
  );

  app.delete(
    '/transactions/:id',
    {
      schema: schema({
        summary: 'Delete a transaction (both legs of a transfer)',
        description: 'A reconciled transaction needs confirm_reconciled=true.',
        params: transactionIdParams,
        querystring: z.object({
          confirm_reconciled: z
            .enum(['true', 'false', '1', '0'], { error: 'confirm_reconciled must be true or false' })
            .transform((v) => v === 'true' || v === '1')
            .optional(),
        }),
        response: { 200: deleteTransactionResponse },
      }),
    },
    async (request) => {
      await transactions.remove(request.userId, request.params.id, request.query.confirm_reconciled);
      return { message: 'Transaction deleted', transaction_id: request.params.id };
    },
  );
}

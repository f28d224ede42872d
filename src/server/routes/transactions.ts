import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { wholeNumber } from '../../contract/money';
import { withReward } from '../../contract/rewards';
import {
  balanceQuery,
  categoryNameParams,
  category as categorySchema,
  createCategoryRequest,
  createTransactionRequest,
  CSV_IMPORT_LIMITS,
  currentBalance,
  deleteCategoryResponse,
  deleteImportResponse,
  deleteTransactionResponse,
  demoLoadQuery,
  demoLoadResponse,
  demoRemoveResponse,
  EXPORT_COLUMNS,
  expenseCategories,
  importCommitRequest,
  importIdParams,
  importJob,
  importJobList,
  importPreview,
  importPreviewRequest,
  importUploadQuery,
  monthlyIncome,
  monthlyIncomeQuery,
  monthlyReport,
  monthlyReportParams,
  monthQuery,
  periodQuery,
  summaryOverview,
  transaction,
  transactionFilters,
  transactionIdParams,
  transactionListQuery,
  transactionListResponse,
  updateTransactionRequest,
} from '../../contract/transactions';
import { splitRequest, splitResponse } from '../../contract/splits';
import { HttpError } from '../errors';
import { areaSchemas, bearerAuth as security, premiumRoutes } from '../routeSchema';
import { acceptCsvUploads, CSV_TYPES } from '../plugins/csv-upload';
import { loadDemoData, removeDemoData } from '../services/demo';
import { importService } from '../services/import/service';
import { categoryListResponse } from '../../contract/categories';
import { accountsService } from '../services/accounts/service';
import { currentMonth, todayUtc, transactionReports } from '../services/transactions/reports';
import { transactionsService } from '../services/transactions/service';

const TAGS = ['transactions'];
const IMPORT_TAGS = ['transactions: import and export'];
const schema = areaSchemas({ tags: TAGS, errors: [400, 401, 404, 409, 413, 422] });

/**
 * /transactions: list, CRUD, summaries and reports, categories, CSV import and export, demo data.
 * A premium area: every route needs a signed-in user with a trial or a paid plan.
 */
export default async function transactionsRoutes(fastify: FastifyInstance) {
  const app = premiumRoutes(fastify);
  const repo = fastify.repos.transactions;
  const transactions = transactionsService({ repo, accounts: fastify.repos.accounts, rewards: fastify.rewards, recategorized: fastify.autoRules.corrected, rates: fastify.rates });
  const imports = importService({ repo, accounts: fastify.repos.accounts, runner: fastify.importRunner, rewards: fastify.rewards });
  // The balance adds the on-budget opening balances, each in the base currency at its opening day's rate.
  const reports = transactionReports(repo, accountsService({ repo: fastify.repos.accounts, currencyOf: (userId) => repo.accountCurrency(userId), today: () => todayUtc(), rates: fastify.rates }));
  const { categories } = fastify;
  const currencyOf = transactions.currencyOf;
  acceptCsvUploads(fastify);
  const uploadLimit = {
    rateLimit: {
      max: fastify.config.importUploadsPerHour,
      timeWindow: '1 hour',
      keyGenerator: (request: FastifyRequest) => `import:${request.userId || request.ip}`,
      errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
        new HttpError(429, `Too many CSV uploads: at most ${fastify.config.importUploadsPerHour} an hour. Try again in ${context.after}.`),
    },
  };

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
  // Summaries and reports (daily rollup)

  app.get(
    '/transactions/summary/overview',
    {
      schema: schema({
        summary: 'Balance, all-time totals, this and last month, top spending categories',
        querystring: monthQuery,
        response: { 200: summaryOverview },
      }),
    },
    async (request) => reports.overview(request.userId, await currencyOf(request.userId), request.query.month ?? currentMonth()),
  );

  app.get(
    '/transactions/reports/monthly/:year/:month',
    {
      schema: schema({
        summary: 'One month: totals, categories, every day, largest expenses, the month before',
        params: monthlyReportParams,
        response: { 200: monthlyReport },
      }),
    },
    async (request) => reports.monthly(request.userId, await currencyOf(request.userId), request.params.year, request.params.month),
  );

  app.get(
    '/transactions/balance/current',
    {
      schema: schema({
        summary: 'The balance of the on-budget accounts up to today (or as_of)',
        description: 'Their opening balances plus income minus expenses; transfers between them cancel out, and tracking-only accounts (loans, property) are left out.',
        querystring: balanceQuery,
        response: { 200: currentBalance },
      }),
    },
    async (request) => reports.balance(request.userId, await currencyOf(request.userId), request.query.as_of),
  );

  app.get(
    '/transactions/categories/expenses',
    {
      schema: schema({
        summary: 'Spending by category over a period (default: this month so far)',
        querystring: periodQuery,
        response: { 200: expenseCategories },
      }),
    },
    async (request) => reports.expenseCategories(request.userId, await currencyOf(request.userId), request.query),
  );

  app.get(
    '/transactions/income/monthly',
    {
      schema: schema({
        summary: "This month's income by source, and monthly income, expenses and net over a history",
        querystring: monthlyIncomeQuery,
        response: { 200: monthlyIncome },
      }),
    },
    async (request) => reports.monthlyIncome(request.userId, await currencyOf(request.userId), request.query.month ?? currentMonth(), request.query.months),
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
  // CSV export

  app.get(
    '/transactions/export',
    {
      schema: {
        tags: IMPORT_TAGS,
        security,
        summary: 'The filtered list as CSV (streamed)',
        description: `Same filters, sort and order as GET /transactions, every matching row. Columns: ${EXPORT_COLUMNS.join(', ')}. Amounts are positive with type giving the direction; tags are separated by ';'. Cells starting with = + - @ are prefixed with ' (spreadsheet formula guard; the importer removes it).`,
        querystring: transactionFilters,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const lines = await transactions.exportCsv(request.userId, request.query);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="transactions-${new Date().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(lines));
    },
  );

  // ------------------------------------------------------------------------------------------
  // CSV import

  app.post(
    '/transactions/import',
    {
      bodyLimit: CSV_IMPORT_LIMITS.maxBytes,
      config: uploadLimit,
      schema: schema({
        tags: IMPORT_TAGS,
        summary: 'Upload a CSV file: detection, a suggested mapping and a preview',
        description: `Send the file as the raw body with Content-Type text/csv (UTF-8 or Windows-1252): a CSV table or a bank file (OFX or QFX 1.x/2.x, QIF, CAMT.053), told apart by its content (\`format\` in the answer; bank files need no column mapping, their bank ids are kept so a statement imported twice adds nothing, and a row matching a hand-typed transaction is linked to it), up to ${CSV_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB and ${wholeNumber(CSV_IMPORT_LIMITS.maxRows)} rows (413 as soon as the file passes either; the rest is not read). One upload at a time per user (409 while another is being read); IMPORT_UPLOADS_PER_HOUR uploads an hour (429). The answer holds the import_id, what was detected (delimiter, header, banner lines, date format, decimal comma, signed or debit/credit amounts), the suggested mapping, exact counts (new, duplicates, duplicates in the file, errors) and the first rows. Then POST /transactions/import/{id}/preview to try another mapping, and /commit to import.`,
        consumes: CSV_TYPES,
        querystring: importUploadQuery,
        body: z.string().describe('The CSV text'),
        response: { 201: importPreview },
      }),
    },
    async (request, reply) => {
      reply.code(201);
      return imports.upload(request.userId, request.body, request.query.file_name ?? null, request.query.account_id);
    },
  );

  app.get(
    '/transactions/import',
    { schema: schema({ tags: IMPORT_TAGS, summary: 'Recent imports, newest first', response: { 200: importJobList } }) },
    async (request) => ({ imports: await imports.recent(request.userId) }),
  );

  app.get(
    '/transactions/import/:id',
    { schema: schema({ tags: IMPORT_TAGS, summary: 'Progress of an import (poll while queued or running)', params: importIdParams, response: { 200: importJob } }) },
    async (request) => imports.get(request.userId, request.params.id),
  );

  app.post(
    '/transactions/import/:id/preview',
    {
      schema: schema({
        tags: IMPORT_TAGS,
        summary: 'Preview an uploaded file with another mapping',
        params: importIdParams,
        body: importPreviewRequest,
        response: { 200: importPreview },
      }),
    },
    async (request) => imports.preview(request.userId, request.params.id, request.body.mapping, request.body.account_id),
  );

  app.post(
    '/transactions/import/:id/commit',
    {
      schema: schema({
        tags: IMPORT_TAGS,
        summary: 'Import an uploaded file with a mapping, in the background',
        description: `Answers 202 at once; the rows are written in batches of ${wholeNumber(CSV_IMPORT_LIMITS.batchSize)} (each batch and the progress commit together). Poll GET /transactions/import/{id} for progress.`,
        params: importIdParams,
        body: importCommitRequest,
        response: { 202: withReward(importJob) },
      }),
    },
    async (request, reply) => {
      reply.code(202);
      return imports.commit(request.userId, request.params.id, request.body);
    },
  );

  app.delete(
    '/transactions/import/:id',
    {
      schema: schema({
        tags: IMPORT_TAGS,
        summary: 'Cancel an import and remove every transaction it added',
        params: importIdParams,
        response: { 200: deleteImportResponse },
      }),
    },
    async (request) => imports.discard(request.userId, request.params.id),
  );

  // ------------------------------------------------------------------------------------------
  // Demo data

  app.post(
    '/transactions/demo',
    {
      schema: schema({
        summary: 'Load a realistic year of demo transactions (replaces earlier demo rows)',
        querystring: demoLoadQuery,
        response: { 201: demoLoadResponse },
      }),
    },
    async (request, reply) => {
      const result = await loadDemoData(repo, fastify.repos.accounts, request.userId, { seed: request.query.seed, rates: fastify.repos.rates });
      await fastify.budgets.seedDemo(request.userId, result.dateFrom, result.dateTo);
      app.dbMaintenance.changed();
      reply.code(201);
      return { message: 'Demo data loaded', inserted: result.inserted, date_from: result.dateFrom, date_to: result.dateTo, seed: result.seed };
    },
  );

  app.delete(
    '/transactions/demo',
    { schema: schema({ summary: 'Remove the demo transactions (and nothing else)', response: { 200: demoRemoveResponse } }) },
    async (request) => {
      const deleted = await removeDemoData(repo, fastify.repos.accounts, request.userId);
      app.dbMaintenance.changed();
      return { message: 'Demo data removed', deleted };
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

  // ------------------------------------------------------------------------------------------
  // Splits: one transaction divided into category lines

  app.get(
    '/transactions/:id/split',
    { schema: schema({ summary: 'A transaction and its split lines', params: transactionIdParams, response: { 200: splitResponse } }) },
    async (request) => transactions.getSplit(request.userId, request.params.id),
  );

  app.put(
    '/transactions/:id/split',
    {
      schema: schema({
        summary: 'Split a transaction into category lines',
        description: 'The lines replace any it had and must add up to its amount exactly (422 otherwise). Transfers, valuations and adjustments answer 409.',
        params: transactionIdParams,
        body: splitRequest,
        response: { 200: splitResponse },
      }),
    },
    async (request) => transactions.split(request.userId, request.params.id, request.body),
  );

  app.delete(
    '/transactions/:id/split',
    { schema: schema({ summary: 'Unsplit a transaction (its lines go; it keeps its own category)', params: transactionIdParams, response: { 200: splitResponse } }) },
    async (request) => transactions.unsplit(request.userId, request.params.id),
  );
}

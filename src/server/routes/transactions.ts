import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../contract/schemas/errors';
import { withReward } from '../../contract/schemas/rewards';
import { toMinor } from '../../contract/money';
import {
  balanceQuery,
  categoryList,
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
  type ImportJob,
  type ImportMapping,
  type TransactionFilters,
} from '../../contract/schemas/transactions';
import { conflict, HttpError, notFound } from '../errors';
import type { ImportJobRow, NewTransaction, TransactionPatch, TransactionRow } from '../repositories/transactions';
import { loadDemoData, removeDemoData } from '../services/demo';
import { csvLine } from '../services/import/csv';
import { countRows, layoutFile } from '../services/import/mapping';
import { previewImport } from '../services/import/preview';
import { createImportRunner } from '../services/import/runner';
import { readCsvUpload, tooLarge } from '../services/import/upload';
import { categoryList as listCategories, isDefaultCategory, loadCategories, type Categories } from '../services/transactions/categories';
import { currentMonth, transactionReports } from '../services/transactions/reports';
import { decodeCursor, encodeCursor, toStoredFilters, toTransaction } from '../services/transactions/wire';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 413: errorBody, 422: errorBody };
const TAGS = ['transactions'];
const IMPORT_TAGS = ['transactions: import and export'];
const security = [{ bearerAuth: [] }];
const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel'];

const unprocessable = (detail: string) => new HttpError(422, detail);
const transactionNotFound = () => notFound('Transaction not found');
const importNotFound = () => notFound('Import not found');

declare module 'fastify' {
  interface FastifyRequest {
    /** This request holds its user's one CSV upload slot (released when it ends). */
    holdsImportSlot?: boolean;
  }
}

const busyImport = () => conflict('Another CSV file of yours is still being read: wait for it to finish, then upload the next one');

function toImportJob(row: Omit<ImportJobRow, 'content'>): ImportJob {
  return {
    import_id: row.id,
    status: row.status,
    file_name: row.fileName,
    rows_total: row.rowsTotal,
    rows_done: row.rowsDone,
    rows_imported: row.rowsImported,
    rows_duplicate: row.rowsDuplicate,
    rows_failed: row.rowsFailed,
    progress: row.rowsTotal > 0 ? Math.min(1, Math.round((row.rowsDone / row.rowsTotal) * 1000) / 1000) : row.status === 'completed' ? 1 : 0,
    errors: row.errors,
    failure: row.failure,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * /transactions: list, CRUD, summaries and reports, categories, CSV import and export, demo data.
 * Every route needs a signed-in user (one hook, so access rules can join it in one place).
 */
export default async function transactionsRoutes(fastify: FastifyInstance) {
  fastify.addHook('onRequest', fastify.authenticate);
  // Premium feature: a trial or a paid plan (403 with a detail otherwise).
  fastify.addHook('preHandler', fastify.requireAccess);

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { repos } = fastify;
  const repo = repos.transactions;
  const reports = transactionReports(repo);
  const runner = createImportRunner({ repo, log: fastify.log });
  fastify.addHook('onReady', () => runner.start());
  fastify.addHook('onClose', () => runner.stop());

  // CSV uploads: one at a time per user (each is read into memory), read as a stream that stops at the row and byte caps.
  const uploading = new Set<string>();
  const releaseSlot = async (request: FastifyRequest) => {
    if (request.holdsImportSlot) uploading.delete(request.userId);
    request.holdsImportSlot = false;
  };
  fastify.addHook('onResponse', releaseSlot);
  fastify.addHook('onRequestAbort', releaseSlot);
  fastify.addContentTypeParser(CSV_TYPES, (request, payload, done) => {
    const announced = Number(request.headers['content-length'] ?? 0);
    if (announced > CSV_IMPORT_LIMITS.maxBytes) return done(tooLarge(CSV_IMPORT_LIMITS.maxBytes), undefined);
    if (request.userId && !request.holdsImportSlot) {
      if (uploading.has(request.userId)) return done(busyImport(), undefined);
      uploading.add(request.userId);
      request.holdsImportSlot = true;
    }
    readCsvUpload(payload).then(
      (text) => done(null, text),
      (error: Error) => done(error, undefined),
    );
  });
  const uploadLimit = {
    rateLimit: {
      max: fastify.config.importUploadsPerHour,
      timeWindow: '1 hour',
      keyGenerator: (request: FastifyRequest) => `import:${request.userId || request.ip}`,
      errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
        new HttpError(429, `Too many CSV uploads: at most ${fastify.config.importUploadsPerHour} an hour. Try again in ${context.after}.`),
    },
  };

  const currencyOf = (userId: string) => repo.accountCurrency(userId);
  const categoriesFor = async (userId: string, f: TransactionFilters) => (f.category?.length ? loadCategories(repo, userId) : undefined);

  /** The stored spelling of a category, or a 422 naming the field. */
  const unknownCategory = (name: string, field = 'category') =>
    unprocessable(`${field} '${name}' is not a known category: use one from GET /transactions/categories or create it with POST /transactions/categories`);
  const knownCategory = (categories: Categories, name: string, field = 'category') => {
    const resolved = categories.resolve(name);
    if (!resolved) throw unknownCategory(name, field);
    return resolved;
  };

  // ------------------------------------------------------------------------------------------
  // List and CRUD

  app.get(
    '/transactions',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'List transactions: filters, sort and pages with a total',
        description:
          'Order is stable: the sort key, then transaction_id, both in `order`. Page with `offset` (up to 100,000) or, for scrolling at any depth, with `cursor` = the previous next_cursor (send include_total=false then). `limit` above 500 is capped.',
        querystring: transactionListQuery,
        response: { 200: transactionListResponse, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const categories = await categoriesFor(request.userId, q);
      const after = q.cursor ? decodeCursor(q.cursor, q) : undefined;
      const result = await repo.list(request.userId, {
        filters: toStoredFilters(q, categories),
        sort: q.sort,
        order: q.order,
        limit: q.limit,
        offset: after ? 0 : q.offset,
        after,
        includeTotal: q.include_total,
      });
      const last = result.rows[result.rows.length - 1];
      return {
        transactions: result.rows.map(toTransaction),
        total: result.total,
        limit: q.limit,
        offset: after ? 0 : q.offset,
        has_more: result.hasMore,
        next_cursor: result.hasMore && last ? encodeCursor(last, q.sort, q.order) : null,
      };
    },
  );

  app.post(
    '/transactions',
    { schema: { tags: TAGS, security, summary: 'Add an income or expense', description: 'Carries `reward` when it earned points.', body: createTransactionRequest, response: { 201: withReward(transaction), ...errors } } },
    async (request, reply) => {
      const b = request.body;
      const categories = await loadCategories(repo, request.userId);
      const input: NewTransaction = {
        type: b.type,
        amountMinor: toMinor(b.amount),
        date: b.date,
        category: knownCategory(categories, b.category),
        description: b.description,
        merchant: b.merchant ?? null,
        notes: b.notes ?? null,
        tags: b.tags,
        currency: b.currency ?? null,
      };
      const row = await repo.create(request.userId, input, !isDefaultCategory(input.category));
      // Deleted between the check above and the insert: the same answer as an unknown category.
      if (!row) throw unknownCategory(b.category);
      const reward = await fastify.rewards.record(request.userId, { type: 'transaction.created', transactionId: row.id });
      reply.code(201);
      return { ...toTransaction(row), ...(reward ? { reward } : {}) };
    },
  );

  // ------------------------------------------------------------------------------------------
  // Summaries and reports (daily rollup)

  app.get(
    '/transactions/summary/overview',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Balance, all-time totals, this and last month, top spending categories',
        querystring: monthQuery,
        response: { 200: summaryOverview, ...errors },
      },
    },
    async (request) => reports.overview(request.userId, await currencyOf(request.userId), request.query.month ?? currentMonth()),
  );

  app.get(
    '/transactions/reports/monthly/:year/:month',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'One month: totals, categories, every day, largest expenses, the month before',
        params: monthlyReportParams,
        response: { 200: monthlyReport, ...errors },
      },
    },
    async (request) => reports.monthly(request.userId, await currencyOf(request.userId), request.params.year, request.params.month),
  );

  app.get(
    '/transactions/balance/current',
    { schema: { tags: TAGS, security, summary: 'Income minus expenses up to today (or as_of)', querystring: balanceQuery, response: { 200: currentBalance, ...errors } } },
    async (request) => reports.balance(request.userId, await currencyOf(request.userId), request.query.as_of),
  );

  app.get(
    '/transactions/categories/expenses',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Spending by category over a period (default: this month so far)',
        querystring: periodQuery,
        response: { 200: expenseCategories, ...errors },
      },
    },
    async (request) => reports.expenseCategories(request.userId, await currencyOf(request.userId), request.query),
  );

  app.get(
    '/transactions/income/monthly',
    {
      schema: {
        tags: TAGS,
        security,
        summary: "This month's income by source, and monthly income, expenses and net over a history",
        querystring: monthlyIncomeQuery,
        response: { 200: monthlyIncome, ...errors },
      },
    },
    async (request) => reports.monthlyIncome(request.userId, await currencyOf(request.userId), request.query.month ?? currentMonth(), request.query.months),
  );

  // ------------------------------------------------------------------------------------------
  // Categories

  app.get(
    '/transactions/categories',
    { schema: { tags: TAGS, security, summary: 'The default categories and the user’s own, with usage counts', response: { 200: categoryList, ...errors } } },
    async (request) => ({ categories: await listCategories(repo, request.userId) }),
  );

  app.post(
    '/transactions/categories',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Add a category',
        description: 'Names are unique per user, ignoring case, and cannot repeat a default category (409).',
        body: createCategoryRequest,
        response: { 201: categorySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { name, type, color } = request.body;
      const exists = () => conflict(`A category named '${name}' already exists`);
      if (isDefaultCategory(name)) throw exists();
      const row = await repo.categories.create(request.userId, { name, type, color: color ?? null });
      if (!row) throw exists();
      reply.code(201);
      return { name: row.name, type: row.type, color: row.color, is_default: false, transaction_count: 0 };
    },
  );

  app.delete(
    '/transactions/categories/:name',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Delete one of the user’s own categories that no transaction uses',
        params: categoryNameParams,
        response: { 200: deleteCategoryResponse, ...errors },
      },
    },
    async (request) => {
      const { name } = request.params;
      if (isDefaultCategory(name)) throw conflict('Default categories cannot be deleted');
      const outcome = await repo.categories.remove(request.userId, name);
      if (outcome === 'not_found') throw notFound('Category not found');
      if (outcome === 'in_use') throw conflict('This category is used by transactions: move them to another category first');
      return { message: 'Category deleted', name };
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
      const userId = request.userId;
      const q: TransactionFilters = request.query;
      const [categories, currency] = await Promise.all([categoriesFor(userId, q), currencyOf(userId)]);
      const filters = toStoredFilters(q, categories);
      async function* lines() {
        yield csvLine([...EXPORT_COLUMNS]);
        let after: { value: string | number; id: string } | undefined;
        for (;;) {
          const page = await repo.list(userId, { filters, sort: q.sort, order: q.order, limit: 2_000, offset: 0, after, includeTotal: false });
          let chunk = '';
          for (const r of page.rows) chunk += exportLine(r, currency);
          if (chunk) yield chunk;
          const last = page.rows[page.rows.length - 1];
          if (!page.hasMore || !last) return;
          after = { value: q.sort === 'date' ? last.date : q.sort === 'amount' ? last.amountMinor : last.createdAt.toISOString(), id: last.id };
        }
      }
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="transactions-${new Date().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(lines()));
    },
  );

  // ------------------------------------------------------------------------------------------
  // CSV import

  const preview = async (userId: string, text: string, mapping?: ImportMapping) => {
    const [categories, currency] = await Promise.all([loadCategories(repo, userId), currencyOf(userId)]);
    if (mapping) {
      knownCategory(categories, mapping.default_expense_category, 'mapping.default_expense_category');
      knownCategory(categories, mapping.default_income_category, 'mapping.default_income_category');
    }
    return previewImport({
      text,
      mapping,
      monthFirst: currency === 'USD',
      categories,
      probe: (triples) => repo.duplicateCandidates(userId, triples, null),
    });
  };

  const uploadedJob = async (userId: string, id: string) => {
    const job = await repo.imports.get(userId, id);
    if (!job) throw importNotFound();
    if (job.status !== 'uploaded' || job.content === null) throw conflict('This import has already been started; upload the file again to change it');
    return job as ImportJobRow & { content: string };
  };

  app.post(
    '/transactions/import',
    {
      bodyLimit: CSV_IMPORT_LIMITS.maxBytes,
      config: uploadLimit,
      schema: {
        tags: IMPORT_TAGS,
        security,
        summary: 'Upload a CSV file: detection, a suggested mapping and a preview',
        description: `Send the file as the raw body with Content-Type text/csv (UTF-8 or Windows-1252), up to ${CSV_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB and ${CSV_IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows (413 as soon as the file passes either; the rest is not read). One upload at a time per user (409 while another is being read); IMPORT_UPLOADS_PER_HOUR uploads an hour (429). The answer holds the import_id, what was detected (delimiter, header, banner lines, date format, decimal comma, signed or debit/credit amounts), the suggested mapping, exact counts (new, duplicates, duplicates in the file, errors) and the first rows. Then POST /transactions/import/{id}/preview to try another mapping, and /commit to import.`,
        consumes: CSV_TYPES,
        querystring: importUploadQuery,
        body: z.string().describe('The CSV text'),
        response: { 201: importPreview, ...errors },
      },
    },
    async (request, reply) => {
      const text = request.body;
      if (text.trim() === '') throw unprocessable('The file is empty');
      const body = await preview(request.userId, text);
      if (body.counts.rows === 0) throw unprocessable('The file has no data rows');
      const job = await repo.imports.create(request.userId, { fileName: request.query.file_name ?? null, content: text, rowsTotal: body.counts.rows, mapping: body.mapping });
      reply.code(201);
      return { import_id: job.id, status: 'uploaded' as const, file_name: job.fileName, ...body };
    },
  );

  app.get(
    '/transactions/import',
    { schema: { tags: IMPORT_TAGS, security, summary: 'Recent imports, newest first', response: { 200: importJobList, ...errors } } },
    async (request) => ({ imports: (await repo.imports.recent(request.userId, 20)).map(toImportJob) }),
  );

  app.get(
    '/transactions/import/:id',
    { schema: { tags: IMPORT_TAGS, security, summary: 'Progress of an import (poll while queued or running)', params: importIdParams, response: { 200: importJob, ...errors } } },
    async (request) => {
      const job = await repo.imports.get(request.userId, request.params.id);
      if (!job) throw importNotFound();
      return toImportJob(job);
    },
  );

  app.post(
    '/transactions/import/:id/preview',
    {
      schema: {
        tags: IMPORT_TAGS,
        security,
        summary: 'Preview an uploaded file with another mapping',
        params: importIdParams,
        body: importPreviewRequest,
        response: { 200: importPreview, ...errors },
      },
    },
    async (request) => {
      const job = await uploadedJob(request.userId, request.params.id);
      const body = await preview(request.userId, job.content, request.body.mapping);
      await repo.imports.setPreviewMapping(request.userId, job.id, body.mapping);
      return { import_id: job.id, status: 'uploaded' as const, file_name: job.fileName, ...body };
    },
  );

  app.post(
    '/transactions/import/:id/commit',
    {
      schema: {
        tags: IMPORT_TAGS,
        security,
        summary: 'Import an uploaded file with a mapping, in the background',
        description: `Answers 202 at once; the rows are written in batches of ${CSV_IMPORT_LIMITS.batchSize.toLocaleString('en-US')} (each batch and the progress commit together). Poll GET /transactions/import/{id} for progress.`,
        params: importIdParams,
        body: importCommitRequest,
        response: { 202: withReward(importJob), ...errors },
      },
    },
    async (request, reply) => {
      const job = await uploadedJob(request.userId, request.params.id);
      const { mapping } = request.body;
      const categories = await loadCategories(repo, request.userId);
      knownCategory(categories, mapping.default_expense_category, 'mapping.default_expense_category');
      knownCategory(categories, mapping.default_income_category, 'mapping.default_income_category');
      const rowsTotal = countRows(layoutFile(job.content, mapping.delimiter, mapping.skip_lines, mapping.has_header));
      const running = await repo.imports.active(request.userId);
      if (running && running.id !== job.id) throw conflict(`Another import of yours is still running (import ${running.id}): wait for it to finish, then start this one`);
      const queued = await repo.imports.queue(request.userId, job.id, request.body as unknown as Record<string, unknown>, rowsTotal);
      if (!queued) throw conflict('This import has already been started');
      runner.enqueue(queued.id);
      const reward = await fastify.rewards.record(request.userId, { type: 'import.committed', importId: queued.id });
      reply.code(202);
      return { ...toImportJob(queued), ...(reward ? { reward } : {}) };
    },
  );

  app.delete(
    '/transactions/import/:id',
    {
      schema: {
        tags: IMPORT_TAGS,
        security,
        summary: 'Cancel an import and remove every transaction it added',
        params: importIdParams,
        response: { 200: deleteImportResponse, ...errors },
      },
    },
    async (request) => {
      const outcome = await repo.imports.discard(request.userId, request.params.id);
      if (!outcome) throw importNotFound();
      return { message: outcome.status === 'cancelled' ? 'Import cancelled and its transactions removed' : 'Imported transactions removed', import_id: request.params.id, deleted: outcome.deleted };
    },
  );

  // ------------------------------------------------------------------------------------------
  // Demo data

  app.post(
    '/transactions/demo',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Load a realistic year of demo transactions (replaces earlier demo rows)',
        querystring: demoLoadQuery,
        response: { 201: demoLoadResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await loadDemoData(repo, request.userId, { seed: request.query.seed });
      reply.code(201);
      return { message: 'Demo data loaded', inserted: result.inserted, date_from: result.dateFrom, date_to: result.dateTo, seed: result.seed };
    },
  );

  app.delete(
    '/transactions/demo',
    { schema: { tags: TAGS, security, summary: 'Remove the demo transactions (and nothing else)', response: { 200: demoRemoveResponse, ...errors } } },
    async (request) => ({ message: 'Demo data removed', deleted: await removeDemoData(repo, request.userId) }),
  );

  // ------------------------------------------------------------------------------------------
  // One transaction

  app.get(
    '/transactions/:id',
    { schema: { tags: TAGS, security, summary: 'One transaction', params: transactionIdParams, response: { 200: transaction, ...errors } } },
    async (request) => {
      const row = await repo.get(request.userId, request.params.id);
      if (!row) throw transactionNotFound();
      return toTransaction(row);
    },
  );

  app.put(
    '/transactions/:id',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Change a transaction (only the fields sent)',
        params: transactionIdParams,
        body: updateTransactionRequest,
        response: { 200: transaction, ...errors },
      },
    },
    async (request) => {
      const b = request.body;
      const patch: TransactionPatch = {};
      if (b.type !== undefined) patch.type = b.type;
      if (b.amount !== undefined) patch.amountMinor = toMinor(b.amount);
      if (b.date !== undefined) patch.date = b.date;
      if (b.category !== undefined) patch.category = knownCategory(await loadCategories(repo, request.userId), b.category);
      if (b.description !== undefined) patch.description = b.description;
      if (b.merchant !== undefined) patch.merchant = b.merchant;
      if (b.notes !== undefined) patch.notes = b.notes;
      if (b.tags !== undefined) patch.tags = b.tags;
      if (b.currency !== undefined) patch.currency = b.currency;
      const row = await repo.update(request.userId, request.params.id, patch, patch.category !== undefined && !isDefaultCategory(patch.category));
      if (row === 'category_gone') throw unknownCategory(b.category!);
      if (!row) throw transactionNotFound();
      return toTransaction(row);
    },
  );

  app.delete(
    '/transactions/:id',
    { schema: { tags: TAGS, security, summary: 'Delete a transaction', params: transactionIdParams, response: { 200: deleteTransactionResponse, ...errors } } },
    async (request) => {
      if (!(await repo.remove(request.userId, request.params.id))) throw transactionNotFound();
      return { message: 'Transaction deleted', transaction_id: request.params.id };
    },
  );
}

function exportLine(r: TransactionRow, accountCurrency: string): string {
  return csvLine([
    r.date,
    r.type,
    (r.amountMinor / 100).toFixed(2),
    r.currency ?? accountCurrency,
    r.category,
    r.description,
    r.merchant,
    r.notes,
    r.tags.join(';'),
    r.id,
    r.createdAt.toISOString(),
  ]);
}

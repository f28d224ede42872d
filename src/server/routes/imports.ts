import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { wholeNumber } from '../../contract/money';
import { withReward } from '../../contract/rewards';
import {
  CSV_IMPORT_LIMITS,
  deleteImportResponse,
  EXPORT_COLUMNS,
  importCommitRequest,
  importIdParams,
  importJob,
  importJobList,
  importPreview,
  importPreviewRequest,
  importUploadQuery,
  transactionFilters,
} from '../../contract/transactions';
import { HttpError } from '../errors';
import { areaSchemas, bearerAuth as security, premiumRoutes } from '../routeSchema';
import { acceptCsvUploads, CSV_TYPES } from '../plugins/csv-upload';

const IMPORT_TAGS = ['transactions: import and export'];
const schema = areaSchemas({ tags: ['transactions'], errors: [400, 401, 404, 409, 413, 422] });

/** CSV and bank-file import (upload, preview, commit, discard) and the CSV export of the list. A premium area. */
export default async function importsRoutes(fastify: FastifyInstance) {
  const app = premiumRoutes(fastify);
  const { transactions, imports } = fastify;
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
}

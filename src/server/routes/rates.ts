import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { conversion, conversionQuery, createRateRequest, exchangeRate, rateImportResult, rateList, rateListQuery } from '../../contract/rates';
import { rateImportQuery } from '../../contract/rateMapping';
import { CSV_IMPORT_LIMITS } from '../../contract/transactions';
import { acceptCsvUploads, CSV_TYPES } from '../plugins/csv-upload';
import { areaSchemas, premiumRoutes } from '../routeSchema';

const schema = areaSchemas({ tags: ['rates'], errors: [400, 401, 403, 409, 413, 422] });

/** /rates: exchange rates (typed, imported from an ECB file, the shared provider's) and conversions. A premium area. */
export default async function ratesRoutes(fastify: FastifyInstance) {
  const app = premiumRoutes(fastify);
  const rates = fastify.rates;
  acceptCsvUploads(fastify);

  app.get('/rates', { schema: schema({ summary: 'Your exchange rates and the shared reference rates, newest first (at most 500)', querystring: rateListQuery, response: { 200: rateList } }) }, async (request) =>
    rates.list(request.userId, request.query),
  );

  app.post('/rates', { schema: schema({ summary: 'Keep a rate you know: 1 base = rate quote on a day', body: createRateRequest, response: { 201: exchangeRate } }) }, async (request, reply) => {
    reply.code(201);
    return rates.addTyped(request.userId, request.body);
  });

  app.post(
    '/rates/import',
    {
      bodyLimit: CSV_IMPORT_LIMITS.maxBytes,
      schema: schema({
        summary: "Import a rates file: the ECB's reference rates (CSV or XML), or any CSV by mapping its columns",
        description:
          'Send the file as the raw body (Content-Type text/csv or application/xml). ' +
          "ECB files (eurofxref.csv / eurofxref-hist.csv, eurofxref-daily.xml / eurofxref-hist.xml; `format` auto, ecb-csv or ecb-xml): each day's rates are kept as 1 EUR = rate; other pairs are crossed through the euro. " +
          'Any other CSV with one rate per line (`format=columns`): name the day\'s column (`date_column`, 0 for the first; `date_format`), the rate\'s (`rate_column`; `decimal_separator`) and each side of the pair as a column of ISO 4217 codes (`base_column`, `quote_column`) or one currency for the whole file (`base`, `quote`); ' +
          'a line is read as 1 base = rate quote, or with `inverted=true` as 1 quote = rate base. Delimiter, date format and decimal mark are detected when not given. ' +
          'A line that cannot be read refuses the whole file (422 naming the line and the field); nothing of it is kept. ' +
          'Either way a rate already kept from a file for the same day and pair is replaced, and your amounts that waited for a rate of those days are converted.',
        consumes: CSV_TYPES,
        querystring: rateImportQuery,
        body: z.string().check(z.describe('The file')),
        response: { 201: rateImportResult },
      }),
    },
    async (request, reply) => {
      const result = await rates.importFile(request.userId, request.body, request.query);
      reply.code(201);
      return result;
    },
  );

  app.get(
    '/rates/convert',
    { schema: schema({ summary: 'An amount in another currency at the rate of its day (or up to 7 days before); converted is null without one', querystring: conversionQuery, response: { 200: conversion } }) },
    async (request) => rates.conversion(request.userId, request.query),
  );
}

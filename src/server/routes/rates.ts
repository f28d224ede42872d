import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { conversion, conversionQuery, createRateRequest, exchangeRate, rateImportQuery, rateImportResult, rateList, rateListQuery } from '../../contract/rates';
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
        summary: "Import an ECB reference-rate file (the euro's rates, CSV or XML)",
        description:
          'Send eurofxref.csv / eurofxref-hist.csv or eurofxref-daily.xml / eurofxref-hist.xml as the raw body (Content-Type text/csv or application/xml). Each day\'s rates are kept as 1 EUR = rate; other pairs are crossed through the euro. A rate already kept for the same day and currency is replaced.',
        consumes: CSV_TYPES,
        querystring: rateImportQuery,
        body: z.string().check(z.describe('The file')),
        response: { 201: rateImportResult },
      }),
    },
    async (request, reply) => {
      const result = await rates.importFile(request.userId, request.body, request.query.format);
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

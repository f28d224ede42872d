import type { FastifyInstance } from 'fastify';
import { transactionIdParams } from '../../contract/transactions';
import { splitRequest, splitResponse } from '../../contract/splits';
import { areaSchemas, premiumRoutes } from '../routeSchema';

const schema = areaSchemas({ tags: ['transactions'], errors: [400, 401, 404, 409, 413, 422] });

/** /transactions/{id}/split: one transaction divided into category lines. A premium area. */
export default async function splitsRoutes(fastify: FastifyInstance) {
  const app = premiumRoutes(fastify);
  const { transactions } = fastify;

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

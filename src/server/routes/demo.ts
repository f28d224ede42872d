import type { FastifyInstance } from 'fastify';
import { demoLoadQuery, demoLoadResponse, demoRemoveResponse } from '../../contract/transactions';
import { areaSchemas, premiumRoutes } from '../routeSchema';

const schema = areaSchemas({ tags: ['transactions'], errors: [400, 401, 404, 409, 413, 422] });

/** /transactions/demo: a realistic year of demo transactions, loaded and removed. A premium area. */
export default async function demoRoutes(fastify: FastifyInstance) {
  const app = premiumRoutes(fastify);
  const { demoData: demo } = fastify;

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
      const result = await demo.load(request.userId, request.query.seed);
      reply.code(201);
      return { message: 'Demo data loaded', inserted: result.inserted, date_from: result.dateFrom, date_to: result.dateTo, seed: result.seed };
    },
  );

  app.delete(
    '/transactions/demo',
    { schema: schema({ summary: 'Remove the demo transactions (and nothing else)', response: { 200: demoRemoveResponse } }) },
    async (request) => {
      const deleted = await demo.remove(request.userId);
      return { message: 'Demo data removed', deleted };
    },
  );
}

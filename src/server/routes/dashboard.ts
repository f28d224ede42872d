import type { FastifyInstance } from 'fastify';
import { analyticsQuery, dashboardAnalytics } from '../../contract/dashboard';
import { premiumQuerySchema, premiumRoutes } from '../routeSchema';
import { analyticsFor } from '../services/dashboard';

/** GET /dashboard/analytics ([spec:7-finance]): a premium endpoint, read from rollups. */
export default async function dashboardRoutes(fastify: FastifyInstance) {
  premiumRoutes(fastify).get(
    '/dashboard/analytics',
    {
      schema: premiumQuerySchema({
        tags: ['dashboard'],
        summary: 'Totals, comparison with the previous period, series, categories, merchants, goals, warnings and recent transactions',
        querystring: analyticsQuery,
        response: dashboardAnalytics,
      }),
    },
    async (request) => analyticsFor(fastify.repos, request.userId, request.query),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsQuery, dashboardAnalytics } from '../../contract/schemas/dashboard';
import { errorBody } from '../../contract/schemas/errors';
import { notFound } from '../errors';
import { buildAnalytics } from '../services/dashboard';

/** GET /dashboard/analytics (spec §7): a premium endpoint, read from rollups. */
export default async function dashboardRoutes(fastify: FastifyInstance) {
  fastify.addHook('onRequest', fastify.authenticate);
  fastify.addHook('preHandler', fastify.requireAccess);
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/dashboard/analytics',
    {
      schema: {
        tags: ['dashboard'],
        security: [{ bearerAuth: [] }],
        summary: 'Totals, comparison with the previous period, series, categories, merchants, goals, warnings and recent transactions',
        querystring: analyticsQuery,
        response: { 200: dashboardAnalytics, 401: errorBody, 403: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const user = await fastify.repos.users.findById(request.userId);
      if (!user) throw notFound('User not found');
      const q = request.query;
      const custom = q.period === 'custom' && q.date_from && q.date_to ? { start: q.date_from, end: q.date_to } : undefined;
      return buildAnalytics(fastify.repos.dashboard, { userId: user.id, period: q.period, timeUnit: q.time_unit, currency: user.currency, custom });
    },
  );
}

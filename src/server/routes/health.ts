import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export default async function healthRoutes(fastify: FastifyInstance) {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    { schema: { tags: ['meta'], summary: 'Liveness and database check', response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) } } },
    async () => {
      await fastify.repos.health.ping();
      return { status: 'ok' as const, database: fastify.dbEngine };
    },
  );
}

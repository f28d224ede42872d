import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

export default async function healthRoutes(fastify: FastifyInstance) {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    { schema: { tags: ['meta'], summary: 'Liveness and database check', response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) } } },
    async () => {
      await fastify.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: fastify.dbEngine };
    },
  );
}

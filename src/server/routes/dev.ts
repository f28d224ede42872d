import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const outboxEntry = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
});

/** Development-only helpers; never registered when NODE_ENV=production. */
export default async function devRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Mail the embedded outbox holds, newest first (not in production)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50), to: z.string().optional() }),
        response: { 200: z.object({ messages: z.array(outboxEntry) }) },
      },
    },
    async (request) => {
      const rows = await fastify.repos.outbox.latest(request.query.limit, request.query.to);
      const messages = rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, link: r.link, created_at: r.createdAt.toISOString() }));
      return { messages };
    },
  );
}

import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound } from '../errors';

const outboxEntry = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
});

export const DEV_KEY_HEADER = 'x-dev-key';
export const DEV_KEY_REQUIRED = 'The development routes need the key printed in the server log at start (header X-Dev-Key or ?key=)';

/** The key a request presents: the X-Dev-Key header, else the `key` query parameter (for a browser). */
function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers[DEV_KEY_HEADER];
  if (typeof header === 'string' && header) return header;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.key === 'string' ? query.key : undefined;
}

export function sameKey(presented: string | undefined, expected: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Development-only helpers; never registered when NODE_ENV=production. Every route in this
 * plugin (the outbox lists other people's live sign-in and reset links) answers only a caller
 * holding the dev key, which start-up prints in the server log: a network caller cannot use it.
 * The embedded OpenID provider (/dev/oidc, routes/dev-oidc.ts) is the one exception: a browser walks
 * through it, so its sign-in form does the check (loopback caller, else this same key).
 */
export default async function devRoutes(fastify: FastifyInstance) {
  const devKey = fastify.devKey;
  fastify.addHook('onRequest', async (request) => {
    if (!devKey || !sameKey(presentedKey(request), devKey)) throw new HttpError(401, DEV_KEY_REQUIRED);
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Mail the embedded outbox holds, newest first (not in production; needs the dev key from the server log)',
        headers: z.object({ [DEV_KEY_HEADER]: z.string().optional() }),
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50), to: z.string().optional(), key: z.string().optional() }),
        response: { 200: z.object({ messages: z.array(outboxEntry) }) },
      },
    },
    async (request) => {
      const rows = await fastify.repos.outbox.latest(request.query.limit, request.query.to);
      const messages = rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, link: r.link, created_at: r.createdAt.toISOString() }));
      return { messages };
    },
  );
  app.post(
    '/dev/recurring/run',
    {
      schema: {
        tags: ['dev'],
        summary: 'Run the recurring checks (reminders, missed bills, price changes, low balances, auto-post) as of a moment (not in production; needs the dev key)',
        body: z.object({ at: z.iso.datetime({ error: 'at must be an ISO date-time' }) }).strict(),
        response: { 200: z.object({ ran: z.boolean() }) },
      },
    },
    async (request) => ({ ran: await fastify.recurringChecks.runAt(new Date(request.body.at)) }),
  );
  const holdBody = z.object({ email: z.string({ error: 'email is required' }).min(1, 'email is required') }).strict();
  const holdUser = async (email: string) => {
    const user = await fastify.repos.users.findByEmail(email);
    if (!user || !fastify.answerHolds) throw notFound('User not found');
    return { holds: fastify.answerHolds, userId: user.id };
  };
  app.post(
    '/dev/coach/hold',
    {
      schema: {
        tags: ['dev'],
        summary: "Hold the user's next streamed coach answer after its first words until released or the client leaves (not in production; needs the dev key)",
        body: holdBody,
        response: { 200: z.object({ held: z.boolean() }) },
      },
    },
    async (request) => {
      const { holds, userId } = await holdUser(request.body.email);
      holds.hold(userId);
      return { held: true };
    },
  );
  app.post(
    '/dev/coach/release',
    {
      schema: {
        tags: ['dev'],
        summary: "Let the user's held coach answer go on (not in production; needs the dev key)",
        body: holdBody,
        response: { 200: z.object({ released: z.boolean() }) },
      },
    },
    async (request) => {
      const { holds, userId } = await holdUser(request.body.email);
      holds.release(userId);
      return { released: true };
    },
  );
  // Same key check (the hook above applies to this child plugin too).
  await fastify.register(devRewardRoutes);
}

/** Dev-only: grant points to a user (the crash test and demos need a known balance); behind the dev key. */
export async function devRewardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/dev/rewards/grant',
    {
      schema: {
        tags: ['dev'],
        summary: 'Grant points to a user (not in production; needs the dev key)',
        body: z.object({ user_id: z.uuid({ error: 'user_id must be a UUID' }), points: z.number().int().positive().max(100_000_000) }).strict(),
        response: { 200: z.object({ user_id: z.string(), balance: z.number().int() }) },
      },
    },
    async (request) => {
      const { user_id, points } = request.body;
      if (!(await fastify.repos.users.findById(user_id))) throw notFound('User not found');
      await fastify.repos.rewards.award(user_id, [{ reason: 'dev_grant', points, title: 'Points granted', message: 'Granted from the development tools.', reference: null, idempotencyKey: `dev_grant:${Date.now()}:${Math.random()}` }]);
      return { user_id, balance: (await fastify.repos.rewards.account(user_id)).balance };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { calendarFeedStatus } from '../../contract/recurring';
import { areaSchemas, premiumRoutes } from '../routeSchema';
import type { CalendarFeedService } from '../services/recurring/calendarFeed';

const schema = areaSchemas({ tags: ['recurring'], errors: [401, 403, 404] });

/**
 * The iCalendar feed of upcoming bills: GET /calendar/{token}.ics answers to the secret URL alone (a
 * calendar app sends no sign-in); /calendar/feed makes, rotates and revokes it for the signed-in user.
 */
export default async function calendarRoutes(fastify: FastifyInstance, { feeds }: { feeds: CalendarFeedService }) {
  fastify.get(
    '/calendar/:file',
    { schema: { tags: ['recurring'], summary: 'The secret iCalendar feed of the next 90 days of bills (text/calendar); 404 for a token revoked, rotated or never made', params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const body = await feeds.feed((request.params as { file: string }).file, new Date());
      return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, no-store').send(body);
    },
  );

  await fastify.register(async (child) => {
    const app = premiumRoutes(child);
    app.get('/calendar/feed', { schema: schema({ summary: 'Whether you have a calendar feed, and since when (its URL is shown only when made)', response: { 200: calendarFeedStatus } }) }, async (request) => feeds.status(request.userId));
    app.post('/calendar/feed', { schema: schema({ summary: 'Make a new secret feed URL; the old one stops working', response: { 201: calendarFeedStatus } }) }, async (request, reply) => {
      reply.code(201);
      return feeds.rotate(request.userId);
    });
    app.delete('/calendar/feed', { schema: schema({ summary: 'Revoke the feed URL', response: { 200: calendarFeedStatus } }) }, async (request) => feeds.revoke(request.userId));
  });
}

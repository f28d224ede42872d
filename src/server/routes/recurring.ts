import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { addDays } from '../../contract/calendar';
import {
  MONTH_AHEAD_DAYS,
  createRecurringRequest,
  forecast,
  fromQuery,
  idParams,
  monthAhead,
  occurrence,
  occurrenceList,
  occurrenceParams,
  occurrenceRequest,
  recurringItem,
  recurringList,
  suggestionKeyRequest,
  suggestionList,
  updateRecurringRequest,
} from '../../contract/recurring';
import { calendarDate } from '../../contract/fields';
import { toMinor } from '../../contract/money';
import { areaSchemas, premiumRoutes } from '../routeSchema';
import { todayUtc } from '../services/transactions/reports';

const schema = areaSchemas({ tags: ['recurring'], errors: [400, 401, 403, 404, 409, 422] });
const rangeQuery = z.object({ from: z.optional(calendarDate('from')), to: z.optional(calendarDate('to')), today: z.optional(calendarDate('today')) });
const done = z.object({ message: z.string() });

/** /recurring: recurring bills, subscriptions, income and transfers; suggestions from history; the month ahead and the forecast. A premium area. */
export default async function recurringRoutes(fastify: FastifyInstance) {
  const app = premiumRoutes(fastify);
  const recurring = fastify.recurring;
  // `from` is the client's today (its calendar); without it, the server's UTC day.
  const dayOr = (from: string | undefined) => from ?? todayUtc();

  app.get('/recurring', { schema: schema({ summary: 'Your recurring items with their next due day, price changes and stopped ones', querystring: fromQuery, response: { 200: recurringList } }) }, async (request) =>
    recurring.list(request.userId, dayOr(request.query.from)),
  );

  app.post(
    '/recurring',
    {
      schema: schema({
        summary: 'Add a recurring item',
        description: 'rrule is RFC 5545 (FREQ=MONTHLY;BYMONTHDAY=1, FREQ=MONTHLY;BYMONTHDAY=-1 for the last day, FREQ=WEEKLY;INTERVAL=2;BYDAY=FR, FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1); weekend_shift moves a Saturday or Sunday to the Friday before or the Monday after.',
        body: createRecurringRequest,
        response: { 201: recurringItem },
      }),
    },
    async (request, reply) => {
      const created = await recurring.create(request.userId, request.body, todayUtc());
      reply.code(201);
      return created;
    },
  );

  app.get('/recurring/suggestions', { schema: schema({ summary: 'Recurring charges found in your history, not yet confirmed or dismissed', querystring: fromQuery, response: { 200: suggestionList } }) }, async (request) =>
    recurring.suggestions(request.userId, dayOr(request.query.from)),
  );

  app.post(
    '/recurring/suggestions/confirm',
    { schema: schema({ summary: 'Confirm a suggestion: it becomes a recurring item', querystring: fromQuery, body: suggestionKeyRequest, response: { 201: recurringItem } }) },
    async (request, reply) => {
      const created = await recurring.confirm(request.userId, request.body.key, dayOr(request.query.from));
      reply.code(201);
      return created;
    },
  );

  app.post('/recurring/suggestions/dismiss', { schema: schema({ summary: 'Dismiss a suggestion: it is not offered again', body: suggestionKeyRequest, response: { 200: done } }) }, async (request) => {
    await recurring.dismiss(request.userId, request.body.key);
    return { message: 'Suggestion dismissed' };
  });

  app.get('/recurring/occurrences', { schema: schema({ summary: 'Occurrences between two days (default: the next 30) with their status as of today (the client’s day; default the server’s)', querystring: rangeQuery, response: { 200: occurrenceList } }) }, async (request) => {
    const from = dayOr(request.query.from);
    const to = request.query.to ?? addDays(from, MONTH_AHEAD_DAYS - 1);
    return recurring.occurrences(request.userId, from, to < from ? from : [to, addDays(from, 400)].sort()[0]!, request.query.today ?? todayUtc());
  });

  app.get('/recurring/month-ahead', { schema: schema({ summary: 'The next 30 days: what is due, the calendar, the total and safe-to-spend until payday', querystring: fromQuery, response: { 200: monthAhead } }) }, async (request) =>
    recurring.monthAhead(request.userId, dayOr(request.query.from)),
  );

  app.get(
    '/recurring/forecast',
    { schema: schema({ summary: 'Per account, the balance each day for 90 days from the expected income and bills, and the first day below zero or the threshold', querystring: fromQuery, response: { 200: forecast } }) },
    async (request) => {
      const threshold = request.query.threshold === undefined ? (await fastify.notifications.settings(request.userId)).low_balance : request.query.threshold;
      return recurring.forecast(request.userId, dayOr(request.query.from), toMinor(threshold));
    },
  );

  app.get('/recurring/:id', { schema: schema({ summary: 'One recurring item', params: idParams, response: { 200: recurringItem } }) }, async (request) => recurring.get(request.userId, request.params.id, todayUtc()));

  app.patch('/recurring/:id', { schema: schema({ summary: 'Change a recurring item (only the fields sent)', params: idParams, body: updateRecurringRequest, response: { 200: recurringItem } }) }, async (request) =>
    recurring.update(request.userId, request.params.id, request.body, todayUtc()),
  );

  app.delete('/recurring/:id', { schema: schema({ summary: 'Delete a recurring item (its transactions stay)', params: idParams, response: { 200: done } }) }, async (request) => {
    await recurring.remove(request.userId, request.params.id);
    return { message: 'Recurring item deleted' };
  });

  app.put(
    '/recurring/:id/occurrences/:date',
    { schema: schema({ summary: 'Skip one occurrence, or take the skip back (status upcoming)', params: occurrenceParams, body: occurrenceRequest, response: { 200: occurrence } }) },
    async (request) => recurring.setOccurrence(request.userId, request.params.id, request.params.date, request.body.status, todayUtc()),
  );
}

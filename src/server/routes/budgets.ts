import type { FastifyInstance } from 'fastify';
import { amountsRequest, assignRequest, budgetMonth, budgetMonthParams, fillRequest, modeRequest, moveRequest, rolloverRequest, targetRequest } from '../../contract/budgets';
import { withReward } from '../../contract/rewards';
import { areaSchemas, premiumRoutes } from '../routeSchema';

const schema = areaSchemas({ tags: ['budgets'], errors: [400, 401, 403, 404, 422] });

/** Monthly category budgets: a premium area, like goals. Every change answers the month drawn again. */
export default async function budgetsRoutes(fastify: FastifyInstance) {
  const app = premiumRoutes(fastify);
  const budgets = fastify.budgets;

  app.get(
    '/budgets/:month',
    {
      schema: schema({
        summary: 'One month of the category budget',
        description: 'Each expense category with carried in, assigned, activity and available, grouped; ready to assign (envelope) or income against the limits (tracking). Drawn from the monthly rollups.',
        params: budgetMonthParams,
        response: { 200: budgetMonth },
      }),
    },
    async (request) => budgets.month(request.userId, request.params.month),
  );

  app.put(
    '/budgets/:month/assigned',
    { schema: schema({ summary: 'Assign an amount to a category for the month (the limit in tracking mode)', params: budgetMonthParams, body: assignRequest, response: { 200: withReward(budgetMonth) } }) },
    async (request) => budgets.assign(request.userId, request.params.month, request.body),
  );

  app.post(
    '/budgets/:month/move',
    {
      schema: schema({
        summary: 'Move available money from one category to another',
        description: 'At most what is available in from (400 otherwise).',
        params: budgetMonthParams,
        body: moveRequest,
        response: { 200: budgetMonth },
      }),
    },
    async (request) => budgets.move(request.userId, request.params.month, request.body),
  );

  app.put(
    '/budgets/:month/rollover',
    { schema: schema({ summary: 'A category’s rollover from this month on (later months follow)', params: budgetMonthParams, body: rolloverRequest, response: { 200: budgetMonth } }) },
    async (request) => budgets.setRollover(request.userId, request.params.month, request.body),
  );

  app.post(
    '/budgets/:month/fill',
    {
      schema: schema({
        summary: 'Quick fill: last month’s amount, the average spent over 3, 6 or 12 months, underfunded targets, or copy to the next months',
        description:
          'For one category, or every category shown when category is left out. Replaces the month’s amounts of those categories; underfunded raises only the categories whose target asks more than they have; next_months copies this month’s amounts into the `months` after it (3 by default) and answers this month.',
        params: budgetMonthParams,
        body: fillRequest,
        response: { 200: withReward(budgetMonth) },
      }),
    },
    async (request) => budgets.fill(request.userId, request.params.month, request.body),
  );

  app.put(
    '/budgets/:month/mode',
    { schema: schema({ summary: 'Switch between envelope and tracking budgeting; answers this month in the new mode', params: budgetMonthParams, body: modeRequest, response: { 200: budgetMonth } }) },
    async (request) => budgets.setMode(request.userId, request.params.month, request.body.mode),
  );

  app.put(
    '/budgets/:month/amounts',
    {
      schema: schema({
        summary: 'Set several categories’ amounts for the month at once (how a quick fill is undone)',
        params: budgetMonthParams,
        body: amountsRequest,
        response: { 200: withReward(budgetMonth) },
      }),
    },
    async (request) => budgets.setAmounts(request.userId, request.params.month, request.body),
  );

  app.put(
    '/budgets/:month/target',
    {
      schema: schema({
        summary: 'A category’s target: an amount each month, an amount by a month, or a share of income (kind none removes it)',
        description: 'Answers the month with what the target asks of each category (needed) and what is missing (underfunded).',
        params: budgetMonthParams,
        body: targetRequest,
        response: { 200: budgetMonth },
      }),
    },
    async (request) => budgets.setTarget(request.userId, request.params.month, request.body),
  );
}

import type { FastifyInstance } from 'fastify';
import {
  createGoalRequest,
  deleteGoalResponse,
  fundsRequest,
  fundsResponse,
  goal,
  goalIdParams,
  goalList,
  goalsSummary,
  goalTransactionsQuery,
  goalTransactionsResponse,
  goalTransactionSummary,
  MAX_GOALS_PER_USER,
  updateGoalRequest,
} from '../../contract/goals';
import { withReward } from '../../contract/rewards';
import { areaSchemas, premiumRoutes } from '../routeSchema';

const schema = areaSchemas({ tags: ['goals'], errors: [400, 401, 403, 404, 409, 422] });

/** The goals calls ([spec:7-finance]): a premium area (a signed-in user with a trial or a paid plan). */
export default async function goalsRoutes(fastify: FastifyInstance) {
  const app = premiumRoutes(fastify);
  const { goals } = fastify;

  app.get('/goals', { schema: schema({ summary: 'The user’s savings goals, newest first', response: { 200: goalList } }) }, async (request) => goals.list(request.userId));

  app.post(
    '/goals',
    {
      schema: schema({
        summary: 'Create a savings goal',
        description: `initial_amount, when given, is recorded as the goal's first deposit. A user holds at most ${MAX_GOALS_PER_USER} goals.`,
        body: createGoalRequest,
        response: { 201: withReward(goal) },
      }),
    },
    async (request, reply) => {
      const created = await goals.create(request.userId, request.body);
      reply.code(201);
      return created;
    },
  );

  app.get(
    '/goals/progress/summary',
    { schema: schema({ summary: 'Progress across all the user’s goals', response: { 200: goalsSummary } }) },
    async (request) => goals.summary(request.userId),
  );

  app.get('/goals/:id', { schema: schema({ summary: 'One goal', params: goalIdParams, response: { 200: goal } }) }, async (request) =>
    goals.get(request.userId, request.params.id),
  );

  app.put(
    '/goals/:id',
    {
      schema: schema({
        summary: 'Edit a goal',
        description: 'Any subset of name, target_amount, target_date, category, priority, notes. The saved amount changes only through add-funds and withdraw-funds.',
        params: goalIdParams,
        body: updateGoalRequest,
        response: { 200: goal },
      }),
    },
    async (request) => goals.update(request.userId, request.params.id, request.body),
  );

  app.delete(
    '/goals/:id',
    { schema: schema({ summary: 'Delete a goal and its fund history', params: goalIdParams, response: { 200: deleteGoalResponse } }) },
    async (request) => {
      await goals.remove(request.userId, request.params.id);
      return { message: 'Goal deleted successfully', goal_id: request.params.id };
    },
  );

  app.post(
    '/goals/:id/add-funds',
    {
      schema: schema({
        summary: 'Add money to a goal',
        description: 'Answers the updated goal and the fund transaction (transactionData); goal_reached is true when this deposit reached the target.',
        params: goalIdParams,
        body: fundsRequest,
        response: { 200: withReward(fundsResponse) },
      }),
    },
    async (request) => goals.deposit(request.userId, request.params.id, request.body.amount, request.body.note),
  );

  app.post(
    '/goals/:id/withdraw-funds',
    {
      schema: schema({
        summary: 'Take money out of a goal',
        description: 'Refused with 400 when the amount is more than the goal holds; concurrent withdrawals never take a goal below zero.',
        params: goalIdParams,
        body: fundsRequest,
        response: { 200: withReward(fundsResponse) },
      }),
    },
    async (request) => goals.withdraw(request.userId, request.params.id, request.body.amount, request.body.note),
  );

  app.get(
    '/goals/:id/transactions',
    {
      schema: schema({
        summary: 'A goal’s fund history, newest first',
        params: goalIdParams,
        querystring: goalTransactionsQuery,
        response: { 200: goalTransactionsResponse },
      }),
    },
    async (request) => goals.history(request.userId, request.params.id, request.query),
  );

  app.get(
    '/goals/:id/transaction-summary',
    { schema: schema({ summary: 'Totals of a goal’s fund history', params: goalIdParams, response: { 200: goalTransactionSummary } }) },
    async (request) => goals.historySummary(request.userId, request.params.id),
  );
}

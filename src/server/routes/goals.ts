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
} from '../../contract/schemas/goals';
import { withReward } from '../../contract/schemas/rewards';
import { bearerAuth as security, errorResponses, premiumRoutes } from '../routeSchema';
import { goalsService } from '../services/goals';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const tags = ['goals'];

/** Spec §7 goals calls: a premium area (a signed-in user with a trial or a paid plan). */
export default async function goalsRoutes(fastify: FastifyInstance) {
  const app = premiumRoutes(fastify);
  const goals = goalsService({ goals: fastify.repos.goals, users: fastify.repos.users, rewards: fastify.rewards });

  app.get('/goals', { schema: { tags, security, summary: 'The user’s savings goals, newest first', response: { 200: goalList, ...errors } } }, async (request) => goals.list(request.userId));

  app.post(
    '/goals',
    {
      schema: {
        tags,
        security,
        summary: 'Create a savings goal',
        description: `initial_amount, when given, is recorded as the goal's first deposit. A user holds at most ${MAX_GOALS_PER_USER} goals.`,
        body: createGoalRequest,
        response: { 201: withReward(goal), ...errors },
      },
    },
    async (request, reply) => {
      const created = await goals.create(request.userId, request.body);
      reply.code(201);
      return created;
    },
  );

  app.get(
    '/goals/progress/summary',
    { schema: { tags, security, summary: 'Progress across all the user’s goals', response: { 200: goalsSummary, ...errors } } },
    async (request) => goals.summary(request.userId),
  );

  app.get('/goals/:id', { schema: { tags, security, summary: 'One goal', params: goalIdParams, response: { 200: goal, ...errors } } }, async (request) =>
    goals.get(request.userId, request.params.id),
  );

  app.put(
    '/goals/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a goal',
        description: 'Any subset of name, target_amount, target_date, category, priority, notes. The saved amount changes only through add-funds and withdraw-funds.',
        params: goalIdParams,
        body: updateGoalRequest,
        response: { 200: goal, ...errors },
      },
    },
    async (request) => goals.update(request.userId, request.params.id, request.body),
  );

  app.delete(
    '/goals/:id',
    { schema: { tags, security, summary: 'Delete a goal and its fund history', params: goalIdParams, response: { 200: deleteGoalResponse, ...errors } } },
    async (request) => {
      await goals.remove(request.userId, request.params.id);
      return { message: 'Goal deleted successfully', goal_id: request.params.id };
    },
  );

  app.post(
    '/goals/:id/add-funds',
    {
      schema: {
        tags,
        security,
        summary: 'Add money to a goal',
        description: 'Answers the updated goal and the fund transaction (transactionData); goal_reached is true when this deposit reached the target.',
        params: goalIdParams,
        body: fundsRequest,
        response: { 200: withReward(fundsResponse), ...errors },
      },
    },
    async (request) => goals.deposit(request.userId, request.params.id, request.body.amount, request.body.note),
  );

  app.post(
    '/goals/:id/withdraw-funds',
    {
      schema: {
        tags,
        security,
        summary: 'Take money out of a goal',
        description: 'Refused with 400 when the amount is more than the goal holds; concurrent withdrawals never take a goal below zero.',
        params: goalIdParams,
        body: fundsRequest,
        response: { 200: withReward(fundsResponse), ...errors },
      },
    },
    async (request) => goals.withdraw(request.userId, request.params.id, request.body.amount, request.body.note),
  );

  app.get(
    '/goals/:id/transactions',
    {
      schema: {
        tags,
        security,
        summary: 'A goal’s fund history, newest first',
        params: goalIdParams,
        querystring: goalTransactionsQuery,
        response: { 200: goalTransactionsResponse, ...errors },
      },
    },
    async (request) => goals.history(request.userId, request.params.id, request.query),
  );

  app.get(
    '/goals/:id/transaction-summary',
    { schema: { tags, security, summary: 'Totals of a goal’s fund history', params: goalIdParams, response: { 200: goalTransactionSummary, ...errors } } },
    async (request) => goals.historySummary(request.userId, request.params.id),
  );
}

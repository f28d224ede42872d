import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../contract/schemas/errors';
import {
  createGoalRequest,
  deleteGoalResponse,
  earliestTargetDate,
  fundsRequest,
  fundsResponse,
  goal,
  goalIdParams,
  goalList,
  goalsSummary,
  goalTransactionsQuery,
  goalTransactionsResponse,
  goalTransactionSummary,
  MAX_AMOUNT,
  MAX_GOALS_PER_USER,
  updateGoalRequest,
} from '../../contract/schemas/goals';
import { fromMinor, toMinor } from '../../contract/money';
import { withReward } from '../../contract/schemas/rewards';
import { badRequest, conflict, InsufficientFundsError, notFound, unprocessable } from '../errors';
import type { FundMoveType } from '../repositories/goals';
import { summarizeGoals, toFundTransaction, toGoal } from '../services/goalPlan';

const GOAL_NOT_FOUND = 'Goal not found';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const security = [{ bearerAuth: [] }];
const tags = ['goals'];

const blankToNull = (text: string | null | undefined) => (text ? text : null);

/** Spec §7 goals calls. Every route here needs a signed-in user; access hooks join the one below. */
export default async function goalsRoutes(fastify: FastifyInstance) {
  fastify.addHook('onRequest', fastify.authenticate);
  // Premium feature: a trial or a paid plan (403 with a detail otherwise).
  fastify.addHook('preHandler', fastify.requireAccess);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { repos } = fastify;

  app.get('/goals', { schema: { tags, security, summary: 'The user’s savings goals, newest first', response: { 200: goalList, ...errors } } }, async (request) => {
    const rows = await repos.goals.list(request.userId, MAX_GOALS_PER_USER);
    const now = new Date();
    return rows.map((row) => toGoal(row, now));
  });

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
      const body = request.body;
      const result = await repos.goals.create(
        request.userId,
        {
          name: body.name,
          targetAmountMinor: toMinor(body.target_amount),
          targetDate: body.target_date,
          category: body.category,
          priority: body.priority,
          notes: blankToNull(body.notes),
          initialAmountMinor: body.initial_amount === undefined ? 0 : toMinor(body.initial_amount),
        },
        MAX_GOALS_PER_USER,
      );
      if (result.kind === 'limit_reached') throw conflict(`You can have at most ${MAX_GOALS_PER_USER} goals. Delete one you no longer need to add another.`);
      const created = result.goal;
      const reward = await fastify.rewards.record(request.userId, { type: 'goal.created', goalId: created.id, savedMinor: created.currentAmountMinor, targetMinor: created.targetAmountMinor });
      reply.code(201);
      return { ...toGoal(created), ...(reward ? { reward } : {}) };
    },
  );

  app.get(
    '/goals/progress/summary',
    { schema: { tags, security, summary: 'Progress across all the user’s goals', response: { 200: goalsSummary, ...errors } } },
    async (request) => summarizeGoals(await repos.goals.list(request.userId, MAX_GOALS_PER_USER)),
  );

  app.get('/goals/:id', { schema: { tags, security, summary: 'One goal', params: goalIdParams, response: { 200: goal, ...errors } } }, async (request) => {
    const row = await repos.goals.find(request.userId, request.params.id);
    if (!row) throw notFound(GOAL_NOT_FOUND);
    return toGoal(row);
  });

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
    async (request) => {
      const { userId } = request;
      const { id } = request.params;
      const body = request.body;
      const current = await repos.goals.find(userId, id);
      if (!current) throw notFound(GOAL_NOT_FOUND);
      // A date already in the past may stay (the goal is overdue); a new one must lie ahead.
      if (body.target_date !== undefined && body.target_date !== current.targetDate && body.target_date < earliestTargetDate()) {
        throw unprocessable('target_date must be today or later');
      }
      const row = await repos.goals.update(userId, id, {
        name: body.name,
        targetAmountMinor: body.target_amount === undefined ? undefined : toMinor(body.target_amount),
        targetDate: body.target_date,
        category: body.category,
        priority: body.priority,
        notes: body.notes === undefined ? undefined : blankToNull(body.notes),
      });
      if (!row) throw notFound(GOAL_NOT_FOUND);
      return toGoal(row);
    },
  );

  app.delete(
    '/goals/:id',
    { schema: { tags, security, summary: 'Delete a goal and its fund history', params: goalIdParams, response: { 200: deleteGoalResponse, ...errors } } },
    async (request) => {
      if (!(await repos.goals.remove(request.userId, request.params.id))) throw notFound(GOAL_NOT_FOUND);
      return { message: 'Goal deleted successfully', goal_id: request.params.id };
    },
  );

  const moveFunds = async (userId: string, goalId: string, type: FundMoveType, amount: number, note: string | null | undefined) => {
    const amountMinor = toMinor(amount);
    const result = await repos.goals.moveFunds(userId, goalId, type, amountMinor, blankToNull(note), toMinor(MAX_AMOUNT));
    switch (result.kind) {
      case 'not_found':
        throw notFound(GOAL_NOT_FOUND);
      case 'insufficient': {
        // Amounts with the account's currency ("€1,000.00"), as the user sees them everywhere else.
        const currency = (await repos.users.findById(userId))?.currency ?? 'USD';
        const inCurrency = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(fromMinor(minor));
        throw new InsufficientFundsError(
          result.availableMinor === 0
            ? `Cannot withdraw ${inCurrency(amountMinor)}: nothing is saved in this goal yet.`
            : `Cannot withdraw ${inCurrency(amountMinor)}: only ${inCurrency(result.availableMinor)} is saved in this goal.`,
        );
      }
      case 'too_large':
        throw badRequest('This deposit would take the goal above the largest balance a goal can hold.');
      case 'moved': {
        const { goal: moved, transaction } = result;
        const reward =
          type === 'deposit'
            ? await fastify.rewards.record(userId, { type: 'goal.funded', goalId: moved.id, goalName: moved.name, fundId: transaction.id, beforeMinor: transaction.balanceAfterMinor - amountMinor, afterMinor: moved.currentAmountMinor, targetMinor: moved.targetAmountMinor })
            : undefined;
        return {
          message: type === 'deposit' ? 'Funds added successfully' : 'Funds withdrawn successfully',
          goal: toGoal(result.goal),
          transactionData: toFundTransaction(result.transaction),
          goal_reached: result.reached,
          ...(reward ? { reward } : {}),
        };
      }
    }
  };

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
    async (request) => moveFunds(request.userId, request.params.id, 'deposit', request.body.amount, request.body.note),
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
    async (request) => moveFunds(request.userId, request.params.id, 'withdrawal', request.body.amount, request.body.note),
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
    async (request) => {
      const { userId } = request;
      const { id } = request.params;
      if (!(await repos.goals.find(userId, id))) throw notFound(GOAL_NOT_FOUND);
      const { limit, offset, type } = request.query;
      const page = await repos.goals.transactions(userId, id, { limit, offset, type });
      return { goal_id: id, transactions: page.rows.map(toFundTransaction), total: page.total, limit, offset };
    },
  );

  app.get(
    '/goals/:id/transaction-summary',
    { schema: { tags, security, summary: 'Totals of a goal’s fund history', params: goalIdParams, response: { 200: goalTransactionSummary, ...errors } } },
    async (request) => {
      const { userId } = request;
      const { id } = request.params;
      if (!(await repos.goals.find(userId, id))) throw notFound(GOAL_NOT_FOUND);
      const s = await repos.goals.transactionSummary(userId, id);
      return {
        goal_id: id,
        total_deposits: fromMinor(s.deposits),
        total_withdrawals: fromMinor(s.withdrawals),
        net_amount: fromMinor(s.deposits - s.withdrawals),
        deposit_count: s.depositCount,
        withdrawal_count: s.withdrawalCount,
        transaction_count: s.depositCount + s.withdrawalCount,
        average_deposit: s.depositCount > 0 ? fromMinor(Math.round(s.deposits / s.depositCount)) : 0,
        largest_deposit: fromMinor(s.largestDeposit),
        first_transaction_at: s.first?.toISOString() ?? null,
        last_transaction_at: s.last?.toISOString() ?? null,
      };
    },
  );
}

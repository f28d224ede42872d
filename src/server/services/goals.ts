import type { z } from 'zod';
import { fromMinor, toMinor } from '../../contract/money';
import type { Reward } from '../../contract/rewards';
import {
  earliestTargetDate,
  MAX_AMOUNT,
  MAX_GOALS_PER_USER,
  type createGoalRequest,
  type FundsResponse,
  type Goal,
  type GoalTransactionsResponse,
  type GoalTransactionSummary,
  type goalTransactionsQuery,
  type updateGoalRequest,
} from '../../contract/goals';
import { badRequest, conflict, InsufficientFundsError, notFound, unprocessable } from '../errors';
import type { FundMoveType, GoalsRepository } from '../repositories/goals';
import type { UsersRepository } from '../repositories/users';
import { minorMoneyText } from '../money';
import { summarizeGoals, toFundTransaction, toGoal } from './goalPlan';
import type { RewardsService } from './rewards';

export const GOAL_NOT_FOUND = 'Goal not found';

const blankToNull = (text: string | null | undefined) => (text ? text : null);
const withReward = <T extends object>(answer: T, reward: Reward | null | undefined): T & { reward?: Reward } => ({ ...answer, ...(reward ? { reward } : {}) });

/**
 * One user's savings goals ([spec:7-finance] goals calls): the limit on how many, the target-date rule of an
 * edit, fund moves that never take a goal below zero, and the points they earn. Throws domain errors.
 */
export function goalsService(deps: { goals: GoalsRepository; users: Pick<UsersRepository, 'findById'>; rewards: Pick<RewardsService, 'record' | 'takeBack'> }) {
  const { goals, users, rewards } = deps;

  const find = async (userId: string, goalId: string) => {
    const row = await goals.find(userId, goalId);
    if (!row) throw notFound(GOAL_NOT_FOUND);
    return row;
  };

  /** Amounts with the account's currency ("€1,000.00"), as the user sees them everywhere else. */
  const inCurrencyOf = async (userId: string) => {
    const currency = (await users.findById(userId))?.currency ?? 'USD';
    return (minor: number) => minorMoneyText(minor, currency);
  };

  async function moveFunds(userId: string, goalId: string, type: FundMoveType, amount: number, note: string | null | undefined): Promise<FundsResponse & { reward?: Reward }> {
    const amountMinor = toMinor(amount);
    const result = await goals.moveFunds(userId, goalId, type, amountMinor, blankToNull(note), toMinor(MAX_AMOUNT));
    switch (result.kind) {
      case 'not_found':
        throw notFound(GOAL_NOT_FOUND);
      case 'insufficient': {
        const inCurrency = await inCurrencyOf(userId);
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
            ? await rewards.record(userId, {
                type: 'goal.funded',
                goalId: moved.id,
                goalName: moved.name,
                fundId: transaction.id,
                beforeMinor: transaction.balanceAfterMinor - amountMinor,
                afterMinor: moved.currentAmountMinor,
                targetMinor: moved.targetAmountMinor,
              })
            : undefined;
        const answer = {
          message: type === 'deposit' ? 'Funds added successfully' : 'Funds withdrawn successfully',
          goal: toGoal(moved),
          transactionData: toFundTransaction(transaction),
          goal_reached: result.reached,
        };
        return withReward(answer, reward);
      }
    }
  }

  return {
    async list(userId: string): Promise<Goal[]> {
      const rows = await goals.list(userId, MAX_GOALS_PER_USER);
      const now = new Date();
      return rows.map((row) => toGoal(row, now));
    },

    async summary(userId: string) {
      return summarizeGoals(await goals.list(userId, MAX_GOALS_PER_USER));
    },

    async get(userId: string, goalId: string): Promise<Goal> {
      return toGoal(await find(userId, goalId));
    },

    /** `initial_amount`, when given, is the goal's first deposit; at most MAX_GOALS_PER_USER goals (409). */
    async create(userId: string, body: z.output<typeof createGoalRequest>): Promise<Goal & { reward?: Reward }> {
      const result = await goals.create(
        userId,
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
      const reward = await rewards.record(userId, { type: 'goal.created', goalId: created.id, savedMinor: created.currentAmountMinor, targetMinor: created.targetAmountMinor });
      return withReward(toGoal(created), reward);
    },

    async update(userId: string, goalId: string, body: z.output<typeof updateGoalRequest>): Promise<Goal> {
      const current = await find(userId, goalId);
      // A date already in the past may stay (the goal is overdue); a new one must lie ahead.
      if (body.target_date !== undefined && body.target_date !== current.targetDate && body.target_date < earliestTargetDate()) {
        throw unprocessable('target_date must be today or later');
      }
      const row = await goals.update(userId, goalId, {
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

    /** Deletes the goal and its fund history; points it earned today are taken back (creating and deleting must not pay). */
    async remove(userId: string, goalId: string): Promise<void> {
      if (!(await goals.remove(userId, goalId))) throw notFound(GOAL_NOT_FOUND);
      await rewards.takeBack(userId, 'goal', goalId);
    },

    /** Adds money; `goal_reached` is true when this deposit reached the target. */
    deposit: (userId: string, goalId: string, amount: number, note?: string | null) => moveFunds(userId, goalId, 'deposit', amount, note),
    /** Takes money out; more than the goal holds is refused (400), also between concurrent withdrawals. */
    withdraw: (userId: string, goalId: string, amount: number, note?: string | null) => moveFunds(userId, goalId, 'withdrawal', amount, note),

    async history(userId: string, goalId: string, query: z.output<typeof goalTransactionsQuery>): Promise<GoalTransactionsResponse> {
      await find(userId, goalId);
      const { limit, offset, type } = query;
      const page = await goals.transactions(userId, goalId, { limit, offset, type });
      return { goal_id: goalId, transactions: page.rows.map(toFundTransaction), total: page.total, limit, offset };
    },

    async historySummary(userId: string, goalId: string): Promise<GoalTransactionSummary> {
      await find(userId, goalId);
      const s = await goals.transactionSummary(userId, goalId);
      return {
        goal_id: goalId,
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
  };
}

export type GoalsService = ReturnType<typeof goalsService>;

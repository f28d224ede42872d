import { MAX_AMOUNT } from './fields';
import type { z } from 'zod';
import type { createGoalRequest, deleteGoalResponse, fundTransaction, fundsRequest, fundsResponse, goal, goalTransactionSummary, goalTransactionsResponse, goalsSummary, updateGoalRequest } from './schemas/goals';

/**
 * Savings goals ([spec:3-transaction] goal_id, [spec:7-finance] goals calls). Amounts are decimal numbers with two places;
 * the server keeps integer cents. Design choices beyond `goal_id`: docs/decisions.md, "Goals".
 */

export const GOAL_CATEGORIES = [
  'emergency_fund',
  'vacation',
  'home',
  'car',
  'education',
  'retirement',
  'wedding',
  'electronics',
  'health',
  'debt_payoff',
  'investment',
  'other',
] as const;
export type GoalCategory = (typeof GOAL_CATEGORIES)[number];

export const GOAL_PRIORITIES = ['low', 'medium', 'high'] as const;
export type GoalPriority = (typeof GOAL_PRIORITIES)[number];

/** completed: saved ≥ target; on_track: saved ≥ the straight-line plan for today; behind; overdue: past the date unfinished. */
export const GOAL_SCHEDULES = ['completed', 'on_track', 'behind', 'overdue'] as const;
export type GoalSchedule = (typeof GOAL_SCHEDULES)[number];

/** A user holds at most this many goals: the list and the summary stay one bounded read. */
export const MAX_GOALS_PER_USER = 100;
/** Amounts (targets, fund moves, balances) stay below this: 100 billion in major units. */
export { MAX_AMOUNT };
export const GOAL_NAME_MAX = 100;
export const GOAL_NOTES_MAX = 500;
export const FUND_NOTE_MAX = 200;
export const GOAL_HISTORY_DEFAULTS = { limit: 50, offset: 0 } as const;
export const GOAL_HISTORY_MAX_LIMIT = 100;

/** The default messages ([spec:8-message]) of the goals calls (detail, then message, then these). */
export const goalMessages = {
  fetchGoals: 'Failed to fetch goals',
  fetchGoal: 'Failed to fetch goal',
  fetchSummary: 'Failed to fetch goals progress',
  createGoal: 'Failed to create goal',
  updateGoal: 'Failed to update goal',
  deleteGoal: 'Failed to delete goal',
  addFunds: 'Failed to add funds to goal',
  withdrawFunds: 'Failed to withdraw funds from goal',
  fetchTransactions: 'Failed to fetch goal transactions',
  fetchTransactionSummary: 'Failed to fetch goal transaction summary',
} as const;

/** The success toasts ([spec:8-success]) of the goals flows. */
export const goalToasts = {
  created: 'Goal created successfully!',
  updated: 'Goal updated successfully!',
  fundsAdded: 'Funds added to goal successfully!',
  fundsWithdrawn: 'Funds withdrawn from goal successfully!',
} as const;

const isoDay = (day: Date) => day.toISOString().slice(0, 10);
/** The earliest target date accepted: yesterday in UTC, so a user west of UTC can still pick their "today". */
export const earliestTargetDate = (now = new Date()) => isoDay(new Date(now.getTime() - 86_400_000));
export const LATEST_TARGET_DATE = '2100-12-31';
export type CreateGoalRequest = z.input<typeof createGoalRequest>;
export type UpdateGoalRequest = z.input<typeof updateGoalRequest>;
export type FundsRequest = z.input<typeof fundsRequest>;
export type Goal = z.infer<typeof goal>;
export type GoalsSummary = z.infer<typeof goalsSummary>;
export type FundTransaction = z.infer<typeof fundTransaction>;
export type FundsResponse = z.infer<typeof fundsResponse>;
/** What a client sends (the schema coerces query strings). */
export interface GoalTransactionsQuery {
  limit?: number;
  offset?: number;
  type?: 'deposit' | 'withdrawal';
}
export type GoalTransactionsResponse = z.infer<typeof goalTransactionsResponse>;
export type GoalTransactionSummary = z.infer<typeof goalTransactionSummary>;
export type DeleteGoalResponse = z.infer<typeof deleteGoalResponse>;

import * as z from 'zod/mini';
import { addDays, today } from './calendar';
import { MAX_AMOUNT, atMost, calendarDate, money, text } from './fields';

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

/** The earliest target date accepted: yesterday in UTC, so a user west of UTC can still pick their "today". */
export const earliestTargetDate = (now = new Date()) => addDays(today(now), -1);
export const LATEST_TARGET_DATE = '2100-12-31';
/** What a client sends (the schema coerces query strings). */
export interface GoalTransactionsQuery {
  limit?: number;
  offset?: number;
  type?: 'deposit' | 'withdrawal';
}

/**
 * The goal rules (create, edit, add and withdraw funds): the forms check them before sending and
 * the server's schemas are these, so both refuse the same input in the same words.
 */

/** A positive amount with at most two decimals (at least 0.01), below MAX_AMOUNT; every message names the field. */
export const positiveAmount = (field: string) => money(field);

const targetDate = calendarDate('target_date', '2030-12-31').check(z.refine((d: string) => d <= LATEST_TARGET_DATE, `target_date must be on or before ${LATEST_TARGET_DATE}`));

const name = text('name', z.trim(), z.minLength(1, 'name is required'), atMost('name', GOAL_NAME_MAX));

const notes = z.optional(z.nullable(text('notes', z.trim(), atMost('notes', GOAL_NOTES_MAX))));

export const goalCategory = z.enum(GOAL_CATEGORIES, { error: `category must be one of ${GOAL_CATEGORIES.join(', ')}` });
export const goalPriority = z.enum(GOAL_PRIORITIES, { error: `priority must be one of ${GOAL_PRIORITIES.join(', ')}` });

export const createGoalRequest = z.strictObject({
  name,
  target_amount: positiveAmount('target_amount'),
  target_date: targetDate.check(z.refine((d: string) => d >= earliestTargetDate(), 'target_date must be today or later')),
  category: z._default(goalCategory, 'other'),
  priority: z._default(goalPriority, 'medium'),
  notes,
  /** Money already put aside: recorded as the first deposit of the goal's history. */
  initial_amount: z.optional(positiveAmount('initial_amount')),
});

/** Any subset of the goal's own fields; the saved amount only moves through add-funds and withdraw-funds. */
export const updateGoalRequest = z.strictObject({
  name: z.optional(name),
  target_amount: z.optional(positiveAmount('target_amount')),
  target_date: z.optional(targetDate),
  category: z.optional(goalCategory),
  priority: z.optional(goalPriority),
  notes,
});

/** POST /goals/{id}/add-funds and /withdraw-funds. */
export const fundsRequest = z.strictObject({
  amount: positiveAmount('amount'),
  note: z.optional(z.nullable(text('note', z.trim(), atMost('note', FUND_NOTE_MAX)))),
});

const category = goalCategory;
const priority = goalPriority;

export const goalIdParams = z.object({ id: z.uuid({ error: 'id must be a goal id (a UUID)' }) });

export const goal = z
  .object({
    goal_id: z.string(),
    name: z.string(),
    target_amount: z.number(),
    current_amount: z.number(),
    remaining_amount: z.number(),
    /** Saved / target in percent, one decimal, capped at 100. */
    progress_percentage: z.number(),
    target_date: z.string(),
    category: category,
    priority: priority,
    notes: z.nullable(z.string()),
    status: z.enum(['active', 'completed']),
    schedule: z.enum(GOAL_SCHEDULES),
    on_track: z.boolean(),
    /** Where the straight-line plan from the creation day to the target date says the goal should be today. */
    expected_amount: z.number(),
    /** Whole days until the target date (negative once it has passed). */
    days_remaining: z.number().check(z.int()),
    /** What to put aside each month from now to reach the target on time (everything left once less than a month remains). */
    monthly_needed: z.number(),
    completed_at: z.nullable(z.string()),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .register(z.globalRegistry, { id: 'Goal' });

export const goalList = z.array(goal);

export const goalsSummary = z
  .object({
    total_goals: z.number().check(z.int()),
    active_goals: z.number().check(z.int()),
    completed_goals: z.number().check(z.int()),
    on_track_goals: z.number().check(z.int()),
    behind_goals: z.number().check(z.int()),
    overdue_goals: z.number().check(z.int()),
    total_target_amount: z.number(),
    total_saved_amount: z.number(),
    total_remaining_amount: z.number(),
    /** Saved toward the targets (each goal counted up to its target) over all targets, in percent. */
    overall_progress_percentage: z.number(),
    /** The sum of every active goal's monthly_needed. */
    monthly_needed_total: z.number(),
  })
  .register(z.globalRegistry, { id: 'GoalsSummary' });

export const fundTransaction = z
  .object({
    transaction_id: z.string(),
    goal_id: z.string(),
    type: z.enum(['deposit', 'withdrawal']),
    amount: z.number(),
    /** The goal's saved amount right after this move. */
    balance_after: z.number(),
    note: z.nullable(z.string()),
    created_at: z.string(),
  })
  .register(z.globalRegistry, { id: 'GoalFundTransaction' });

export const fundsResponse = z.object({
  message: z.string(),
  goal,
  transactionData: fundTransaction,
  /** True when this deposit took the goal to its target. */
  goal_reached: z.boolean(),
});

export const goalTransactionsQuery = z.object({
  limit: z._default(z.coerce
    .number({ error: 'limit must be a whole number' })
    .check(z.int('limit must be a whole number'), z.gte(1, 'limit must be at least 1'), z.lte(GOAL_HISTORY_MAX_LIMIT, `limit must be at most ${GOAL_HISTORY_MAX_LIMIT}`)), GOAL_HISTORY_DEFAULTS.limit),
  offset: z._default(z.coerce.number({ error: 'offset must be a whole number' }).check(z.int('offset must be a whole number'), z.gte(0, 'offset must be 0 or more')), GOAL_HISTORY_DEFAULTS.offset),
  type: z.optional(z.enum(['deposit', 'withdrawal'], { error: 'type must be deposit or withdrawal' })),
});

export const goalTransactionsResponse = z.object({
  goal_id: z.string(),
  transactions: z.array(fundTransaction),
  total: z.number().check(z.int()),
  limit: z.number().check(z.int()),
  offset: z.number().check(z.int()),
});

export const goalTransactionSummary = z
  .object({
    goal_id: z.string(),
    total_deposits: z.number(),
    total_withdrawals: z.number(),
    net_amount: z.number(),
    deposit_count: z.number().check(z.int()),
    withdrawal_count: z.number().check(z.int()),
    transaction_count: z.number().check(z.int()),
    average_deposit: z.number(),
    largest_deposit: z.number(),
    first_transaction_at: z.nullable(z.string()),
    last_transaction_at: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'GoalTransactionSummary' });

export const deleteGoalResponse = z.object({ message: z.string(), goal_id: z.string() });

export type CreateGoalRequest = z.input<typeof createGoalRequest>;
export type UpdateGoalRequest = z.input<typeof updateGoalRequest>;
export type FundsRequest = z.input<typeof fundsRequest>;
export type Goal = z.infer<typeof goal>;
export type GoalsSummary = z.infer<typeof goalsSummary>;
export type FundTransaction = z.infer<typeof fundTransaction>;
export type FundsResponse = z.infer<typeof fundsResponse>;
export type GoalTransactionsResponse = z.infer<typeof goalTransactionsResponse>;
export type GoalTransactionSummary = z.infer<typeof goalTransactionSummary>;
export type DeleteGoalResponse = z.infer<typeof deleteGoalResponse>;

import { z } from 'zod';
import { calendarDate, MAX_AMOUNT, money, text } from './fields';

/**
 * Savings goals (spec §3 Goal, §7 goals calls). Amounts are decimal numbers with two places;
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

/** Spec §8 default messages of the goals calls (detail, then message, then these). */
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

/** Spec §8 success toasts of the goals flows. */
export const goalToasts = {
  created: 'Goal created successfully!',
  updated: 'Goal updated successfully!',
  fundsAdded: 'Funds added to goal successfully!',
  fundsWithdrawn: 'Funds withdrawn from goal successfully!',
} as const;

/** A positive amount with at most two decimals (at least 0.01), below MAX_AMOUNT; every message names the field. */
export const positiveAmount = (field: string) => money(field);

const isoDay = (day: Date) => day.toISOString().slice(0, 10);
/** The earliest target date accepted: yesterday in UTC, so a user west of UTC can still pick their "today". */
export const earliestTargetDate = (now = new Date()) => isoDay(new Date(now.getTime() - 86_400_000));
export const LATEST_TARGET_DATE = '2100-12-31';

const targetDate = calendarDate('target_date', '2030-12-31')
  .refine((d) => d <= LATEST_TARGET_DATE, `target_date must be on or before ${LATEST_TARGET_DATE}`);

const name = text('name')
  .trim()
  .min(1, 'name is required')
  .max(GOAL_NAME_MAX, `name must be at most ${GOAL_NAME_MAX} characters`);

const notes = text('notes')
  .trim()
  .max(GOAL_NOTES_MAX, `notes must be at most ${GOAL_NOTES_MAX} characters`)
  .nullable()
  .optional();

const category = z.enum(GOAL_CATEGORIES, { error: `category must be one of ${GOAL_CATEGORIES.join(', ')}` });
const priority = z.enum(GOAL_PRIORITIES, { error: `priority must be one of ${GOAL_PRIORITIES.join(', ')}` });

export const goalIdParams = z.object({ id: z.uuid({ error: 'id must be a goal id (a UUID)' }) });

export const createGoalRequest = z
  .object({
    name,
    target_amount: positiveAmount('target_amount'),
    target_date: targetDate.refine((d) => d >= earliestTargetDate(), 'target_date must be today or later'),
    category: category.default('other'),
    priority: priority.default('medium'),
    notes,
    /** Money already put aside: recorded as the first deposit of the goal's history. */
    initial_amount: positiveAmount('initial_amount').optional(),
  })
  .strict();
export type CreateGoalRequest = z.input<typeof createGoalRequest>;

/** Any subset of the goal's own fields; the saved amount only moves through add-funds and withdraw-funds. */
export const updateGoalRequest = z
  .object({
    name: name.optional(),
    target_amount: positiveAmount('target_amount').optional(),
    target_date: targetDate.optional(),
    category: category.optional(),
    priority: priority.optional(),
    notes,
  })
  .strict();
export type UpdateGoalRequest = z.input<typeof updateGoalRequest>;

export const fundsRequest = z
  .object({
    amount: positiveAmount('amount'),
    note: text('note')
      .trim()
      .max(FUND_NOTE_MAX, `note must be at most ${FUND_NOTE_MAX} characters`)
      .nullable()
      .optional(),
  })
  .strict();
export type FundsRequest = z.input<typeof fundsRequest>;

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
    notes: z.string().nullable(),
    status: z.enum(['active', 'completed']),
    schedule: z.enum(GOAL_SCHEDULES),
    on_track: z.boolean(),
    /** Where the straight-line plan from the creation day to the target date says the goal should be today. */
    expected_amount: z.number(),
    /** Whole days until the target date (negative once it has passed). */
    days_remaining: z.number().int(),
    /** What to put aside each month from now to reach the target on time (everything left once less than a month remains). */
    monthly_needed: z.number(),
    completed_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Goal' });
export type Goal = z.infer<typeof goal>;

export const goalList = z.array(goal);

export const goalsSummary = z
  .object({
    total_goals: z.number().int(),
    active_goals: z.number().int(),
    completed_goals: z.number().int(),
    on_track_goals: z.number().int(),
    behind_goals: z.number().int(),
    overdue_goals: z.number().int(),
    total_target_amount: z.number(),
    total_saved_amount: z.number(),
    total_remaining_amount: z.number(),
    /** Saved toward the targets (each goal counted up to its target) over all targets, in percent. */
    overall_progress_percentage: z.number(),
    /** The sum of every active goal's monthly_needed. */
    monthly_needed_total: z.number(),
  })
  .meta({ id: 'GoalsSummary' });
export type GoalsSummary = z.infer<typeof goalsSummary>;

export const fundTransaction = z
  .object({
    transaction_id: z.string(),
    goal_id: z.string(),
    type: z.enum(['deposit', 'withdrawal']),
    amount: z.number(),
    /** The goal's saved amount right after this move. */
    balance_after: z.number(),
    note: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'GoalFundTransaction' });
export type FundTransaction = z.infer<typeof fundTransaction>;

export const fundsResponse = z.object({
  message: z.string(),
  goal,
  transactionData: fundTransaction,
  /** True when this deposit took the goal to its target. */
  goal_reached: z.boolean(),
});
export type FundsResponse = z.infer<typeof fundsResponse>;

export const goalTransactionsQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(GOAL_HISTORY_MAX_LIMIT, `limit must be at most ${GOAL_HISTORY_MAX_LIMIT}`)
    .default(GOAL_HISTORY_DEFAULTS.limit),
  offset: z.coerce.number({ error: 'offset must be a whole number' }).int('offset must be a whole number').min(0, 'offset must be 0 or more').default(GOAL_HISTORY_DEFAULTS.offset),
  type: z.enum(['deposit', 'withdrawal'], { error: 'type must be deposit or withdrawal' }).optional(),
});
/** What a client sends (the schema coerces query strings). */
export interface GoalTransactionsQuery {
  limit?: number;
  offset?: number;
  type?: 'deposit' | 'withdrawal';
}

export const goalTransactionsResponse = z.object({
  goal_id: z.string(),
  transactions: z.array(fundTransaction),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type GoalTransactionsResponse = z.infer<typeof goalTransactionsResponse>;

export const goalTransactionSummary = z
  .object({
    goal_id: z.string(),
    total_deposits: z.number(),
    total_withdrawals: z.number(),
    net_amount: z.number(),
    deposit_count: z.number().int(),
    withdrawal_count: z.number().int(),
    transaction_count: z.number().int(),
    average_deposit: z.number(),
    largest_deposit: z.number(),
    first_transaction_at: z.string().nullable(),
    last_transaction_at: z.string().nullable(),
  })
  .meta({ id: 'GoalTransactionSummary' });
export type GoalTransactionSummary = z.infer<typeof goalTransactionSummary>;

export const deleteGoalResponse = z.object({ message: z.string(), goal_id: z.string() });
export type DeleteGoalResponse = z.infer<typeof deleteGoalResponse>;

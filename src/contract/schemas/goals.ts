import { GOAL_HISTORY_DEFAULTS, GOAL_HISTORY_MAX_LIMIT, GOAL_SCHEDULES } from '../goals';
import { z } from 'zod';
export * from '../goals';


/** Create, edit and fund moves: the form rules (zod/mini, shared with the web's forms). */
export { createGoalRequest, fundsRequest, positiveAmount, updateGoalRequest } from '../rules/goals';
import { goalCategory as category, goalPriority as priority } from '../rules/goals';

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

export const fundsResponse = z.object({
  message: z.string(),
  goal,
  transactionData: fundTransaction,
  /** True when this deposit took the goal to its target. */
  goal_reached: z.boolean(),
});

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

export const goalTransactionsResponse = z.object({
  goal_id: z.string(),
  transactions: z.array(fundTransaction),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

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

export const deleteGoalResponse = z.object({ message: z.string(), goal_id: z.string() });

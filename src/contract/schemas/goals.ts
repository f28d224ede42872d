import { calendarDate, money, text } from './fields';
import { FUND_NOTE_MAX, GOAL_CATEGORIES, GOAL_HISTORY_DEFAULTS, GOAL_HISTORY_MAX_LIMIT, GOAL_NAME_MAX, GOAL_NOTES_MAX, GOAL_PRIORITIES, GOAL_SCHEDULES, LATEST_TARGET_DATE, earliestTargetDate } from '../goals';
import { z } from 'zod';
export * from '../goals';


/** A positive amount with at most two decimals (at least 0.01), below MAX_AMOUNT; every message names the field. */
export const positiveAmount = (field: string) => money(field);

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

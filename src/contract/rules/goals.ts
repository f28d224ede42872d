import * as z from 'zod/mini';
import { FUND_NOTE_MAX, GOAL_CATEGORIES, GOAL_NAME_MAX, GOAL_NOTES_MAX, GOAL_PRIORITIES, LATEST_TARGET_DATE, earliestTargetDate } from '../goals';
import { atMost, calendarDate, money, text } from './fields';

/**
 * The goal rules (create, edit, add and withdraw funds): the forms check them before sending and
 * the server's schemas (../schemas/goals) are these, so both refuse the same input in the same words.
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

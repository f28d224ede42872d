import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { GOAL_CATEGORIES, GOAL_PRIORITIES } from '../../../contract/goals';
import { users } from './auth';

/** Savings goals; amounts in integer cents. The saved amount moves only through goal_transactions. */
export const goals = pgTable(
  'goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    targetAmountMinor: bigint('target_amount_minor', { mode: 'number' }).notNull(),
    currentAmountMinor: bigint('current_amount_minor', { mode: 'number' }).notNull().default(0),
    targetDate: date('target_date', { mode: 'string' }).notNull(),
    category: text('category', { enum: GOAL_CATEGORIES }).notNull().default('other'),
    priority: text('priority', { enum: GOAL_PRIORITIES }).notNull().default('medium'),
    notes: text('notes'),
    /** Set when the saved amount reaches the target, cleared when it falls below again. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('goals_user_created_idx').on(t.userId, t.createdAt),
    // The last line of defence behind the row lock: a goal can never hold less than nothing.
    check('goals_current_amount_not_negative', sql`${t.currentAmountMinor} >= 0`),
    check('goals_target_amount_positive', sql`${t.targetAmountMinor} > 0`),
  ],
);

/** The fund history of a goal: one row per deposit or withdrawal, with the balance it left. */
export const goalTransactions = pgTable(
  'goal_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order; fund moves on one goal are serialised by its row lock, so this is their real order. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    goalId: uuid('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['deposit', 'withdrawal'] }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'number' }).notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('goal_transactions_goal_seq_idx').on(t.goalId, t.seq),
    index('goal_transactions_user_idx').on(t.userId),
    check('goal_transactions_amount_positive', sql`${t.amountMinor} > 0`),
    check('goal_transactions_balance_not_negative', sql`${t.balanceAfterMinor} >= 0`),
  ],
);

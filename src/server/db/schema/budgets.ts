import { sql } from 'drizzle-orm';
import { bigint, check, date, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { BUDGET_MODES, ROLLOVERS, TARGET_KINDS } from '../../../contract/budgets';
import { users } from './auth';

/** The user's budget mode (migration 0035); no row means envelope. */
export const budgetSettings = pgTable(
  'budget_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: BUDGET_MODES }).notNull().default('envelope'),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [check('budget_settings_mode_valid', sql`${t.mode} in ('envelope', 'tracking')`)],
);

/** What is assigned (envelope) or the limit (tracking) per category and month (its first day), in cents. */
export const budgetAssignments = pgTable(
  'budget_assignments',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    assignedMinor: bigint('assigned_minor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'budget_assignments_pkey', columns: [t.userId, t.month, t.category] })],
);

/** A category's rollover from `from_month` on, until a later row for the same category. */
export const budgetRollovers = pgTable(
  'budget_rollovers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    fromMonth: date('from_month', { mode: 'string' }).notNull(),
    rollover: text('rollover', { enum: ROLLOVERS }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'budget_rollovers_pkey', columns: [t.userId, t.category, t.fromMonth] }),
    check('budget_rollovers_rollover_valid', sql`${t.rollover} in ('none', 'surplus', 'full')`),
  ],
);

/** A category's target (migration 0057): monthly amount, amount by a month, or a share of the month's income. */
export const budgetTargets = pgTable(
  'budget_targets',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    kind: text('kind', { enum: TARGET_KINDS }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    byMonth: date('by_month', { mode: 'string' }),
    percent: numeric('percent', { precision: 5, scale: 2 }),
  },
  (t) => [
    primaryKey({ name: 'budget_targets_pkey', columns: [t.userId, t.category] }),
    check('budget_targets_kind_valid', sql`${t.kind} in ('monthly', 'by_date', 'income_share')`),
  ],
);

/**
 * A number per user that statement triggers bump with every change of budget_assignments or
 * transaction_monthly_totals (migration 0074): the budget's cached month parts are valid while it stays.
 */
export const budgetDataVersions = pgTable('budget_data_versions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

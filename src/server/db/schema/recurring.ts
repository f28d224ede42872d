import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './auth';
import { transactions } from './transactions';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A recurring bill, subscription, income or transfer (migration 0044). The schedule is an RFC 5545
 * RRULE from `start_date`; occurrences are computed from it, never stored ahead.
 */
export const recurringItems = pgTable(
  'recurring_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Matched case-insensitively against a transaction's merchant (or its description when it has none). */
    merchantPattern: text('merchant_pattern').notNull(),
    category: text('category'),
    kind: text('kind', { enum: ['bill', 'subscription', 'income', 'transfer'] }).notNull(),
    /** The expected amount, positive; a variable bill also has its range. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    amountMinMinor: bigint('amount_min_minor', { mode: 'number' }),
    amountMaxMinor: bigint('amount_max_minor', { mode: 'number' }),
    rrule: text('rrule').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    weekendShift: text('weekend_shift', { enum: ['none', 'before', 'after'] })
      .notNull()
      .default('none'),
    autoPost: boolean('auto_post').notNull().default(false),
    source: text('source', { enum: ['manual', 'detected'] })
      .notNull()
      .default('manual'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('recurring_items_user_idx').on(t.userId, t.createdAt),
    check('recurring_items_amount_positive', sql`${t.amountMinor} > 0`),
    check('recurring_items_range', sql`${t.amountMinMinor} IS NULL OR ${t.amountMaxMinor} IS NULL OR ${t.amountMinMinor} <= ${t.amountMaxMinor}`),
  ],
);

/** What was decided about one occurrence: matched to a transaction, skipped, or posted by auto-post. */
export const recurringOccurrences = pgTable(
  'recurring_occurrences',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => recurringItems.id, { onDelete: 'cascade' }),
    dueDate: date('due_date').notNull(),
    userId: uuid('user_id').notNull(),
    status: text('status', { enum: ['matched', 'skipped', 'posted'] }).notNull(),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.dueDate] })],
);

/** Detected suggestions the person dismissed (by merchant key and direction), so they are not offered again. */
export const recurringDismissals = pgTable(
  'recurring_dismissals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** The notification centre. `dedupe_key` (unique per user) makes each notice happen once, whichever process finds it. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The app path of the thing it is about. */
    link: text('link'),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    readAt: at('read_at'),
    dismissedAt: at('dismissed_at'),
    emailedAt: at('emailed_at'),
    /** Found in the user's quiet hours: hidden and unmailed until this moment (null: delivered). */
    deliverAt: at('deliver_at'),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_key').on(t.userId, t.dedupeKey),
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_deliver_idx').on(t.deliverAt).where(sql`${t.deliverAt} is not null`),
  ],
);

export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dueDays: integer('due_days').notNull().default(3),
  lowBalanceMinor: bigint('low_balance_minor', { mode: 'number' }).notNull().default(0),
  emailKinds: text('email_kinds').array().notNull().default(sql`'{}'`),
  /** Quiet hours as HH:MM in `time_zone` (both or neither); they may cross midnight. */
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  timeZone: text('time_zone').notNull().default('UTC'),
  weeklyDigest: boolean('weekly_digest').notNull().default(false),
  /** The Monday (YYYY-MM-DD) of the last week a digest was sent for. */
  digestWeek: text('digest_week'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** The secret iCalendar feed URL of a user's upcoming bills: only its token's SHA-256 is kept. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash').on(t.tokenHash)],
);

/** One row per scheduled job: the process holding its lease and when the last finished run was. */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  owner: text('owner'),
  leaseUntil: at('lease_until'),
  lastRunAt: at('last_run_at'),
});

import { bigint, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Spending per user, day and merchant: kept by triggers on `transactions` (migration
 * `dashboard_merchant_rollup`) in the same database transaction as every write, so the
 * dashboard's top merchants never scan transactions. Expenses with a merchant only.
 */
export const transactionMerchantDaily = pgTable(
  'transaction_merchant_daily',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    merchant: text('merchant').notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ name: 'transaction_merchant_daily_pkey', columns: [t.userId, t.day, t.merchant] })],
);

/**
 * The same sums per calendar month (`month` is its first day), kept by the same trigger
 * (migration `dashboard_merchant_monthly`). Long periods read whole months here and only the
 * partial months at either edge from the daily table.
 */
export const transactionMerchantMonthly = pgTable(
  'transaction_merchant_monthly',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    merchant: text('merchant').notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ name: 'transaction_merchant_monthly_pkey', columns: [t.userId, t.month, t.merchant] })],
);

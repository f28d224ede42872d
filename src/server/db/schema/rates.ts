import { sql } from 'drizzle-orm';
import { check, date, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Exchange rates (migration 0045): 1 `base` = `rate` `quote` on `date`, an exact decimal. A user's
 * own rates (typed, imported) carry user_id; the scheduled provider's reference rates have none and
 * are read by everyone.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    rate: numeric('rate', { precision: 28, scale: 10 }).notNull(),
    source: text('source', { enum: ['typed', 'import', 'provider'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check('exchange_rates_positive', sql`${t.rate} > 0`),
    check('exchange_rates_codes', sql`${t.base} ~ '^[A-Z]{3}$' and ${t.quote} ~ '^[A-Z]{3}$' and ${t.base} <> ${t.quote}`),
    check('exchange_rates_source_valid', sql`${t.source} in ('typed', 'import', 'provider')`),
    uniqueIndex('exchange_rates_user_key').on(t.userId, t.base, t.quote, t.date, t.source).where(sql`${t.userId} is not null`),
    uniqueIndex('exchange_rates_shared_key').on(t.base, t.quote, t.date, t.source).where(sql`${t.userId} is null`),
  ],
);

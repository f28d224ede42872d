import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ACCOUNT_KINDS } from '../../../contract/accounts';
import { users } from './auth';

/**
 * Money accounts (a checking account, a card, a loan, a house): every transaction belongs to one
 * (migration 0031). Balances are signed minor units in the account's currency: a liability's
 * balance is negative. `bank_account_id` is the bank's own id of the account, for bank files.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    /** ISO 4217 code; amounts are integer minor units of it. */
    currency: text('currency').notNull(),
    onBudget: boolean('on_budget').notNull().default(true),
    openingBalanceMinor: bigint('opening_balance_minor', { mode: 'number' }).notNull().default(0),
    openingDate: date('opening_date', { mode: 'string' }).notNull(),
    institution: text('institution'),
    last4: text('last4'),
    bankAccountId: text('bank_account_id'),
    closed: boolean('closed').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** The last reconciliation: statement date and balance. */
    reconciledDate: date('reconciled_date', { mode: 'string' }),
    reconciledBalanceMinor: bigint('reconciled_balance_minor', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'accounts_kind_valid',
      sql`${t.kind} in ('checking', 'savings', 'credit_card', 'cash', 'loan', 'mortgage', 'investment', 'property', 'vehicle', 'crypto', 'other_asset', 'other_liability')`,
    ),
    check('accounts_currency_code', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('accounts_last4_digits', sql`${t.last4} ~ '^[0-9]{4}$'`),
    uniqueIndex('accounts_user_name_key').on(t.userId, sql`lower(${t.name})`),
    index('accounts_user_position_idx').on(t.userId, t.position),
  ],
);

/**
 * Per account and month: the signed change of every row (income +, expense −; transfers and
 * valuations included) and its cleared part. Written only by the trigger on `transactions`.
 */
export const accountMonthlyTotals = pgTable(
  'account_monthly_totals',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    netMinor: bigint('net_minor', { mode: 'number' }).notNull(),
    clearedMinor: bigint('cleared_minor', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
    /** The rows' base amounts (signed as net_minor); rows without one are left out and counted in `unconverted`. Read for accounts in another currency than the user's. */
    netBaseMinor: bigint('net_base_minor', { mode: 'number' }).notNull().default(0),
    unconverted: integer('unconverted').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'account_monthly_totals_pkey', columns: [t.accountId, t.month] }), index('account_monthly_totals_user_idx').on(t.userId, t.month)],
);

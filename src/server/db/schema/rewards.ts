import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** A user's points: the balance the ledger adds up to, kept in step in the same transaction as each entry. */
export const rewardAccounts = pgTable(
  'reward_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    totalEarned: bigint('total_earned', { mode: 'number' }).notNull().default(0),
    totalSpent: bigint('total_spent', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The last line of defence behind the row lock: points can never go below nothing.
  (t) => [check('reward_accounts_balance_not_negative', sql`${t.balance} >= 0`)],
);

/** The append-only points ledger: earn (an award), spend (a conversion), refund (a failed conversion), revoke (an award taken back). */
export const rewardEntries = pgTable(
  'reward_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['earn', 'spend', 'refund', 'revoke'] }).notNull(),
    /** The award rule (earn), or 'conversion'. */
    reason: text('reason').notNull(),
    points: integer('points').notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** What earned or spent it: a transaction, goal, conversation or transfer id. */
    reference: text('reference'),
    /** One entry per key per user: the same event twice never awards twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    uniqueIndex('reward_entries_user_key').on(t.userId, t.idempotencyKey),
    index('reward_entries_user_seq_idx').on(t.userId, t.seq),
    index('reward_entries_user_reason_idx').on(t.userId, t.reason, t.createdAt),
    check('reward_entries_points_positive', sql`${t.points} > 0`),
    check('reward_entries_balance_not_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

/** Days the user did something rewardable (UTC), for the daily streak. */
export const rewardActivityDays = pgTable(
  'reward_activity_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Custodial wallets: one per user, the private key AES-256-GCM encrypted (never stored or logged in the clear). */
export const wallets = pgTable(
  'wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    encryptedKey: text('encrypted_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wallets_address_key').on(t.address)],
);

export interface TransferAttempt {
  hash: string;
  nonce: number;
}

/**
 * Points converted to FINU. pending: recorded (points debited), not signed yet; submitted: signed with a
 * nonce (raw_tx and tx_hash stored before it is broadcast); confirmed: receipt on chain; failed: refunded.
 */
export const tokenTransfers = pgTable(
  'token_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    amountWei: text('amount_wei').notNull(),
    toAddress: text('to_address').notNull(),
    chainId: integer('chain_id').notNull(),
    tokenAddress: text('token_address'),
    /** The price the user named (gwei, checked against the band when converting), or null and a speed. */
    gasPriceGwei: text('gas_price_gwei'),
    gasSpeed: text('gas_speed', { enum: ['slow', 'normal', 'fast'] }),
    status: text('status', { enum: ['pending', 'submitted', 'confirmed', 'failed'] }).notNull().default('pending'),
    nonce: bigint('nonce', { mode: 'number' }),
    txHash: text('tx_hash'),
    rawTx: text('raw_tx'),
    /** Every transaction ever signed for this transfer: a receipt for any of them means it was paid. */
    attempts: jsonb('attempts').$type<TransferAttempt[]>().notNull().default([]),
    blockNumber: bigint('block_number', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('token_transfers_user_created_idx').on(t.userId, t.createdAt),
    index('token_transfers_open_idx').on(t.status).where(sql`${t.status} in ('pending', 'submitted')`),
    check('token_transfers_points_positive', sql`${t.points} > 0`),
  ],
);

/** Small chain facts the servers share: the deployed token per chain, the treasury's next nonce, the worker lease. */
export const chainState = pgTable('chain_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

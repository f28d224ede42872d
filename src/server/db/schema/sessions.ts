import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Tokens revoked before they expire: a logged-out session, a used one-time sign-in token.
 * A row can go once its token has expired anyway.
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt), index('revoked_tokens_user_idx').on(t.userId)],
);

/**
 * Counters behind per-account and per-address limits (failed logins, mails sent), kept in the
 * database so they hold across every API process sharing it.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('auth_throttles_window_idx').on(t.windowStartedAt)],
);

/** Sessions whose owner confirmed the password a moment ago (a sign-in method change, a wallet backup). */
export const reauthentications = pgTable(
  'reauthentications',
  {
    jti: text('jti').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('reauthentications_user_idx').on(t.userId)],
);

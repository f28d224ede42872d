import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for an account made by a wallet (or a provider that did not verify the address). */
    email: text('email'),
    passwordHash: text('password_hash'),
    fullName: text('full_name'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    currency: text('currency').notNull().default('USD'),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    onboardingSkipped: boolean('onboarding_skipped').notNull().default(false),
    onboarding: jsonb('onboarding').$type<Record<string, unknown>>(),
    /** Bumped on password change or reset: tokens carrying an older version stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** When the base currency last changed, until the job that recomputes base amounts is done (migration 0064). */
    baseRecomputeSince: timestamp('base_recompute_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), index('users_base_recompute_idx').on(t.baseRecomputeSince).where(sql`${t.baseRecomputeSince} is not null`)],
);

/** Single-use email tokens (verification, password reset); only their SHA-256 is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_tokens_hash_key').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

/** The embedded mail transport: every message the app sends, newest first at GET /dev/outbox. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);

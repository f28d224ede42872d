import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** One row per user once they start a trial or subscribe; absent means never. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    planId: text('plan_id'),
    /** Paid status from the provider: none until a checkout completes. */
    status: text('status', { enum: ['none', 'active', 'past_due', 'canceled'] }).notNull().default('none'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    paymentMethod: text('payment_method'),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_provider_sub_idx').on(t.subscriptionId)],
);

/** Checkout sessions of the embedded local billing provider (Stripe keeps its own). */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    status: text('status', { enum: ['open', 'paid', 'expired'] }).notNull().default('open'),
    paymentMethod: text('payment_method'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId)],
);

import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { checkoutSessions, subscriptions } from '../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionPatch = Partial<Omit<typeof subscriptions.$inferInsert, 'userId'>>;
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

export function subscriptionsRepository(db: Db) {
  // Prepared once: read on every premium request the auth cache does not answer.
  const findQuery = db.select().from(subscriptions).where(eq(subscriptions.userId, sql.placeholder('userId'))).limit(1).prepare('subscriptions_find');
  return {
    async find(userId: string): Promise<SubscriptionRow | undefined> {
      const rows = await findQuery.execute({ userId });
      return rows[0];
    },
    async findByProviderSubscription(subscriptionId: string): Promise<SubscriptionRow | undefined> {
      const rows = await db.select().from(subscriptions).where(eq(subscriptions.subscriptionId, subscriptionId)).limit(1);
      return rows[0];
    },
    async upsert(userId: string, provider: 'local' | 'stripe', patch: SubscriptionPatch): Promise<SubscriptionRow> {
      const rows = await db
        .insert(subscriptions)
        .values({ userId, provider, ...patch })
        .onConflictDoUpdate({ target: subscriptions.userId, set: { ...patch, updatedAt: sql`now()` } })
        .returning();
      return rows[0]!;
    },
    /** Starts the trial only if this user never had one: one conditional write, safe under concurrency. */
    async startTrialOnce(userId: string, provider: 'local' | 'stripe', days: number): Promise<SubscriptionRow | undefined> {
      const endsAt = sql`now() + make_interval(days => ${days})`;
      const inserted = await db
        .insert(subscriptions)
        .values({ userId, provider, trialStartedAt: sql`now()`, trialEndsAt: endsAt })
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) return inserted[0];
      const updated = await db
        .update(subscriptions)
        .set({ trialStartedAt: sql`now()`, trialEndsAt: endsAt, updatedAt: sql`now()` })
        .where(and(eq(subscriptions.userId, userId), isNull(subscriptions.trialStartedAt)))
        .returning();
      return updated[0];
    },
    async endTrialNow(userId: string): Promise<SubscriptionRow | undefined> {
      const rows = await db
        .update(subscriptions)
        .set({ trialEndsAt: sql`least(${subscriptions.trialEndsAt}, now())`, updatedAt: sql`now()` })
        .where(eq(subscriptions.userId, userId))
        .returning();
      return rows[0];
    },

    async createCheckout(userId: string, planId: string): Promise<CheckoutSessionRow> {
      const rows = await db
        .insert(checkoutSessions)
        .values({ id: `cs_local_${randomBytes(18).toString('base64url')}`, userId, planId, expiresAt: sql`now() + interval '1 hour'` })
        .returning();
      return rows[0]!;
    },
    async findCheckout(id: string): Promise<CheckoutSessionRow | undefined> {
      const rows = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
      return rows[0];
    },
    /** Marks an open, unexpired session paid; undefined when it was not payable. */
    async markCheckoutPaid(id: string, paymentMethod: string): Promise<CheckoutSessionRow | undefined> {
      const rows = await db
        .update(checkoutSessions)
        .set({ status: 'paid', paymentMethod, paidAt: sql`now()` })
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open'), sql`${checkoutSessions.expiresAt} > now()`))
        .returning();
      return rows[0];
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof subscriptionsRepository>;

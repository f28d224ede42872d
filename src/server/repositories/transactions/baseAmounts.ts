/** The account currency and the base amounts of rows in other currencies (the recompute after a change). */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactions, users } from '../../db/schema';
import { baseAmountsOnly } from '../rollups';

export function baseAmountQueries(db: Db) {
  const self = {
    /** The account currency (users.currency). */
    async accountCurrency(userId: string): Promise<string> {
      const rows = await db.select({ currency: users.currency }).from(users).where(eq(users.id, userId)).limit(1);
      return rows[0]?.currency ?? 'USD';
    },

    /** Users whose base currency changed and whose base amounts wait for the recompute job, oldest change first. */
    async baseRecomputeQueue(limit: number): Promise<{ userId: string; since: string; currency: string }[]> {
      return db
        .select({ userId: users.id, since: sql<string>`${users.baseRecomputeSince}::text`, currency: users.currency })
        .from(users)
        .where(sql`${users.baseRecomputeSince} is not null`)
        .orderBy(users.baseRecomputeSince)
        .limit(limit);
    },

    /**
     * Rows of accounts in the base currency: the base amount is the amount itself (unconverted ones included), one
     * statement. Like setBaseAmounts, part of the recompute: the rollup triggers skip it (see baseAmountsOnly).
     */
    async baseIsAmount(userId: string, accountIds: string[]): Promise<number> {
      if (accountIds.length === 0) return 0;
      const t = transactions;
      return baseAmountsOnly(db, async (tx) => {
        const rows = await tx
          .update(t)
          .set({ baseAmountMinor: sql`${t.amountMinor}` })
          .where(and(eq(t.userId, userId), inArray(t.accountId, accountIds), sql`${t.baseAmountMinor} is distinct from ${t.amountMinor}`))
          .returning({ id: t.id });
        return rows.length;
      });
    },

    /** One account's rows after `afterId` in id order (keyset pages): what a base amount is computed from. */
    async amountsPage(userId: string, accountId: string, afterId: string | null, limit: number): Promise<{ id: string; amountMinor: number; date: string; baseAmountMinor: number | null }[]> {
      const t = transactions;
      return db
        .select({ id: t.id, amountMinor: t.amountMinor, date: t.date, baseAmountMinor: t.baseAmountMinor })
        .from(t)
        .where(and(eq(t.userId, userId), eq(t.accountId, accountId), afterId ? sql`${t.id} > ${afterId}` : undefined))
        .orderBy(t.id)
        .limit(limit);
    },

    /**
     * New base amounts (null: not converted) for some rows, in one statement. The rollups are left as they are
     * (baseAmountsOnly): finishBaseRecompute rebuilds them from the rows.
     */
    async setBaseAmounts(userId: string, changes: { id: string; baseAmountMinor: number | null }[]): Promise<void> {
      if (changes.length === 0) return;
      await baseAmountsOnly(db, (tx) => tx.execute(sql`
        update transactions as t set base_amount_minor = c.base
        from unnest(${sql.param(changes.map((c) => c.id))}::uuid[], ${sql.param(changes.map((c) => c.baseAmountMinor))}::bigint[]) as c(id, base)
        where t.user_id = ${userId} and t.id = c.id`));
    },

    /**
     * The user's category and merchant rollups rebuilt from their rows (set-based, migration 0063), and the
     * recompute mark cleared unless the currency changed again meanwhile (the next run takes that change).
     */
    async finishBaseRecompute(userId: string, since: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select finu_rebuild_rollups(array[${userId}]::uuid[])`);
        const done = await tx
          .update(users)
          .set({ baseRecomputeSince: null })
          .where(and(eq(users.id, userId), sql`${users.baseRecomputeSince} = ${since}::timestamptz`))
          .returning({ id: users.id });
        return done.length > 0;
      });
    },
  };
  return self;
}

/** The account currency and the base amounts of rows in other currencies (the recompute after a change). */
import { and, eq, sql } from 'drizzle-orm';
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
     * One page of an account in the base currency: its next `limit` rows in (date, id) order after `after` (a range
     * walk of the account's index) get their amount as base amount where it differs, in a transaction of its own
     * that the rollup triggers skip. Returns the last row of the page (null when none was left) and how many changed.
     */
    async baseIsAmountPage(userId: string, accountId: string, after: { date: string; id: string } | null, limit: number): Promise<{ last: { date: string; id: string } | null; changed: number }> {
      return baseAmountsOnly(db, async (tx) => {
        const [row] = ((await tx.execute(sql`
          with page as (
            select id, date from transactions
            where user_id = ${userId} and account_id = ${accountId} ${after ? sql`and (date, id) > (${after.date}::date, ${after.id}::uuid)` : sql``}
            order by date, id limit ${limit}
          ), changed as (
            update transactions as t set base_amount_minor = t.amount_minor from page
            where t.id = page.id and t.user_id = ${userId} and t.base_amount_minor is distinct from t.amount_minor
            returning 1
          )
          select (select json_build_object('date', date::text, 'id', id) from page order by date desc, id desc limit 1) as last,
            (select count(*)::int from changed) as changed`)) as unknown as { rows: { last: { date: string; id: string } | null; changed: number }[] }).rows;
        return { last: row?.last ?? null, changed: Number(row?.changed ?? 0) };
      });
    },

    /**
     * Rows waiting for a rate: in an account of another currency than the base, with no base amount, dated
     * between two days; at most `limit` (the caller hands more than it converts at once to the recompute job).
     */
    async waitingForRate(userId: string, from: string, to: string, limit: number): Promise<{ id: string; amountMinor: number; date: string; currency: string }[]> {
      const rows = ((await db.execute(sql`
        select t.id, t.amount_minor::text as amount, t.date::text as date, a.currency
        from transactions t join accounts a on a.id = t.account_id and a.user_id = ${userId}
        where t.user_id = ${userId} and t.base_amount_minor is null and t.date between ${from} and ${to}
          and a.currency <> (select u.currency from users u where u.id = ${userId})
        limit ${limit}`)) as unknown as { rows: { id: string; amount: string; date: string; currency: string }[] }).rows;
      return rows.map((r) => ({ id: r.id, amountMinor: Number(r.amount), date: r.date, currency: r.currency }));
    },

    /**
     * Base amounts for rows that had none (a rate for their day arrived), in one statement that the rollup
     * triggers follow like any edit: few rows, so no rebuild is needed. A row given one meanwhile keeps it.
     */
    async setWaitingBaseAmounts(userId: string, changes: { id: string; baseAmountMinor: number }[]): Promise<number> {
      if (changes.length === 0) return 0;
      const result = (await db.execute(sql`
        update transactions as t set base_amount_minor = c.base
        from unnest(${sql.param(changes.map((c) => c.id))}::uuid[], ${sql.param(changes.map((c) => c.baseAmountMinor))}::bigint[]) as c(id, base)
        where t.user_id = ${userId} and t.id = c.id and t.base_amount_minor is null
        returning 1`)) as unknown as { rows: unknown[] };
      return result.rows.length;
    },

    /** Hands the user's base amounts to the recompute job (too many rows waited for a rate to convert them at once). */
    async markBaseRecompute(userId: string): Promise<void> {
      await db.update(users).set({ baseRecomputeSince: sql`coalesce(${users.baseRecomputeSince}, now())` }).where(eq(users.id, userId));
    },

    /**
     * One account's rows after `after` in (date, id) order: keyset pages along the account's (account_id, date, id)
     * index, so each page reads its own rows only (pages in id order read the whole account for every page).
     */
    async amountsPage(userId: string, accountId: string, after: { date: string; id: string } | null, limit: number): Promise<{ id: string; amountMinor: number; date: string; baseAmountMinor: number | null }[]> {
      const t = transactions;
      return db
        .select({ id: t.id, amountMinor: t.amountMinor, date: t.date, baseAmountMinor: t.baseAmountMinor })
        .from(t)
        .where(and(eq(t.userId, userId), eq(t.accountId, accountId), after ? sql`(${t.date}, ${t.id}) > (${after.date}::date, ${after.id}::uuid)` : undefined))
        .orderBy(t.date, t.id)
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

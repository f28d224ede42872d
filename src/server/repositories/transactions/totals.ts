/** Totals and rollups: sums by day, month, category and type, the date span, the largest rows, rollup rebuilds. */
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountMonthlyTotals, transactionDailyTotals, transactionMonthlyTotals, transactions, transactionUserCounts, users } from '../../db/schema';
import { baseMinorOf, monthStart, rollupGroups, sumByType, type RollupRange } from '../rollups';
import type { TransactionRow, TxType, PeriodTotals, CategoryTotalRow } from './types';
import { rowColumns, num } from './query';

export function totalsQueries(db: Db) {
  const self = {
    /** Sum and count per category and type over a day range (open ends allowed), from the rollups. */
    rollupGroups: (userId: string, range: RollupRange): Promise<CategoryTotalRow[]> => rollupGroups(db, userId, range),

    /** Income, expenses and count over a day range (open ends allowed), from the rollups. */
    async totals(userId: string, dateFrom?: string, dateTo?: string): Promise<PeriodTotals> {
      const sums = sumByType(await self.rollupGroups(userId, { from: dateFrom, to: dateTo }));
      return { incomeMinor: sums.incomeMinor, expenseMinor: sums.expenseMinor, count: sums.incomeCount + sums.expenseCount, unconverted: sums.unconverted };
    },

    async categoryTotals(userId: string, dateFrom: string | undefined, dateTo: string | undefined, type?: TxType): Promise<CategoryTotalRow[]> {
      return self.rollupGroups(userId, { from: dateFrom, to: dateTo, type });
    },

    async dailyTotals(userId: string, dateFrom: string, dateTo: string): Promise<{ day: string; type: TxType; totalMinor: number; count: number }[]> {
      const rows = await db
        .select({ day: transactionDailyTotals.day, type: transactionDailyTotals.type, total: sql<string>`sum(${transactionDailyTotals.totalMinor})`, n: sql<string>`sum(${transactionDailyTotals.count})` })
        .from(transactionDailyTotals)
        .where(and(eq(transactionDailyTotals.userId, userId), gte(transactionDailyTotals.day, dateFrom), lte(transactionDailyTotals.day, dateTo)))
        .groupBy(transactionDailyTotals.day, transactionDailyTotals.type);
      return rows.map((r) => ({ day: r.day, type: r.type, totalMinor: num(r.total), count: num(r.n) }));
    },

    /** Sums per calendar month (YYYY-MM) and type for the months touching [dateFrom, dateTo]. */
    async monthlyTotals(userId: string, dateFrom: string, dateTo: string): Promise<{ month: string; type: TxType; totalMinor: number; count: number }[]> {
      const m = transactionMonthlyTotals;
      const month = sql<string>`to_char(${m.month}, 'YYYY-MM')`;
      const rows = await db
        .select({ month, type: m.type, total: sql<string>`sum(${m.totalMinor})`, n: sql<string>`sum(${m.count})` })
        .from(m)
        .where(and(eq(m.userId, userId), gte(m.month, monthStart(dateFrom)), lte(m.month, monthStart(dateTo))))
        .groupBy(month, m.type);
      return rows.map((r) => ({ month: r.month, type: r.type, totalMinor: num(r.total), count: num(r.n) }));
    },

    /** Sums per month (YYYY-MM), category and type for whole months fromMonth..toMonth (YYYY-MM), from the monthly rollup. */
    async monthGroups(userId: string, fromMonth: string, toMonth: string): Promise<(CategoryTotalRow & { month: string })[]> {
      const m = transactionMonthlyTotals;
      const rows = await db
        .select({ month: sql<string>`to_char(${m.month}, 'YYYY-MM')`, category: m.category, type: m.type, total: m.totalMinor, n: m.count, u: m.unconverted })
        .from(m)
        .where(and(eq(m.userId, userId), gte(m.month, `${fromMonth}-01`), lte(m.month, `${toMonth}-01`)));
      return rows.map((r) => ({ month: r.month, category: r.category, type: r.type, totalMinor: num(r.total), count: num(r.n), unconverted: num(r.u) }));
    },

    /** First and last day with any transaction. */
    async dateSpan(userId: string): Promise<{ first: string | null; last: string | null }> {
      const [row] = await db
        .select({ first: sql<string | null>`min(${transactionDailyTotals.day})::text`, last: sql<string | null>`max(${transactionDailyTotals.day})::text` })
        .from(transactionDailyTotals)
        .where(eq(transactionDailyTotals.userId, userId));
      return { first: row?.first ?? null, last: row?.last ?? null };
    },

    /**
     * The largest rows in the base currency. A row with no rate for its day cannot be ranked against the others:
     * it is left out here (the report counts it in unconverted_count), never ranked 1:1.
     */
    async largest(userId: string, type: TxType, dateFrom: string, dateTo: string, limit: number): Promise<TransactionRow[]> {
      const base = baseMinorOf(userId);
      return db
        .select(rowColumns)
        .from(transactions)
        .where(and(eq(transactions.userId, userId), eq(transactions.type, type), eq(transactions.counts, true), gte(transactions.date, dateFrom), lte(transactions.date, dateTo), sql`${base} is not null`))
        .orderBy(desc(base), desc(transactions.id))
        .limit(limit);
    },

    /** Transactions per category name (for the categories list). */
    async usageByCategory(userId: string): Promise<Map<string, number>> {
      const usage = new Map<string, number>();
      for (const g of await self.rollupGroups(userId, {})) usage.set(g.category, (usage.get(g.category) ?? 0) + g.count);
      return usage;
    },

    /** Recomputes every rollup (totals and merchants, daily and monthly) of one user or everyone from the transactions: repair and bulk loads. */
    async rebuildRollups(userId?: string): Promise<void> {
      await db.transaction(async (tx) => {
        const scope = userId ? sql`where user_id = ${userId}` : sql``;
        await tx.execute(sql`delete from ${transactionUserCounts} ${scope}`);
        await tx.execute(sql`insert into ${transactionUserCounts} (user_id, count) select user_id, count(*) from ${transactions} ${scope} group by user_id`);
        // The category and merchant rollups add base amounts: the one rebuild the migration and the recompute job use.
        await tx.execute(sql`select finu_rebuild_rollups(${userId ? sql`array[${userId}]::uuid[]` : sql`array(select id from ${users})`})`);
        await tx.execute(sql`delete from ${accountMonthlyTotals} ${scope}`);
        await tx.execute(sql`
          insert into ${accountMonthlyTotals} (account_id, user_id, month, net_minor, cleared_minor, count, net_base_minor, unconverted)
          select account_id, user_id, date_trunc('month', date)::date,
            sum(case when type = 'income' then amount_minor else -amount_minor end),
            sum(case when not cleared then 0 when type = 'income' then amount_minor else -amount_minor end), count(*),
            coalesce(sum(case when type = 'income' then base_amount_minor else -base_amount_minor end), 0), count(*) filter (where base_amount_minor is null)
          from ${transactions} ${scope} group by 1, 2, 3`);
      });
    },
  };
  return self;
}

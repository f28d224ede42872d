import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { goals, transactionDailyTotals, transactionMerchantDaily, transactions } from '../db/schema';

export interface DayRange {
  start: string;
  end: string;
}

type TimeUnit = 'days' | 'weeks' | 'months';
const trunc: Record<TimeUnit, string> = { days: 'day', weeks: 'week', months: 'month' };

/**
 * Dashboard reads. Every aggregate reads the rollup tables (kept by triggers in the same
 * transaction as each write), so its cost follows days × categories, not the number of transactions.
 */
export function dashboardRepository(db: Db) {
  const inRange = (r: DayRange) => and(gte(transactionDailyTotals.day, r.start), lte(transactionDailyTotals.day, r.end));
  return {
    async totals(userId: string, r: DayRange) {
      const rows = await db
        .select({ type: transactionDailyTotals.type, total: sql<string>`sum(${transactionDailyTotals.totalMinor})`, count: sql<string>`sum(${transactionDailyTotals.count})` })
        .from(transactionDailyTotals)
        .where(and(eq(transactionDailyTotals.userId, userId), inRange(r)))
        .groupBy(transactionDailyTotals.type);
      return summarize(rows);
    },
    async allTime(userId: string) {
      const rows = await db
        .select({
          type: transactionDailyTotals.type,
          total: sql<string>`sum(${transactionDailyTotals.totalMinor})`,
          count: sql<string>`sum(${transactionDailyTotals.count})`,
          first: sql<string | null>`min(${transactionDailyTotals.day})`,
        })
        .from(transactionDailyTotals)
        .where(eq(transactionDailyTotals.userId, userId))
        .groupBy(transactionDailyTotals.type);
      const firstDay = rows.map((r) => r.first).filter((d): d is string => Boolean(d)).sort()[0] ?? null;
      return { ...summarize(rows), firstDay };
    },
    /** Income and spending per bucket (day, ISO week from Monday, or month). */
    async series(userId: string, r: DayRange, unit: TimeUnit) {
      // The unit is one of three fixed words (never user text), inlined so SELECT and GROUP BY match.
      const bucket = sql<string>`to_char(date_trunc(${sql.raw(`'${trunc[unit]}'`)}, ${transactionDailyTotals.day}::timestamp), 'YYYY-MM-DD')`;
      const rows = await db
        .select({ bucket, type: transactionDailyTotals.type, total: sql<string>`sum(${transactionDailyTotals.totalMinor})` })
        .from(transactionDailyTotals)
        .where(and(eq(transactionDailyTotals.userId, userId), inRange(r)))
        .groupBy(bucket, transactionDailyTotals.type);
      return rows.map((row) => ({ bucket: row.bucket, type: row.type, totalMinor: Number(row.total) }));
    },
    async spendingByCategory(userId: string, r: DayRange) {
      const rows = await db
        .select({ category: transactionDailyTotals.category, total: sql<string>`sum(${transactionDailyTotals.totalMinor})`, count: sql<string>`sum(${transactionDailyTotals.count})` })
        .from(transactionDailyTotals)
        .where(and(eq(transactionDailyTotals.userId, userId), eq(transactionDailyTotals.type, 'expense'), inRange(r)))
        .groupBy(transactionDailyTotals.category);
      return rows.map((row) => ({ category: row.category, totalMinor: Number(row.total), count: Number(row.count) }));
    },
    async topMerchants(userId: string, r: DayRange, limit: number) {
      const total = sql<string>`sum(${transactionMerchantDaily.totalMinor})`;
      const rows = await db
        .select({ merchant: transactionMerchantDaily.merchant, total, count: sql<string>`sum(${transactionMerchantDaily.count})` })
        .from(transactionMerchantDaily)
        .where(and(eq(transactionMerchantDaily.userId, userId), gte(transactionMerchantDaily.day, r.start), lte(transactionMerchantDaily.day, r.end)))
        .groupBy(transactionMerchantDaily.merchant)
        .orderBy(desc(total), transactionMerchantDaily.merchant)
        .limit(limit);
      return rows.map((row) => ({ merchant: row.merchant, totalMinor: Number(row.total), count: Number(row.count) }));
    },
    async goals(userId: string, limit: number) {
      return db
        .select({ id: goals.id, name: goals.name, target: goals.targetAmountMinor, current: goals.currentAmountMinor, targetDate: goals.targetDate })
        .from(goals)
        .where(eq(goals.userId, userId))
        .orderBy(desc(goals.createdAt))
        .limit(limit);
    },
    async recent(userId: string, limit: number) {
      return db
        .select({
          id: transactions.id,
          date: transactions.date,
          type: transactions.type,
          amountMinor: transactions.amountMinor,
          category: transactions.category,
          description: transactions.description,
          merchant: transactions.merchant,
        })
        .from(transactions)
        .where(eq(transactions.userId, userId))
        .orderBy(desc(transactions.date), desc(transactions.id))
        .limit(limit);
    },
  };
}
export type DashboardRepository = ReturnType<typeof dashboardRepository>;

function summarize(rows: { type: string; total: string | null; count: string | null }[]) {
  let incomeMinor = 0;
  let spendingMinor = 0;
  let count = 0;
  for (const row of rows) {
    if (row.type === 'income') incomeMinor += Number(row.total ?? 0);
    else spendingMinor += Number(row.total ?? 0);
    count += Number(row.count ?? 0);
  }
  return { incomeMinor, spendingMinor, count };
}

import { and, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { goals, transactionCategories, transactionDailyTotals, transactions } from '../db/schema';
import { allTimeTotals, baseMinorOf, monthlyTotals, rollupGroups, topMerchants } from './rollups';

export interface DayRange {
  start: string;
  end: string;
}

type TimeUnit = 'days' | 'weeks' | 'months';
const trunc: Record<Exclude<TimeUnit, 'months'>, string> = { days: 'day', weeks: 'week' };

/**
 * Dashboard reads. Every aggregate reads the rollup tables (kept by triggers in the same
 * transaction as each write): whole months from the monthly tables and only the partial months at
 * either edge from the daily ones, so the cost follows months × categories, not the number of
 * transactions. Day and week charts read the daily table for the days they show.
 */
export function dashboardRepository(db: Db) {
  const d = transactionDailyTotals;
  return {
    /** Sums per category and type over a range: whole months from the monthly rollup, edge days from the daily one. */
    byCategory: (userId: string, r: DayRange, type?: 'expense') => rollupGroups(db, userId, { from: r.start, to: r.end, type }),
    /** Every transaction ever: sums per type from the monthly rollup, and the first day with any. */
    allTime: (userId: string, upTo: string) => allTimeTotals(db, userId, upTo),
    /** Income and spending per bucket (day, ISO week from Monday, or month). */
    async series(userId: string, r: DayRange, unit: TimeUnit) {
      if (unit === 'months') {
        const rows = await monthlyTotals(db, userId, { from: r.start, to: r.end });
        return rows.map((row) => ({ bucket: `${row.month}-01`, type: row.type, totalMinor: row.totalMinor }));
      }
      // The unit is one of two fixed words (never user text), inlined so SELECT and GROUP BY match.
      const bucket = sql<string>`to_char(date_trunc(${sql.raw(`'${trunc[unit]}'`)}, ${d.day}::timestamp), 'YYYY-MM-DD')`;
      const rows = await db
        .select({ bucket, type: d.type, total: sql<string>`sum(${d.totalMinor})` })
        .from(d)
        .where(and(eq(d.userId, userId), gte(d.day, r.start), lte(d.day, r.end)))
        .groupBy(bucket, d.type);
      return rows.map((row) => ({ bucket: row.bucket, type: row.type, totalMinor: Number(row.total) }));
    },
    topMerchants: (userId: string, r: DayRange, limit: number) => topMerchants(db, userId, { from: r.start, to: r.end }, limit),
    async goals(userId: string, limit: number) {
      return db
        .select({ id: goals.id, name: goals.name, target: goals.targetAmountMinor, current: goals.currentAmountMinor, targetDate: goals.targetDate })
        .from(goals)
        .where(eq(goals.userId, userId))
        .orderBy(desc(goals.createdAt))
        .limit(limit);
    },
    /** The colours the user gave their own categories (name → #rrggbb). */
    async ownColors(userId: string): Promise<Map<string, string>> {
      const rows = await db.select({ name: transactionCategories.name, color: transactionCategories.color }).from(transactionCategories).where(eq(transactionCategories.userId, userId));
      return new Map(rows.filter((r) => r.color).map((r) => [r.name.toLowerCase(), r.color!]));
    },
    /** The latest entries up to today (a scheduled one shows from its day). */
    async recent(userId: string, limit: number, upTo: string) {
      return db
        .select({
          id: transactions.id,
          date: transactions.date,
          type: transactions.type,
          amountMinor: transactions.amountMinor,
          // The account's currency and the row in the base currency (null: no rate for its day).
          currency: sql<string | null>`(select a.currency from accounts a where a.id = ${transactions.accountId})`,
          baseMinor: baseMinorOf(userId),
          category: transactions.category,
          description: transactions.description,
          merchant: transactions.merchant,
        })
        .from(transactions)
        // As the list shows them: a split once, not its lines.
        .where(and(eq(transactions.userId, userId), lte(transactions.date, upTo), isNull(transactions.parentId)))
        .orderBy(desc(transactions.date), desc(transactions.id))
        .limit(limit);
    },
  };
}
export type DashboardRepository = ReturnType<typeof dashboardRepository>;

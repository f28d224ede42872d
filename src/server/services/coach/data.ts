import { and, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { goals, goalTransactions, transactionDailyTotals, transactionMerchantDaily, transactions } from '../../db/schema';
import type { GoalRow } from '../../repositories/goals';

/**
 * The coach's read-only view of a user's money. Every query reads the per-day rollups
 * (transaction_daily_totals, transaction_merchant_daily), kept by triggers on transactions, or
 * the goals tables (at most 100 goals a user): its cost follows days × categories, never the
 * number of transactions, and nothing loads transactions into memory.
 */
export interface DayRange {
  start: string;
  end: string;
}

export interface CategoryTotal {
  category: string;
  totalMinor: number;
  count: number;
}

export interface MerchantMonth {
  merchant: string;
  month: string;
  totalMinor: number;
  count: number;
  lastDay: string;
}

export function coachData(db: Db, userId: string) {
  const daily = transactionDailyTotals;
  const inRange = (r: DayRange) => and(eq(daily.userId, userId), gte(daily.day, r.start), lte(daily.day, r.end));
  const merchantDaily = transactionMerchantDaily;
  const merchantsIn = (r: DayRange) => and(eq(merchantDaily.userId, userId), gte(merchantDaily.day, r.start), lte(merchantDaily.day, r.end));

  return {
    /** Income and spending in a range. */
    async totals(r: DayRange) {
      const rows = await db
        .select({ type: daily.type, total: sql<string>`sum(${daily.totalMinor})`, count: sql<string>`sum(${daily.count})` })
        .from(daily)
        .where(inRange(r))
        .groupBy(daily.type);
      const of = (type: string) => rows.find((row) => row.type === type);
      return {
        incomeMinor: Number(of('income')?.total ?? 0),
        spendingMinor: Number(of('expense')?.total ?? 0),
        incomeCount: Number(of('income')?.count ?? 0),
        spendingCount: Number(of('expense')?.count ?? 0),
      };
    },

    /** All-time income minus spending: the dashboard's balance. */
    async balance() {
      const rows = await db
        .select({ type: daily.type, total: sql<string>`sum(${daily.totalMinor})`, count: sql<string>`sum(${daily.count})`, first: sql<string | null>`min(${daily.day})` })
        .from(daily)
        .where(eq(daily.userId, userId))
        .groupBy(daily.type);
      const income = Number(rows.find((r) => r.type === 'income')?.total ?? 0);
      const spending = Number(rows.find((r) => r.type === 'expense')?.total ?? 0);
      const firstDay = rows.map((r) => r.first).filter((d): d is string => Boolean(d)).sort()[0] ?? null;
      return { balanceMinor: income - spending, incomeMinor: income, spendingMinor: spending, transactionCount: rows.reduce((s, r) => s + Number(r.count ?? 0), 0), firstDay };
    },

    /** Per category of one type, largest first. */
    async byCategory(r: DayRange, type: 'income' | 'expense'): Promise<CategoryTotal[]> {
      const total = sql<string>`sum(${daily.totalMinor})`;
      const rows = await db
        .select({ category: daily.category, total, count: sql<string>`sum(${daily.count})` })
        .from(daily)
        .where(and(inRange(r), eq(daily.type, type)))
        .groupBy(daily.category)
        .orderBy(desc(total), daily.category);
      return rows.map((row) => ({ category: row.category, totalMinor: Number(row.total), count: Number(row.count) }));
    },

    /** Spending at one merchant (case-insensitive name). */
    async merchantTotal(r: DayRange, merchant: string) {
      const [row] = await db
        .select({ total: sql<string | null>`sum(${merchantDaily.totalMinor})`, count: sql<string | null>`sum(${merchantDaily.count})`, name: sql<string | null>`min(${merchantDaily.merchant})` })
        .from(merchantDaily)
        .where(and(merchantsIn(r), sql`lower(${merchantDaily.merchant}) = lower(${merchant})`));
      return { merchant: row?.name ?? merchant, totalMinor: Number(row?.total ?? 0), count: Number(row?.count ?? 0) };
    },

    async topMerchants(r: DayRange, limit: number) {
      const total = sql<string>`sum(${merchantDaily.totalMinor})`;
      const rows = await db
        .select({ merchant: merchantDaily.merchant, total, count: sql<string>`sum(${merchantDaily.count})` })
        .from(merchantDaily)
        .where(merchantsIn(r))
        .groupBy(merchantDaily.merchant)
        .orderBy(desc(total), merchantDaily.merchant)
        .limit(limit);
      return rows.map((row) => ({ merchant: row.merchant, totalMinor: Number(row.total), count: Number(row.count) }));
    },

    /** Income and spending per calendar month. */
    async monthly(r: DayRange) {
      const month = sql<string>`to_char(${daily.day}, 'YYYY-MM')`;
      const rows = await db
        .select({ month, type: daily.type, total: sql<string>`sum(${daily.totalMinor})` })
        .from(daily)
        .where(inRange(r))
        .groupBy(month, daily.type);
      const byMonth = new Map<string, { incomeMinor: number; spendingMinor: number }>();
      for (const row of rows) {
        const entry = byMonth.get(row.month) ?? { incomeMinor: 0, spendingMinor: 0 };
        if (row.type === 'income') entry.incomeMinor += Number(row.total);
        else entry.spendingMinor += Number(row.total);
        byMonth.set(row.month, entry);
      }
      return byMonth;
    },

    /** Spending per merchant and calendar month (for recurring charges). */
    async merchantMonths(r: DayRange): Promise<MerchantMonth[]> {
      const month = sql<string>`to_char(${merchantDaily.day}, 'YYYY-MM')`;
      const rows = await db
        .select({
          merchant: merchantDaily.merchant,
          month,
          total: sql<string>`sum(${merchantDaily.totalMinor})`,
          count: sql<string>`sum(${merchantDaily.count})`,
          lastDay: sql<string>`to_char(max(${merchantDaily.day}), 'YYYY-MM-DD')`,
        })
        .from(merchantDaily)
        .where(merchantsIn(r))
        .groupBy(merchantDaily.merchant, month);
      return rows.map((row) => ({ merchant: row.merchant, month: row.month, totalMinor: Number(row.total), count: Number(row.count), lastDay: row.lastDay }));
    },

    /** The category and merchant names the user has, to recognise them in a question. */
    async names(since: string) {
      const [categories, merchants] = await Promise.all([
        db.selectDistinct({ name: daily.category, type: daily.type }).from(daily).where(and(eq(daily.userId, userId), gte(daily.day, since))),
        db
          .select({ name: merchantDaily.merchant })
          .from(merchantDaily)
          .where(and(eq(merchantDaily.userId, userId), gte(merchantDaily.day, since)))
          .groupBy(merchantDaily.merchant)
          .orderBy(desc(sql`sum(${merchantDaily.count})`))
          .limit(500),
      ]);
      return { categories, merchants: merchants.map((m) => m.name) };
    },

    /**
     * The usual category of a few merchants' expenses since a day (to tell bills from subscriptions).
     * Counted in SQL over the (user_id, date) index range; nothing but the counts leaves the database.
     */
    async merchantCategories(merchants: string[], since: string): Promise<Map<string, string>> {
      if (!merchants.length) return new Map();
      const n = count();
      const rows = await db
        .select({ merchant: transactions.merchant, category: transactions.category, n })
        .from(transactions)
        .where(and(eq(transactions.userId, userId), gte(transactions.date, since), eq(transactions.type, 'expense'), inArray(transactions.merchant, merchants.slice(0, 50))))
        .groupBy(transactions.merchant, transactions.category)
        .orderBy(desc(n));
      const out = new Map<string, string>();
      for (const row of rows) if (row.merchant && !out.has(row.merchant)) out.set(row.merchant, row.category);
      return out;
    },

    async goals(): Promise<GoalRow[]> {
      return db.select().from(goals).where(eq(goals.userId, userId)).orderBy(desc(goals.createdAt)).limit(100);
    },

    /** Net deposits per goal since a day (deposits minus withdrawals), for the pace of saving. */
    async goalNetSince(since: Date) {
      const rows = await db
        .select({
          goalId: goalTransactions.goalId,
          net: sql<string>`sum(case when ${goalTransactions.type} = 'deposit' then ${goalTransactions.amountMinor} else -${goalTransactions.amountMinor} end)`,
        })
        .from(goalTransactions)
        // A goal's opening amount (its first deposit, 'Initial amount') was saved before, not during, the window.
        .where(and(eq(goalTransactions.userId, userId), gte(goalTransactions.createdAt, since), sql`${goalTransactions.note} is distinct from 'Initial amount'`))
        .groupBy(goalTransactions.goalId);
      return new Map(rows.map((r) => [r.goalId, Number(r.net)]));
    },
  };
}
export type CoachData = ReturnType<typeof coachData>;

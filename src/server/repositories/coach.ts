import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { budgetsRepository } from './budgets';
import { categoriesRepository } from './categories';
import { recurringRepository } from './recurring';
import { transactionsRepository } from './transactions';
import { ratesRepository } from './rates';
import { usersRepository } from './users';
import type { Db } from '../db/client';
import { goals, goalTransactions, transactionMerchantDaily, transactionMerchantMonthly, transactionMonthlyTotals, transactions } from '../db/schema';
import { accountsRepository } from './accounts';
import type { GoalRow } from './goals';
import { allTimeTotals, merchantSource, merchantTotal, monthlyTotals, rollupGroups, sumByType, topMerchants, type RollupGroup } from './rollups';
import { anyMatch, recentPayees, recentWords, singleTransaction, subsetGroups, subsetRows, type SubsetFilter } from './transactionStats';

/**
 * The coach's read-only view of one user's money (the repository behind the coach's tools; the
 * tools see it as `CoachData`, services/coach/data.ts). Every query reads the rollups kept by triggers on
 * transactions (whole months from the monthly tables, the edges from the daily ones, through
 * repositories/rollups.ts, as the dashboard does), or the goals tables (at most 100 goals a user):
 * its cost follows months × categories, never the number of transactions, and nothing loads
 * transactions into memory.
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
  /** In the merchant's latest month: its last day with spending; earlier months carry their first day (only the latest matters). */
  lastDay: string;
}

export function coachRepository(db: Db, userId: string) {
  const span = (r: DayRange) => ({ from: r.start, to: r.end });
  const merchantDaily = transactionMerchantDaily;
  const moneyAccounts = accountsRepository(db);

  return {
    /** The rows the recurring detector reads (repositories/recurring.ts), since a day. */
    recurringCharges: (since: string) => recurringRepository(db).charges(userId, since),
    /** This user's recurring items and accounts, for the coach's bills questions (services/coach/recurring.ts). */
    recurring: () => ({ userId, repo: recurringRepository(db), accounts: moneyAccounts }),
    /** This user's budget repositories, for the coach's budget questions (services/coach/budgetsBills.ts draws the month through the budgets service). */
    budgets: () => ({ userId, deps: { budgets: budgetsRepository(db), categories: categoriesRepository(db), transactions: transactionsRepository(db), users: usersRepository(db) }, rates: ratesRepository(db) }),

    /** The open money accounts with their balances (the per-account rollup). */
    accounts: () => moneyAccounts.list(userId, false),

    /** Every account (closed ones too, for history) and the per-account monthly rollup: the net-worth series. */
    async accountHistory() {
      const [list, monthly] = await Promise.all([moneyAccounts.plain(userId), moneyAccounts.monthly(userId)]);
      return { accounts: list, monthly };
    },

    /** Money moved into one account by transfers in a range: the sum and how many. */
    async transfersInto(accountId: string, r: DayRange): Promise<{ totalMinor: number; count: number }> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${transactions.amountMinor}), 0)`, n: count() })
        .from(transactions)
        .where(
          and(
            eq(transactions.userId, userId),
            eq(transactions.accountId, accountId),
            eq(transactions.kind, 'transfer'),
            eq(transactions.type, 'income'),
            gte(transactions.date, r.start),
            sql`${transactions.date} <= ${r.end}`,
          ),
        );
      return { totalMinor: Number(row?.total ?? 0), count: Number(row?.n ?? 0) };
    },

    /** Income and spending in a range. */
    async totals(r: DayRange) {
      return totalsOf(await rollupGroups(db, userId, span(r)));
    },

    /** Income and spending in a range and spending per category, largest first: `totals` and `byCategory(r, 'expense')` from one read of the rollups. */
    async totalsAndSpending(r: DayRange): Promise<{ totals: ReturnType<typeof totalsOf>; spending: CategoryTotal[] }> {
      const groups = await rollupGroups(db, userId, span(r));
      return { totals: totalsOf(groups), spending: categoriesOf(groups.filter((g) => g.type === 'expense')) };
    },

    /** Income minus spending up to today (a scheduled entry counts from its day): the dashboard's balance. */
    async balance(today: string) {
      const all = await allTimeTotals(db, userId, today);
      return { balanceMinor: all.incomeMinor - all.spendingMinor, incomeMinor: all.incomeMinor, spendingMinor: all.spendingMinor, transactionCount: all.count, firstDay: all.firstDay };
    },

    /** Per category of one type, largest first. */
    async byCategory(r: DayRange, type: 'income' | 'expense'): Promise<CategoryTotal[]> {
      return categoriesOf(await rollupGroups(db, userId, { ...span(r), type }));
    },

    /** Spending at one merchant (case-insensitive name). */
    merchantTotal: (r: DayRange, merchant: string) => merchantTotal(db, userId, span(r), merchant),

    topMerchants: (r: DayRange, limit: number) => topMerchants(db, userId, span(r), limit),

    /** Income and spending per calendar month. */
    async monthly(r: DayRange) {
      const byMonth = new Map<string, { incomeMinor: number; spendingMinor: number }>();
      for (const row of await monthlyTotals(db, userId, span(r))) {
        const entry = byMonth.get(row.month) ?? { incomeMinor: 0, spendingMinor: 0 };
        if (row.type === 'income') entry.incomeMinor += row.totalMinor;
        else entry.spendingMinor += row.totalMinor;
        byMonth.set(row.month, entry);
      }
      return byMonth;
    },

    /**
     * Spending per merchant and calendar month (for recurring charges): whole months from the monthly
     * merchant rollup, the partial months at the ends from the daily one (as the dashboard reads
     * them), so the cost follows months × merchants, not days; then each merchant's last day with
     * spending, looked up only in its latest month.
     */
    async merchantMonths(r: DayRange): Promise<MerchantMonth[]> {
      const result = (await db.execute(sql`
        select merchant, month, sum(total_minor)::text as total, sum(count)::text as n
        from (${merchantSource(userId, span(r))}) as x
        group by merchant, month
        having sum(count) > 0`)) as unknown as { rows: { merchant: string; month: string; total: string; n: string }[] };
      const rows = result.rows.map((row) => ({ merchant: row.merchant, month: row.month, totalMinor: Number(row.total), count: Number(row.n) }));
      const latest = new Map<string, string>();
      for (const row of rows) if ((latest.get(row.merchant) ?? '') < row.month) latest.set(row.merchant, row.month);
      if (!latest.size) return [];
      // The last day of each merchant in its latest month (within the range): one backward step on the daily rollup's key each.
      const pairs = [...latest].map(([merchant, month]) => sql`(${merchant}, ${[`${month}-01`, r.start].sort().at(-1)!}::date)`);
      const last = (await db.execute(sql`
        select p.merchant, (select to_char(max(${merchantDaily.day}), 'YYYY-MM-DD') from ${merchantDaily}
          where ${merchantDaily.userId} = ${userId} and ${merchantDaily.merchant} = p.merchant and ${merchantDaily.day} >= p.since and ${merchantDaily.day} <= ${r.end}) as last
        from (values ${sql.join(pairs, sql`, `)}) as p(merchant, since)`)) as unknown as { rows: { merchant: string; last: string | null }[] };
      const lastDay = new Map(last.rows.map((row) => [row.merchant, row.last ?? '']));
      return rows.map((row) => ({ ...row, lastDay: row.month === latest.get(row.merchant) ? lastDay.get(row.merchant)! : `${row.month}-01` }));
    },

    /** The category and merchant names the user has since a day's month, to recognise them in a question (the monthly rollups). */
    async names(since: string) {
      const from = `${since.slice(0, 7)}-01`;
      const monthly = transactionMonthlyTotals;
      const merchantMonthly = transactionMerchantMonthly;
      const [categories, merchants] = await Promise.all([
        db.selectDistinct({ name: monthly.category, type: monthly.type }).from(monthly).where(and(eq(monthly.userId, userId), gte(monthly.month, from))),
        db
          .select({ name: merchantMonthly.merchant })
          .from(merchantMonthly)
          .where(and(eq(merchantMonthly.userId, userId), gte(merchantMonthly.month, from)))
          .groupBy(merchantMonthly.merchant)
          .orderBy(desc(sql`sum(${merchantMonthly.count})`))
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
        .where(and(eq(transactions.userId, userId), gte(transactions.date, since), eq(transactions.type, 'expense'), eq(transactions.split, false), inArray(transactions.merchant, merchants.slice(0, 50))))
        .groupBy(transactions.merchant, transactions.category)
        .orderBy(desc(n));
      const out = new Map<string, string>();
      for (const row of rows) if (row.merchant && !out.has(row.merchant)) out.set(row.merchant, row.category);
      return out;
    },

    /** Sums per category and merchant of a subset named by merchants or words (the transactions table, indexed). */
    subset: (f: SubsetFilter) => subsetGroups(db, userId, f),
    /** The largest or smallest single transaction of a subset. */
    single: (f: SubsetFilter, which: 'largest' | 'smallest') => singleTransaction(db, userId, f, which),
    /** Words of the descriptions and notes of the latest transactions: the words a question may name. */
    recentWords: (limit: number) => recentWords(db, userId, limit),
    anyMatch: (tsquery: string) => anyMatch(db, userId, tsquery),
    /** The merchants (or, without one, descriptions) of the latest transactions, to read bank strings as merchants and kinds. */
    recentPayees: (limit: number) => recentPayees(db, userId, limit),
    /** The amounts and days of a subset's latest rows. */
    rows: (f: SubsetFilter, limit: number) => subsetRows(db, userId, f, limit),

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
export type CoachRepository = ReturnType<typeof coachRepository>;

function totalsOf(groups: RollupGroup[]) {
  const sums = sumByType(groups);
  return { incomeMinor: sums.incomeMinor, spendingMinor: sums.expenseMinor, incomeCount: sums.incomeCount, spendingCount: sums.expenseCount };
}

/** Per category, largest first (name order on a tie). */
function categoriesOf(groups: RollupGroup[]): CategoryTotal[] {
  return groups
    .map((g) => ({ category: g.category, totalMinor: g.totalMinor, count: g.count }))
    .sort((a, b) => b.totalMinor - a.totalMinor || (a.category < b.category ? -1 : a.category > b.category ? 1 : 0));
}

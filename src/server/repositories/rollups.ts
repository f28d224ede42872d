import { inArray, sql, type SQL } from 'drizzle-orm';
import { addMonths, endOfMonth as monthEnd, startOfMonth, startOfMonth as monthStart } from '../../contract/calendar';
import type { Db } from '../db/client';
import { transactions, transactionDailyTotals, transactionMerchantDaily, transactionMerchantMonthly, transactionMonthlyTotals } from '../db/schema';

/**
 * Reading the rollup tables the triggers on `transactions` keep: a day range becomes whole
 * calendar months (read from the monthly tables) plus the partial months at either end (read
 * from the daily ones), so a range of years costs ~12 rows a year per key instead of ~365.
 */

type TxType = 'income' | 'expense';

/**
 * A row of `userId` in their base currency, as the rollup triggers take it (migration 0063): its base
 * amount, or the amount itself in an account of the base currency; null for a foreign row without a rate
 * (sum() leaves it out, never 1:1). The user's foreign accounts are one uncorrelated subquery (read once).
 */
export const baseMinorOf = (userId: string) =>
  sql<string | null>`coalesce(${transactions.baseAmountMinor}, case when ${transactions.accountId} in (select a.id from accounts a join users u on u.id = a.user_id where a.user_id = ${userId} and a.currency <> u.currency) then null else ${transactions.amountMinor} end)`;
/** How many of `userId`'s rows the sum of baseMinorOf left out for want of a rate. */
export const unconvertedRowsOf = (userId: string) => sql<string>`count(*) filter (where ${baseMinorOf(userId)} is null)`;

/**
 * Runs `work` in a transaction whose statements only rewrite base amounts: the category, merchant and account
 * rollup triggers skip them (migration 0070), so the caller must rebuild the category and merchant rollups
 * (finu_rebuild_rollups) before anyone relies on them. Account totals do not read base amounts.
 */
export function baseAmountsOnly<T>(db: Db, work: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('finu.base_amounts_only', 'on', true)`);
    return work(tx);
  });
}

export { startOfMonth as monthStart, endOfMonth as monthEnd } from '../../contract/calendar';
const shiftMonthStart = (day: string, delta: number) => startOfMonth(addMonths(day, delta));

/**
 * A day range (open ends allowed) as whole months plus the partial months at either end:
 * whole months are read from the monthly rollup, the rest from the daily one.
 */
export function splitRange(from?: string, to?: string): { months: { from?: string; to?: string } | null; days: [string, string][] } {
  if (from && to && from > to) return { months: null, days: [] };
  if (from && to && from.slice(0, 7) === to.slice(0, 7)) {
    return from === monthStart(from) && to === monthEnd(to) ? { months: { from, to: from }, days: [] } : { months: null, days: [[from, to]] };
  }
  const days: [string, string][] = [];
  let monthsFrom: string | undefined;
  let monthsTo: string | undefined;
  if (from) {
    if (from === monthStart(from)) monthsFrom = from;
    else {
      days.push([from, monthEnd(from)]);
      monthsFrom = shiftMonthStart(from, 1);
    }
  }
  if (to) {
    if (to === monthEnd(to)) monthsTo = monthStart(to);
    else {
      days.push([monthStart(to), to]);
      monthsTo = shiftMonthStart(to, -1);
    }
  }
  const months = monthsFrom && monthsTo && monthsFrom > monthsTo ? null : { from: monthsFrom, to: monthsTo };
  return { months, days };
}

export interface RollupRange {
  from?: string;
  to?: string;
  type?: TxType;
  categories?: string[];
}

/**
 * Rollup rows covering a day range, optionally one type or some categories, as a subquery with
 * the columns month (first day of the row's month), category, type, total_minor (base amounts), count and
 * unconverted (rows of a foreign account without a rate: in count, not in total_minor).
 */
export function rollupSource(userId: string, range: RollupRange): SQL {
  const { months, days } = splitRange(range.from, range.to);
  const extra = (table: typeof transactionDailyTotals | typeof transactionMonthlyTotals) => {
    const conds: SQL[] = [];
    if (range.type) conds.push(sql` and ${table.type} = ${range.type}`);
    if (range.categories?.length) conds.push(sql` and ${inArray(table.category, range.categories)}`);
    return sql.join(conds, sql``);
  };
  const parts: SQL[] = [];
  if (months) {
    const m = transactionMonthlyTotals;
    parts.push(sql`select ${m.month} as month, ${m.category} as category, ${m.type} as type, ${m.totalMinor} as total_minor, ${m.count} as count, ${m.unconverted} as unconverted from ${m}
      where ${m.userId} = ${userId}${months.from ? sql` and ${m.month} >= ${months.from}` : sql``}${months.to ? sql` and ${m.month} <= ${months.to}` : sql``}${extra(m)}`);
  }
  for (const [a, b] of days) {
    const d = transactionDailyTotals;
    parts.push(sql`select date_trunc('month', ${d.day})::date as month, ${d.category} as category, ${d.type} as type, ${d.totalMinor} as total_minor, ${d.count} as count, ${d.unconverted} as unconverted from ${d}
      where ${d.userId} = ${userId} and ${d.day} >= ${a} and ${d.day} <= ${b}${extra(d)}`);
  }
  if (parts.length === 0) return sql`select null::date as month, null::text as category, null::text as type, 0::bigint as total_minor, 0 as count, 0 as unconverted where false`;
  return sql.join(parts, sql` union all `);
}

/** Merchant rollup rows (merchant, month as YYYY-MM, total_minor, count: expenses only) covering a day range, as a subquery. */
export function merchantSource(userId: string, range: { from: string; to: string }): SQL {
  const { months, days } = splitRange(range.from, range.to);
  const parts: SQL[] = [];
  if (months) {
    const m = transactionMerchantMonthly;
    parts.push(sql`select ${m.merchant} as merchant, to_char(${m.month}, 'YYYY-MM') as month, ${m.totalMinor} as total_minor, ${m.count} as count from ${m}
      where ${m.userId} = ${userId} and ${m.month} >= ${months.from} and ${m.month} <= ${months.to}`);
  }
  for (const [a, b] of days) {
    const d = transactionMerchantDaily;
    parts.push(sql`select ${d.merchant} as merchant, to_char(${d.day}, 'YYYY-MM') as month, ${d.totalMinor} as total_minor, ${d.count} as count from ${d}
      where ${d.userId} = ${userId} and ${d.day} >= ${a} and ${d.day} <= ${b}`);
  }
  if (parts.length === 0) return sql`select null::text as merchant, null::text as month, 0::bigint as total_minor, 0 as count where false`;
  return sql.join(parts, sql` union all `);
}

export interface RollupGroup {
  category: string;
  type: TxType;
  totalMinor: number;
  count: number;
  /** Rows without a rate to the base currency: counted, left out of totalMinor. */
  unconverted: number;
}

/** Income and expense sums and counts of some rollup groups. */
export function sumByType(groups: (Pick<RollupGroup, 'type' | 'totalMinor' | 'count'> & { unconverted?: number })[]) {
  const out = { incomeMinor: 0, expenseMinor: 0, incomeCount: 0, expenseCount: 0, unconverted: 0 };
  for (const g of groups) {
    out.unconverted += g.unconverted ?? 0;
    if (g.type === 'income') {
      out.incomeMinor += g.totalMinor;
      out.incomeCount += g.count;
    } else {
      out.expenseMinor += g.totalMinor;
      out.expenseCount += g.count;
    }
  }
  return out;
}

/** Sum and count per category and type over a day range (open ends allowed). */
export async function rollupGroups(db: Db, userId: string, range: RollupRange): Promise<RollupGroup[]> {
  const result = (await db.execute(sql`
    select category, type, sum(total_minor)::text as total, sum(count)::text as n, sum(unconverted)::text as u
    from (${rollupSource(userId, range)}) as r
    group by category, type`)) as unknown as { rows: { category: string; type: TxType; total: string; n: string; u: string }[] };
  return result.rows.filter((r) => Number(r.n) > 0).map((r) => ({ category: r.category, type: r.type, totalMinor: Number(r.total), count: Number(r.n), unconverted: Number(r.u) }));
}

export interface MerchantTotal {
  merchant: string;
  totalMinor: number;
  count: number;
}

/** Spending per merchant over a day range, largest first. */
export async function topMerchants(db: Db, userId: string, range: { from: string; to: string }, limit: number): Promise<MerchantTotal[]> {
  const result = (await db.execute(sql`
    select merchant, sum(total_minor)::text as total, sum(count)::text as n
    from (${merchantSource(userId, range)}) as r
    group by merchant
    order by sum(total_minor) desc, merchant
    limit ${limit}`)) as unknown as { rows: { merchant: string; total: string; n: string }[] };
  return result.rows.map((r) => ({ merchant: r.merchant, totalMinor: Number(r.total), count: Number(r.n) }));
}

/** Spending at one merchant over a day range, the name matched without regard to case. */
export async function merchantTotal(db: Db, userId: string, range: { from: string; to: string }, merchant: string): Promise<MerchantTotal> {
  const result = (await db.execute(sql`
    select min(merchant) as name, sum(total_minor)::text as total, sum(count)::text as n
    from (${merchantSource(userId, range)}) as r
    where lower(merchant) = lower(${merchant})`)) as unknown as { rows: { name: string | null; total: string | null; n: string | null }[] };
  const row = result.rows[0];
  return { merchant: row?.name ?? merchant, totalMinor: Number(row?.total ?? 0), count: Number(row?.n ?? 0) };
}

/** Income and spending per calendar month (YYYY-MM) over a day range. */
export async function monthlyTotals(db: Db, userId: string, range: { from: string; to: string }): Promise<{ month: string; type: TxType; totalMinor: number; unconverted: number }[]> {
  const result = (await db.execute(sql`
    select to_char(month, 'YYYY-MM') as month, type, sum(total_minor)::text as total, sum(unconverted)::text as u
    from (${rollupSource(userId, range)}) as r
    group by month, type`)) as unknown as { rows: { month: string; type: TxType; total: string; u: string }[] };
  return result.rows.map((r) => ({ month: r.month, type: r.type, totalMinor: Number(r.total), unconverted: Number(r.u) }));
}

/** Every transaction ever: income, spending and count from the monthly rollup, and the first day with any. */
/**
 * Income and spending of every transaction up to a day (scheduled entries after it are left out until their day
 * comes), with the first day of the history: whole months from the monthly rollup, the last month's days from the daily one.
 */
export async function allTimeTotals(db: Db, userId: string, upTo: string): Promise<{ incomeMinor: number; spendingMinor: number; count: number; unconverted: number; firstDay: string | null }> {
  const d = transactionDailyTotals;
  const result = (await db.execute(sql`
    select type, sum(total_minor)::text as total, sum(count)::text as n, sum(unconverted)::text as u,
      (select min(${d.day})::text from ${d} where ${d.userId} = ${userId} and ${d.day} <= ${upTo}) as first
    from (${rollupSource(userId, { to: upTo })}) as r
    group by type`)) as unknown as { rows: { type: TxType; total: string; n: string; u: string; first: string | null }[] };
  const sums = sumByType(result.rows.map((r) => ({ type: r.type, totalMinor: Number(r.total), count: Number(r.n), unconverted: Number(r.u) })));
  return { incomeMinor: sums.incomeMinor, spendingMinor: sums.expenseMinor, count: sums.incomeCount + sums.expenseCount, unconverted: sums.unconverted, firstDay: result.rows[0]?.first ?? null };
}

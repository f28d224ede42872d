import { and, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { transactions } from '../db/schema';
import { baseMinorOf } from './rollups';

/**
 * Questions about a subset of one user's transactions that the rollups cannot answer: merchants
 * and words of descriptions, merchants and notes (the same prefix tsquery over the GIN-indexed
 * `search` column the transactions list uses for `q`), and single transactions (largest and
 * smallest). Every query is bounded by the user and a day range, on the (user_id, date) or
 * (user_id, category, date) index; nothing but sums, counts or one row leaves the database.
 */
export interface SubsetFilter {
  from: string;
  to: string;
  type: 'income' | 'expense';
  /** Any of these categories (exact stored names). */
  categories?: string[];
  /** Any of these merchants (case-insensitive). */
  merchants?: string[];
  /** A tsquery over description, merchant and notes ('simple' config), e.g. `electricity:*`. */
  tsquery?: string;
  /** Any of these descriptions (case-insensitive): rows a bank exported with no merchant column. */
  descriptions?: string[];
  /** Rows left out ("not counting rent"). */
  exclude?: { categories?: string[]; merchants?: string[]; descriptions?: string[] };
  /** Only Saturdays and Sundays, or only Monday to Friday. */
  days?: 'weekend' | 'weekday';
}

export interface SubsetGroup {
  category: string;
  merchant: string | null;
  totalMinor: number;
  count: number;
}

export interface SingleTransaction {
  amountMinor: number;
  date: string;
  category: string;
  merchant: string | null;
  description: string;
}

function conditions(userId: string, f: SubsetFilter): SQL {
  // Only rows that are income or spending: never a transfer between the user's own accounts.
  const conds: SQL[] = [eq(transactions.userId, userId), gte(transactions.date, f.from), lte(transactions.date, f.to), eq(transactions.type, f.type), eq(transactions.counts, true)];
  const any: SQL[] = [];
  if (f.categories?.length) any.push(inArray(transactions.category, f.categories));
  if (f.merchants?.length) any.push(inArray(sql`lower(${transactions.merchant})`, f.merchants.map((m) => m.toLowerCase())));
  if (f.tsquery) any.push(sql`${transactions.search} @@ to_tsquery('simple', ${f.tsquery})`);
  if (f.descriptions?.length) any.push(inArray(sql`lower(${transactions.description})`, f.descriptions.map((d) => d.toLowerCase())));
  const x = f.exclude;
  if (x?.categories?.length) conds.push(sql`not (${inArray(transactions.category, x.categories)})`);
  if (x?.merchants?.length) conds.push(sql`(${transactions.merchant} is null or not (${inArray(sql`lower(${transactions.merchant})`, x.merchants.map((m) => m.toLowerCase()))}))`);
  if (x?.descriptions?.length) conds.push(sql`not (${inArray(sql`lower(${transactions.description})`, x.descriptions.map((d) => d.toLowerCase()))})`);
  if (f.days) conds.push(f.days === 'weekend' ? sql`extract(isodow from ${transactions.date}) >= 6` : sql`extract(isodow from ${transactions.date}) < 6`);
  if (any.length === 1) conds.push(any[0]!);
  else if (any.length > 1) conds.push(sql`(${sql.join(any, sql` or `)})`);
  return and(...conds)!;
}

/** Sum and count of a subset, per category and merchant (largest first). */
export async function subsetGroups(db: Db, userId: string, f: SubsetFilter): Promise<SubsetGroup[]> {
  // Base amounts, as the rollups add them: a foreign row without a rate adds nothing.
  const total = sql<string>`coalesce(sum(${baseMinorOf(userId)}), 0)::text`;
  const rows = await db
    .select({ category: transactions.category, merchant: transactions.merchant, total, n: sql<string>`count(*)::text` })
    .from(transactions)
    .where(conditions(userId, f))
    .groupBy(transactions.category, transactions.merchant)
    .orderBy(desc(sql`coalesce(sum(${baseMinorOf(userId)}), 0)`))
    .limit(200);
  return rows.map((r) => ({ category: r.category, merchant: r.merchant, totalMinor: Number(r.total), count: Number(r.n) }));
}

/** How many of a merchant's rows, in amount order, the walk of `singleTransaction` reads before it gives up. */
export const SINGLE_WALK = 2_000;

/** The largest or smallest single transaction of a subset (the latest one on a tie). */
export async function singleTransaction(db: Db, userId: string, f: SubsetFilter, which: 'largest' | 'smallest'): Promise<SingleTransaction | null> {
  if (f.merchants?.length === 1 && !f.categories?.length && !f.tsquery && !f.descriptions?.length && !f.exclude && !f.days) {
    const walked = await merchantWalk(db, userId, f, f.merchants[0]!.toLowerCase(), which);
    if (walked) return walked;
  }
  const [row] = await db
    .select(singleColumns)
    .from(transactions)
    .where(conditions(userId, f))
    // "+ 0": sort the subset's rows (read on the user/date or user/merchant/date index) rather than walk the
    // user's whole amount index hoping to meet one of them early, which at a million rows can read most of it.
    .orderBy(which === 'largest' ? desc(sql`${transactions.amountMinor} + 0`) : sql`${transactions.amountMinor} + 0`, desc(transactions.date))
    .limit(1);
  return row ?? null;
}

const singleColumns = { amountMinor: transactions.amountMinor, date: transactions.date, category: transactions.category, merchant: transactions.merchant, description: transactions.description };

/**
 * One merchant's largest (smallest) payment of a period without reading the period's rows: walk the
 * merchant's rows from the largest (smallest) amount down (up) on the (user_id, lower(merchant),
 * amount_minor, date) index (migration 0018) and take the first amount with a row in the period,
 * then the latest row of that amount in the period. A period holding a share s of the merchant's rows
 * is met after about 1 ÷ s rows; the walk stops after SINGLE_WALK rows and answers undefined (the
 * caller then sorts the period's rows, few by then), so it never reads more than that.
 */
async function merchantWalk(db: Db, userId: string, f: SubsetFilter, merchant: string, which: 'largest' | 'smallest'): Promise<SingleTransaction | undefined> {
  const dir = which === 'largest' ? sql.raw('desc') : sql.raw('asc');
  const result = (await db.execute(sql`
    select t.amount_minor as "amountMinor", t.date::text as date, t.category, t.merchant, t.description
    from transactions as t
    where t.user_id = ${userId} and lower(t.merchant) = ${merchant} and t.date >= ${f.from} and t.date <= ${f.to} and t.type = ${f.type}
      and t.amount_minor = (
        select w.amount_minor from (
          select amount_minor, date, type from transactions
          where user_id = ${userId} and lower(merchant) = ${merchant}
          order by amount_minor ${dir}
          limit ${SINGLE_WALK}
        ) as w
        where w.date >= ${f.from} and w.date <= ${f.to} and w.type = ${f.type}
        order by w.amount_minor ${dir}
        limit 1
      )
    order by t.date desc
    limit 1`)) as unknown as { rows: { amountMinor: string | number; date: string; category: string; merchant: string | null; description: string }[] };
  const row = result.rows[0];
  return row ? { ...row, amountMinor: Number(row.amountMinor) } : undefined;
}

/**
 * The distinct words (3+ characters, not numbers) of the descriptions, merchants and notes of the
 * user's latest transactions, read from their stored search vectors with ts_stat (no re-parsing):
 * the words the coach recognises in a question. Only the words leave the database.
 */
export async function recentWords(db: Db, userId: string, limit: number): Promise<string[]> {
  // ts_stat takes its query as text: the id is checked to be a UUID and the limit an integer before they go in.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId) || !Number.isInteger(limit) || limit <= 0) return [];
  const inner = `select search from transactions where user_id = '${userId}' order by date desc, id desc limit ${limit}`;
  const result = (await db.execute(sql`select word from ts_stat(${inner}) where length(word) >= 3 and word !~ '^[0-9]+$'`)) as unknown as { rows: { word: string }[] };
  return result.rows.map((r) => r.word);
}

/** Whether any transaction of the user matches a tsquery (for words older than the recent sample). */
export async function anyMatch(db: Db, userId: string, tsquery: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), sql`${transactions.search} @@ to_tsquery('simple', ${tsquery})`))
    .limit(1);
  return rows.length > 0;
}

export interface SubsetRow {
  /** In the account's currency. */
  amountMinor: number;
  /** In the base currency (what totals add); null: no rate for its day, not converted. */
  baseMinor: number | null;
  /** A charge abroad: what it was in the shop's currency. */
  original: { amountMinor: number; currency: string } | null;
  date: string;
  merchant: string | null;
  description: string;
}

/** Amounts of a subset, newest first (at most `limit`): for a median, a month-by-month split or a trip's rows. */
export async function subsetRows(db: Db, userId: string, f: SubsetFilter, limit: number): Promise<SubsetRow[]> {
  const t = transactions;
  const rows = await db
    .select({ amountMinor: t.amountMinor, baseMinor: baseMinorOf(userId), originalMinor: t.originalAmountMinor, originalCurrency: t.originalCurrency, date: t.date, merchant: t.merchant, description: t.description })
    .from(t)
    .where(conditions(userId, f))
    .orderBy(desc(t.date))
    .limit(limit);
  return rows.map((r) => ({
    amountMinor: Number(r.amountMinor),
    baseMinor: r.baseMinor === null ? null : Number(r.baseMinor),
    original: r.originalMinor !== null && r.originalCurrency ? { amountMinor: Number(r.originalMinor), currency: r.originalCurrency } : null,
    date: String(r.date),
    merchant: r.merchant,
    description: r.description,
  }));
}

/**
 * The payees of the user's latest transactions: the merchant, or for rows a bank exported without a
 * merchant column the description, with the flow it was used for. Bounded by the latest `limit` rows.
 */
export async function recentPayees(db: Db, userId: string, limit: number): Promise<{ merchant: string | null; description: string; type: 'income' | 'expense'; n: number }[]> {
  const latest = db
    .select({ merchant: transactions.merchant, description: transactions.description, type: transactions.type })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.counts, true)))
    .orderBy(desc(transactions.date), desc(transactions.id))
    .limit(limit)
    .as('latest');
  const rows = await db
    .select({ merchant: latest.merchant, description: sql<string>`case when ${latest.merchant} is null then ${latest.description} else '' end`, type: latest.type, n: sql<string>`count(*)::text` })
    .from(latest)
    .groupBy(latest.merchant, sql`case when ${latest.merchant} is null then ${latest.description} else '' end`, latest.type);
  return rows.map((r) => ({ merchant: r.merchant, description: r.description, type: r.type as 'income' | 'expense', n: Number(r.n) }));
}

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

type TxType = 'income' | 'expense';
export interface ManualCandidateQuery {
  from: string;
  to: string;
  keys: { amountMinor: number; date: string }[];
  days: number;
}

/**
 * How many rows of the months a batch touches make walking them dearer than one probe per pair. Measured
 * with src/tools/bench-import-matches.ts (2,000 pairs over 76 days, under load): at 300,000 rows the walk
 * (about 62,000 rows in the range) 153 ms, the probes 156 ms, so a probe costs about 30 rows walked; the
 * rollup counts whole months (a 76-day range reads 4), hence 50.
 */
const ROWS_PER_PROBE = 50;

/**
 * Hand-typed rows of one account without a bank id that some bank row may be: its amount, dated within
 * `days` of it. Two plans, chosen by how many rows the account holds in the batch's dates (read from its
 * monthly rollup): a walk of those dates, each row looked up in a hash of the file's (amount, date) pairs,
 * while they are few; one probe of the (user_id, amount_minor, date) index per pair once walking would
 * cost more, so a batch into a very large account costs what its file holds.
 */
export async function manualCandidates(db: Db, userId: string, accountId: string, query: ManualCandidateQuery) {
  if (query.keys.length === 0) return [];
  const amounts = sql.param(query.keys.map((k) => k.amountMinor));
  const dates = sql.param(query.keys.map((k) => k.date));
  const [held] = (
    (await db.execute(sql`
      select coalesce(sum(count), 0)::text as n from account_monthly_totals
      where account_id = ${accountId} and user_id = ${userId} and month between date_trunc('month', ${query.from}::date)::date and ${query.to}::date`)) as unknown as { rows: { n: string }[] }
  ).rows;
  const plain = sql`x.account_id = ${accountId} and x.user_id = ${userId} and x.bank_id is null and x.source = 'manual' and x.kind = 'standard'
    -- A split's lines are not what a bank row is (their split row is).
    and x.parent_id is null`;
  const found =
    Number(held?.n ?? 0) <= query.keys.length * ROWS_PER_PROBE
      ? sql`
        select x.id, x.date::text as date, x.type, x.amount_minor::text as amount_minor, x.merchant, x.description from transactions x
        where ${plain} and x.date between ${query.from}::date and ${query.to}::date
          and exists (select 1 from unnest(${amounts}::bigint[], ${dates}::date[]) as k(a, d) where k.a = x.amount_minor and x.date between k.d - ${query.days}::int and k.d + ${query.days}::int)`
      : sql`
        select distinct on (t.id) t.id, t.date::text as date, t.type, t.amount_minor::text as amount_minor, t.merchant, t.description
        from unnest(${amounts}::bigint[], ${dates}::date[]) as k(a, d)
        cross join lateral (
          select x.id, x.date, x.type, x.amount_minor, x.merchant, x.description from transactions x
          where x.user_id = ${userId} and x.amount_minor = k.a and x.date between k.d - ${query.days}::int and k.d + ${query.days}::int and ${plain}
        ) t`;
  const result = (await db.execute(found)) as unknown as { rows: { id: string; date: string; type: TxType; amount_minor: string; merchant: string | null; description: string }[] };
  return result.rows.map((r) => ({ id: r.id, date: r.date, type: r.type, amountMinor: Number(r.amount_minor), merchant: r.merchant, description: r.description }));
}

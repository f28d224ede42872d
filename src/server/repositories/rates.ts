import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { RateSource } from '../../contract/rates';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface RateRow {
  date: string;
  base: string;
  quote: string;
  /** Exact decimal text as the database keeps it (numeric(28,10)). */
  rate: string;
  source: RateSource;
  shared: boolean;
}

/** Rows per INSERT: about 78,000 rates of a ten-year file go in 16 statements. */
const BATCH = 5000;

/**
 * Exchange rates. A user reads their own rates and the shared (provider) ones, never another user's;
 * writes are upserts keyed by user (or none), pair, day and source.
 */
export function ratesRepository(db: Db) {
  const visible = (userId: string) => sql`(user_id = ${userId} or user_id is null)`;
  return {
    /** Stores rates, replacing the same user's (or the shared) rate of the same pair, day and source. */
    async upsert(userId: string | null, source: RateSource, rows: { date: string; base: string; quote: string; rate: string }[]): Promise<number> {
      // One row per key (the last wins): an upsert cannot touch the same row twice in one statement.
      rows = [...new Map(rows.map((r) => [`${r.date}|${r.base}|${r.quote}`, r])).values()];
      const conflict = userId === null ? sql`(base, quote, date, source) where user_id is null` : sql`(user_id, base, quote, date, source) where user_id is not null`;
      for (let i = 0; i < rows.length; i += BATCH) {
        const part = rows.slice(i, i + BATCH);
        await db.execute(sql`
          insert into exchange_rates (user_id, date, base, quote, rate, source)
          select ${userId}::uuid, d, b, q, r, ${source}
          from unnest(${sql.param(part.map((r) => r.date))}::date[], ${sql.param(part.map((r) => r.base))}::text[], ${sql.param(part.map((r) => r.quote))}::text[], ${sql.param(part.map((r) => r.rate))}::numeric[]) as x(d, b, q, r)
          on conflict ${conflict} do update set rate = excluded.rate, created_at = now()`);
      }
      return rows.length;
    },

    /**
     * A file's rates: replaces the user's (or the shared) rates of the same source for those days and
     * pairs, in one database transaction. Delete-then-insert: far cheaper than an upsert per row for
     * a ten-year file.
     */
    async replace(userId: string | null, source: RateSource, rows: { date: string; base: string; quote: string; rate: string }[]): Promise<number> {
      rows = [...new Map(rows.map((r) => [`${r.date}|${r.base}|${r.quote}`, r])).values()];
      if (rows.length === 0) return 0;
      const dates = rows.map((r) => r.date).sort();
      const owner = userId === null ? sql`user_id is null` : sql`user_id = ${userId}`;
      await db.transaction(async (tx) => {
        // A first import (nothing of this source in those days yet) skips matching every row of the file.
        const [kept] = rowsOf<{ any: boolean }>(
          await tx.execute(sql`select exists (select 1 from exchange_rates where ${owner} and source = ${source} and date between ${dates[0]} and ${dates.at(-1)}) as any`),
        );
        if (kept?.any)
          await tx.execute(sql`
          delete from exchange_rates where ${owner} and source = ${source} and date between ${dates[0]} and ${dates.at(-1)}
            and (date, base, quote) in (select * from unnest(${sql.param(rows.map((r) => r.date))}::date[], ${sql.param(rows.map((r) => r.base))}::text[], ${sql.param(rows.map((r) => r.quote))}::text[]))`);
        for (let i = 0; i < rows.length; i += BATCH) {
          const part = rows.slice(i, i + BATCH);
          await tx.execute(sql`
            insert into exchange_rates (user_id, date, base, quote, rate, source)
            select ${userId}::uuid, d, b, q, r, ${source}
            from unnest(${sql.param(part.map((r) => r.date))}::date[], ${sql.param(part.map((r) => r.base))}::text[], ${sql.param(part.map((r) => r.quote))}::text[], ${sql.param(part.map((r) => r.rate))}::numeric[]) as x(d, b, q, r)`);
        }
      });
      return rows.length;
    },

    /** Every visible rate between two days among the given currencies (both sides), newest day first. */
    async window(userId: string, currencies: string[], from: string, to: string): Promise<RateRow[]> {
      return rowsOf<RateRow>(
        await db.execute(sql`
          select date::text as date, base, quote, rate::text as rate, source, user_id is null as shared
          from exchange_rates
          where ${visible(userId)} and date between ${from} and ${to}
            and base = any(${sql.param(currencies)}::text[]) and quote = any(${sql.param(currencies)}::text[])
          order by date desc`),
      );
    },

    /** The newest visible rates on or before a day among the given currencies (both sides), at most `limit` rows. */
    async newest(userId: string, currencies: string[], onOrBefore: string, limit: number): Promise<RateRow[]> {
      return rowsOf<RateRow>(
        await db.execute(sql`
          select date::text as date, base, quote, rate::text as rate, source, user_id is null as shared
          from exchange_rates
          where ${visible(userId)} and date <= ${onOrBefore}
            and base = any(${sql.param(currencies)}::text[]) and quote = any(${sql.param(currencies)}::text[])
          order by date desc limit ${limit}`),
      );
    },

    async list(userId: string, q: { base?: string; quote?: string; from?: string; to?: string }, limit: number): Promise<{ rows: RateRow[]; total: number }> {
      const where = sql.join(
        [
          visible(userId),
          q.base ? sql`base = ${q.base}` : undefined,
          q.quote ? sql`quote = ${q.quote}` : undefined,
          q.from ? sql`date >= ${q.from}` : undefined,
          q.to ? sql`date <= ${q.to}` : undefined,
        ].filter((p) => p !== undefined),
        sql` and `,
      );
      const rows = rowsOf<RateRow>(
        await db.execute(sql`
          select date::text as date, base, quote, rate::text as rate, source, user_id is null as shared
          from exchange_rates where ${where} order by date desc, base, quote, source limit ${limit}`),
      );
      const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from exchange_rates where ${where}`));
      return { rows, total: Number(count?.n ?? 0) };
    },
  };
}
export type RatesRepository = ReturnType<typeof ratesRepository>;

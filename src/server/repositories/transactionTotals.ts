import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { transactions } from '../db/schema';
import { baseMinorOf, rollupGroups, sumByType, unconvertedRowsOf } from './rollups';
import { countableFromRollup, filterConditions, type StoredFilters } from './transactions';

export interface FilterTotalsRow {
  incomeMinor: number;
  expenseMinor: number;
  incomeCount: number;
  expenseCount: number;
  /** Matching rows of a foreign account without a rate: in the counts, not in the sums. */
  unconverted: number;
  source: 'rollups' | 'transactions';
}

/**
 * Income and spending of every transaction matching a list filter (transfers between the user's own
 * accounts and valuations are neither). Type, category and day filters
 * read the rollups (whole months monthly, edge days daily: the dashboard's own figures); any other
 * filter sums the rows in one query with the list's own conditions (user_id and date index, the
 * search GIN index for text).
 */
export function transactionTotalsRepository(db: Db) {
  return {
    async forFilter(userId: string, f: StoredFilters): Promise<FilterTotalsRow> {
      if (countableFromRollup(f)) {
        const sums = sumByType(await rollupGroups(db, userId, { from: f.dateFrom, to: f.dateTo, type: f.type, categories: f.categories }));
        return { ...sums, source: 'rollups' };
      }
      const t = transactions;
      const rows = await db
        .select({ type: t.type, total: sql<string>`coalesce(sum(${baseMinorOf(userId)}), 0)::text`, n: sql<string>`count(*)::text`, u: sql<string>`${unconvertedRowsOf(userId)}::text` })
        .from(t)
        .where(and(...filterConditions(userId, f), eq(t.counts, true)))
        .groupBy(t.type);
      const sums = sumByType(rows.map((r) => ({ type: r.type, totalMinor: Number(r.total), count: Number(r.n), unconverted: Number(r.u) })));
      return { ...sums, source: 'transactions' };
    },
  };
}
export type TransactionTotalsRepository = ReturnType<typeof transactionTotalsRepository>;

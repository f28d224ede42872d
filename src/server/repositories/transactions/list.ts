/** The list: a page (prepared, searched or filtered) and its count. */
import { and, asc, desc, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactions } from '../../db/schema';
import { rollupGroups } from '../rollups';
import type { TransactionRow, StoredFilters, ListRequest, ListResult } from './types';
import { rowColumns, sortColumn, num, filterConditions, countableFromRollup, keysetAfter } from './query';
import { preparedPages, unfiltered } from './pages';
import { searchPage } from './search';

export function listQueries(db: Db) {
  const prepared = preparedPages(db);
  const self = {
    /**
     * One page in a stable order (sort key, then id, same direction) plus the total. Keyset
     * (`after`) pages cost the same at any depth. Totals of type/category/date filters come from
     * the daily rollup; other filters count the matching rows.
     */
    async list(userId: string, req: ListRequest): Promise<ListResult> {
      const conds = [...filterConditions(userId, req.filters), isNull(transactions.parentId)];
      const dir = req.order === 'asc' ? asc : desc;

      let rows: TransactionRow[];
      let total: number | null = null;
      if (req.filters.tsquery) {
        const searched = await searchPage(db, userId, req, conds);
        rows = searched.rows;
        total = searched.total;
      } else if (unfiltered(req.filters)) {
        ({ rows, total } = await prepared.page(userId, req));
      } else {
        const key = sortColumn[req.sort];
        if (req.after) conds.push(keysetAfter(key, transactions.id, req.after, req.sort, req.order));
        rows = await db
          .select(rowColumns)
          .from(transactions)
          .where(and(...conds))
          .orderBy(dir(key), dir(transactions.id))
          .limit(req.limit + 1)
          .offset(req.after ? 0 : req.offset);
      }
      const hasMore = rows.length > req.limit;
      if (hasMore) rows.pop();
      if (!req.includeTotal) total = null;
      else if (total === null) total = await self.count(userId, req.filters);
      return { rows, total, hasMore };
    },

    async count(userId: string, f: StoredFilters): Promise<number> {
      if (unfiltered(f)) return prepared.total(userId);
      if (countableFromRollup(f)) {
        // The rollups hold the rows that count as income or spending; the few others (transfers,
        // valuations, tracking-only accounts, split rows) are counted from their partial index, and the
        // split lines the rollups hold are taken off (the list shows their split row instead).
        const t = transactions;
        const [groups, [uncounted]] = await Promise.all([
          rollupGroups(db, userId, { from: f.dateFrom, to: f.dateTo, type: f.type, categories: f.categories }),
          db
            .select({ n: sql<string>`count(*) filter (where ${t.parentId} is null) - count(*) filter (where ${t.parentId} is not null and ${t.counts})` })
            .from(t)
            .where(and(...filterConditions(userId, f), sql`(not ${t.counts} or ${t.parentId} is not null)`)),
        ]);
        return groups.reduce((n, g) => n + g.count, 0) + num(uncounted?.n);
      }
      const [row] = await db
        .select({ n: sql<string>`count(*)` })
        .from(transactions)
        .where(and(...filterConditions(userId, f), isNull(transactions.parentId)));
      return num(row?.n);
    },
  };
  return self;
}

import { and, asc, desc, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactions } from '../../db/schema';
import type { TransactionRow, StoredFilters, SortKey, ListRequest } from './types';
import { rowColumns, sortColumn, num, filterConditions, keysetAfter } from './query';
import { pageFields, fromPageJson, PAGE_FIELDS } from './pages';

/**
 * Text search, cheapest path first (docs/decisions.md, docs/performance.md):
 * 1. Walk the list order on the sort key's btree, SEARCH_WALK rows at most, keep the matching rows
 *    and stop as soon as the page is full; the page comes back as one JSON value (a common word:
 *    about 50 ÷ its share of the rows, no sort, no GIN). The walk only starts if one of the first
 *    SEARCH_SAMPLE rows in that order matches (an EXISTS that stops at the first match; a one-time
 *    filter in the plan), so a word absent from the newest rows costs at most SEARCH_SAMPLE rows here.
 * 2. Otherwise, or if the walk could not fill the page: collect the matches through the GIN index and
 *    sort them (a rare word costs ~nothing; a word between the two about its number of matches).
 * No GIN probe before the walk: building the bitmap of a common word's posting list costs more than
 * the whole walk (docs/performance.md, "Text search").
 * The total, when asked, is the exact count of matches (the GIN index's bitmap, no sort, no order).
 */
const SEARCH_SAMPLE = 500;
const SEARCH_WALK = 5_000;

export async function searchPage(db: Db, userId: string, req: ListRequest, conds: SQL[]): Promise<{ rows: TransactionRow[]; total: number | null }> {
  const dir = req.order === 'asc' ? asc : desc;
  const offset = req.after ? 0 : req.offset;
  if (offset + req.limit + 1 <= SEARCH_WALK / 10) {
    const walked = await walkedPage(db, userId, req, offset);
    if (walked.length > req.limit) return { rows: walked, total: null };
  }
  // Collect the matches through the GIN index (OFFSET 0 keeps them one set), count them in the same pass, sort that set.
  const matches = db
    .select({ ...rowColumns, matchCount: sql<string>`count(*) over ()`.as('match_count') })
    .from(transactions)
    .where(and(...conds))
    .offset(0)
    .as('m');
  const key = { date: matches.date, amount: matches.amountMinor, created_at: matches.createdAt }[req.sort];
  const where = req.after ? keysetAfter(key, matches.id, req.after, req.sort, req.order) : undefined;
  const found = await db
    .select()
    .from(matches)
    .where(where)
    .orderBy(dir(key), dir(matches.id))
    .limit(req.limit + 1)
    .offset(offset);
  // Every match counted with the page; no row on a first page means no match at all (no second count).
  let total: number | null = found.length === 0 && !req.after && offset === 0 ? 0 : null;
  const rows = found.map(({ matchCount, ...row }) => {
    total = num(matchCount);
    return row as TransactionRow;
  });
  return { rows, total };
}

/** Filters an index-only walk in date order can test from the (user_id, date, id) INCLUDE (search) index alone. */
const indexOnlyFilters = new Set<keyof StoredFilters>(['tsquery', 'dateFrom', 'dateTo']);

/**
 * The walk of searchPage's step 1: the page's rows in list order, or fewer when the walk came up short.
 * In date order with no filter but the words and a day range, the walk reads only (id, date, search)
 * from the (user_id, date, id) INCLUDE (search) index (migration 0019): an index-only scan, no heap
 * row visited on all-visible pages (the vacuum job, db/maintenance.ts, keeps the visibility map on
 * PGlite; autovacuum on PostgreSQL), then the page's rows are read by id. Other sorts and filters
 * need the row anyway, so their walk carries the page's columns (cheaper than reading them again by id).
 */
async function walkedPage(db: Db, userId: string, req: ListRequest, offset: number): Promise<TransactionRow[]> {
  // A scalar subquery: parsed once per statement even in a generic plan (where to_tsquery of a parameter is not folded and would run per row).
  const words = sql`(select to_tsquery('simple', ${req.filters.tsquery!}))`;
  const plain = filterConditions(userId, { ...req.filters, tsquery: undefined });
  const key = sortColumn[req.sort];
  if (req.after) plain.push(keysetAfter(key, transactions.id, req.after, req.sort, req.order));
  const where = and(...plain);
  const dir = sql.raw(req.order);
  const inOrder = sql`order by ${key} ${dir}, ${transactions.id} ${dir}`;
  const indexOnly =
    req.sort === 'date' &&
    Object.entries(req.filters).every(([k, v]) => v === undefined || (Array.isArray(v) && v.length === 0) || indexOnlyFilters.has(k as keyof StoredFilters));
  if (!indexOnly) plain.push(isNull(transactions.parentId));
  const column = (table: string, k: keyof typeof rowColumns) => sql.raw(`${table}."${transactions[k].name}"`);
  const keyName = { date: 'date', amount: 'amountMinor', created_at: 'createdAt' } as const satisfies Record<SortKey, keyof typeof rowColumns>;
  // The rows the walk carries: the key and id only when the index answers the walk, else the page's columns (read with the row anyway).
  const walkColumns = indexOnly
    ? sql`${transactions.id}, ${transactions.date}`
    : sql.join(
        PAGE_FIELDS.map((k) => transactions[k]),
        sql`, `,
      );
  // The walk's and the sample's LIMITs are constants, so the planner knows them (an index walk in list order).
  const matched = sql`
      select w.* from (
        select ${walkColumns}, ${transactions.search} as search
        from ${transactions} where ${where} ${inOrder} limit ${sql.raw(String(SEARCH_WALK))}
      ) as w
      where w.search @@ ${words}
        and exists (
          select 1 from (select ${transactions.search} as search from ${transactions} where ${where} ${inOrder} limit ${sql.raw(String(SEARCH_SAMPLE))}) as s
          where s.search @@ ${words})
      order by ${column('w', keyName[req.sort])} ${dir}, w.id ${dir}
      limit ${req.limit + 1} offset ${offset}`;
  // The page's rows: the walk's own (p), or read by id for the page's ids (at most limit + 1 primary-key lookups).
  const table = indexOnly ? 't' : 'p';
  const fields = pageFields((k) => column(table, k));
  // Split lines are left out after the walk (the index does not hold parent_id): a page short of them falls back to the GIN path.
  const source = indexOnly ? sql`(${matched}) as m join ${transactions} as t on t.id = m.id and t.parent_id is null` : sql`(${matched}) as p`;
  const result = (await db.execute(sql`
    select coalesce(json_agg(json_build_array(${fields}) order by ${column(table, keyName[req.sort])} ${dir}, ${sql.raw(table)}.id ${dir}), '[]')::text as page
    from ${source}`)) as unknown as { rows: { page: string }[] };
  return (JSON.parse(result.rows[0]?.page ?? '[]') as unknown[][]).map((v) => fromPageJson(userId, v));
}

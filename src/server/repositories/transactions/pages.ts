/** Pages read as one JSON value: the unfiltered page and total as prepared statements (the list's per-request floor). */
import { and, asc, desc, eq, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { TRANSACTION_PAGE } from '../../../contract/transactions';
import type { Db } from '../../db/client';
import { transactions, transactionUserCounts } from '../../db/schema';
import type { TransactionRow, TxType, Source, TransactionKind, StoredFilters, SortKey, ListRequest } from './types';
import { rowColumns, sortColumn, num } from './query';

/**
 * A timestamp as whole epoch milliseconds, for a page's JSON : a number costs far
 * less to write in the database (PGlite's WASM above all) and to read in JS than the ISO text with its
 * time zone, which `new Date` would parse. The microseconds are rounded exact (a double holds them to a
 * fraction of a microsecond at today's epoch), then floored to the millisecond, as `new Date(text)`
 * truncates the ISO text's fraction.
 */
export const epochMs = (column: SQLWrapper) => sql`floor(round(date_part('epoch', ${column}) * 1000000) / 1000)`;

/** The columns of a page read as one JSON value, in order (the unfiltered page and the search walk): every column but the user's (the caller's). */
export const PAGE_FIELDS = ['id', 'type', 'amountMinor', 'currency', 'date', 'category', 'description', 'merchant', 'notes', 'tags', 'source', 'importId', 'createdAt', 'updatedAt', 'accountId', 'kind', 'transferId', 'counts', 'cleared', 'reconciled', 'bankId', 'merchantName', 'merchantKind', 'baseAmountMinor', 'originalAmountMinor', 'originalCurrency', 'parentId', 'split'] as const satisfies readonly (keyof typeof rowColumns)[];
type PageField = (typeof PAGE_FIELDS)[number];

/** A row's JSON array for a page, each field read by `column`, the timestamps as epoch milliseconds (fromPageJson reads it back). */
export const pageFields = (column: (k: PageField) => SQLWrapper) =>
  sql.join(
    PAGE_FIELDS.map((k) => (k === 'createdAt' || k === 'updatedAt' ? epochMs(column(k)) : column(k))),
    sql`, `,
  );

/** A row of a page's JSON (pageFields) as the row drizzle would answer: bigint as a number (amounts are far below 2^53), timestamps as Dates. */
export function fromPageJson(userId: string, v: unknown[]): TransactionRow {
  return {
    id: v[0] as string,
    userId,
    type: v[1] as TxType,
    amountMinor: Number(v[2]),
    currency: v[3] as string | null,
    date: v[4] as string,
    category: v[5] as string,
    description: v[6] as string,
    merchant: v[7] as string | null,
    notes: v[8] as string | null,
    tags: v[9] as string[],
    source: v[10] as Source,
    importId: v[11] as string | null,
    createdAt: new Date(v[12] as number),
    updatedAt: new Date(v[13] as number),
    accountId: v[14] as string,
    kind: v[15] as TransactionKind,
    transferId: v[16] as string | null,
    counts: v[17] as boolean,
    cleared: v[18] as boolean,
    reconciled: v[19] as boolean,
    bankId: v[20] as string | null,
    merchantName: v[21] as string | null,
    merchantKind: v[22] as string | null,
    baseAmountMinor: v[23] == null ? null : Number(v[23]),
    originalAmountMinor: v[24] == null ? null : Number(v[24]),
    originalCurrency: v[25] as string | null,
    parentId: v[26] as string | null,
    split: v[27] as boolean,
  };
}

/** No filter but the user: the list's first view, the one every request of the list screen starts with. */
export const unfiltered = (f: StoredFilters) => Object.values(f).every((v) => v === undefined || (Array.isArray(v) && v.length === 0));

/**
 * Every transaction of the user, as text: one row of transaction_user_counts (exact: statement triggers
 * keep it in the same transaction as every write, migration 0021; no row yet means none).
 */
export const totalOf = (userId: SQLWrapper) =>
  sql<string>`coalesce((select ${transactionUserCounts.count} from ${transactionUserCounts} where ${transactionUserCounts.userId} = ${userId}), 0)::text`;

/** The most rows a bounded page statement reads: the largest page the API serves, plus the row that tells whether more follow. */
export const PAGE_BOUND = TRANSACTION_PAGE.maxLimit + 1;

/**
 * The unfiltered page and total as prepared statements, built once per repository (the
 * per-request floor): no SQL built per request, and the database parses and plans each once per
 * connection (node-postgres names them; PGlite through db/pgliteStatements.ts). One statement per
 * sort, direction, first-or-keyset page and with-or-without the total.
 */
export function preparedPages(db: Db) {
  const cache = new Map<string, ReturnType<typeof build>>();
  const build = (sort: SortKey, order: 'asc' | 'desc', keyset: boolean, withTotal: boolean, bounded: boolean) => {
    const dir = order === 'asc' ? asc : desc;
    const key = sortColumn[sort];
    const conds: SQL[] = [eq(transactions.userId, sql.placeholder('userId')), isNull(transactions.parentId)];
    if (keyset) {
      const cast = sort === 'date' ? sql`::date` : sort === 'amount' ? sql`::bigint` : sql`::timestamptz`;
      const op = order === 'asc' ? sql`>` : sql`<`;
      conds.push(sql`(${key}, ${transactions.id}) ${op} (${sql.placeholder('value')}${cast}, ${sql.placeholder('id')}::uuid)`);
    }
    const ordered = db
      .select(rowColumns)
      .from(transactions)
      .where(and(...conds))
      .orderBy(dir(key), dir(transactions.id));
    let page;
    if (bounded) {
      // The requested limit applies outside a constant one, so the plan PostgreSQL estimates without
      // the values (the generic plan) reads at most PAGE_BOUND rows, costs what a plan for 51 rows
      // costs, and is kept after five executions: no planning per request. With `limit $1` alone the
      // generic plan is costed at a tenth of the table and PostgreSQL plans every execution afresh.
      // A constant in the text (drizzle would send a number as a parameter).
      const inner = ordered.limit(sql.raw(String(PAGE_BOUND)) as unknown as number).as('b');
      const innerKey = { date: inner.date, amount: inner.amountMinor, created_at: inner.createdAt }[sort];
      page = db
        .select()
        .from(inner)
        .orderBy(dir(innerKey), dir(inner.id))
        .limit(sql.placeholder('limit'))
        .as('p');
    } else {
      page = ordered.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).as('p');
    }
    const pageKey = { date: page.date, amount: page.amountMinor, created_at: page.createdAt }[sort];
    const fields = pageFields((k) => page[k]);
    // The page as one JSON value: one field to hand over instead of one per column and row; the
    // total, when asked, in the same statement (one round trip instead of two).
    return db
      .select({
        page: sql<string>`coalesce(json_agg(json_build_array(${fields}) order by ${pageKey} ${sql.raw(order)}, ${page.id} ${sql.raw(order)}), '[]')::text`,
        n: withTotal ? sql<string | null>`(${totalOf(sql.placeholder('userId'))})` : sql<string | null>`null`,
      })
      .from(page)
      .prepare(`transactions_page_${sort}_${order}${keyset ? '_after' : ''}${withTotal ? '_total' : ''}${bounded ? '_bounded' : ''}`);
  };
  const total = db
    .select({ n: transactionUserCounts.count })
    .from(transactionUserCounts)
    .where(eq(transactionUserCounts.userId, sql.placeholder('userId')))
    .prepare('transactions_total');
  return {
    /** The page, and the user's total when the request asks for it (else null). */
    async page(userId: string, req: ListRequest): Promise<{ rows: TransactionRow[]; total: number | null }> {
      // A first or keyset page within PAGE_BOUND rows: the statement with a generic plan (see build).
      const bounded = (!!req.after || req.offset === 0) && req.limit + 1 <= PAGE_BOUND;
      const name = `${req.sort}_${req.order}_${req.after ? 1 : 0}_${req.includeTotal ? 1 : 0}_${bounded ? 1 : 0}`;
      let statement = cache.get(name);
      if (!statement) cache.set(name, (statement = build(req.sort, req.order, !!req.after, req.includeTotal, bounded)));
      const [row] = await statement.execute({ userId, limit: req.limit + 1, offset: req.after ? 0 : req.offset, value: req.after ? String(req.after.value) : undefined, id: req.after?.id });
      return { rows: (JSON.parse(row?.page ?? '[]') as unknown[][]).map((v) => fromPageJson(userId, v)), total: req.includeTotal ? num(row?.n) : null };
    },
    /** Every transaction of the user (transaction_user_counts; no row means none). */
    async total(userId: string): Promise<number> {
      const [row] = await total.execute({ userId });
      return num(row?.n);
    },
  };
}

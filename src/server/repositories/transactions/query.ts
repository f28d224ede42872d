/** What the transactions queries share: the row's columns, a filter's WHERE, keyset pages, ids. */
import { and, arrayContains, eq, gte, inArray, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { transactions } from '../../db/schema';
import type { StoredFilters, SortKey, KeysetPosition } from './types';

/** Every column but the search vector, which only the database needs. */
export const rowColumns = {
  id: transactions.id,
  userId: transactions.userId,
  accountId: transactions.accountId,
  kind: transactions.kind,
  transferId: transactions.transferId,
  counts: transactions.counts,
  cleared: transactions.cleared,
  reconciled: transactions.reconciled,
  type: transactions.type,
  amountMinor: transactions.amountMinor,
  currency: transactions.currency,
  date: transactions.date,
  category: transactions.category,
  description: transactions.description,
  merchant: transactions.merchant,
  notes: transactions.notes,
  tags: transactions.tags,
  source: transactions.source,
  importId: transactions.importId,
  bankId: transactions.bankId,
  merchantName: transactions.merchantName,
  merchantKind: transactions.merchantKind,
  baseAmountMinor: transactions.baseAmountMinor,
  originalAmountMinor: transactions.originalAmountMinor,
  originalCurrency: transactions.originalCurrency,
  parentId: transactions.parentId,
  split: transactions.split,
  createdAt: transactions.createdAt,
  updatedAt: transactions.updatedAt,
};

export const sortColumn = { date: transactions.date, amount: transactions.amountMinor, created_at: transactions.createdAt } as const;

export const num = (v: unknown) => Number(v ?? 0);
export const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
export const owned = (userId: string, id: string) => and(eq(transactions.userId, userId), eq(transactions.id, id));

/** The WHERE conditions of a filter (the list, its count, the export and the filter totals share them). */
export function filterConditions(userId: string, f: StoredFilters): SQL[] {
  const conds: SQL[] = [eq(transactions.userId, userId)];
  if (f.type) conds.push(eq(transactions.type, f.type));
  if (f.categories?.length === 1) conds.push(eq(transactions.category, f.categories[0]!));
  else if (f.categories && f.categories.length > 1) conds.push(inArray(transactions.category, f.categories));
  if (f.dateFrom) conds.push(gte(transactions.date, f.dateFrom));
  if (f.dateTo) conds.push(lte(transactions.date, f.dateTo));
  if (f.amountMinMinor !== undefined) conds.push(gte(transactions.amountMinor, f.amountMinMinor));
  if (f.amountMaxMinor !== undefined) conds.push(lte(transactions.amountMinor, f.amountMaxMinor));
  if (f.tsquery) conds.push(sql`${transactions.search} @@ to_tsquery('simple', ${f.tsquery})`);
  if (f.tags?.length) conds.push(arrayContains(transactions.tags, f.tags));
  if (f.source) conds.push(eq(transactions.source, f.source));
  if (f.importId) conds.push(isUuid(f.importId) ? eq(transactions.importId, f.importId) : sql`false`);
  if (f.accountId) conds.push(isUuid(f.accountId) ? eq(transactions.accountId, f.accountId) : sql`false`);
  return conds;
}

/** Filters the daily rollup can count exactly: type, category and day range. */
export const countableFromRollup = (f: StoredFilters) =>
  f.amountMinMinor === undefined && f.amountMaxMinor === undefined && !f.tsquery && !f.tags?.length && !f.source && !f.importId && !f.accountId;

/** Rows after the last one seen: a row comparison, which the btree on (user_id, key, id) serves directly. */
export function keysetAfter(key: SQLWrapper, id: SQLWrapper, after: KeysetPosition, sort: SortKey, order: 'asc' | 'desc'): SQL {
  const cast = sort === 'date' ? sql`::date` : sort === 'amount' ? sql`::bigint` : sql`::timestamptz`;
  const op = order === 'asc' ? sql`>` : sql`<`;
  return sql`(${key}, ${id}) ${op} (${String(after.value)}${cast}, ${after.id}::uuid)`;
}

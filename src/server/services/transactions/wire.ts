import { isRealDate, isUuid } from '../../../contract/schemas/fields';
import { fromMinor, toMinor } from '../../../contract/money';
import { TRANSACTION_LIMITS, type ParsedTransactionListQuery, type Transaction, type TransactionFilters } from '../../../contract/schemas/transactions';
import type { KeysetPosition, SortKey, StoredFilters, TransactionRow } from '../../repositories/transactions';
import { ValidationError } from '../../errors';
import type { Categories } from './categories';

/** A stored row as the API shows it. */
export function toTransaction(row: TransactionRow): Transaction {
  return {
    transaction_id: row.id,
    type: row.type,
    amount: fromMinor(row.amountMinor),
    currency: row.currency,
    date: row.date,
    category: row.category,
    description: row.description,
    merchant: row.merchant,
    notes: row.notes,
    tags: row.tags,
    source: row.source,
    import_id: row.importId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Words of a search as a prefix tsquery: "Star coffee" → `Star:* & coffee:*`. Only letters and
 * digits survive, so the result needs no escaping. Undefined when no word is left.
 */
export function toPrefixQuery(q: string | undefined): string | undefined {
  if (!q) return undefined;
  // Case is left to to_tsquery, which folds it exactly as to_tsvector did for the stored text.
  const words = q
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, TRANSACTION_LIMITS.queryWords);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : undefined;
}

/** API filters in storage terms; category names take their stored spelling (load categories only when filtering by them). */
export function toStoredFilters(f: TransactionFilters, categories?: Categories): StoredFilters {
  return {
    type: f.type,
    categories: f.category?.map((name) => categories?.resolve(name) ?? name),
    dateFrom: f.date_from,
    dateTo: f.date_to,
    amountMinMinor: f.amount_min === undefined ? undefined : toMinor(f.amount_min),
    amountMaxMinor: f.amount_max === undefined ? undefined : toMinor(f.amount_max),
    tsquery: toPrefixQuery(f.q),
    tags: f.tags,
    source: f.source,
    importId: f.import_id,
  };
}

interface CursorBody {
  s: SortKey;
  o: 'asc' | 'desc';
  v: string | number;
  i: string;
}

/** An opaque next_cursor: the sort, direction and the last row's key. */
export function encodeCursor(row: TransactionRow, sort: SortKey, order: 'asc' | 'desc'): string {
  const v = sort === 'date' ? row.date : sort === 'amount' ? row.amountMinor : row.createdAt.toISOString();
  const body: CursorBody = { s: sort, o: order, v, i: row.id };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

const invalidCursor = () => new ValidationError('cursor is invalid or belongs to another sort order; start again without it');

export function decodeCursor(cursor: string, query: Pick<ParsedTransactionListQuery, 'sort' | 'order'>): KeysetPosition {
  let body: Partial<CursorBody>;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorBody>;
  } catch {
    throw invalidCursor();
  }
  if (body.s !== query.sort || body.o !== query.order || typeof body.i !== 'string' || !isUuid(body.i)) throw invalidCursor();
  const v = body.v;
  const valid =
    (query.sort === 'date' && typeof v === 'string' && isRealDate(v)) ||
    (query.sort === 'amount' && typeof v === 'number' && Number.isSafeInteger(v) && Math.abs(v) < 1e15) ||
    (query.sort === 'created_at' && typeof v === 'string' && isTimestamp(v));
  if (!valid) throw invalidCursor();
  return { value: v!, id: body.i };
}

/** A created_at cursor value: the ISO form toISOString writes, within the dates PostgreSQL and the API accept. */
function isTimestamp(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(v)) return false;
  const t = Date.parse(v);
  return !Number.isNaN(t) && isRealDate(v.slice(0, 10)) && new Date(t).toISOString().slice(0, 19) === v.slice(0, 19);
}

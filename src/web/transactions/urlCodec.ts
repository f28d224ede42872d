import type { PageFilters } from '../../../machines/transactionList';
import type { TransactionSort } from '../../contract/transactions';

/** The list as a plain link opens it: newest first. */
export const DEFAULT_FILTERS: PageFilters = { sort: 'date', order: 'desc' };

const SORTS: readonly TransactionSort[] = ['date', 'amount', 'created_at'];
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const amountOf = (v: string | undefined) => {
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

/**
 * Filters read from a URL query (`?type=expense&category=Groceries,Dining&tags=holiday&date_from=…&q=…&sort=amount&order=asc`).
 * Values the server would refuse are dropped, so a hand-edited or stale link still opens a list.
 */
export function filtersFromQuery(query: Iterable<[string, string]>): PageFilters {
  const params = new Map<string, string[]>();
  for (const [key, value] of query) params.set(key, [...(params.get(key) ?? []), value]);
  const one = (key: string) => params.get(key)?.[0]?.trim();
  const filters: PageFilters = { ...DEFAULT_FILTERS };
  const type = one('type');
  if (type === 'income' || type === 'expense') filters.type = type;
  const categories = [...new Set((params.get('category') ?? []).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean))];
  if (categories.length) filters.category = categories;
  // Rows carrying every one of these tags (lower case, as stored); at most as many as a row can carry.
  const tags = [...new Set((params.get('tags') ?? []).flatMap((v) => v.split(',')).map((v) => v.trim().toLowerCase()).filter((v) => v && v.length <= 32 && [...v].every((ch) => ch.charCodeAt(0) >= 32)))].slice(0, 10);
  if (tags.length) filters.tags = tags;
  const from = one('date_from');
  if (from && isDay(from)) filters.date_from = from;
  const to = one('date_to');
  if (to && isDay(to)) filters.date_to = to;
  if (filters.date_from && filters.date_to && filters.date_from > filters.date_to) delete filters.date_to;
  const min = amountOf(one('amount_min'));
  if (min !== undefined) filters.amount_min = min;
  const max = amountOf(one('amount_max'));
  if (max !== undefined && (min === undefined || max >= min)) filters.amount_max = max;
  const q = one('q');
  if (q) filters.q = q.slice(0, 100);
  const sort = one('sort') as TransactionSort | undefined;
  if (sort && SORTS.includes(sort)) filters.sort = sort;
  const order = one('order');
  if (order === 'asc' || order === 'desc') filters.order = order;
  return filters;
}

/** The URL query (and API query) of some filters; defaults are left out so a plain link stays plain. */
export function filtersToQuery(filters: PageFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.type) query.type = filters.type;
  if (filters.category?.length) query.category = filters.category.join(',');
  if (filters.tags?.length) query.tags = filters.tags.join(',');
  if (filters.date_from) query.date_from = filters.date_from;
  if (filters.date_to) query.date_to = filters.date_to;
  if (filters.amount_min !== undefined) query.amount_min = String(filters.amount_min);
  if (filters.amount_max !== undefined) query.amount_max = String(filters.amount_max);
  if (filters.q?.trim()) query.q = filters.q.trim();
  if (filters.sort !== DEFAULT_FILTERS.sort) query.sort = filters.sort;
  if (filters.order !== DEFAULT_FILTERS.order) query.order = filters.order;
  return query;
}

/** One string per distinct filter set (same rows, same order). */
export const filtersKey = (filters: PageFilters) => JSON.stringify(Object.entries(filtersToQuery(filters)).sort(([a], [b]) => (a < b ? -1 : 1)));

export { activeFilterCount } from '../../../machines/transactionList';

export type RangeField = 'date_from' | 'date_to' | 'amount_min' | 'amount_max';

/** The field messages of filter ranges that cannot hold a row (said at the field, never dropped silently). */
export function filterProblems(f: Pick<PageFilters, RangeField>): Partial<Record<RangeField, string>> {
  const problems: Partial<Record<RangeField, string>> = {};
  if (f.date_from && f.date_to && f.date_from > f.date_to) problems.date_to = 'To must be on or after From';
  if (f.amount_min !== undefined && f.amount_max !== undefined && f.amount_max < f.amount_min) problems.amount_max = 'Max amount must be at least the min amount';
  return problems;
}

import type { Transaction, TransactionFilters } from '../src/contract/transactions';
import { collectionMachineOf } from './collection';

/** What the list shows: the query filters of GET /transactions that the page keeps in its URL. */
export type PageFilters = Pick<TransactionFilters, 'type' | 'category' | 'tags' | 'date_from' | 'date_to' | 'amount_min' | 'amount_max' | 'q' | 'sort' | 'order'>;

/** Rows of the first page (on screen at once) and of each further page (scrolling on). */
export const PAGE_SIZES = { first: 100, more: 500 } as const;

/** The transactions list and its filters: the collection machine (machines/collection.ts) typed for transactions, queried by the page's filters; the page provides its calls. */
export const transactionListMachine = collectionMachineOf<Transaction, PageFilters>();

const sameList = (a: readonly string[] | undefined, b: readonly string[] | undefined) => (a ?? []).join('\u0000') === (b ?? []).join('\u0000');

/** Whether two filter sets list the same rows in the same order. */
export const sameFilters = (a: PageFilters, b: PageFilters) =>
  a.type === b.type &&
  sameList(a.category, b.category) &&
  sameList(a.tags, b.tags) &&
  a.date_from === b.date_from &&
  a.date_to === b.date_to &&
  a.amount_min === b.amount_min &&
  a.amount_max === b.amount_max &&
  (a.q?.trim() || undefined) === (b.q?.trim() || undefined) &&
  a.sort === b.sort &&
  a.order === b.order;

/** How many filters narrow the list (sort does not). */
export const activeFilterCount = (f: PageFilters) =>
  [f.type, f.category?.length ? f.category : undefined, f.tags?.length ? f.tags : undefined, f.date_from, f.date_to, f.amount_min, f.amount_max, f.q?.trim() || undefined].filter((v) => v !== undefined).length;

import type { Transaction, TransactionFilters } from '../src/contract/transactions';
import { collectionMachineOf } from './collection';

/** What the list shows: the query filters of GET /transactions that the page keeps in its URL. */
export type PageFilters = Pick<TransactionFilters, 'type' | 'category' | 'tags' | 'date_from' | 'date_to' | 'amount_min' | 'amount_max' | 'q' | 'sort' | 'order'>;

/** Rows of the first page (on screen at once) and of further pages (scrolling on): 500, then as many as are listed, up to 4,000. */
export const PAGE_SIZES = { first: 100, more: 500, most: 4000 } as const;

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

/** The words of a search as the server matches them: letters and digits, each the start of a word of the row (hashtags name tags). */
const searchWords = (q: string) => ({
  tags: [...q.matchAll(/(?:^|\s)#([^\s#,]+)/gu)].map((m) => m[1]!.toLowerCase()),
  words: q
    .replace(/(?:^|\s)#([^\s#,]+)/gu, ' ')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean),
});

/**
 * Whether a row surely matches a search: every word starts a word of its description, merchant or
 * notes, every #tag is one of its tags. The server finds these and more (a merchant's bank spellings),
 * so the rows this keeps are a part of its answer, never a row it would not list.
 */
export function surelyMatches(t: Pick<Transaction, 'description' | 'merchant' | 'notes' | 'tags'>, q: string): boolean {
  const { tags, words } = searchWords(q);
  if (!tags.every((tag) => t.tags.some((own) => own.toLowerCase() === tag))) return false;
  if (words.length === 0) return true;
  const text = `${t.description ?? ''} ${t.merchant ?? ''} ${t.notes ?? ''}`.toLowerCase();
  // Most rows fail the cheap test: a search over thousands of listed rows runs between two keystrokes.
  if (!words.every((w) => text.includes(w))) return false;
  const own = text.split(/[^\p{L}\p{N}]+/u);
  return words.every((w) => own.some((o) => o.startsWith(w)));
}

/**
 * While typing a longer search word: the listed rows that match it, shown at once while the server
 * answers. Only when the search alone changed and the new one narrows the old (every row of the new
 * answer was in the old one, so the loaded rows that match are in the new answer, in order); else
 * undefined (the list keeps its rows, dimmed, until the answer).
 */
export function searchPreview(from: PageFilters, to: PageFilters, items: readonly Transaction[]): Transaction[] | undefined {
  const before = from.q?.trim() ?? '';
  const after = to.q?.trim() ?? '';
  if (after === before || !after.toLowerCase().startsWith(before.toLowerCase())) return undefined;
  if (!sameFilters({ ...from, q: undefined }, { ...to, q: undefined })) return undefined;
  return items.filter((t) => surelyMatches(t, after));
}

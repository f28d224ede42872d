import type { KeysetPosition, SortKey, StoredFilters, TransactionsRepository } from '../../repositories/transactions';
import { transactionCsvHeader, transactionCsvLine } from './csv';

/** Rows read per query while streaming an export. */
const EXPORT_PAGE = 2_000;

/**
 * The filtered list as CSV text, a page at a time: keyset paging (the last row's sort key and id)
 * through the same list query as GET /transactions, so memory stays one page whatever the user holds.
 */
export async function* exportCsv(
  repo: TransactionsRepository,
  userId: string,
  request: { filters: StoredFilters; sort: SortKey; order: 'asc' | 'desc'; currency: string },
): AsyncGenerator<string> {
  const { filters, sort, order, currency } = request;
  yield transactionCsvHeader();
  let after: KeysetPosition | undefined;
  for (;;) {
    const page = await repo.list(userId, { filters, sort, order, limit: EXPORT_PAGE, offset: 0, after, includeTotal: false });
    let chunk = '';
    // A split transaction is written as its lines (category, amount and memo each), which add up to it.
    const splitIds = page.rows.filter((r) => r.split).map((r) => r.id);
    const lines = splitIds.length ? await repo.splitLines(userId, splitIds) : undefined;
    for (const r of page.rows) for (const row of (r.split && lines?.get(r.id)) || [r]) chunk += transactionCsvLine(row, currency);
    if (chunk) yield chunk;
    const last = page.rows[page.rows.length - 1];
    if (!page.hasMore || !last) return;
    after = { value: sort === 'date' ? last.date : sort === 'amount' ? last.amountMinor : last.createdAt.toISOString(), id: last.id };
  }
}

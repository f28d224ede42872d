import { EXPORT_COLUMNS } from '../../../contract/schemas/transactions';
import type { KeysetPosition, SortKey, StoredFilters, TransactionRow, TransactionsRepository } from '../../repositories/transactions';
import { csvLine } from '../import/csv';

export const UTF8_BOM = '\uFEFF';

/** Rows read per query while streaming an export. */
const EXPORT_PAGE = 2_000;

function exportLine(r: TransactionRow, accountCurrency: string): string {
  return csvLine([
    r.date,
    r.type,
    (r.amountMinor / 100).toFixed(2),
    r.currency ?? accountCurrency,
    r.category,
    r.description,
    r.merchant,
    r.notes,
    r.tags.join(';'),
    r.id,
    r.createdAt.toISOString(),
  ]);
}

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
  // The byte order mark tells Excel the file is UTF-8 ("Bäckerei Müller", not "BÃ¤ckerei MÃ¼ller").
  yield UTF8_BOM + csvLine([...EXPORT_COLUMNS]);
  let after: KeysetPosition | undefined;
  for (;;) {
    const page = await repo.list(userId, { filters, sort, order, limit: EXPORT_PAGE, offset: 0, after, includeTotal: false });
    let chunk = '';
    for (const r of page.rows) chunk += exportLine(r, currency);
    if (chunk) yield chunk;
    const last = page.rows[page.rows.length - 1];
    if (!page.hasMore || !last) return;
    after = { value: sort === 'date' ? last.date : sort === 'amount' ? last.amountMinor : last.createdAt.toISOString(), id: last.id };
  }
}

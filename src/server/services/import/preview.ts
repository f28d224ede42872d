import { fromMinor } from '../../../contract/money';
import { CSV_IMPORT_LIMITS, type ImportMapping, type ImportPreview, type ImportPreviewRow, type LineError } from '../../../contract/transactions';
import type { Categories } from '../transactions/categories';
import { merchantOf } from '../transactions/merchantName';
import { DuplicateTracker, ImportClassifier, type BankProbe, type DuplicateProbe } from './duplicates';
import type { RowResult } from './mapping';
import { openImport } from './source';
import { tooManyRows } from './upload';

export interface PreviewInput {
  text: string;
  /** The mapping to apply; omitted on upload, when the server suggests one. */
  mapping?: ImportMapping;
  /** Ambiguous day/month dates read month-first (US accounts). */
  monthFirst: boolean;
  categories: Categories;
  probe: DuplicateProbe;
  /** The money account's bank ids and hand-typed rows (bank files). */
  bank: BankProbe;
  /** More data rows than this answer 413 as soon as they are counted (default CSV_IMPORT_LIMITS.maxRows). */
  maxRows?: number;
}

export type PreviewBody = Omit<ImportPreview, 'import_id' | 'status' | 'file_name' | 'account_id'>;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads the whole file with a mapping (suggested when none is given), a chunk of records at a
 * time: every row is parsed and checked for duplicates so the counts are exact; the first rows
 * and errors are returned. More than maxRows data rows stop the read with a 413.
 */
export async function previewImport(input: PreviewInput): Promise<PreviewBody> {
  const source = openImport(input.text, input.monthFirst, input.mapping);
  const suggestion = source.suggestion;
  const mapping = input.mapping ?? suggestion.mapping;

  const tracker = new ImportClassifier(new DuplicateTracker(input.probe), source.format === 'csv' ? null : input.bank);
  const counts = { rows: 0, new: 0, duplicates: 0, duplicates_in_file: 0, matched: 0, pending: 0, errors: 0 };
  const countOf = { new: 'new', duplicate: 'duplicates', duplicate_in_file: 'duplicates_in_file', matched: 'matched', pending: 'pending' } as const;
  const rows: ImportPreviewRow[] = [];
  const errors: LineError[] = [];
  const maxRows = input.maxRows ?? CSV_IMPORT_LIMITS.maxRows;
  const records = source.rows(mapping, input.categories.resolve);
  const chunk = CSV_IMPORT_LIMITS.batchSize * 5;
  for (;;) {
    // One chunk of records at a time: memory stays one chunk whatever the file holds.
    const results: RowResult[] = [];
    while (results.length < chunk) {
      const next = records.next();
      if (next.done) break;
      results.push(next.value);
    }
    if (results.length === 0) break;
    counts.rows += results.length;
    if (counts.rows > maxRows) throw tooManyRows(maxRows);
    await tracker.prime(results.flatMap((r) => (r.ok ? [r.row] : [])));
    for (const r of results) {
      if (!r.ok) {
        counts.errors++;
        if (errors.length < CSV_IMPORT_LIMITS.maxErrors) errors.push({ line: r.line, message: r.error });
        if (rows.length < CSV_IMPORT_LIMITS.previewRows) {
          rows.push({
            line: r.line,
            status: 'error',
            error: r.error,
            date: r.partial.date ?? null,
            type: null,
            amount: null,
            category: null,
            description: '',
            merchant: null,
            notes: null,
            tags: [],
            currency: null,
          });
        }
        continue;
      }
      const { status } = tracker.classify(r.row);
      counts[countOf[status]]++;
      if (rows.length < CSV_IMPORT_LIMITS.previewRows) {
        const row = r.row;
        rows.push({
          line: row.line,
          status,
          error: null,
          date: row.date,
          type: row.type,
          amount: fromMinor(row.amountMinor),
          category: row.category,
          description: row.description,
          merchant: row.merchant,
          merchant_name: merchantOf(row.merchant, row.description).merchantName,
          notes: row.notes,
          tags: row.tags,
          currency: row.currency,
        });
      }
    }
    await yieldToEventLoop();
  }
  return {
    format: source.format,
    columns: source.columns,
    sample: source.sample,
    detected: input.mapping
      ? { ...suggestion.detected, delimiter: mapping.delimiter, has_header: mapping.has_header, skip_lines: mapping.skip_lines }
      : suggestion.detected,
    mapping,
    counts,
    rows,
    errors,
  };
}

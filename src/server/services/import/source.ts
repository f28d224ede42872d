import { FALLBACK_CATEGORY, isRealDate, TRANSACTION_LIMITS, type ImportDateFormat, type ImportMapping, type ImportPreview, type ImportFormat } from '../../../contract/transactions';
import { detectFormat, readBankFile, type BankEntry } from './bankFiles';
import { detectDateFormat, parseDate } from './formats';
import { countRows, detectLayout, layoutFile, readRow, suggestMapping, type CategoryResolver, type RowResult, type Suggestion } from './mapping';

/**
 * An uploaded file opened for reading, whatever its format: what was detected, the suggested
 * mapping, and its rows under a mapping, one at a time. The preview and the runner read every
 * format through this, so a bank file's rows meet the same duplicate checks and the same insert.
 */
export interface ImportSource {
  format: ImportFormat;
  columns: string[];
  sample: string[][];
  suggestion: Suggestion;
  rows(mapping: ImportMapping, resolve: CategoryResolver): Generator<RowResult>;
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** One bank statement line read with the mapping (QIF's day/month order, the sign, default categories). */
export function readBankEntry(entry: BankEntry, format: ImportFormat, mapping: ImportMapping, resolveCategory: CategoryResolver): RowResult {
  const line = entry.line;
  const fail = (error: string, partial: { date?: string } = {}): RowResult => ({ ok: false, line, error, partial });
  if (entry.date === '') return fail('date is missing');
  const date = format === 'qif' ? parseDate(entry.date, mapping.date_format as ImportDateFormat) : isRealDate(entry.date) ? entry.date : null;
  if (!date) return fail(format === 'qif' ? `date '${entry.date}' is not a real date in the format ${mapping.date_format}` : `date '${entry.date}' is not a real date`);
  if (!entry.amount.ok) return fail(entry.amount.error, { date });
  const signed = mapping.invert_sign ? -entry.amount.minor : entry.amount.minor;
  if (signed === 0) return fail('amount is zero', { date });
  const type = signed < 0 ? 'expense' : 'income';
  const payee = clip(entry.payee, TRANSACTION_LIMITS.merchant);
  const memo = clip(entry.memo, TRANSACTION_LIMITS.notes);
  const category = (entry.category && resolveCategory(entry.category)) || resolveCategory(type === 'income' ? mapping.default_income_category : mapping.default_expense_category) || FALLBACK_CATEGORY[type];
  return {
    ok: true,
    row: {
      line,
      date,
      type,
      amountMinor: Math.abs(signed),
      category,
      description: clip(entry.payee || entry.memo, TRANSACTION_LIMITS.description),
      merchant: payee || null,
      notes: memo || null,
      tags: [],
      currency: null,
      bankId: entry.bankId ? entry.bankId.slice(0, 255) : null,
      pending: entry.pending,
    },
  };
}

/** Opens a file: a bank file by its content (OFX/QFX, QIF, CAMT.053), else a CSV table. */
export function openImport(text: string, monthFirst: boolean, mapping?: ImportMapping): ImportSource {
  const format = detectFormat(text);
  if (format === 'csv') {
    const detected = detectLayout(text);
    const layout = mapping ? layoutFile(text, mapping.delimiter, mapping.skip_lines, mapping.has_header) : layoutFile(text, detected.delimiter, detected.skipLines, detected.hasHeader);
    return {
      format,
      columns: layout.columns,
      sample: layout.sample.slice(0, 10).map((r) => r.cells),
      suggestion: suggestMapping(layout, monthFirst),
      *rows(m, resolve) {
        for (const record of layout.rows()) yield readRow(record, m, resolve);
      },
    };
  }
  const file = readBankFile(text, format);
  const dates = format === 'qif' ? detectDateFormat(file.entries.map((e) => e.date), monthFirst) : { format: 'YYYY-MM-DD' as const, ambiguous: false };
  const suggested: ImportMapping = {
    delimiter: ',',
    has_header: false,
    skip_lines: 0,
    date_format: dates.format ?? 'YYYY-MM-DD',
    decimal_separator: '.',
    invert_sign: file.invertedSigns,
    columns: { date: 0, amount: 1, debit: null, credit: null, type: null, description: 2, merchant: 2, category: null, notes: 3, tags: null, currency: null },
    default_expense_category: FALLBACK_CATEGORY.expense,
    default_income_category: FALLBACK_CATEGORY.income,
  };
  const detected: ImportPreview['detected'] = {
    delimiter: ',',
    has_header: false,
    skip_lines: 0,
    date_format: dates.format,
    date_format_ambiguous: dates.ambiguous,
    decimal_separator: '.',
    amount_style: 'signed',
  };
  return {
    format,
    columns: ['Date', 'Amount', 'Payee', 'Memo', 'Bank id'],
    sample: file.entries.slice(0, 10).map((e) => [e.date, e.amount.ok ? (e.amount.minor / 100).toFixed(2) : '', e.payee, e.memo, e.bankId ?? '']),
    suggestion: { mapping: suggested, detected },
    *rows(m, resolve) {
      for (const entry of file.entries) yield readBankEntry(entry, format, m, resolve);
    },
  };
}

/** Data rows of a file under a mapping (the job's total for its progress bar). */
export function countImportRows(text: string, mapping: ImportMapping): number {
  const format = detectFormat(text);
  if (format === 'csv') return countRows(layoutFile(text, mapping.delimiter, mapping.skip_lines, mapping.has_header));
  return readBankFile(text, format).entries.length;
}

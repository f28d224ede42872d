import {
  CSV_IMPORT_LIMITS,
  FALLBACK_CATEGORY,
  isListSafe,
  TRANSACTION_LIMITS,
  type CsvDelimiter,
  type DecimalSeparator,
  type ImportDateFormat,
  type ImportMapping,
  type ImportPreview,
  type TransactionType,
} from '../../../contract/transactions';
import { detectDelimiter, iterateCsv, parseCsv, stripBom, unguardCell, type CsvRecord } from './csv';
import { detectDateFormat, detectDecimalSeparator, looksLikeAmount, looksLikeDate, parseAmount, parseDate, parseDirection } from './formats';

/** The file cut into records under one layout: what comes before the data, the header, the data. */
export interface FileLayout {
  delimiter: CsvDelimiter;
  skipLines: number;
  hasHeader: boolean;
  header: string[] | null;
  /** The first data records (up to SAMPLE_ROWS): what detection and the preview's sample read. */
  sample: CsvRecord[];
  /** Column names: the header, or "Column 1"… */
  columns: string[];
  /** Every data record in file order, parsed as it is read: a whole file is never held as cells. */
  rows(): Generator<CsvRecord>;
}

const SAMPLE_ROWS = 500;

export function layoutFile(text: string, delimiter: CsvDelimiter, skipLines: number, hasHeader: boolean): FileLayout {
  const body = stripBom(text);
  const first = skipLines + (hasHeader ? 1 : 0);
  const head = parseCsv(body, delimiter, first + SAMPLE_ROWS);
  const header = hasHeader ? (head[skipLines]?.cells.map((c) => c.trim()) ?? null) : null;
  const sample = head.slice(first);
  let width = header?.length ?? 0;
  for (let i = 0; i < Math.min(sample.length, 200); i++) width = Math.max(width, sample[i]!.cells.length);
  const columns = Array.from({ length: width }, (_, i) => (header?.[i] ? header[i]! : `Column ${i + 1}`));
  function* rows(): Generator<CsvRecord> {
    let index = 0;
    for (const record of iterateCsv(body, delimiter)) if (index++ >= first) yield record;
  }
  return { delimiter, skipLines, hasHeader, header, sample, columns, rows };
}

/** Data records of a layout, counting no further than `limit` + 1 (so a cap check stops early). */
export function countRows(layout: FileLayout, limit = Infinity): number {
  let n = 0;
  for (const _ of layout.rows()) if (++n > limit) break;
  return n;
}

/**
 * Banner lines before the table (account number, period) have another field count than the
 * table: skip up to the first record with the usual count. That record is a header when it holds
 * no date while the rows after it do (or, without dates, when it holds no amount).
 */
export function detectLayout(text: string): { delimiter: CsvDelimiter; skipLines: number; hasHeader: boolean } {
  const delimiter = detectDelimiter(stripBom(text));
  const head = parseCsv(stripBom(text.slice(0, 256 * 1024)), delimiter, 80);
  const freq = new Map<number, number>();
  for (const r of head) freq.set(r.cells.length, (freq.get(r.cells.length) ?? 0) + 1);
  let mode = 1;
  let modeCount = 0;
  for (const [fields, times] of freq) {
    if (times > modeCount || (times === modeCount && fields > mode)) {
      mode = fields;
      modeCount = times;
    }
  }
  const skipLines = Math.max(0, Math.min(50, head.findIndex((r) => r.cells.length === mode)));
  const first = head[skipLines];
  if (!first) return { delimiter, skipLines: 0, hasHeader: false };
  const following = head.slice(skipLines + 1, skipLines + 21);
  const firstHasDate = first.cells.some(looksLikeDate);
  const dataHasDates = following.some((r) => r.cells.some(looksLikeDate));
  const firstHasAmount = first.cells.some(looksLikeAmount);
  const hasHeader = !firstHasDate && (dataHasDates || !firstHasAmount);
  return { delimiter, skipLines, hasHeader };
}

type Field = 'date' | 'amount' | 'debit' | 'credit' | 'type' | 'description' | 'merchant' | 'category' | 'notes' | 'tags' | 'currency';

/** Header names banks use, normalized (lower case, letters only). Checked in this order. */
const HEADER_NAMES: [Field, RegExp][] = [
  ['date', /^(date|datum|fecha|data|day|transactiondate|bookingdate|buchungstag|buchungsdatum|posteddate|postingdate|posted|dateoperation|completeddate|starteddate|transdate|tradedate)$/],
  ['debit', /^(debit|debits|debitamount|withdrawal|withdrawals|moneyout|paidout|out|soll|ausgang|spent|charges?|amountdebit)$/],
  ['credit', /^(credit|credits|creditamount|deposit|deposits|moneyin|paidin|in|haben|eingang|received|amountcredit)$/],
  ['amount', /(amount|betrag|montant|importe|importo|bedrag|^value$|^sum$|^total$|umsatz)/],
  ['type', /^(type|transactiontype|direction|drcr|crdr|debitcredit|creditdebit|inout|sollhaben|kind)$/],
  ['merchant', /(merchant|payee|^name$|counterparty|beneficiary|empfanger|auftraggeber|recipient|vendor|store|shop|tiers|zahlungsempfanger)/],
  ['category', /(category|kategorie|categorie|categoria)/],
  ['notes', /^(notes?|comments?|remarks?|bemerkung|memo2)$/],
  ['tags', /^(tags?|labels?)$/],
  ['currency', /^(currency|ccy|cur|wahrung|devise|moneda|valuta)$/],
  ['description', /(description|memo|details?|narrative|verwendungszweck|libelle|reference|text|buchungstext|concepto?|particulars|transaction|purpose|designation)/],
  ['date', /(date|datum|fecha)/],
];
const BALANCE = /(balance|saldo|solde|running|kontostand)/;

const normalizeHeader = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/g, '');

const share = (values: string[], test: (v: string) => boolean) => {
  const filled = values.filter((v) => v.trim() !== '');
  return filled.length === 0 ? 0 : filled.filter(test).length / filled.length;
};

export interface Suggestion {
  mapping: ImportMapping;
  detected: ImportPreview['detected'];
}

/** A complete mapping from header names first, then from what the cells look like. */
export function suggestMapping(layout: FileLayout, monthFirst: boolean): Suggestion {
  const sample = layout.sample;
  const width = layout.columns.length;
  const columnValues = (i: number) => sample.map((r) => r.cells[i] ?? '');
  const assigned = new Map<Field, number>();
  const used = new Set<number>();
  const balanceColumns = new Set<number>();

  if (layout.header) {
    layout.header.forEach((name, i) => {
      if (BALANCE.test(normalizeHeader(name))) balanceColumns.add(i);
    });
    for (const [field, re] of HEADER_NAMES) {
      if (assigned.has(field)) continue;
      const index = layout.header.findIndex((name, i) => !used.has(i) && !balanceColumns.has(i) && re.test(normalizeHeader(name)));
      if (index >= 0) {
        assigned.set(field, index);
        used.add(index);
      }
    }
  }
  // A "type" column only counts when its cells really say in or out.
  const typeColumn = assigned.get('type');
  if (typeColumn !== undefined && share(columnValues(typeColumn), (v) => parseDirection(v) !== null) < 0.8) {
    assigned.delete('type');
    used.delete(typeColumn);
  }

  const free = (i: number) => !used.has(i) && !balanceColumns.has(i);
  if (!assigned.has('date')) {
    let best = -1;
    let bestShare = 0.8;
    for (let i = 0; i < width; i++) {
      const s = free(i) ? share(columnValues(i), looksLikeDate) : 0;
      if (s >= bestShare) {
        best = i;
        bestShare = s + 1e-9;
      }
    }
    if (best >= 0) {
      assigned.set('date', best);
      used.add(best);
    }
  }

  const hasAmount = assigned.has('amount');
  const hasSplit = assigned.has('debit') || assigned.has('credit');
  if (hasAmount && hasSplit) {
    // "Amount" next to "Debit"/"Credit" headers: the pair is the more specific reading.
    used.delete(assigned.get('amount')!);
    assigned.delete('amount');
  }
  if (!assigned.has('amount') && !assigned.has('debit') && !assigned.has('credit')) {
    const numeric: { index: number; filled: number }[] = [];
    for (let i = 0; i < width; i++) {
      if (!free(i)) continue;
      const values = columnValues(i);
      if (share(values, looksLikeAmount) >= 0.9) numeric.push({ index: i, filled: values.filter((v) => v.trim() !== '').length / Math.max(1, values.length) });
    }
    const [a, b] = numeric;
    if (a && b && a.filled < 0.95 && b.filled < 0.95 && a.filled + b.filled <= 1.05) {
      assigned.set('debit', a.index);
      assigned.set('credit', b.index);
      used.add(a.index).add(b.index);
    } else if (a) {
      assigned.set('amount', a.index);
      used.add(a.index);
    }
  }

  if (!assigned.has('description')) {
    let best = -1;
    let bestLength = 0;
    for (let i = 0; i < width; i++) {
      if (!free(i)) continue;
      const values = columnValues(i);
      if (share(values, looksLikeAmount) > 0.5 || share(values, looksLikeDate) > 0.5) continue;
      const avg = values.reduce((sum, v) => sum + v.trim().length, 0) / Math.max(1, values.length);
      if (avg > bestLength) {
        best = i;
        bestLength = avg;
      }
    }
    if (best >= 0) {
      assigned.set('description', best);
      used.add(best);
    }
  }

  const dateDetection = assigned.has('date') ? detectDateFormat(columnValues(assigned.get('date')!), monthFirst) : { format: null, ambiguous: false };
  const amountValues = (['amount', 'debit', 'credit'] as const).flatMap((f) => (assigned.has(f) ? columnValues(assigned.get(f)!) : []));
  const decimal: DecimalSeparator = detectDecimalSeparator(amountValues);
  const amountStyle = assigned.has('amount') ? 'signed' : assigned.has('debit') || assigned.has('credit') ? 'debit_credit' : 'unknown';
  if (amountStyle === 'unknown') {
    // The mapping must name an amount column; the preview then shows why the rows fail.
    const fallback = Array.from({ length: width }, (_, i) => i).find((i) => !used.has(i)) ?? 0;
    assigned.set('amount', fallback);
  }
  const col = (f: Field) => assigned.get(f) ?? null;
  const mapping: ImportMapping = {
    delimiter: layout.delimiter,
    has_header: layout.hasHeader,
    skip_lines: layout.skipLines,
    date_format: dateDetection.format ?? 'YYYY-MM-DD',
    decimal_separator: decimal,
    invert_sign: false,
    columns: {
      date: assigned.get('date') ?? 0,
      amount: col('amount'),
      debit: col('debit'),
      credit: col('credit'),
      type: col('type'),
      description: col('description'),
      merchant: col('merchant'),
      category: col('category'),
      notes: col('notes'),
      tags: col('tags'),
      currency: col('currency'),
    },
    default_expense_category: FALLBACK_CATEGORY.expense,
    default_income_category: FALLBACK_CATEGORY.income,
  };
  return {
    mapping,
    detected: {
      delimiter: layout.delimiter,
      has_header: layout.hasHeader,
      skip_lines: layout.skipLines,
      date_format: dateDetection.format,
      date_format_ambiguous: dateDetection.ambiguous,
      decimal_separator: decimal,
      amount_style: amountStyle,
    },
  };
}

/** A row ready to insert (amount positive, category canonical). */
export interface ImportRow {
  line: number;
  date: string;
  type: TransactionType;
  amountMinor: number;
  category: string;
  description: string;
  merchant: string | null;
  notes: string | null;
  tags: string[];
  currency: string | null;
  /** The bank's own id (bank files); null for CSV rows and QIF. */
  bankId: string | null;
  /** Not yet posted by the bank (left out). */
  pending: boolean;
}

export type RowResult = { ok: true; row: ImportRow } | { ok: false; line: number; error: string; partial: Partial<ImportRow> };

/** Finds the stored spelling of a category name (case-insensitive), or undefined when unknown. */
export type CategoryResolver = (name: string) => string | undefined;

const cellOf = (record: CsvRecord, index: number | null | undefined) => (index === null || index === undefined ? '' : unguardCell((record.cells[index] ?? '').trim()));
const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** One data record read with the mapping: a row to import or a readable error. */
export function readRow(record: CsvRecord, mapping: ImportMapping, resolveCategory: CategoryResolver): RowResult {
  const c = mapping.columns;
  const line = record.line;
  const fail = (error: string, partial: Partial<ImportRow> = {}): RowResult => ({ ok: false, line, error, partial });

  const rawDate = cellOf(record, c.date);
  if (rawDate === '') return fail('date is missing');
  const date = parseDate(rawDate, mapping.date_format as ImportDateFormat);
  if (!date) return fail(`date '${rawDate}' is not a real date in the format ${mapping.date_format}`);

  let signed: number;
  if (c.amount !== null && c.amount !== undefined) {
    const raw = cellOf(record, c.amount);
    const parsed = parseAmount(raw, mapping.decimal_separator);
    if (!parsed.ok) return fail(parsed.error, { date });
    if (parsed.minor === null) return fail('amount is missing', { date });
    signed = mapping.invert_sign ? -parsed.minor : parsed.minor;
  } else {
    const debit = parseAmount(cellOf(record, c.debit), mapping.decimal_separator);
    const credit = parseAmount(cellOf(record, c.credit), mapping.decimal_separator);
    if (!debit.ok) return fail(debit.error.replace(/^amount/, 'debit'), { date });
    if (!credit.ok) return fail(credit.error.replace(/^amount/, 'credit'), { date });
    const out = Math.abs(debit.minor ?? 0);
    const inn = Math.abs(credit.minor ?? 0);
    if (out !== 0 && inn !== 0) return fail('debit and credit are both filled', { date });
    if (out === 0 && inn === 0) return fail(debit.minor === null && credit.minor === null ? 'debit and credit are both empty' : 'amount is zero', { date });
    signed = inn !== 0 ? inn : -out;
  }
  if (signed === 0) return fail('amount is zero', { date });

  let type: TransactionType = signed < 0 ? 'expense' : 'income';
  if (c.type !== null && c.type !== undefined) {
    const direction = parseDirection(cellOf(record, c.type));
    if (direction) type = direction;
  }
  const amountMinor = Math.abs(signed);

  const merchant = clip(cellOf(record, c.merchant), TRANSACTION_LIMITS.merchant) || null;
  const description = clip(cellOf(record, c.description), TRANSACTION_LIMITS.description) || merchant || '';
  const notes = clip(cellOf(record, c.notes), TRANSACTION_LIMITS.notes) || null;
  const rawCategory = cellOf(record, c.category);
  const category =
    (rawCategory && resolveCategory(rawCategory)) || resolveCategory(type === 'income' ? mapping.default_income_category : mapping.default_expense_category) || FALLBACK_CATEGORY[type];
  const tags = [
    ...new Set(
      cellOf(record, c.tags)
        .split(/[;|]/)
        .map((t) => t.trim().toLowerCase())
        .filter((t) => t !== '' && t.length <= TRANSACTION_LIMITS.tag && isListSafe(t)),
    ),
  ].slice(0, TRANSACTION_LIMITS.tags);
  const rawCurrency = cellOf(record, c.currency).toUpperCase();
  const currency = /^[A-Z]{3}$/.test(rawCurrency) ? rawCurrency : null;
  return { ok: true, row: { line, date, type, amountMinor, category, description, merchant, notes, tags, currency, bankId: null, pending: false } };
}

/** Two rows are the same transaction when date, direction, amount and description agree (description ignoring case and spacing). */
export const duplicateKey = (r: { date: string; type: string; amountMinor: number; description: string }) =>
  `${r.date}|${r.type}|${r.amountMinor}|${r.description.toLowerCase().replace(/\s+/g, ' ').trim()}`;

export const PREVIEW_LIMITS = { rows: CSV_IMPORT_LIMITS.previewRows, errors: CSV_IMPORT_LIMITS.maxErrors } as const;

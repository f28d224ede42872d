import * as z from 'zod/mini';
import { detectDateFormat, looksLikeDate, parseDate } from './importDates';
import { ruleErrors } from './messages';
import { divideHalfEven, RATE_DECIMALS, rateText } from './rates';
import { CSV_DELIMITERS, DECIMAL_SEPARATORS, IMPORT_DATE_FORMATS, type CsvDelimiter, type DecimalSeparator, type ImportDateFormat } from './transactions';

/**
 * A rates file in another layout than the ECB's, read "by mapping": one rate per line, the day in one
 * column, the rate in another, and each side of the pair either from a column or fixed for the whole
 * file (`Date;From;To;Rate`, `date,USD/JPY`, `Datum,Kurs` with the pair chosen). The rules and the
 * reading of a line live here, so the browser's preview reads a line exactly as the server imports it.
 */

/** Active ISO 4217 codes, the SDR and gold/silver, and those replaced since 1999 that old rate files still hold. */
const ISO_4217 = new Set(
  (
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CLP CNY COP CRC CUC CUP CVE CZK ' +
    'DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW ' +
    'KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG ' +
    'QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND ' +
    'VUV WST XAF XAG XAU XCD XCG XDR XOF XPF YER ZAR ZMW ZWG ZWL ' +
    'BYR CYP EEK GHC HRK LTL LVL MRO MTL ROL SIT SKK STD TRL VEF ZMK'
  ).split(' '),
);
export const isCurrencyCode = (code: string): boolean => ISO_4217.has(code);

const columnIndex = (field: string) =>
  z.optional(
    z.coerce
      .number({ error: `${field} must be a column number (0 is the first)` })
      .check(z.int(`${field} must be a column number (0 is the first)`), z.gte(0, `${field} must be a column number (0 is the first)`), z.lte(199, `${field} must be at most 199`)),
  );
const fixedCurrency = (field: string) =>
  z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.toUpperCase(),
        z.refine((v: string) => isCurrencyCode(v), `${field} must be an ISO 4217 currency code, e.g. USD`),
      ),
  );
const flag = (field: string, fallback: boolean) =>
  z._default(z.pipe(z.enum(['true', 'false'], { error: `${field} must be true or false` }), z.transform((v) => v === 'true')), fallback);

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * POST /rates/import's query. `format=columns` reads the body by the mapping in the other fields; the
 * ECB formats take none of them.
 */
export const rateImportQuery = z
  .object({
    format: z.optional(z.enum(['auto', 'ecb-csv', 'ecb-xml', 'columns'], { error: 'format must be auto, ecb-csv, ecb-xml or columns' })),
    delimiter: z.optional(z.enum(CSV_DELIMITERS, { error: 'delimiter must be one of , ; | or a tab' })).register(z.globalRegistry, { description: 'columns: the cell separator (default: detected)' }),
    has_header: flag('has_header', true).register(z.globalRegistry, { description: 'columns: the first line names the columns (default true)' }),
    date_column: columnIndex('date_column').register(z.globalRegistry, { description: 'columns: the day’s column, 0 for the first' }),
    date_format: z
      .optional(z.enum(IMPORT_DATE_FORMATS, { error: `date_format must be one of ${IMPORT_DATE_FORMATS.join(', ')}` }))
      .register(z.globalRegistry, { description: 'columns: how days are written (default: detected from the file)' }),
    rate_column: columnIndex('rate_column').register(z.globalRegistry, { description: 'columns: the rate’s column' }),
    decimal_separator: z
      .optional(z.enum(DECIMAL_SEPARATORS, { error: "decimal_separator must be '.' or ','" }))
      .register(z.globalRegistry, { description: "columns: ',' reads 1,0837 as 1.0837 (default: detected)" }),
    base_column: columnIndex('base_column').register(z.globalRegistry, { description: 'columns: the column of the currency that is 1 (or `base`)' }),
    base: fixedCurrency('base').register(z.globalRegistry, { description: 'columns: that currency for every line (instead of `base_column`)' }),
    quote_column: columnIndex('quote_column').register(z.globalRegistry, { description: 'columns: the column of the currency the rate is in (or `quote`)' }),
    quote: fixedCurrency('quote').register(z.globalRegistry, { description: 'columns: that currency for every line (instead of `quote_column`)' }),
    inverted: flag('inverted', false).register(z.globalRegistry, { description: 'columns: the file says 1 quote = rate base (kept as written, as the opposite pair)' }),
  })
  .check(
    z.superRefine((q, ctx) => {
      const mapped = (['delimiter', 'date_column', 'date_format', 'rate_column', 'decimal_separator', 'base_column', 'base', 'quote_column', 'quote'] as const).filter((k) => given(q[k]));
      if (q.format !== 'columns') {
        if (mapped.length > 0) ctx.addIssue({ code: 'custom', path: [mapped[0]!], message: `${mapped[0]} is read only with format=columns` });
        return;
      }
      if (!given(q.date_column)) ctx.addIssue({ code: 'custom', path: ['date_column'], message: 'date_column is required: the column that holds the day' });
      if (!given(q.rate_column)) ctx.addIssue({ code: 'custom', path: ['rate_column'], message: 'rate_column is required: the column that holds the rate' });
      else if (q.rate_column === q.date_column) ctx.addIssue({ code: 'custom', path: ['rate_column'], message: 'rate_column must be another column than the day' });
      for (const side of ['base', 'quote'] as const) {
        const column = q[`${side}_column`];
        if (given(column) && given(q[side])) ctx.addIssue({ code: 'custom', path: [side], message: `${side} takes a column or one currency, not both` });
        else if (!given(column) && !given(q[side])) ctx.addIssue({ code: 'custom', path: [side], message: `${side} is required: a column of currency codes or one currency for the whole file` });
        else if (given(column) && (column === q.date_column || column === q.rate_column)) ctx.addIssue({ code: 'custom', path: [side], message: `${side} must be another column than the day’s and the rate’s` });
      }
      if (given(q.base) && q.base === q.quote) ctx.addIssue({ code: 'custom', path: ['quote'], message: 'base and quote must be different currencies' });
      if (given(q.base_column) && q.base_column === q.quote_column) ctx.addIssue({ code: 'custom', path: ['quote'], message: 'base and quote must be different columns' });
    }),
  );
export type RateImportQuery = z.output<typeof rateImportQuery>;

/** A complete mapping, as the server reads a file with it (defaults filled in, detection done). */
export interface RateMapping {
  delimiter: CsvDelimiter;
  has_header: boolean;
  date_column: number;
  date_format: ImportDateFormat;
  rate_column: number;
  decimal_separator: DecimalSeparator;
  base_column: number | null;
  base: string | null;
  quote_column: number | null;
  quote: string | null;
  inverted: boolean;
}

/** One line read with a mapping: 1 base = rate quote on date (rate scaled to RATE_DECIMALS places). */
export interface MappedRate {
  date: string;
  base: string;
  quote: string;
  rate: bigint;
}
export type MappedLine = { ok: true; rate: MappedRate } | { ok: false; field: 'date' | 'rate' | 'base' | 'quote'; error: string };

const SCALE = 10n ** BigInt(RATE_DECIMALS);
const clip = (text: string) => (text.length > 24 ? `${text.slice(0, 24)}…` : text);

/**
 * A rate cell as a scaled rate: spaces and apostrophes between thousands are dropped, the other mark
 * than `decimal` is a thousands separator; more than RATE_DECIMALS places (a spreadsheet's 1.08370000000001)
 * are rounded half to even. Null when it is not a positive number.
 */
export function readRateCell(raw: string, decimal: DecimalSeparator): bigint | null {
  const thousands = decimal === ',' ? '.' : ',';
  const s = raw.trim().replace(/[\s\u00a0\u202f']/g, '').split(thousands).join('').replace(decimal, '.');
  const m = /^\+?(\d{1,18})(?:\.(\d{1,30}))?$/.exec(s) ?? /^\+?()\.(\d{1,30})$/.exec(s);
  if (!m) return null;
  const fraction = m[2] ?? '';
  const places = 10n ** BigInt(fraction.length);
  const scaled = divideHalfEven((BigInt(m[1] || '0') * places + BigInt(fraction || '0')) * SCALE, places);
  return scaled > 0n ? scaled : null;
}

/** The day, pair and rate of one line's cells under a mapping, or the field that is wrong and why. */
export function readMappedLine(cells: string[], m: RateMapping): MappedLine {
  const cell = (i: number | null) => (i === null ? '' : (cells[i] ?? '').trim());
  const rawDate = cell(m.date_column);
  if (rawDate === '') return { ok: false, field: 'date', error: 'the day is empty' };
  const date = parseDate(rawDate, m.date_format);
  if (!date) return { ok: false, field: 'date', error: `"${clip(rawDate)}" is not a day written ${m.date_format}` };
  const sides: Record<'base' | 'quote', string> = { base: '', quote: '' };
  for (const side of ['base', 'quote'] as const) {
    const code = m[side] ?? cell(m[`${side}_column`]).toUpperCase();
    if (code === '') return { ok: false, field: side, error: `the ${side === 'base' ? 'from' : 'to'} currency is empty` };
    if (!isCurrencyCode(code)) return { ok: false, field: side, error: `"${clip(code)}" is not an ISO 4217 currency code` };
    sides[side] = code;
  }
  if (sides.base === sides.quote) return { ok: false, field: 'quote', error: `from and to are both ${sides.base}` };
  const rawRate = cell(m.rate_column);
  if (rawRate === '') return { ok: false, field: 'rate', error: 'the rate is empty' };
  const rate = readRateCell(rawRate, m.decimal_separator);
  if (rate === null) return { ok: false, field: 'rate', error: `"${clip(rawRate)}" is not a positive number${m.decimal_separator === ',' ? ' with a decimal comma' : ''}` };
  const [base, quote] = m.inverted ? [sides.quote, sides.base] : [sides.base, sides.quote];
  return { ok: true, rate: { date, base, quote, rate } };
}

/** A refusal as the API words it: "Line 4, rate: "abc" is not a positive number". */
export const lineRefusal = (line: number, refused: Extract<MappedLine, { ok: false }>) => `Line ${line}, ${refused.field}: ${refused.error}; nothing was imported`;

/** The decimal mark of rate cells: where both marks appear the last one is decimal; a lone comma is decimal. Default '.'. */
export function detectRateDecimal(values: string[]): DecimalSeparator {
  let comma = 0;
  let dot = 0;
  for (const raw of values) {
    const s = raw.replace(/[^\d.,]/g, '');
    const lastComma = s.lastIndexOf(',');
    const lastDot = s.lastIndexOf('.');
    if (lastComma > lastDot && s.indexOf(',') === lastComma) comma++;
    else if (lastDot > lastComma && s.indexOf('.') === lastDot) dot++;
  }
  return comma > dot ? ',' : '.';
}

/** The query that sends a mapping (the server detects nothing the mapping already says). */
export function rateMappingQuery(m: RateMapping): string {
  const q = new URLSearchParams({ format: 'columns', delimiter: m.delimiter, has_header: String(m.has_header), date_column: String(m.date_column), date_format: m.date_format });
  q.set('rate_column', String(m.rate_column));
  q.set('decimal_separator', m.decimal_separator);
  if (m.base !== null) q.set('base', m.base);
  else if (m.base_column !== null) q.set('base_column', String(m.base_column));
  if (m.quote !== null) q.set('quote', m.quote);
  else if (m.quote_column !== null) q.set('quote_column', String(m.quote_column));
  q.set('inverted', String(m.inverted));
  return q.toString();
}

// ---------------------------------------------------------------------------------------------
// The browser's side: the first lines of a picked file, whether it is an ECB file, a suggested mapping

/** The first records of a file: enough to name its columns and preview a few lines. */
export interface FileHead {
  delimiter: CsvDelimiter;
  records: string[][];
}

/** Records of a file's first lines (quoted cells may hold the delimiter and doubled quotes). */
function splitRecords(text: string, delimiter: CsvDelimiter, limit: number): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]!.trim() !== '') records.push(cells.map((c) => c.trim()));
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length && records.length < limit; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else cell += ch;
  }
  if (records.length < limit && (cell !== '' || cells.length > 0)) endRecord();
  return records;
}

/** The first `limit` records of a file's text, its delimiter the one that cuts the lines into the same number of cells most often. */
export function readFileHead(text: string, limit = 21): FileHead {
  const body = text.replace(/^\uFEFF/, '');
  let best: { delimiter: CsvDelimiter; score: number } = { delimiter: ',', score: -1 };
  for (const delimiter of CSV_DELIMITERS) {
    const widths = splitRecords(body, delimiter, limit).map((r) => r.length);
    const freq = new Map<number, number>();
    for (const w of widths) freq.set(w, (freq.get(w) ?? 0) + 1);
    const [width, times] = [...freq].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0] ?? [1, 0];
    if (width < 2) continue;
    const score = (times / widths.length) * 1000 + width;
    if (score > best.score) best = { delimiter, score };
  }
  return { delimiter: best.delimiter, records: splitRecords(body, best.delimiter, limit) };
}

/** The ECB's own formats (imported as they are): XML, or a CSV whose header is "Date" then currency codes. */
export function isEcbFile(fileName: string, text: string): boolean {
  if (/\.xml$/i.test(fileName) || /^\s*</.test(text)) return true;
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const header = first.split(',').map((h) => h.trim());
  const codes = header.slice(1).filter((h) => h !== '');
  return header[0]?.toLowerCase() === 'date' && codes.length > 0 && codes.every((c) => /^[A-Z]{3}$/.test(c));
}

const norm = (h: string) => h.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z]/g, '');
const DATE_HEADER = /^(date|datum|day|fecha|data|time|tag|jour|period|timeperiod)$/;
const RATE_HEADER = /(rate|kurs|price|close|value|taux|cambio|mid|fx)/;
const BASE_HEADER = /^(from|base|fromcurrency|basecurrency|source|von|currencyfrom|ccy1)$/;
const QUOTE_HEADER = /^(to|quote|tocurrency|quotecurrency|target|nach|currencyto|ccy2|counter)$/;
/** "USD/JPY", "USDJPY", "EUR-USD", "EUR to USD" in a header: the pair its rates are. */
const PAIR = /\b([A-Z]{3})\s*(?:\/|-|_|to|→)?\s*([A-Z]{3})\b/;

/**
 * A first mapping for a file's head: columns found by their names (Date, Rate, From, To, in a few
 * languages), else by what their cells hold; a pair written in a header ("USD/JPY") fixes both sides.
 */
export function suggestRateMapping(head: FileHead): RateMapping {
  const [first = [], ...rest] = head.records;
  const hasHeader = !first.some(looksLikeDate) && rest.some((r) => r.some(looksLikeDate));
  const header = hasHeader ? first : [];
  const data = hasHeader ? rest : head.records;
  const width = Math.max(first.length, ...data.map((r) => r.length));
  const values = (i: number) => data.map((r) => r[i] ?? '').filter((v) => v !== '');
  const all = (i: number, test: (v: string) => boolean) => values(i).length > 0 && values(i).every(test);
  const used = new Set<number>();
  const pick = (byName: RegExp | null, byCells: (i: number) => boolean): number | null => {
    for (let i = 0; i < width && byName; i++) if (!used.has(i) && byName.test(norm(header[i] ?? ''))) return used.add(i), i;
    for (let i = 0; i < width; i++) if (!used.has(i) && byCells(i)) return used.add(i), i;
    return null;
  };
  const date = pick(DATE_HEADER, (i) => all(i, looksLikeDate)) ?? 0;
  used.add(date);
  const isCode = (v: string) => isCurrencyCode(v.toUpperCase());
  const baseColumn = pick(BASE_HEADER, (i) => all(i, isCode));
  const quoteColumn = pick(QUOTE_HEADER, (i) => all(i, isCode));
  const rate = pick(RATE_HEADER, (i) => all(i, (v) => readRateCell(v, ',') !== null || readRateCell(v, '.') !== null)) ?? (date === 0 ? 1 : 0);
  const pair = PAIR.exec(header[rate] ?? '');
  const named = pair && isCurrencyCode(pair[1]!) && isCurrencyCode(pair[2]!) && pair[1] !== pair[2] ? [pair[1]!, pair[2]!] : null;
  return {
    delimiter: head.delimiter,
    has_header: hasHeader,
    date_column: date,
    date_format: detectDateFormat(values(date)).format ?? 'YYYY-MM-DD',
    rate_column: rate,
    decimal_separator: detectRateDecimal(values(rate)),
    base_column: baseColumn ?? null,
    base: baseColumn === null ? (named?.[0] ?? null) : null,
    quote_column: quoteColumn ?? null,
    quote: quoteColumn === null ? (named?.[1] ?? null) : null,
    inverted: false,
  };
}

/** The mapping step's field labels (the wire names of the query, as the form shows them). */
export const rateMappingLabels = { date_column: 'Date column', date_format: 'Date format', rate_column: 'Rate column', decimal_separator: 'Decimal mark', base: 'From', quote: 'To' };

/** Every field's first problem with a mapping, as the form shows them under the fields (the server's own rules). */
export function rateMappingErrors(m: RateMapping): Record<string, string> {
  const errors = ruleErrors(rateImportQuery, Object.fromEntries(new URLSearchParams(rateMappingQuery(m))), rateMappingLabels);
  // A column's problem is shown on the select that picks it.
  if (errors.base_column && !errors.base) errors.base = errors.base_column;
  if (errors.quote_column && !errors.quote) errors.quote = errors.quote_column;
  delete errors.base_column;
  delete errors.quote_column;
  return errors;
}

/** The names of a file's columns: its header's, or "Column 1"… (blank header cells too). */
export function columnNames(head: FileHead, hasHeader: boolean): string[] {
  const width = Math.max(0, ...head.records.map((r) => r.length));
  const header = hasHeader ? (head.records[0] ?? []) : [];
  return Array.from({ length: width }, (_, i) => header[i] || `Column ${i + 1}`);
}

/** A line of the preview: how the import reads it, or why it refuses it. */
export type PreviewLine = { line: number; ok: true; date: string; base: string; quote: string; rate: string } | { line: number; ok: false; error: string };

/** The first `count` data lines read with a mapping, as the import will read them. */
export function previewMapped(head: FileHead, m: RateMapping, count = 5): PreviewLine[] {
  return head.records.slice(m.has_header ? 1 : 0, (m.has_header ? 1 : 0) + count).map((cells, i) => {
    const line = i + (m.has_header ? 2 : 1);
    const read = readMappedLine(cells, m);
    return read.ok ? { line, ok: true, date: read.rate.date, base: read.rate.base, quote: read.rate.quote, rate: rateText(read.rate.rate) } : { line, ok: false, error: `${read.field}: ${read.error}` };
  });
}

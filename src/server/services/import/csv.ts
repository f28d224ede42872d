import { Parser } from 'csv-parse';
import { CSV_DELIMITERS, type CsvDelimiter } from '../../../contract/transactions';
import { ValidationError } from '../../errors';

/** One CSV record and the 1-based line of the file where it starts. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** Drops a UTF-8 byte order mark (Excel writes one). */
export const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** Characters handed to the parser at a time: memory holds one slice's records, whatever the file's size. */
const SLICE = 64 * 1024;
const LINE_BREAKS = /\r\n|\r|\n/g;

/**
 * RFC 4180 records, tokenized by csv-parse: quoted cells may hold the delimiter, doubled quotes and
 * line breaks; CRLF, LF and CR all end a line (mixed in one file too); spaces around a quoted cell
 * are dropped. Blank lines are skipped. `limit` stops after that many records. A sample (`limit`
 * given) ends quietly at a malformed quote, since it may cut a file mid-cell; a whole file answers
 * a validation error naming the line.
 */
export function parseCsv(text: string, delimiter: CsvDelimiter, limit = Infinity): CsvRecord[] {
  const records: CsvRecord[] = [];
  if (limit <= 0) return records;
  for (const record of iterateCsv(text, delimiter, { lenient: limit !== Infinity })) {
    records.push(record);
    if (records.length >= limit) break;
  }
  return records;
}

/** The records of parseCsv one at a time, so a whole file is never held as cells (bounded memory). */
export function* iterateCsv(text: string, delimiter: CsvDelimiter, options: { lenient?: boolean } = {}): Generator<CsvRecord> {
  const parser = new Parser({
    delimiter,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    ltrim: true,
    rtrim: true,
    skip_empty_lines: false,
  });
  // Errors also surface as `parser.errored`, checked after every slice.
  parser.on('error', () => undefined);
  let line = 1;
  const drain = function* (): Generator<CsvRecord> {
    for (let cells = parser.read() as string[] | null; cells !== null; cells = parser.read() as string[] | null) {
      const start = line;
      // A record takes its own line plus every line break inside its quoted cells (CRLF is one).
      line += 1;
      for (const cell of cells) line += cell.match(LINE_BREAKS)?.length ?? 0;
      if (cells.length === 1 && cells[0]!.trim() === '') continue;
      yield { line: start, cells };
    }
  };
  const failed = () => {
    if (!parser.errored) return false;
    if (options.lenient) return true;
    throw new ValidationError(`Line ${line}: a quoted cell is not closed properly (a quote inside a cell must be doubled: ""); fix the file and upload it again`);
  };
  for (let i = 0; i < text.length; ) {
    let end = Math.min(text.length, i + SLICE);
    // Never split a CRLF pair or a surrogate pair between two slices.
    if (end < text.length && (text.charCodeAt(end - 1) === 13 || (text.charCodeAt(end - 1) & 0xfc00) === 0xd800)) end++;
    parser.write(text.slice(i, end));
    i = end;
    yield* drain();
    if (failed()) return;
  }
  parser.end();
  yield* drain();
  failed();
}

/**
 * The delimiter whose field count is the same on most of the first lines (ties: more fields).
 * Counting happens outside quotes, on up to 30 records.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const head = text.slice(0, 64 * 1024);
  let best: { delimiter: CsvDelimiter; score: number } = { delimiter: ',', score: -1 };
  for (const delimiter of CSV_DELIMITERS) {
    const counts = parseCsv(head, delimiter, 30).map((r) => r.cells.length);
    if (counts.length === 0) continue;
    const freq = new Map<number, number>();
    for (const c of counts) freq.set(c, (freq.get(c) ?? 0) + 1);
    let modeCount = 0;
    let mode = 1;
    for (const [fields, times] of freq) {
      if (times > modeCount || (times === modeCount && fields > mode)) {
        modeCount = times;
        mode = fields;
      }
    }
    if (mode < 2) continue;
    const score = (modeCount / counts.length) * 1000 + mode;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

/** Cells that start like a formula are prefixed with ' so spreadsheets show them as text. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: quoted when it holds a delimiter, quote or line break (RFC 4180). */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Undoes csvCell's formula guard when a file we exported comes back in. */
export const unguardCell = (text: string) => (text.length > 1 && text[0] === "'" && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text);

import { CSV_DELIMITERS, type CsvDelimiter } from '../../../contract/schemas/transactions';

/** One CSV record and the 1-based line of the file where it starts. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** Drops a UTF-8 byte order mark (Excel writes one). */
export const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/**
 * RFC 4180 records: quoted cells may hold the delimiter, doubled quotes and line breaks; CRLF, LF
 * and CR all end a line. Blank lines are skipped. `limit` stops after that many records.
 */
export function parseCsv(text: string, delimiter: CsvDelimiter, limit = Infinity): CsvRecord[] {
  const records: CsvRecord[] = [];
  if (limit <= 0) return records;
  for (const record of iterateCsv(text, delimiter)) {
    records.push(record);
    if (records.length >= limit) break;
  }
  return records;
}

/** The records of parseCsv one at a time, so a whole file is never held as cells (bounded memory). */
export function* iterateCsv(text: string, delimiter: CsvDelimiter): Generator<CsvRecord> {
  const delim = delimiter.charCodeAt(0);
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const startLine = line;
    const cells: string[] = [];
    let cell = '';
    let ended = false;
    while (!ended) {
      if (i >= n) {
        cells.push(cell);
        break;
      }
      let c = text.charCodeAt(i);
      if (c === 34 /* " */ && cell.trim() === '') {
        // Quoted cell: everything up to the closing quote, "" is one quote.
        cell = '';
        i++;
        let closed = false;
        while (i < n) {
          c = text.charCodeAt(i);
          if (c === 34) {
            if (text.charCodeAt(i + 1) === 34) {
              cell += '"';
              i += 2;
              continue;
            }
            i++;
            closed = true;
            break;
          }
          if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) line++;
          cell += text[i];
          i++;
        }
        if (!closed) {
          cells.push(cell);
          break;
        }
        // Anything between the closing quote and the next delimiter is kept as written.
        while (i < n) {
          c = text.charCodeAt(i);
          if (c === delim || c === 10 || c === 13) break;
          cell += text[i];
          i++;
        }
        continue;
      }
      if (c === delim) {
        cells.push(cell);
        cell = '';
        i++;
        continue;
      }
      if (c === 10 || c === 13) {
        cells.push(cell);
        i += c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
        line++;
        ended = true;
        continue;
      }
      // Plain run up to the next special character, copied in one slice.
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === delim || d === 10 || d === 13) break;
        j++;
      }
      cell += text.slice(i, j);
      i = j;
    }
    if (cells.length === 1 && cells[0]!.trim() === '') continue;
    yield { line: startLine, cells };
  }
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

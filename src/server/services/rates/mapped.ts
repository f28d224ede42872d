import { detectDateFormat } from '../../../contract/importDates';
import { detectRateDecimal, lineRefusal, readMappedLine, type RateImportQuery, type RateMapping } from '../../../contract/rateMapping';
import { rateText } from '../../../contract/rates';
import { unprocessable } from '../../errors';
import { detectDelimiter, iterateCsv, parseCsv, stripBom } from '../import/csv';

export interface MappedRow {
  date: string;
  base: string;
  quote: string;
  rate: string;
}

/** Lines read to detect what the query leaves out (date format, decimal mark). */
const SAMPLE = 200;

/** The query's mapping made complete: the delimiter, date format and decimal mark it leaves out are detected from the file's first lines. */
export function completeMapping(text: string, q: RateImportQuery): RateMapping {
  const delimiter = q.delimiter ?? detectDelimiter(text.slice(0, 64 * 1024));
  const hasHeader = q.has_header;
  const sample = parseCsv(text.slice(0, 256 * 1024), delimiter, SAMPLE + 1).slice(hasHeader ? 1 : 0);
  if (sample.length === 0) throw unprocessable('The rates file holds no rates');
  const column = (i: number) => sample.map((r) => (r.cells[i] ?? '').trim()).filter((v) => v !== '');
  const dateFormat = q.date_format ?? detectDateFormat(column(q.date_column!)).format;
  if (!dateFormat) throw unprocessable('date_format: the days of the date column are written in no layout this import reads; choose date_format');
  return {
    delimiter,
    has_header: hasHeader,
    date_column: q.date_column!,
    date_format: dateFormat,
    rate_column: q.rate_column!,
    decimal_separator: q.decimal_separator ?? detectRateDecimal(column(q.rate_column!)),
    base_column: q.base ? null : (q.base_column ?? null),
    base: q.base ?? null,
    quote_column: q.quote ? null : (q.quote_column ?? null),
    quote: q.quote ?? null,
    inverted: q.inverted,
  };
}

/**
 * Every line of a CSV read with a mapping, as the rows to keep. The first line that cannot be read
 * refuses the whole file (its line and field named), so a wrongly mapped file leaves nothing half kept.
 */
export function parseMapped(raw: string, q: RateImportQuery): { mapping: RateMapping; rows: MappedRow[] } {
  const text = stripBom(raw);
  if (text.trim() === '') throw unprocessable('The rates file is empty');
  const mapping = completeMapping(text, q);
  const rows: MappedRow[] = [];
  let skipHeader = mapping.has_header;
  for (const record of iterateCsv(text, mapping.delimiter)) {
    if (skipHeader) {
      skipHeader = false;
      continue;
    }
    const read = readMappedLine(record.cells, mapping);
    if (!read.ok) throw unprocessable(lineRefusal(record.line, read));
    rows.push({ date: read.rate.date, base: read.rate.base, quote: read.rate.quote, rate: rateText(read.rate.rate) });
  }
  return { mapping, rows };
}

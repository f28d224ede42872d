import { unprocessable } from '../../errors';
import { isDay } from '../../../contract/calendar';
import { parseRate } from '../../../contract/rates';

/** One parsed day of a reference-rate file: 1 EUR = rate (scaled, RATE_DECIMALS places) of each currency. */
export interface RateDay {
  date: string;
  rates: { currency: string; rate: bigint }[];
}

export type EcbFormat = 'ecb-csv' | 'ecb-xml';

const CODE = /^[A-Z]{3}$/;

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** A day as the ECB's files write it: YYYY-MM-DD (the history), or "27 November 2026" (the daily eurofxref.csv). */
function ecbDay(text: string): string | null {
  if (isDay(text)) return text;
  const written = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(text);
  const month = written ? MONTHS.indexOf(written[2]!.toLowerCase()) : -1;
  if (!written || month < 0) return null;
  const day = `${written[3]}-${String(month + 1).padStart(2, '0')}-${written[1]!.padStart(2, '0')}`;
  return isDay(day) ? day : null;
}

/** Which of the ECB's two formats a file is, by its first characters. */
export const detectFormat = (text: string): EcbFormat => (/^\s*(<\?xml|<)/.test(text) ? 'ecb-xml' : 'ecb-csv');

/**
 * The ECB's reference-rate CSV (eurofxref.csv, eurofxref-hist.csv): a header "Date,USD,JPY,…" then one
 * line per business day (its day as `ecbDay` reads it), "N/A" (or empty) where a currency had no rate that day, often a trailing comma.
 */
export function parseEcbCsv(text: string): RateDay[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length === 0) throw unprocessable('The rates file is empty');
  const header = lines[0]!.split(',').map((h) => h.trim());
  if (header[0]?.toLowerCase() !== 'date') throw unprocessable('Not an ECB reference-rate CSV: the first column must be "Date"');
  const codes = header.slice(1);
  for (const code of codes) if (code !== '' && !CODE.test(code)) throw unprocessable(`Not an ECB reference-rate CSV: "${code.slice(0, 20)}" is not a currency code`);
  const days: RateDay[] = [];
  for (let i = 1; i < lines.length; i++) {
    const cells = lines[i]!.split(',');
    const written = cells[0]!.trim();
    const date = ecbDay(written);
    if (date === null) throw unprocessable(`Line ${i + 1}: "${written.slice(0, 20)}" is not a date (YYYY-MM-DD or "27 November 2026")`);
    const rates: RateDay['rates'] = [];
    for (let c = 0; c < codes.length; c++) {
      const code = codes[c]!;
      const cell = (cells[c + 1] ?? '').trim();
      if (code === '' || cell === '' || cell === 'N/A' || code === 'EUR') continue;
      const rate = parseRate(cell);
      if (rate === null) throw unprocessable(`Line ${i + 1}: ${code} "${cell.slice(0, 20)}" is not a rate`);
      rates.push({ currency: code, rate });
    }
    days.push({ date, rates });
  }
  return days;
}

/**
 * The ECB's reference-rate XML (eurofxref-daily.xml, eurofxref-hist.xml): <Cube time="…"> per day
 * holding <Cube currency="USD" rate="1.0837"/>; either quote style.
 */
export function parseEcbXml(text: string): RateDay[] {
  if (!/<Cube[\s>]/.test(text)) throw unprocessable('Not an ECB reference-rate XML file: no <Cube> elements');
  const days: RateDay[] = [];
  const dayRe = /<Cube\s+time\s*=\s*["'](\d{4}-\d{2}-\d{2})["']\s*>([\s\S]*?)<\/Cube>/g;
  const rateRe = /<Cube\s+currency\s*=\s*["']([A-Z]{3})["']\s+rate\s*=\s*["']([^"']*)["']\s*\/>/g;
  for (const day of text.matchAll(dayRe)) {
    if (!isDay(day[1]!)) throw unprocessable(`"${day[1]}" is not a date`);
    const rates: RateDay['rates'] = [];
    for (const r of day[2]!.matchAll(rateRe)) {
      const rate = parseRate(r[2]!);
      if (rate === null) throw unprocessable(`${day[1]}: ${r[1]} "${r[2]!.slice(0, 20)}" is not a rate`);
      if (r[1] !== 'EUR') rates.push({ currency: r[1]!, rate });
    }
    days.push({ date: day[1]!, rates });
  }
  if (days.length === 0) throw unprocessable('Not an ECB reference-rate XML file: no <Cube time="…"> days');
  return days;
}

export function parseEcb(text: string, format: EcbFormat | 'auto' = 'auto'): { format: EcbFormat; days: RateDay[] } {
  const f = format === 'auto' ? detectFormat(text) : format;
  return { format: f, days: f === 'ecb-xml' ? parseEcbXml(text) : parseEcbCsv(text) };
}

import { isRealDate, type DecimalSeparator, type ImportDateFormat } from '../../../contract/transactions';

export type AmountResult = { ok: true; minor: number } | { ok: false; error: string } | { ok: true; minor: null };

const MAX_MINOR = 1e13;

/**
 * A bank's amount cell as signed minor units: '-110.7 €' → -11070, '1.234,56' (decimal comma)
 * → 123456, '(12.00)' → -1200, '110.70-' → -11070, '€ 1 234,56' → 123456, '12.00 DR' → -1200.
 * Blank cells answer `minor: null` (a debit/credit pair leaves one side empty).
 */
export function parseAmount(raw: string, decimal: DecimalSeparator): AmountResult {
  let s = raw.trim();
  if (s === '') return { ok: true, minor: null };
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  const suffix = /\s*(CR|DR)\.?$/i.exec(s);
  if (suffix) {
    if (suffix[1]!.toUpperCase() === 'DR') negative = !negative;
    s = s.slice(0, suffix.index);
  }
  s = s
    .replace(/[\u2212\u2012\u2013\u2014\uFE63\uFF0D]/g, '-')
    // Currency symbols and codes, and the spaces or apostrophes banks use between thousands.
    .replace(/[^\d.,+-]/g, '');
  if (s.startsWith('-') || s.startsWith('+')) {
    if (s[0] === '-') negative = !negative;
    s = s.slice(1);
  } else if (s.endsWith('-') || s.endsWith('+')) {
    if (s.endsWith('-')) negative = !negative;
    s = s.slice(0, -1);
  }
  if (s === '' || /[+-]/.test(s)) return { ok: false, error: `amount '${raw.trim()}' is not a number` };
  const thousands = decimal === ',' ? '.' : ',';
  s = s.split(thousands).join('');
  const parts = s.split(decimal);
  if (parts.length > 2) return { ok: false, error: `amount '${raw.trim()}' is not a number` };
  const [whole = '', fraction = ''] = parts;
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || (whole === '' && fraction === '')) return { ok: false, error: `amount '${raw.trim()}' is not a number` };
  if (fraction.replace(/0+$/, '').length > 2) return { ok: false, error: `amount '${raw.trim()}' has more than two decimal places` };
  const minor = Number(whole || '0') * 100 + Number((fraction + '00').slice(0, 2));
  if (!Number.isSafeInteger(minor) || minor >= MAX_MINOR) return { ok: false, error: `amount '${raw.trim()}' is too large` };
  return { ok: true, minor: negative && minor !== 0 ? -minor : minor };
}

/**
 * The decimal separator most amount cells use: a comma or dot followed by one or two digits at
 * the end decides; when both appear, the last one is the decimal mark. Default '.'.
 */
export function detectDecimalSeparator(values: string[]): DecimalSeparator {
  let comma = 0;
  let dot = 0;
  for (const raw of values) {
    const s = raw.replace(/[^\d.,]/g, '');
    const lastComma = s.lastIndexOf(',');
    const lastDot = s.lastIndexOf('.');
    if (lastComma >= 0 && lastDot >= 0) {
      if (lastComma > lastDot) comma++;
      else dot++;
    } else if (/,\d{1,2}$/.test(s)) comma++;
    else if (/\.\d{1,2}$/.test(s)) dot++;
    else if (/^\d{1,3}(\.\d{3})+$/.test(s)) comma++;
    else if (/^\d{1,3}(,\d{3})+$/.test(s)) dot++;
  }
  return comma > dot ? ',' : '.';
}

interface DateLayout {
  re: RegExp;
  order: 'ymd' | 'dmy' | 'mdy';
  shortYear?: boolean;
}

const LAYOUTS: Record<ImportDateFormat, DateLayout> = {
  'YYYY-MM-DD': { re: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: 'ymd' },
  'YYYY/MM/DD': { re: /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/, order: 'ymd' },
  'DD/MM/YYYY': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: 'dmy' },
  'MM/DD/YYYY': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: 'mdy' },
  'DD.MM.YYYY': { re: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, order: 'dmy' },
  'DD-MM-YYYY': { re: /^(\d{1,2})-(\d{1,2})-(\d{4})$/, order: 'dmy' },
  'MM-DD-YYYY': { re: /^(\d{1,2})-(\d{1,2})-(\d{4})$/, order: 'mdy' },
  'DD/MM/YY': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/, order: 'dmy', shortYear: true },
  'MM/DD/YY': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/, order: 'mdy', shortYear: true },
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A date cell in the given layout as YYYY-MM-DD, or null when it is not a real date. A time after the date is ignored. */
export function parseDate(raw: string, format: ImportDateFormat): string | null {
  const token = raw.trim().split(/[ T]/)[0] ?? '';
  const layout = LAYOUTS[format];
  const m = layout.re.exec(token);
  if (!m) return null;
  const [a, b, c] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [year, mo, d] = layout.order === 'ymd' ? [a, b, c] : layout.order === 'dmy' ? [c, b, a] : [c, a, b];
  const y = layout.shortYear ? year + (year < 70 ? 2000 : 1900) : year;
  const iso = `${String(y).padStart(4, '0')}-${pad(mo)}-${pad(d)}`;
  return isRealDate(iso) ? iso : null;
}

/** Formats that read a cell, in order of preference; the first is the detection's answer. */
const DETECTION_ORDER: ImportDateFormat[] = ['YYYY-MM-DD', 'YYYY/MM/DD', 'DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD-MM-YYYY', 'MM-DD-YYYY', 'DD/MM/YY', 'MM/DD/YY'];

const DAY_MONTH_PAIRS: [ImportDateFormat, ImportDateFormat][] = [
  ['DD/MM/YYYY', 'MM/DD/YYYY'],
  ['DD-MM-YYYY', 'MM-DD-YYYY'],
  ['DD/MM/YY', 'MM/DD/YY'],
];

export interface DateDetection {
  format: ImportDateFormat | null;
  /** Share of the non-blank values the format reads (0 to 1). */
  score: number;
  /** Day-first and month-first both read every value. */
  ambiguous: boolean;
}

/**
 * The layout that reads the most values. Between day-first and month-first, a value whose first
 * part is above 12 settles it; when none does, `monthFirst` (US accounts) picks.
 */
export function detectDateFormat(values: string[], monthFirst = false): DateDetection {
  const cells = values.map((v) => v.trim()).filter(Boolean);
  if (cells.length === 0) return { format: null, score: 0, ambiguous: false };
  const scores = new Map<ImportDateFormat, number>();
  for (const format of DETECTION_ORDER) {
    let ok = 0;
    for (const cell of cells) if (parseDate(cell, format)) ok++;
    scores.set(format, ok / cells.length);
  }
  let best: ImportDateFormat | null = null;
  let bestScore = 0;
  for (const format of DETECTION_ORDER) {
    const score = scores.get(format)!;
    if (score > bestScore + 1e-9) {
      best = format;
      bestScore = score;
    }
  }
  if (!best || bestScore < 0.5) return { format: null, score: bestScore, ambiguous: false };
  for (const [dayFirst, monthFirstFormat] of DAY_MONTH_PAIRS) {
    if (best !== dayFirst && best !== monthFirstFormat) continue;
    const tie = Math.abs(scores.get(dayFirst)! - scores.get(monthFirstFormat)!) < 1e-9;
    if (tie) return { format: monthFirst ? monthFirstFormat : dayFirst, score: bestScore, ambiguous: true };
  }
  return { format: best, score: bestScore, ambiguous: false };
}

/** A looks-like-a-date test for layout detection (header or data row). */
export const looksLikeDate = (cell: string) => DETECTION_ORDER.some((f) => parseDate(cell, f) !== null);

/** A looks-like-an-amount test: digits with separators, a sign, maybe a currency code or symbol. */
export const looksLikeAmount = (cell: string) => {
  const s = cell.trim();
  if (!/\d/.test(s) || s.length > 30 || /[/:]/.test(s) || looksLikeDate(s)) return false;
  const letters = s.replace(/[^A-Za-z]/g, '');
  if (letters !== '' && !/^(CR|DR|[A-Z]{3})$/i.test(letters)) return false;
  if (letters !== '' && letters !== letters.toUpperCase()) return false;
  return parseAmount(s, '.').ok || parseAmount(s, ',').ok;
};

/** income / expense from a direction cell: income, credit, CR, deposit, in, + … */
export function parseDirection(raw: string): 'income' | 'expense' | null {
  const s = raw.trim().toLowerCase();
  if (/^(income|credit|cr|deposit|in|incoming|inflow|received|haben|gutschrift|\+)$/.test(s)) return 'income';
  if (/^(expense|debit|dr|withdrawal|out|outgoing|outflow|payment|paid|soll|lastschrift|-)$/.test(s)) return 'expense';
  return null;
}

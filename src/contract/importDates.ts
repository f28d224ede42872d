import { isRealDate, type ImportDateFormat } from './transactions';

/**
 * Date cells of imported files (bank statements, rates files): the layouts the importers read, and
 * detection of which one a column uses. Shared by the server and the browser, so a preview reads
 * dates exactly as the import will.
 */

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

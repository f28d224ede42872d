import { looksLikeDate } from '../../../contract/importDates';
import type { DecimalSeparator } from '../../../contract/transactions';

export { detectDateFormat, looksLikeDate, parseDate, type DateDetection } from '../../../contract/importDates';

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

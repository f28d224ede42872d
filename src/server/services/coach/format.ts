import { fromMinor } from '../../../contract/money';

/**
 * A value made on its first use: the Intl formatters below are made on the first coach question
 * rather than when the module loads at start, because the first Intl formatter maps several MB of
 * the node binary's ICU data into the process (docs/performance.md, "Memory").
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const formatters = new Map<string, Intl.NumberFormat>();

/** An amount in the user's currency, the way the answers quote it: "$1,234.56", "€80.00". */
export function money(amount: number, currency: string): string {
  let f = formatters.get(currency);
  if (!f) {
    try {
      f = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    } catch {
      f = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    formatters.set(currency, f);
  }
  return f.format(amount);
}

export const moneyMinor = (minor: number, currency: string) => money(fromMinor(minor), currency);

/** 12.345 → "12.3%". */
export const percent = (value: number) => `${Math.round(value * 10) / 10}%`;

/** A share of a whole in percent with one decimal, 0 for an empty whole. */
export const shareOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

const monthFormat = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }));
/** "2025-03" → "March 2025". */
export const monthName = (yyyyMm: string) => monthFormat().format(new Date(`${yyyyMm}-01T00:00:00Z`));

const dayFormat = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }));
export const dayName = (day: string) => dayFormat().format(new Date(`${day}T00:00:00Z`));

/** "a, b and c". */
export function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

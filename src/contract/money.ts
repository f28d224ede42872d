/**
 * Money is integer minor units (cents) in the database and domain code; the API speaks decimal
 * numbers with two places. These are the only conversions.
 */
export const toMinor = (amount: number): number => Math.round(amount * 100);
export const fromMinor = (minor: number | bigint | string): number => Number(minor) / 100;

/**
 * ISO 4217 minor units: how many decimals a currency's amounts have. A table rather than Intl, so the
 * server needs no ICU data for it and every runtime agrees (ICU versions have differed, e.g. on ISK).
 * Currencies not listed have two.
 */
const MINOR_UNITS: Record<string, 0 | 3> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
};
export const minorUnitsOf = (currency: string): number => MINOR_UNITS[currency.toUpperCase()] ?? 2;

/** An amount (a decimal number) in a currency's minor units: 1234 JPY → 1234, 1.234 KWD → 1234, 12.34 USD → 1234. */
export const toMinorIn = (amount: number, currency: string): number => Math.round(amount * 10 ** minorUnitsOf(currency));
/** Minor units back to the decimal amount of that currency. */
export const fromMinorIn = (minor: number | bigint | string, currency: string): number => Number(minor) / 10 ** minorUnitsOf(currency);

/**
 * A whole number with English thousands separators ("250,000"), as `n.toLocaleString('en-US')` writes
 * it, without Intl: the server builds its schema messages and route descriptions at start, and the
 * first Intl call maps several MB of the node binary's ICU data into memory (docs/performance.md,
 * "Memory").
 */
export const wholeNumber = (n: number): string => {
  const digits = String(Math.trunc(Math.abs(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${digits}` : digits;
};

/** The currencies a user can pick for the account (onboarding, Settings), ISO 4217; USD is the default. */
export const SUPPORTED_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'JPY', 'INR', 'SEK', 'NOK', 'DKK', 'PLN', 'BRL', 'MXN', 'ZAR', 'SGD', 'NZD'] as const;
export type SupportedCurrency = (typeof SUPPORTED_CURRENCIES)[number];
export const DEFAULT_CURRENCY: SupportedCurrency = 'USD';


/** The decimal separator of a locale ('.' for en-US, ',' for de-DE); the runtime's own locale by default. */
export function decimalSeparatorOf(locale?: string): '.' | ',' {
  const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
  return part?.value === ',' ? ',' : '.';
}

/**
 * An amount as a person types it, read the same way in every form: "12.50", "12,50", "1,234.56",
 * "1.234,56", "1 234,56" and "1'234.56" are all numbers. The last of ',' and '.' when both appear
 * is the decimal mark; a lone one followed by one or two digits is too; a lone one followed by
 * three digits groups thousands unless it is the locale's decimal mark ("1,234" is 1234 in English,
 * 1.234 in German). Blank is undefined; anything else that is not a number is NaN.
 */
export function readAmount(text: string, decimal: '.' | ',' = decimalSeparatorOf()): number | undefined {
  let t = text.trim().replace(/[\s\u00a0\u202f'’$€£¥]/g, '');
  if (t === '') return undefined;
  const sign = t.startsWith('-') || t.startsWith('−') ? '-' : '';
  t = t.replace(/^[-−+]/, '');
  const lastComma = t.lastIndexOf(',');
  const lastDot = t.lastIndexOf('.');
  let mark: ',' | '.' | null = null;
  if (lastComma >= 0 && lastDot >= 0) mark = lastComma > lastDot ? ',' : '.';
  else if (lastComma >= 0 || lastDot >= 0) {
    const sep = lastComma >= 0 ? ',' : '.';
    const parts = t.split(sep);
    const grouped = /^[1-9]\d{0,2}$/.test(parts[0]!) && parts.slice(1).every((p) => /^\d{3}$/.test(p));
    if (parts.length > 2) mark = grouped ? null : sep;
    else mark = grouped && sep !== decimal ? null : sep;
  }
  const group = mark === ',' ? '.' : mark === '.' ? ',' : null;
  let normalized = t;
  if (group) normalized = normalized.split(group).join('');
  if (!mark) normalized = normalized.replace(/[.,]/g, '');
  else normalized = normalized.replace(mark, '.');
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(normalized)) return Number.NaN;
  return Number(sign + normalized);
}

import { fromMinorIn, minorUnitsOf, SUPPORTED_CURRENCIES } from '../contract/money';

/**
 * What `Intl.NumberFormat('en-US', { style: 'currency' })` writes before the number for the currencies an
 * account can have: a symbol, or the code and a no-break space. Those are written without Intl: the first
 * Intl number formatter maps about 4.5 MB of the node binary's ICU data into the process for good, and the
 * budget-alert job formats money as soon as the server opens (docs/performance.md, "Memory"). A unit test
 * checks every one against Intl; any other currency still goes through Intl.
 */
const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', CAD: 'CA$', AUD: 'A$', JPY: '¥', INR: '₹', BRL: 'R$', MXN: 'MX$', NZD: 'NZ$' };
const PREFIXES = new Map<string, string>(SUPPORTED_CURRENCIES.map((code) => [code, SYMBOLS[code] ?? `${code}\u00a0`]));

/**
 * `abs` with `digits` decimals and English grouping, rounded as Intl rounds (half away from zero on the
 * shortest decimal that reads back as the number: 1.005 → "1.01"); null where String() writes an exponent.
 */
function decimalText(abs: number, digits: number): string | null {
  const text = String(abs);
  if (text.includes('e')) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  let units = BigInt(whole + fraction.padEnd(digits, '0').slice(0, digits));
  if ((fraction[digits] ?? '0') >= '5') units += 1n;
  const all = units.toString().padStart(digits + 1, '0');
  const grouped = all.slice(0, all.length - digits).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return digits ? `${grouped}.${all.slice(all.length - digits)}` : grouped;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * The server's one money text, for every sentence it writes (the coach's answers, a refusal's detail, the
 * local billing pages, notifications): "$1,234.56", "€80.00", "¥1,234", "KWD 1.234": the currency's own
 * decimals, as Intl's en-US currency format writes them. Intl formatters (other currencies only) are made on
 * first use per currency. CSV files write plain decimals instead (`services/transactions/csv.ts`).
 */
export function moneyText(amount: number, currency: string): string {
  const digits = minorUnitsOf(currency);
  const prefix = PREFIXES.get(currency);
  const number = prefix !== undefined && Number.isFinite(amount) ? decimalText(Math.abs(amount), digits) : null;
  // Intl writes the sign of every negative number, -0 included: "-$0.00".
  if (prefix !== undefined && number !== null) return `${amount < 0 || Object.is(amount, -0) ? '-' : ''}${prefix}${number}`;
  let f = formatters.get(currency);
  if (!f) {
    try {
      f = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    } catch {
      f = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    }
    formatters.set(currency, f);
  }
  return f.format(amount);
}

/** The same text for an amount in minor units, as the database keeps it (cents; yen; fils for KWD). */
export const minorMoneyText = (minor: number, currency: string) => moneyText(fromMinorIn(minor, currency), currency);

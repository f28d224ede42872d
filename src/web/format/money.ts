import { DEFAULT_CURRENCY, SUPPORTED_CURRENCIES, minorUnitsOf } from '../../contract/money';

/** Amounts as typed, read the same way in every form (the contract's rule, shared with the machines). */
export { readAmount } from '../../contract/money';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale?: string): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    const digits = minorUnitsOf(currency);
    f = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatters.set(key, f);
  }
  return f;
}

/** The minus sign of every amount on screen: U+2212, the typographic minus, never the hyphen. */
export const MINUS = '\u2212';

/** The one place amounts become text: in the user's currency, masked when balances are hidden; negatives with MINUS. */
export function formatMoney(amount: number, currency: string = DEFAULT_CURRENCY, options: { hidden?: boolean; locale?: string } = {}): string {
  if (options.hidden) return '••••';
  return formatter(currency, options.locale).format(amount).replace('-', MINUS);
}

const CODES = SUPPORTED_CURRENCIES.join('|');
const NUMBER = String.raw`\d(?:[\d,.  ]*\d)?`;
/** "$2,457.50", "-€12.00", "CA$5", "£ 3", "1.234,56 €", "250.00 USD", "EUR 40", "R$ 10". */
const AMOUNT = new RegExp(
  String.raw`[-−+]?(?:[A-Z]{1,2})?[$€£¥₹₩₽]\s?${NUMBER}|${NUMBER}\s?[€£¥₹]|\b(?:${CODES})\s?${NUMBER}|${NUMBER}\s?(?:${CODES})\b|\b(?:CHF|kr|zł|R)\s?${NUMBER}`,
  'g',
);

/**
 * An amount in its own currency, with the base-currency figure beside it when they differ:
 * "€100.00 ($108.37)"; the base alone when the currency is the base or not given; "€100.00 (not converted)"
 * when there is no rate for its day (never shown as if 1:1).
 */
export function formatWithBase(
  amount: number,
  currency: string | null | undefined,
  base: string,
  baseAmount: number | null | undefined,
  options: { hidden?: boolean; locale?: string } = {},
): string {
  if (!currency || currency === base) return formatMoney(amount, base, options);
  const own = formatMoney(amount, currency, options);
  return baseAmount == null ? `${own} (not converted)` : `${own} (${formatMoney(baseAmount, base, options)})`;
}

/** Masks every money amount inside free text (coach answers) when balances are hidden. */
export function maskAmounts(text: string): string {
  return text.replace(AMOUNT, '••••');
}

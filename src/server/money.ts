import { fromMinorIn, minorUnitsOf } from '../contract/money';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * The server's one money text, for every sentence it writes (the coach's answers, a refusal's detail, the
 * local billing pages): "$1,234.56", "€80.00", "¥1,234", "KWD 1.234": the currency's own decimals. Formatters are made on first use per
 * currency: the first Intl object maps several MB of ICU data into the process (docs/performance.md).
 * CSV files write plain decimals instead (`services/transactions/csv.ts`).
 */
export function moneyText(amount: number, currency: string): string {
  let f = formatters.get(currency);
  if (!f) {
    const digits = minorUnitsOf(currency);
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

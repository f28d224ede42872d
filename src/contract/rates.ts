import * as z from 'zod/mini';
import { calendarDate } from './fields';
import { minorUnitsOf } from './money';
import { currencyField } from './transactions';

/**
 * Exchange rates: 1 `base` = `rate` `quote` on a day. Rates are exact decimals, carried as text on the
 * wire and as scaled integers (bigint, RATE_DECIMALS places) in code: no floating-point arithmetic ever
 * touches a converted amount.
 */

/** Places a stored rate keeps (the database column is numeric(28, 10)). */
export const RATE_DECIMALS = 10;
const SCALE = 10n ** BigInt(RATE_DECIMALS);

/** How far back a day without a rate looks for one (weekends, holidays); beyond it an amount is "unconverted". */
export const RATE_LOOKBACK_DAYS = 7;

/** What a total says of the rows it leaves out for want of a rate: "2 amounts not converted"; '' for none. */
export function unconvertedNote(count: number): string {
  return count > 0 ? `${count} ${count === 1 ? 'amount' : 'amounts'} not converted` : '';
}

/** Whose rate it is: one typed on a transaction or transfer, a file imported, the scheduled provider. */
export const RATE_SOURCES = ['typed', 'import', 'provider'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/** A rate as text ("1.0837") to its scaled integer; null when it is not a positive decimal of at most RATE_DECIMALS places. */
export function parseRate(text: string): bigint | null {
  const m = /^(\d{1,18})(?:\.(\d{1,10}))?$/.exec(text.trim());
  if (!m) return null;
  const scaled = BigInt(m[1]!) * SCALE + BigInt((m[2] ?? '').padEnd(RATE_DECIMALS, '0'));
  return scaled > 0n ? scaled : null;
}

/** A scaled rate back to its shortest text: 10837000000n → "1.0837". */
export function rateText(scaled: bigint): string {
  const whole = scaled / SCALE;
  const frac = (scaled % SCALE).toString().padStart(RATE_DECIMALS, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}

/**
 * num / den rounded half to even (banker's rounding): a tie goes to the even neighbour, so rounding
 * many converted amounts adds no drift in either direction. Signs are allowed; den must not be 0.
 */
export function divideHalfEven(num: bigint, den: bigint): bigint {
  if (den < 0n) return divideHalfEven(-num, -den);
  const negative = num < 0n;
  const n = negative ? -num : num;
  let q = n / den;
  const twice = (n % den) * 2n;
  if (twice > den || (twice === den && q % 2n === 1n)) q += 1n;
  return negative ? -q : q;
}

/** A rate as an exact fraction: 1 from = num/den to. A cross rate via EUR is one without rounding. */
export interface RateFraction {
  num: bigint;
  den: bigint;
}
export const fractionOf = (scaled: bigint): RateFraction => ({ num: scaled, den: SCALE });
/** The rate of the opposite direction, exact. */
export const invert = (r: RateFraction): RateFraction => ({ num: r.den, den: r.num });
/** from→to via a pivot (EUR): pivot→to divided by pivot→from, exact. */
export const cross = (pivotToFrom: RateFraction, pivotToTo: RateFraction): RateFraction => ({ num: pivotToTo.num * pivotToFrom.den, den: pivotToTo.den * pivotToFrom.num });
/** A fraction rounded (half-even) to a stored rate. */
export const scaledOf = (r: RateFraction): bigint => divideHalfEven(r.num * SCALE, r.den);

/**
 * An amount in minor units of `from` converted to minor units of `to` at `rate`, rounded once, half
 * to even, to the minor unit of `to` (1,000.00 EUR at 1.0837 → 108370 US cents; 1,000 JPY at
 * 0.0061 → 610 cents of a dollar; 1.234 KWD at 3.26 → 402 cents).
 */
export function convertMinor(amountMinor: number, from: string, to: string, rate: RateFraction): number {
  const shift = minorUnitsOf(to) - minorUnitsOf(from);
  const num = BigInt(amountMinor) * rate.num * 10n ** BigInt(Math.max(shift, 0));
  const den = rate.den * 10n ** BigInt(Math.max(-shift, 0));
  return Number(divideHalfEven(num, den));
}

/** The rate two amounts imply ("100.00 EUR, charged 108.37 USD" → 1.0837), rounded half-even to RATE_DECIMALS places. */
export function impliedRate(fromMinor: number, from: string, toMinor: number, to: string): bigint {
  const shift = minorUnitsOf(from) - minorUnitsOf(to);
  const num = BigInt(toMinor) * 10n ** BigInt(Math.max(shift, 0)) * SCALE;
  const den = BigInt(fromMinor) * 10n ** BigInt(Math.max(-shift, 0));
  return divideHalfEven(num, den);
}

// ---------------------------------------------------------------------------------------------
// Wire

export const rateField = z
  .string({ error: 'rate must be a decimal number written as text, e.g. "1.0837"' })
  .check(z.refine((v: string) => parseRate(v) !== null, `rate must be a positive decimal with at most ${RATE_DECIMALS} decimal places, written as text, e.g. "1.0837"`));

export const createRateRequest = z
  .strictObject({
    date: calendarDate('date'),
    base: currencyField,
    quote: currencyField,
    rate: rateField.check(z.describe('1 base = rate quote, an exact decimal as text')),
  })
  // On the quote ("To") field, so the form shows it under that field and the API names it.
  .check(z.refine((b: { base: string; quote: string }) => b.base !== b.quote, { message: 'base and quote must be different currencies', path: ['quote'] }));
export type CreateRateRequest = z.input<typeof createRateRequest>;

export const exchangeRate = z.object({
  date: z.string(),
  base: z.string(),
  quote: z.string(),
  rate: z.string().register(z.globalRegistry, { description: 'Exact decimal as text' }),
  source: z.enum(RATE_SOURCES),
  shared: z.boolean().register(z.globalRegistry, { description: "The scheduled provider's reference rate (everyone's), not one of yours" }),
});
export type ExchangeRate = z.infer<typeof exchangeRate>;

export const rateListQuery = z.object({
  base: z.optional(currencyField),
  quote: z.optional(currencyField),
  from: z.optional(calendarDate('from')),
  to: z.optional(calendarDate('to')),
});
export const rateList = z.object({ rates: z.array(exchangeRate), total: z.number() });

export const rateImportResult = z.object({
  format: z.enum(['ecb-csv', 'ecb-xml', 'columns']),
  days: z.number(),
  rates: z.number().register(z.globalRegistry, { description: 'Rates stored (one per day and currency)' }),
  currencies: z.array(z.string()),
  first_date: z.nullable(z.string()),
  last_date: z.nullable(z.string()),
  converted: z.number().register(z.globalRegistry, { description: 'Your amounts that had no rate for their day and are converted now' }),
  recomputing: z
    .boolean()
    .register(z.globalRegistry, { description: 'More amounts waited for a rate than one request converts: they are converted in the background within minutes' }),
});
export type RateImportResult = z.infer<typeof rateImportResult>;

export const conversionQuery = z.object({
  amount: z.string({ error: 'amount must be a decimal number' }).check(z.regex(/^\d{1,12}(\.\d{1,3})?$/, 'amount must be a positive decimal number with at most three decimal places')),
  from: currencyField,
  to: currencyField,
  date: calendarDate('date'),
});
export const conversion = z.object({
  amount: z.number(),
  from: z.string(),
  to: z.string(),
  date: z.string(),
  converted: z.nullable(z.number()).register(z.globalRegistry, { description: 'In `to`, rounded half-even to its minor unit; null when no rate within 7 days before (never 1:1)' }),
  rate: z.nullable(z.string()),
  rate_date: z.nullable(z.string()),
});

// ---------------------------------------------------------------------------------------------
// Settings › Currencies: texts and client-side rules

export const rateMessages = {
  fetchRates: 'Failed to fetch exchange rates',
  addRate: 'Failed to save the rate',
  importRates: 'Failed to import the rates file',
  rateAdded: (r: Pick<ExchangeRate, 'date' | 'base' | 'quote' | 'rate'>) => `Rate kept: 1 ${r.base} = ${r.rate} ${r.quote} on ${r.date}`,
} as const;

/** How a rate's source reads in the table. */
export const rateSourceLabels: Record<RateSource, string> = { typed: 'Typed', import: 'Imported file', provider: 'Reference rates' };

/** Rows the rate table shows at first and adds with each "Show more". */
export const RATE_PAGE_SIZE = 20;

/** The media type a rates file is sent with: XML by its name, else CSV (the server also tells them apart by content). */
export const rateFileType = (fileName: string): 'application/xml' | 'text/csv' => (/\.xml$/i.test(fileName) ? 'application/xml' : 'text/csv');

/** What an import did, in one sentence: "96 rates for 32 currencies (USD, JPY, …) over 3 days, 2025-03-05 to 2025-03-07; 2 amounts … converted now". */
export function importSummary(r: RateImportResult): string {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const days = r.first_date && r.last_date ? (r.first_date === r.last_date ? ` on ${r.first_date}` : ` over ${n(r.days, 'day', 'days')}, ${r.first_date} to ${r.last_date}`) : '';
  const waited = r.recomputing
    ? '; amounts that had no rate are being converted in the background'
    : r.converted > 0
      ? `; ${n(r.converted, 'amount that had no rate is', 'amounts that had no rate are')} converted now`
      : '';
  return `${n(r.rates, 'rate', 'rates')} for ${n(r.currencies.length, 'currency', 'currencies')} (${r.currencies.join(', ')})${days}${waited}`;
}

import { addDays } from '../../../contract/calendar';
import { fromMinorIn, minorUnitsOf, toMinorIn } from '../../../contract/money';
import {
  RATE_LOOKBACK_DAYS,
  convertMinor,
  cross,
  divideHalfEven,
  fractionOf,
  impliedRate,
  invert,
  parseRate,
  rateText,
  scaledOf,
  type ExchangeRate,
  type RateFraction,
  type RateImportResult,
  type RateSource,
} from '../../../contract/rates';
import type { RateImportQuery } from '../../../contract/rateMapping';
import { unprocessable } from '../../errors';
import type { RateRow, RatesRepository } from '../../repositories/rates';
import { parseEcb, type EcbFormat, type RateDay } from './ecb';
import { parseMapped } from './mapped';

/** The ECB publishes every rate against the euro; any other pair is crossed through it. */
export const PIVOT = 'EUR';

/** Same day: the user's own file first, then the shared reference rate, then a rate typed on one transaction. */
const PRIORITY: Record<RateSource, number> = { import: 0, provider: 1, typed: 2 };

export interface FoundRate {
  rate: RateFraction;
  /** The day of the rate used (the amount's day or up to RATE_LOOKBACK_DAYS before). */
  date: string;
}

/**
 * A stored amount (hundredths of the unit in every currency: the API's two decimals) converted at
 * `rate`, rounded half-even once to what `to` has: cents for USD, whole yen for JPY.
 */
export function convertStored(stored: number, to: string, rate: RateFraction): number {
  const step = 10n ** BigInt(Math.max(0, 2 - minorUnitsOf(to)));
  return Number(divideHalfEven(BigInt(stored) * rate.num, rate.den * step) * step);
}

const toWire = (r: RateRow): ExchangeRate => ({ date: r.date, base: r.base, quote: r.quote, rate: rateText(parseRate(r.rate) ?? 0n), source: r.source, shared: r.shared });

/** Finds the rate from→to on `date` among rows of one day (direct, inverse, or crossed via EUR). */
function onDay(rows: RateRow[], from: string, to: string): RateFraction | null {
  const best = new Map<string, RateRow>();
  for (const r of rows) {
    const key = `${r.base}>${r.quote}`;
    const had = best.get(key);
    if (!had || PRIORITY[r.source] < PRIORITY[had.source]) best.set(key, r);
  }
  const get = (base: string, quote: string): RateFraction | null => {
    const direct = best.get(`${base}>${quote}`);
    if (direct) return fractionOf(parseRate(direct.rate)!);
    const inverse = best.get(`${quote}>${base}`);
    return inverse ? invert(fractionOf(parseRate(inverse.rate)!)) : null;
  };
  const direct = get(from, to);
  if (direct) return direct;
  if (from === PIVOT || to === PIVOT) return null;
  const a = get(PIVOT, from);
  const b = get(PIVOT, to);
  return a && b ? cross(a, b) : null;
}

function daysToRows(days: RateDay[]) {
  const rows: { date: string; base: string; quote: string; rate: string }[] = [];
  for (const d of days) for (const r of d.rates) rows.push({ date: d.date, base: PIVOT, quote: r.currency, rate: rateText(r.rate) });
  return rows;
}

/**
 * Exchange rates and conversions. No rate is ever invented: without a rate on the day or on one of
 * the RATE_LOOKBACK_DAYS before, an amount is not converted (null), never taken as 1:1.
 */
/** Rows waiting for a rate: those a new rate of the user's converts at once (TransactionsRepository has them). */
export interface WaitingRows {
  accountCurrency(userId: string): Promise<string>;
  waitingForRate(userId: string, from: string, to: string, limit: number): Promise<{ id: string; amountMinor: number; date: string; currency: string }[]>;
  setWaitingBaseAmounts(userId: string, changes: { id: string; baseAmountMinor: number }[]): Promise<number>;
  markBaseRecompute(userId: string): Promise<void>;
}

/**
 * Rows a new rate converts within the request (each costs the rollup triggers' work, about 1 s per 5,000 rows
 * under load); with more waiting (a ten-year file for a user of a million rows with two foreign accounts of
 * twelve: about 170,000) the import answers at once and the recompute job converts them in pages.
 */
export const CONVERT_AT_ONCE = 2_000;
/** Rows per UPDATE when converting: the rollup triggers run once per statement over its rows. */
const CONVERT_PAGE = 25_000;

export function ratesService({ repo, fetchImpl = fetch, waiting }: { repo: RatesRepository; fetchImpl?: typeof fetch; waiting?: WaitingRows }) {
  /**
   * Rows of the user's that had no rate and are dated where the new rates reach (their days and the
   * RATE_LOOKBACK_DAYS after) get their base amount now, so totals count them; how many.
   */
  async function convertWaiting(userId: string, from: string, to: string): Promise<{ converted: number; recomputing: boolean }> {
    if (!waiting) return { converted: 0, recomputing: false };
    const rows = await waiting.waitingForRate(userId, from, addDays(to, RATE_LOOKBACK_DAYS), CONVERT_AT_ONCE + 1);
    if (rows.length > CONVERT_AT_ONCE) {
      await waiting.markBaseRecompute(userId);
      return { converted: 0, recomputing: true };
    }
    if (rows.length === 0) return { converted: 0, recomputing: false };
    const base = await waiting.accountCurrency(userId);
    const byCurrency = new Map<string, typeof rows>();
    for (const row of rows) {
      const list = byCurrency.get(row.currency);
      if (list) list.push(row);
      else byCurrency.set(row.currency, [row]);
    }
    const changes: { id: string; baseAmountMinor: number }[] = [];
    for (const [currency, ofCurrency] of byCurrency) {
      // One read of the rates per currency for all its rows' days.
      const found = await service.ratesOn(userId, currency, base, ofCurrency.map((r) => r.date));
      for (const row of ofCurrency) {
        const rate = found.get(row.date);
        if (rate) changes.push({ id: row.id, baseAmountMinor: convertStored(row.amountMinor, base, rate.rate) });
      }
    }
    let converted = 0;
    for (let i = 0; i < changes.length; i += CONVERT_PAGE) converted += await waiting.setWaitingBaseAmounts(userId, changes.slice(i, i + CONVERT_PAGE));
    return { converted, recomputing: false };
  }

  const service = {
    /** The rate from→to for an amount of `date`; null when there is none within the look-back. */
    async rateOn(userId: string, from: string, to: string, date: string): Promise<FoundRate | null> {
      return (await service.ratesOn(userId, from, to, [date])).get(date) ?? null;
    },

    /**
     * The rate from→to for each of many days (an import's batch) from one read of the rates: each day's
     * own or the newest of the RATE_LOOKBACK_DAYS before; null for a day with none.
     */
    async ratesOn(userId: string, from: string, to: string, dates: string[]): Promise<Map<string, FoundRate | null>> {
      const found = new Map<string, FoundRate | null>();
      if (dates.length === 0) return found;
      if (from === to) {
        for (const date of dates) found.set(date, { rate: { num: 1n, den: 1n }, date });
        return found;
      }
      const sorted = [...new Set(dates)].sort();
      const rows = await repo.window(userId, [...new Set([from, to, PIVOT])], addDays(sorted[0]!, -RATE_LOOKBACK_DAYS), sorted.at(-1)!);
      const byDay = new Map<string, RateRow[]>();
      for (const r of rows) byDay.set(r.date, [...(byDay.get(r.date) ?? []), r]);
      // Each day's best rate once, then every asked day looks back through them.
      const dayRate = new Map<string, RateFraction | null>();
      for (const [day, dayRows] of byDay) dayRate.set(day, onDay(dayRows, from, to));
      for (const date of sorted) {
        let hit: FoundRate | null = null;
        for (let back = 0; back <= RATE_LOOKBACK_DAYS && !hit; back++) {
          const day = addDays(date, -back);
          const rate = dayRate.get(day);
          if (rate) hit = { rate, date: day };
        }
        found.set(date, hit);
      }
      return found;
    },

    /** The newest rate from→to on or before `date`, however old (valuing a balance at the latest rate); null when there is none. */
    async latestOnOrBefore(userId: string, from: string, to: string, date: string): Promise<FoundRate | null> {
      if (from === to) return { rate: { num: 1n, den: 1n }, date };
      const rows = await repo.newest(userId, [...new Set([from, to, PIVOT])], date, 400);
      const byDay = new Map<string, RateRow[]>();
      for (const r of rows) byDay.set(r.date, [...(byDay.get(r.date) ?? []), r]);
      for (const day of [...byDay.keys()].sort().reverse()) {
        const rate = onDay(byDay.get(day)!, from, to);
        if (rate) return { rate, date: day };
      }
      return null;
    },

    /** An amount (minor units of `from`) in `to`'s minor units at the rate of its day; null when not converted. */
    async convert(userId: string, amountMinor: number, from: string, to: string, date: string): Promise<{ minor: number; rate: string; rateDate: string } | null> {
      const found = await service.rateOn(userId, from, to, date);
      if (!found) return null;
      return { minor: convertMinor(amountMinor, from, to, found.rate), rate: rateText(scaledOf(found.rate)), rateDate: found.date };
    },

    /** GET /rates/convert: a decimal amount. */
    async conversion(userId: string, q: { amount: string; from: string; to: string; date: string }) {
      const amountMinor = toMinorIn(Number(q.amount), q.from);
      if (Math.abs(fromMinorIn(amountMinor, q.from) - Number(q.amount)) > 1e-9) throw unprocessable(`amount has more decimals than ${q.from} has`);
      const done = await service.convert(userId, amountMinor, q.from, q.to, q.date);
      return {
        amount: Number(q.amount),
        from: q.from,
        to: q.to,
        date: q.date,
        converted: done ? fromMinorIn(done.minor, q.to) : null,
        rate: done?.rate ?? null,
        rate_date: done?.rateDate ?? null,
      };
    },

    /** Keeps a rate the person typed, or the one two amounts they typed imply. */
    async addTyped(userId: string, r: { date: string; base: string; quote: string; rate: string }): Promise<ExchangeRate> {
      const scaled = parseRate(r.rate);
      if (scaled === null) throw unprocessable('rate must be a positive decimal');
      await repo.upsert(userId, 'typed', [{ ...r, rate: rateText(scaled) }]);
      await convertWaiting(userId, r.date, r.date);
      return { date: r.date, base: r.base, quote: r.quote, rate: rateText(scaled), source: 'typed', shared: false };
    },

    /** Keeps the rate "fromMinor in `from` was charged toMinor in `to`" implies; returns it as text. */
    async keepImplied(userId: string, date: string, fromMinor: number, from: string, toMinor: number, to: string): Promise<string> {
      const rate = rateText(impliedRate(fromMinor, from, toMinor, to));
      await repo.upsert(userId, 'typed', [{ date, base: from, quote: to, rate }]);
      return rate;
    },

    async list(userId: string, q: { base?: string; quote?: string; from?: string; to?: string }) {
      const { rows, total } = await repo.list(userId, q, 500);
      return { rates: rows.map(toWire), total };
    },

    /**
     * A user's rates file, stored as their own rates: the ECB's CSV or XML, or (`format: 'columns'`) any
     * CSV read by the mapping in `query`.
     */
    async importFile(userId: string, text: string, query: EcbFormat | 'auto' | RateImportQuery = 'auto'): Promise<RateImportResult> {
      const q = typeof query === 'string' ? { format: query } : query;
      let result: RateImportResult;
      if (q.format === 'columns') {
        result = await store(userId, 'import', 'columns', parseMapped(text, q as RateImportQuery).rows);
      } else {
        const parsed = parseEcb(text, q.format ?? 'auto');
        result = await store(userId, 'import', parsed.format, daysToRows(parsed.days));
      }
      const waited = result.first_date && result.last_date ? await convertWaiting(userId, result.first_date, result.last_date) : { converted: 0, recomputing: false };
      return { ...result, ...waited };
    },

    /** The scheduled provider: an ECB-format file at a URL, stored as shared reference rates. */
    async fetchProvider(url: string): Promise<RateImportResult> {
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(30_000) });
      if (!response.ok) throw new Error(`rates provider answered ${response.status}`);
      const parsed = parseEcb(await response.text());
      return store(null, 'provider', parsed.format, daysToRows(parsed.days));
    },
  };

  async function store(userId: string | null, source: RateSource, format: RateImportResult['format'], rows: { date: string; base: string; quote: string; rate: string }[]): Promise<RateImportResult> {
    if (rows.length === 0) throw unprocessable('The rates file holds no rates');
    const stored = await repo.replace(userId, source, rows);
    const dates = [...new Set(rows.map((r) => r.date))].sort();
    // An ECB file's currencies are those quoted against the euro; a mapped file's, every one on either side.
    const currencies = new Set(rows.flatMap((r) => (format === 'columns' ? [r.base, r.quote] : [r.quote])));
    return { format, days: dates.length, rates: stored, currencies: [...currencies].sort(), first_date: dates[0] ?? null, last_date: dates.at(-1) ?? null, converted: 0, recomputing: false };
  }

  return service;
}
export type RatesService = ReturnType<typeof ratesService>;

import { addDays, dayOf, inPeriod, monthFrom, monthName, monthPeriod, weekday, type Period } from './dates';
import type { Kind, Person, Row } from './people';

/**
 * The held-out set's own arithmetic: what the right answer to a question is, from the generated
 * rows and the labels only the generator knows (what each bank string really is). It never asks
 * the app anything.
 *
 * Meanings: spending is the sum of expense rows in the period, income of income rows; a period
 * that reaches today ends today; "last month" is the previous calendar month; where people's words
 * allow two readings ("the past 90 days" with or without today's 90th day back, "eating out" with
 * or without coffee and takeaway, a trip with or without what was booked for it beforehand) every
 * reading is accepted, and nothing else.
 */

export type Filter = (r: Row) => boolean;

export interface NamedMonth {
  y: number;
  m: number;
  offset: number;
  name: string;
  period: Period;
}

export function oracle(person: Person, today: string) {
  const rows = person.rows;
  const sum = (list: Row[]) => list.reduce((s, r) => s + r.minor, 0);
  const pick = (type: Row['type'], f: Filter, p: Period) => rows.filter((r) => r.type === type && f(r) && inPeriod(r.date, p));

  const month = (offset: number): NamedMonth => {
    const { y, m } = monthFrom(today, offset);
    return { y, m, offset, name: monthName(y, m, today), period: monthPeriod(y, m, today) };
  };
  const thisYear: Period = { start: `${today.slice(0, 4)}-01-01`, end: today };
  const all: Period = { start: '0000-01-01', end: today };

  const o = {
    person,
    today,
    month,
    thisMonth: month(0),
    lastMonth: month(-1),
    thisYear,
    all,
    since: (day: string): Period => ({ start: day, end: today }),
    between: (start: string, end: string): Period => ({ start, end }),
    /** "The past N days": N days ending today, or N days back from yesterday, or N+1 days counting today. */
    lastDays: (n: number): Period[] => [
      { start: addDays(today, -(n - 1)), end: today },
      { start: addDays(today, -n), end: today },
      { start: addDays(today, -n), end: addDays(today, -1) },
    ],
    /** "The last N months": N full months before this one, those plus this month so far, or since this day N months ago. */
    lastMonths: (n: number): Period[] => {
      const first = month(-n);
      const sameDay = monthFrom(today, -n);
      return [
        { start: first.period.start, end: month(-1).period.end },
        { start: first.period.start, end: today },
        { start: dayOf(sameDay.y, sameDay.m, Number(today.slice(8, 10))), end: today },
      ];
    },
    /** "Last weekend": the Saturday and Sunday before this week; on a weekend also the one under way. */
    lastWeekend: (): Period[] => {
      const wd = weekday(today);
      // Days back to the most recent Sunday strictly before today.
      const back = wd === 0 ? 7 : wd;
      const sunday = addDays(today, -back);
      const out = [{ start: addDays(sunday, -1), end: sunday }];
      if (wd === 6) out.push({ start: today, end: today });
      if (wd === 0) out.push({ start: addDays(today, -1), end: today });
      return out;
    },
    /** The days away, and the days away plus what was booked for the trip before. */
    trip: person.trip,

    // Filters
    any: (() => true) as Filter,
    kind: (...kinds: Kind[]): Filter => (r) => kinds.includes(r.kind),
    merchant: (...names: string[]): Filter => (r) => names.includes(r.merchant),
    bank: (re: RegExp): Filter => (r) => re.test(r.bank),
    category: (...names: string[]): Filter => (r) => r.category !== null && names.includes(r.category),
    onTrip: ((r) => r.trip === person.trip.name) as Filter,
    not: (f: Filter): Filter => (r) => !f(r),
    and: (...fs: Filter[]): Filter => (r) => fs.every((f) => f(r)),

    // Figures, minor units
    spent: (f: Filter, p: Period) => sum(pick('expense', f, p)),
    earned: (f: Filter, p: Period) => sum(pick('income', f, p)),
    count: (f: Filter, p: Period, type: Row['type'] = 'expense') => pick(type, f, p).length,
    largest: (f: Filter, p: Period, type: Row['type'] = 'expense') => Math.max(0, ...pick(type, f, p).map((r) => r.minor)),
    largestRow: (f: Filter, p: Period, type: Row['type'] = 'expense') => pick(type, f, p).reduce<Row | null>((best, r) => (!best || r.minor > best.minor ? r : best), null),
    /** Average per visit (per expense row), to the cent. */
    perVisit: (f: Filter, p: Period) => {
      const list = pick('expense', f, p);
      return list.length ? Math.round(sum(list) / list.length) : 0;
    },
    /** Average per calendar month over `months` months. */
    perMonth: (f: Filter, p: Period, months: number) => Math.round(sum(pick('expense', f, p)) / months),
    /** The month (offsets from..to, inclusive) with the most spending or income. */
    topMonth: (f: Filter, offsets: number[], type: Row['type'] = 'expense', lowest = false) => {
      let best: { month: NamedMonth; minor: number } | null = null;
      for (const off of offsets) {
        const nm = month(off);
        const minor = sum(pick(type, f, nm.period));
        if (!best || (lowest ? minor < best.minor : minor > best.minor)) best = { month: nm, minor };
      }
      return best!;
    },
    /** Expense totals by the person's own categories in a period, largest first. */
    byCategory: (p: Period) => {
      const totals = new Map<string, number>();
      for (const r of pick('expense', () => true, p)) totals.set(r.category ?? 'Other', (totals.get(r.category ?? 'Other') ?? 0) + r.minor);
      return [...totals.entries()].sort((a, b) => b[1] - a[1]);
    },
    /** The latest month (offsets -1, -2, …) in which `f` has spending. */
    latestMonthWith: (f: Filter, from = -1, type: Row['type'] = 'expense') => {
      for (let off = from; off >= -12; off--) if (sum(pick(type, f, month(off).period)) > 0) return month(off);
      throw new Error(`${person.key}: nothing matches in the last year`);
    },
  };
  return o;
}
export type Oracle = ReturnType<typeof oracle>;

// ---------------------------------------------------------------------------------------------
// Checks: what an answer must (or must not) say

export type Check =
  /** One of these money figures (minor units) appears; `tolerance` in minor units for averages. */
  | { kind: 'money'; alts: number[]; tolerance?: number; what: string }
  /** A count next to a noun ("7 visits", "twice"). */
  | { kind: 'count'; n: number; what: string }
  /** Text the answer must contain (a month's name, a merchant). */
  | { kind: 'text'; pattern: RegExp; what: string }
  /** Declines: no money figure at all and a sentence saying it cannot tell. */
  | { kind: 'declines' }
  /** A figure answering a different question: it must not appear. */
  | { kind: 'not-money'; minor: number; what: string }
  | { kind: 'not-text'; pattern: RegExp; what: string };

export const money = (alts: number | number[], what: string, tolerance = 0): Check => ({ kind: 'money', alts: [...new Set(Array.isArray(alts) ? alts : [alts])], tolerance, what });
export const count = (n: number, what: string): Check => ({ kind: 'count', n, what });
export const says = (pattern: RegExp, what: string): Check => ({ kind: 'text', pattern, what });
export const declines = (): Check => ({ kind: 'declines' });
export const notMoney = (minor: number, what: string): Check => ({ kind: 'not-money', minor, what });
export const notSays = (pattern: RegExp, what: string): Check => ({ kind: 'not-text', pattern, what });

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** The answer names this month ("August" or "Aug"). */
export const namesMonth = (m: number): Check => says(new RegExp(`\\b(${MONTHS[m - 1]}|${MONTHS[m - 1]!.slice(0, 3)})\\b`), `names ${MONTHS[m - 1]}`);

/**
 * Money as the app writes it: two decimals with English thousands separators ("1,234.56"), with or
 * without a currency sign or code around it. Also accepted: the same digits without separators
 * ("1234.56") and, for whole amounts, no decimals ("1,725"). Not accepted: rounding ("about 1,235"),
 * other decimal marks. A figure matches only as a whole number: "1,234.56" is not found in
 * "11,234.56" or "1,234.567".
 */
export function moneyPattern(minor: number): RegExp {
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const forms = [`${grouped}\\.${cents}`, `${whole}\\.${cents}`];
  if (abs % 100 === 0) forms.push(`${grouped}(?![.,]\\d)`, `${whole}(?![.,]\\d)`);
  return new RegExp(`(?<![\\d.,])(?:${[...new Set(forms)].join('|')})(?![\\d]|[.,]\\d)`);
}

/** Every money figure in a text: a number with a currency sign or code, or with exactly two decimals (not a percentage). */
const FIGURE = /(?:[$€£]\s?-?\d[\d,]*(?:\.\d+)?)|(?:\b(?:USD|EUR|GBP)\s?\d[\d,]*(?:\.\d+)?)|(?:(?<![\d.,])\d[\d,]*\.\d{2}(?![\d%]|\s?%))/g;
export const moneyFigures = (text: string) => text.match(FIGURE) ?? [];

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const COUNTED = String.raw`(?:times?|visits?|trips?|orders?|transactions?|payments?|purchases?|charges?|rides?|deliveries|delivery|shops?|fill-?ups?|top-?ups?|bills?|stops?|meals?|runs?)`;

const DECLINE = /\b(can[’']?t|cannot|can not|couldn[’']?t|don[’']?t|do not|doesn[’']?t|does not|isn[’']?t|is not|aren[’']?t|unable|no (?:access|data|record|records|information|way)|not (?:linked|connected|available|something|able|in your|among|part of|tracked|recorded|shown|visible))\b/i;

/** Whether an answer passes a check; the reason when it does not. */
export function verdict(answer: string, check: Check): string | null {
  switch (check.kind) {
    case 'money': {
      for (const alt of check.alts) {
        const tol = check.tolerance ?? 0;
        for (let d = -tol; d <= tol; d++) if (moneyPattern(alt + d).test(answer)) return null;
        if (alt === 0 && /\b(nothing|no spending|didn[’']?t spend|did not spend|haven[’']?t spent|none|no transactions|no payments)\b/i.test(answer)) return null;
      }
      return `missing ${check.what} (${check.alts.map(show).join(' or ')})`;
    }
    case 'count': {
      const words = [String(check.n), NUMBER_WORDS[check.n]].filter(Boolean).join('|');
      const re = new RegExp(`(?<![\\d.,])(?:${words})(?![\\d.,])\\s+(?:[\\w’'-]+\\s+){0,3}?${COUNTED}\\b`, 'i');
      if (re.test(answer)) return null;
      if (check.n === 1 && /\bonce\b/i.test(answer)) return null;
      if (check.n === 2 && /\btwice\b/i.test(answer)) return null;
      return `missing count ${check.n} (${check.what})`;
    }
    case 'text':
      return check.pattern.test(answer) ? null : `does not say ${check.what}`;
    case 'declines': {
      const figures = moneyFigures(answer);
      if (figures.length) return `states a figure (${figures.slice(0, 3).join(', ')}) instead of declining`;
      return DECLINE.test(answer) ? null : 'does not say it cannot tell';
    }
    case 'not-money':
      return moneyPattern(check.minor).test(answer) ? `states ${show(check.minor)}, the figure for ${check.what}` : null;
    case 'not-text':
      return check.pattern.test(answer) ? `says ${check.what}` : null;
  }
}

/** Where the first of a money check's figures appears in the answer (Infinity when none does). */
function firstIndex(answer: string, check: Extract<Check, { kind: 'money' }>): number {
  let best = Infinity;
  for (const alt of check.alts) {
    const tol = check.tolerance ?? 0;
    for (let d = -tol; d <= tol; d++) {
      const at = answer.search(moneyPattern(alt + d));
      if (at >= 0 && at < best) best = at;
    }
  }
  return best;
}

/**
 * Why an answer to one question is wrong (empty when it is right): every check must pass, except
 * that a figure of a wrong reading only counts when the answer leads with it, before any expected
 * figure ("You spent 22.00 at Blue Bottle; all of Dining came to 384.06" is right, "Your income
 * was 6,973.68, from Salary 6,955.38" is not right for "how much did I get paid?").
 */
export function judge(answer: string, checks: Check[]): string[] {
  const expected = checks.filter((c): c is Extract<Check, { kind: 'money' }> => c.kind === 'money');
  const lead = Math.min(...expected.map((c) => firstIndex(answer, c)));
  const out: string[] = [];
  for (const check of checks) {
    if (check.kind === 'not-money' && expected.length && lead !== Infinity) {
      const at = answer.search(moneyPattern(check.minor));
      if (at >= 0 && at < lead) out.push(`leads with ${show(check.minor)}, the figure for ${check.what}`);
      continue;
    }
    const reason = verdict(answer, check);
    if (reason) out.push(reason);
  }
  return out;
}

export const show = (minor: number) => (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

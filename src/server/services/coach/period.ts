/** Calendar periods the coach talks about: UTC days written YYYY-MM-DD, like the rollup tables. */
import { addDays, endOfMonth, monthFrom, parseDay, startOfMonth } from '../../../contract/calendar';
import { dayName, monthName, onFirstUse } from './format';

export interface Period {
  start: string;
  end: string;
  /** The period as a noun: "May 2025 (1–31 May 2025)", "June 2025 so far (1–15 Jun 2025)". */
  label: string;
  /** The period after a verb: "in May 2025 (…)", "so far this month (…)", "last week (…)". */
  phrase: string;
}

export const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'] as const;
const SHORT_MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

export { dayOf as isoDay, parseDay, addDays, daysBetween } from '../../../contract/calendar';
/** First and last day of a month given as year and zero-based month (which may run over). */
export const monthStart = (year: number, month0: number) => startOfMonth(monthFrom(year, month0));
export const monthEnd = (year: number, month0: number) => endOfMonth(monthFrom(year, month0));
const ym = (day: string) => [Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1] as [number, number];

// Made on the first coach question, not at start (onFirstUse in format.ts); whole days and months
// are written by format.ts's dayName and monthName, the one formatter each.
const dayMonthLabel = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }));

/** "1–15 Jun 2025" or "20 Dec 2024 – 3 Jan 2025". */
export function rangeLabel(start: string, end: string): string {
  if (start === end) return dayName(start);
  if (start.slice(0, 4) === end.slice(0, 4)) {
    if (start.slice(0, 7) === end.slice(0, 7)) return `${Number(start.slice(8))}–${dayName(end)}`;
    return `${dayMonthLabel().format(parseDay(start))} – ${dayName(end)}`;
  }
  return `${dayName(start)} – ${dayName(end)}`;
}

export const nameOfMonth = (year: number, month0: number) => monthName(monthStart(year, month0).slice(0, 7));

/** A whole calendar month, cut at today when it is the current one. */
export function monthPeriod(year: number, month0: number, today: string): Period {
  const start = monthStart(year, month0);
  const fullEnd = monthEnd(year, month0);
  if (start <= today && today <= fullEnd) {
    const range = rangeLabel(start, today);
    return { start, end: today, label: `${nameOfMonth(year, month0)} so far (${range})`, phrase: `so far this month (${range})` };
  }
  const label = `${nameOfMonth(year, month0)} (${rangeLabel(start, fullEnd)})`;
  return { start, end: fullEnd, label, phrase: `in ${label}` };
}

export function thisMonth(today: string): Period {
  const [y, m] = ym(today);
  return monthPeriod(y, m, today);
}

export function lastMonth(today: string): Period {
  const [y, m] = ym(today);
  const start = monthStart(y, m - 1);
  const end = monthEnd(y, m - 1);
  const [py, pm] = ym(start);
  const label = `${nameOfMonth(py, pm)} (${rangeLabel(start, end)})`;
  return { start, end, label, phrase: `last month, ${label}` };
}

export function lastDays(today: string, days: number): Period {
  const start = addDays(today, -(days - 1));
  const label = `the last ${days} days (${rangeLabel(start, today)})`;
  return { start, end: today, label, phrase: `in ${label}` };
}

/** The `n` whole months before the current one (for "usual" averages). */
export function previousFullMonths(today: string, n: number): Period {
  const [y, m] = ym(today);
  const start = monthStart(y, m - n);
  const end = monthEnd(y, m - 1);
  const label = `the ${n} full months before (${rangeLabel(start, end)})`;
  return { start, end, label, phrase: `in ${label}` };
}

/** The month a month name refers to when looking back: the latest one that has started. */
function pastMonth(month0: number, today: string, year?: number): [number, number] {
  const [y, m] = ym(today);
  if (year !== undefined) return [year, month0];
  return month0 <= m ? [y, month0] : [y - 1, month0];
}

/** The month a month name refers to when planning ahead: this one or the next one of that name. */
export function futureMonth(month0: number, today: string, year?: number): [number, number] {
  const [y, m] = ym(today);
  if (year !== undefined) return [year, month0];
  return month0 >= m ? [y, month0] : [y + 1, month0];
}

const monthPattern = new RegExp(`\\b(${[...MONTH_NAMES, ...SHORT_MONTHS.filter((s) => s !== 'may')].join('|')})\\b\\.?(?:\\s+(\\d{4}))?`, 'i');

/** The month named in a text ("march", "in Mar 2026"), as a month index and an optional year. */
export function monthMentioned(text: string): { month0: number; year?: number } | null {
  const match = monthPattern.exec(text);
  if (!match) return null;
  const word = match[1]!.toLowerCase();
  const month0 = word.length > 3 ? MONTH_NAMES.indexOf(word as (typeof MONTH_NAMES)[number]) : SHORT_MONTHS.indexOf(word as (typeof SHORT_MONTHS)[number]);
  if (month0 < 0) return null;
  // "may" alone is too often the verb ("may I…"): only with a year or a preposition before it.
  if (word === 'may' && !match[2] && !/\b(in|of|during|for|since|last|this|next)\s+may\b/i.test(text)) return null;
  return { month0, year: match[2] ? Number(match[2]) : undefined };
}

/** The period a question names, looking back (spending, income, summaries); null when it names none. */
export function periodMentioned(text: string, today: string): Period | null {
  const t = text.toLowerCase();
  const [y, m] = ym(today);
  if (/\b(last|previous|past) month\b/.test(t)) return lastMonth(today);
  if (/\b(this|current) month\b|\bmonth to date\b|\bso far this month\b/.test(t)) return thisMonth(today);
  if (/\btoday\b/.test(t)) return { start: today, end: today, label: `today (${rangeLabel(today, today)})`, phrase: `today (${rangeLabel(today, today)})` };
  if (/\byesterday\b/.test(t)) {
    const d = addDays(today, -1);
    return { start: d, end: d, label: `yesterday (${rangeLabel(d, d)})`, phrase: `yesterday (${rangeLabel(d, d)})` };
  }
  if (/\b(this|current) week\b/.test(t)) {
    const start = addDays(today, -((parseDay(today).getUTCDay() + 6) % 7));
    return { start, end: today, label: `this week so far (${rangeLabel(start, today)})`, phrase: `so far this week (${rangeLabel(start, today)})` };
  }
  if (/\b(last|previous|past) week\b/.test(t)) {
    const thisMonday = addDays(today, -((parseDay(today).getUTCDay() + 6) % 7));
    const start = addDays(thisMonday, -7);
    const end = addDays(thisMonday, -1);
    return { start, end, label: `last week (${rangeLabel(start, end)})`, phrase: `last week (${rangeLabel(start, end)})` };
  }
  const lastN = /\b(?:last|past|previous)\s+(\d{1,3})\s+(day|week|month)s?\b/.exec(t);
  if (lastN) {
    const n = Math.max(1, Math.min(Number(lastN[1]), lastN[2] === 'day' ? 730 : lastN[2] === 'week' ? 104 : 24));
    if (lastN[2] === 'day') return lastDays(today, n);
    if (lastN[2] === 'week') {
      const label = `the last ${n} weeks (${rangeLabel(addDays(today, -(n * 7 - 1)), today)})`;
      return { ...lastDays(today, n * 7), label, phrase: `in ${label}` };
    }
    const start = monthStart(y, m - n);
    const end = monthEnd(y, m - 1);
    const label = `the last ${n} full months (${rangeLabel(start, end)})`;
    return { start, end, label, phrase: `in ${label}` };
  }
  if (/\b(this year|year to date|ytd|so far this year)\b/.test(t)) {
    const start = `${y}-01-01`;
    return { start, end: today, label: `${y} so far (${rangeLabel(start, today)})`, phrase: `so far this year (${rangeLabel(start, today)})` };
  }
  if (/\b(last|previous) year\b/.test(t)) {
    const start = `${y - 1}-01-01`;
    const end = `${y - 1}-12-31`;
    return { start, end, label: `${y - 1} (${rangeLabel(start, end)})`, phrase: `last year (${rangeLabel(start, end)})` };
  }
  const named = monthMentioned(text);
  if (named) {
    const [py, pm] = pastMonth(named.month0, today, named.year);
    return monthPeriod(py, pm, today);
  }
  const year = /\b(?:in|during|for)\s+(20\d{2})\b/.exec(t);
  if (year) {
    const yy = Number(year[1]);
    const start = `${yy}-01-01`;
    const end = yy === y ? today : `${yy}-12-31`;
    return { start, end, label: `${yy} (${rangeLabel(start, end)})`, phrase: `in ${yy} (${rangeLabel(start, end)})` };
  }
  return null;
}

/** A period from explicit days (tool arguments), with a label. */
export function explicitPeriod(start: string, end: string): Period {
  const label = rangeLabel(start, end);
  return { start, end, label, phrase: start === end ? `on ${label}` : `between ${dayName(start)} and ${dayName(end)}` };
}

/** Whole months from today until the start of a month (0 when it is this month). */
export function monthsUntil(today: string, year: number, month0: number): number {
  const [y, m] = ym(today);
  return Math.max(0, (year - y) * 12 + (month0 - m));
}

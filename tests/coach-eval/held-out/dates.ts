/** Calendar arithmetic on YYYY-MM-DD strings, in UTC, for the held-out set's generator and oracle. */

const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export const iso = (d: Date) => d.toISOString().slice(0, 10);
export const parse = (day: string) => new Date(`${day}T00:00:00Z`);
export const addDays = (day: string, n: number) => iso(new Date(parse(day).getTime() + n * DAY));
export const daysBetween = (a: string, b: string) => Math.round((parse(b).getTime() - parse(a).getTime()) / DAY);
/** 0 = Sunday … 6 = Saturday. */
export const weekday = (day: string) => parse(day).getUTCDay();

export interface Period {
  start: string;
  end: string;
}

/** Month `offset` months from the month of `day` (0 = that month), as year and 1-based month. */
export function monthFrom(day: string, offset: number): { y: number; m: number } {
  const d = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 + offset, 1));
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1 };
}

export const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
export const dayOf = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(Math.min(d, lastDayOf(y, m)))}`;
export const ym = (day: string) => day.slice(0, 7);

/** A whole calendar month, cut at `today` when it reaches past it. */
export function monthPeriod(y: number, m: number, today: string): Period {
  const end = dayOf(y, m, 31);
  return { start: dayOf(y, m, 1), end: end > today ? today : end };
}

/** "March" or "March 2025" (the year only when it is not today's). */
export const monthName = (y: number, m: number, today: string) => (String(y) === today.slice(0, 4) ? MONTH_NAMES[m - 1]! : `${MONTH_NAMES[m - 1]} ${y}`);
/** "March 3". */
export const dayName = (day: string) => `${MONTH_NAMES[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;

export const inPeriod = (day: string, p: Period) => day >= p.start && day <= p.end;

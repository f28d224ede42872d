/**
 * Calendar days and months, the one place they are computed (like Actual's shared/months.ts). A day is
 * written 'YYYY-MM-DD' and a month 'YYYY-MM', as the API and the rollup tables write them; both are dates
 * on the calendar, not instants, so all arithmetic is in UTC and no time zone moves them. Turning them into
 * text for people is the formatters' job (src/web/format on the client).
 */

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day of an instant, in UTC. */
export const dayOf = (instant: Date): string => instant.toISOString().slice(0, 10);

/** Today in UTC (clients send their local day or month where it matters). */
export const today = (now: Date = new Date()): string => dayOf(now);

/** The month of an instant, in UTC. */
export const thisMonth = (now: Date = new Date()): string => today(now).slice(0, 7);

/** Midnight UTC at the start of a day. */
export const parseDay = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** A real calendar day written YYYY-MM-DD (not 2025-02-30). */
export const isDay = (value: string): boolean => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && dayOf(parseDay(value)) === value;

export const addDays = (day: string, n: number): string => dayOf(new Date(parseDay(day).getTime() + n * DAY_MS));

/** Days from `start` to `end`, both counted: one day for the same day. */
export const daysBetween = (start: string, end: string): number => Math.round((parseDay(end).getTime() - parseDay(start).getTime()) / DAY_MS) + 1;

/** The month of a day. */
export const monthOf = (day: string): string => day.slice(0, 7);

/** A month from a year and a zero-based month that may run over (month0 12 is January of the next year). */
export const monthFrom = (year: number, month0: number): string => dayOf(new Date(Date.UTC(year, month0, 1))).slice(0, 7);

const yearAndMonth0 = (dayOrMonth: string): [number, number] => [Number(dayOrMonth.slice(0, 4)), Number(dayOrMonth.slice(5, 7)) - 1];

/** The month `n` months after (or before, negative) a month or a day's month. */
export const addMonths = (dayOrMonth: string, n: number): string => {
  const [year, month0] = yearAndMonth0(dayOrMonth);
  return monthFrom(year, month0 + n);
};

/** First day of the month of a day or month. */
export const startOfMonth = (dayOrMonth: string): string => `${dayOrMonth.slice(0, 7)}-01`;

/** Last day of the month of a day or month. */
export const endOfMonth = (dayOrMonth: string): string => {
  const [year, month0] = yearAndMonth0(dayOrMonth);
  return dayOf(new Date(Date.UTC(year, month0 + 1, 0)));
};

/** First and last day of a month. */
export const monthRange = (month: string): { from: string; to: string } => ({ from: startOfMonth(month), to: endOfMonth(month) });

/** Every day from `start` to `end`, both included (empty when `end` is before `start`). */
export function eachDay(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Every month from `start` to `end` (months or days), both included. */
export function eachMonth(start: string, end: string): string[] {
  const months: string[] = [];
  for (let month = start.slice(0, 7); month <= end.slice(0, 7); month = addMonths(month, 1)) months.push(month);
  return months;
}

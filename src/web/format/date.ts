/**
 * The one place dates become text in the web app, in the user's locale. Calendar days and months
 * from the API (YYYY-MM-DD, YYYY-MM) are read at midnight UTC and written in UTC, so no time zone
 * moves them to the day before; instants (ISO timestamps) are written on the user's clock.
 */

/** The options of each format; each Intl formatter is built the first time it writes (building all ten at load took a cold page's main thread for tens of milliseconds). */
const options = {
  day: { dateStyle: 'medium', timeZone: 'UTC' },
  dayMonth: { day: 'numeric', month: 'short', timeZone: 'UTC' },
  month: { month: 'long', timeZone: 'UTC' },
  monthYear: { month: 'short', year: 'numeric', timeZone: 'UTC' },
  longMonthYear: { month: 'long', year: 'numeric', timeZone: 'UTC' },
  date: { dateStyle: 'medium' },
  shortDate: { day: 'numeric', month: 'short' },
  time: { hour: '2-digit', minute: '2-digit' },
  longDate: { dateStyle: 'long' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const built = new Map<keyof typeof options, Intl.DateTimeFormat>();
const formatter = (name: keyof typeof options): Intl.DateTimeFormat => {
  let made = built.get(name);
  if (!made) built.set(name, (made = new Intl.DateTimeFormat(undefined, options[name])));
  return made;
};

/** A moment as the format writes it, or the text itself when it is not a date (never "Invalid Date"). */
function write(format: Intl.DateTimeFormat, text: string, moment = text): string {
  const date = new Date(moment);
  return Number.isNaN(date.getTime()) ? text : format.format(date);
}

/** A calendar day (YYYY-MM-DD) at midnight UTC; the formats above write it in UTC. */
const utc = (day: string) => `${day}T00:00:00Z`;
const firstOf = (month: string) => utc(`${month.slice(0, 7)}-01`);

/** A calendar day (YYYY-MM-DD): "5 Jan 2026" (en-GB), "Jan 5, 2026" (en-US). */
export const formatDay = (day: string) => write(formatter('day'), day, utc(day));

/** A calendar day without its year, for short lists and chart axes: "5 Jan". */
export const formatDayMonth = (day: string) => write(formatter('dayMonth'), day, utc(day));

/** The name of a month (YYYY-MM, or a day in it): "January". */
export const formatMonthName = (month: string) => write(formatter('month'), month, firstOf(month));

/** A month with its year, never as a day ("Dec 2025", not "Dec 25"); YYYY-MM or a day in it. */
export const formatMonthYear = (month: string) => write(formatter('monthYear'), month, firstOf(month));

/** A month with its year in full, for a heading: "January 2026". */
export const formatLongMonthYear = (month: string) => write(formatter('longMonthYear'), month, firstOf(month));

/** The day of an instant (ISO timestamp) on the user's clock: "5 Jan 2026". */
export const formatDate = (iso: string) => write(formatter('date'), iso);

/** The day of an instant without its year, on the user's clock: "5 Jan". */
export const formatShortDate = (iso: string) => write(formatter('shortDate'), iso);

/** The time of an instant on the user's clock: "14:30"; blank when it is not a time. */
export const formatTime = (iso: string) => (Number.isNaN(Date.parse(iso)) ? '' : formatter('time').format(new Date(iso)));

/** The day of an instant, written out: "5 January 2026"; blank for none. */
export const formatLongDate = (iso: string | null) => (iso ? write(formatter('longDate'), iso) : '');

/** An instant (ISO timestamp) with its time on the user's clock: "5 Jan 2026, 14:30". */
export const formatDateTime = (iso: string) => write(formatter('dateTime'), iso);

const pad = (n: number) => String(n).padStart(2, '0');

/** Today (or the given moment) on the user's calendar, YYYY-MM-DD. */
export const localDay = (date = new Date()) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** This month (or the given moment's) on the user's calendar, YYYY-MM. */
export const localMonth = (date = new Date()) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}`;

/** Today as the API counts it (UTC): entries dated after it are scheduled and not yet in any total. */
export const utcDay = (date = new Date()) => date.toISOString().slice(0, 10);
export const isScheduled = (day: string, today = utcDay()) => day > today;

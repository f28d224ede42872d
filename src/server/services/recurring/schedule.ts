import * as rrulePackage from 'rrule';
import { addDays, dayOf, parseDay } from '../../../contract/calendar';
import type { WeekendShift } from '../../../contract/recurring';

// rrule ships CommonJS for Node and ESM for bundlers: its named exports sit on `default` under Node.
const rrule = ((rrulePackage as { rrulestr?: unknown }).rrulestr ? rrulePackage : (rrulePackage as unknown as { default: typeof rrulePackage }).default) as typeof rrulePackage;

export interface Schedule {
  rrule: string;
  startDate: string;
  endDate: string | null;
  weekendShift: WeekendShift;
}

/** The RRULE text parsed from its start day; throws on text rrule cannot read. */
function ruleOf(schedule: Pick<Schedule, 'rrule' | 'startDate'>) {
  const text = schedule.rrule.replace(/^RRULE:/i, '');
  return rrule.rrulestr(text, { dtstart: parseDay(schedule.startDate) });
}

/** True when rrule can expand the text into at least one day (the contract checks only its shape). */
export function isExpandable(text: string, startDate: string): boolean {
  try {
    return ruleOf({ rrule: text, startDate }).after(parseDay(startDate), true) !== null;
  } catch {
    return false;
  }
}

/** A Saturday or Sunday moved to the Friday before or the Monday after, as the item says. */
export function shiftWeekend(day: string, shift: WeekendShift): string {
  if (shift === 'none') return day;
  const weekday = parseDay(day).getUTCDay();
  if (weekday === 6) return addDays(day, shift === 'before' ? -1 : 2);
  if (weekday === 0) return addDays(day, shift === 'before' ? -2 : 1);
  return day;
}

/**
 * The due days of a schedule between `from` and `to` (inclusive), after the weekend shift, never past
 * the end date (an occurrence on or before the end date is due even when its shift moves it past it).
 */
export function dueDates(schedule: Schedule, from: string, to: string): string[] {
  // A shift moves a day by at most two, so look two days either side and filter after shifting.
  const lo = addDays(from, -2);
  const hi = schedule.endDate && schedule.endDate < addDays(to, 2) ? schedule.endDate : addDays(to, 2);
  if (hi < lo) return [];
  const raw = ruleOf(schedule).between(parseDay(lo), parseDay(hi), true);
  const out: string[] = [];
  for (const d of raw) {
    const due = shiftWeekend(dayOf(d), schedule.weekendShift);
    if (due >= from && due <= to && (out.length === 0 || out[out.length - 1] !== due)) out.push(due);
  }
  return out;
}

/** The first due day on or after `from`, or null when the schedule has ended. */
export function nextDue(schedule: Schedule, from: string): string | null {
  // Most schedules are at most yearly; look a little over a year, then give up.
  const found = dueDates(schedule, from, addDays(from, 400));
  return found[0] ?? null;
}

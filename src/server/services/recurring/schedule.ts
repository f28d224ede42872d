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

const DAY_MS = 86_400_000;

/**
 * The schedule's start moved forward by whole periods of its rule to shortly before `lo`: the same days
 * after it (each period's days depend on the period, not on how many came before, and rrule never counts
 * the start itself unless the rule gives it), without rrule walking every period since a start years
 * ago. Kept as it is where the start matters more: a COUNT, a monthly day the target month lacks, 29 February.
 */
function startNear(schedule: Pick<Schedule, 'rrule' | 'startDate'>, lo: string): string {
  const start = schedule.startDate;
  if (start >= lo) return start;
  const options = rrule.RRule.parseString(schedule.rrule.replace(/^RRULE:/i, ''));
  if (options.count) return start;
  const interval = options.interval ?? 1;
  const [sy, sm, sd] = start.split('-').map(Number) as [number, number, number];
  const [ly, lm] = lo.split('-').map(Number) as [number, number];
  const days = Math.floor((parseDay(lo).getTime() - parseDay(start).getTime()) / DAY_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  switch (options.freq) {
    case rrule.RRule.DAILY:
    case rrule.RRule.WEEKLY: {
      const period = options.freq === rrule.RRule.WEEKLY ? 7 * interval : interval;
      // One period short of `lo`, so nothing the window could hold is skipped.
      return addDays(start, Math.max(0, Math.floor(days / period) - 1) * period);
    }
    case rrule.RRule.MONTHLY: {
      if (sd > 28) return start;
      const periods = Math.max(0, Math.floor(((ly - sy) * 12 + (lm - sm)) / interval) - 1);
      const month = sm - 1 + periods * interval;
      return `${sy + Math.floor(month / 12)}-${pad((month % 12) + 1)}-${pad(sd)}`;
    }
    case rrule.RRule.YEARLY: {
      if (sm === 2 && sd === 29) return start;
      const periods = Math.max(0, Math.floor((ly - sy) / interval) - 1);
      return `${sy + periods * interval}-${pad(sm)}-${pad(sd)}`;
    }
    default:
      return start;
  }
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
  const raw = ruleOf({ rrule: schedule.rrule, startDate: startNear(schedule, lo) }).between(parseDay(lo), parseDay(hi), true);
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

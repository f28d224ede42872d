/**
 * Recurring bills and subscriptions, the month ahead, the forecast and notifications: constants,
 * schedule presets, request rules (zod/mini, shared by forms and the API), answers and messages.
 */
import * as z from 'zod/mini';
import { isUuid, atMost, calendarDate, money, text } from './fields';

export const RECURRING_KINDS = ['bill', 'subscription', 'income', 'transfer'] as const;
export type RecurringKind = (typeof RECURRING_KINDS)[number];
export const RECURRING_KIND_LABELS: Record<RecurringKind, string> = { bill: 'Bill', subscription: 'Subscription', income: 'Income', transfer: 'Transfer' };

/** What happens to an occurrence on a Saturday or Sunday: stays, moves to the Friday before, or the Monday after. */
export const WEEKEND_SHIFTS = ['none', 'before', 'after'] as const;
export type WeekendShift = (typeof WEEKEND_SHIFTS)[number];

export const OCCURRENCE_STATUSES = ['upcoming', 'matched', 'missed', 'skipped'] as const;
export type OccurrenceStatus = (typeof OCCURRENCE_STATUSES)[number];

export const RECURRING_LIMITS = { name: 80, pattern: 80, category: 60, rrule: 300, items: 500 } as const;

/**
 * Matching a real transaction to an occurrence: within this many days of the due date, and for a
 * fixed amount within this share of it (a variable bill: within its range). Past the window an
 * unmatched occurrence is missed.
 */
export const MATCH_WINDOW_DAYS = 5;
export const MATCH_TOLERANCE = 0.1;

/**
 * Detection: the same merchant (and direction) three or more times at one of these steady intervals,
 * each gap within the tolerance of the interval, amounts within AMOUNT_SPREAD of their median.
 */
export const DETECTION_INTERVALS = [
  { name: 'weekly', days: 7, tolerance: 1, rrule: 'FREQ=WEEKLY' },
  { name: 'fortnightly', days: 14, tolerance: 2, rrule: 'FREQ=WEEKLY;INTERVAL=2' },
  { name: 'monthly', days: 30.44, tolerance: 4, rrule: 'FREQ=MONTHLY' },
  { name: 'every two months', days: 60.88, tolerance: 6, rrule: 'FREQ=MONTHLY;INTERVAL=2' },
  { name: 'quarterly', days: 91.31, tolerance: 8, rrule: 'FREQ=MONTHLY;INTERVAL=3' },
  { name: 'yearly', days: 365.25, tolerance: 10, rrule: 'FREQ=YEARLY' },
] as const;
export type DetectionInterval = (typeof DETECTION_INTERVALS)[number]['name'];
/** One payee and direction to the detector (and a suggestion's key, what a dismissal remembers). */
export const payeeKey = (payee: string, type: 'income' | 'expense') => `${type}:${payee.trim().toLowerCase()}`;
export const DETECTION = {
  minCharges: 3,
  /** Share of the gaps that must fit the interval (one late or early charge is allowed in a long history). */
  steadyShare: 0.8,
  /** A fixed amount: every charge within 5 % of the median; a variable bill: within this factor of it. */
  fixedSpread: 0.05,
  variableSpread: 0.6,
  /** One-offs from a recurring payee: more than 25 % from the median amount, at most a fifth of the charges. */
  oneOffSpread: 0.25,
  oneOffShare: 0.2,
  /** A price change: the last amount more than 5 % from the mean of the three before it. */
  priceChange: 0.05,
  /** Stopped: no charge for this many intervals past the last one (plus the tolerance). */
  stoppedAfterIntervals: 1.5,
} as const;

/** The month ahead and the forecast. */
export const MONTH_AHEAD_DAYS = 30;
export const FORECAST_DAYS = 90;

export const NOTIFICATION_KINDS = ['bill_due', 'bill_missed', 'price_change', 'low_balance', 'budget_alert'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  bill_due: 'A bill is due soon',
  bill_missed: 'A bill was missed',
  price_change: 'A price changed',
  low_balance: 'A balance will run low',
  budget_alert: 'A budget alert',
};
export const NOTIFICATION_LIMITS = { dueDays: { min: 0, max: 30 }, page: 50 } as const;

/** Schedules people pick from; each is RFC 5545 RRULE text the server expands. */
export type SchedulePreset =
  | { every: 'month_on_day'; day: number }
  | { every: 'month_last_day' }
  | { every: 'weeks'; weeks: number; weekday: Weekday }
  | { every: 'year_on'; month: number; day: number }
  | { every: 'weekdays' };
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * The RRULE of a preset. A day the month lacks (the 31st, 29 February) falls on the month's last day:
 * the latest of the candidate days (BYSETPOS=-1), not skipped as a bare BYMONTHDAY=31 would be.
 */
export function scheduleRule(preset: SchedulePreset): string {
  switch (preset.every) {
    case 'month_on_day':
      return preset.day <= 28 ? `FREQ=MONTHLY;BYMONTHDAY=${preset.day}` : `FREQ=MONTHLY;BYMONTHDAY=${range(28, preset.day).join(',')};BYSETPOS=-1`;
    case 'month_last_day':
      return 'FREQ=MONTHLY;BYMONTHDAY=-1';
    case 'weeks':
      return `FREQ=WEEKLY;INTERVAL=${preset.weeks};BYDAY=${preset.weekday}`;
    case 'year_on': {
      const last = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][preset.month - 1]!;
      const day = Math.min(preset.day, last);
      return day === 29 && preset.month === 2 ? 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1' : `FREQ=YEARLY;BYMONTH=${preset.month};BYMONTHDAY=${day}`;
    }
    case 'weekdays':
      return 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';
  }
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export const SCHEDULE_LABELS: Record<SchedulePreset['every'], string> = {
  month_on_day: 'Monthly on a day',
  month_last_day: 'Monthly on the last day',
  weeks: 'Every N weeks',
  year_on: 'Yearly',
  weekdays: 'Every weekday',
};
export const WEEKDAY_LABELS: Record<Weekday, string> = { MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday', SU: 'Sunday' };
export const WEEKEND_SHIFT_LABELS: Record<WeekendShift, string> = { none: 'Stays on the weekend', before: 'Moves to the Friday before', after: 'Moves to the Monday after' };
/** Limits of a preset's numbers, as the form checks them. */
export const SCHEDULE_LIMITS = { day: { min: 1, max: 31 }, weeks: { min: 1, max: 52 }, month: { min: 1, max: 12 } } as const;

/** The preset an RRULE was made from (scheduleRule's inverse), or null for a rule no preset writes. */
export function presetOf(rrule: string): SchedulePreset | null {
  const rule = rrule.replace(/^RRULE:/i, '').toUpperCase();
  for (const preset of candidatePresets(rule)) if (scheduleRule(preset) === rule) return preset;
  return null;
}
function candidatePresets(rule: string): SchedulePreset[] {
  const parts = Object.fromEntries(rule.split(';').map((p) => p.split('=') as [string, string]));
  const days = (parts.BYMONTHDAY ?? '').split(',').map(Number);
  const day = Math.max(...days);
  const weeks = Number(parts.INTERVAL ?? 1);
  return [
    { every: 'month_last_day' },
    { every: 'weekdays' },
    { every: 'month_on_day', day },
    { every: 'weeks', weeks, weekday: (parts.BYDAY ?? 'MO') as Weekday },
    { every: 'year_on', month: Number(parts.BYMONTH ?? 1), day },
  ];
}

// ---- Requests -----------------------------------------------------------------------------------

const uuidField = (field: string) => z.string({ error: `${field} is required` }).check(z.refine(isUuid, `${field} must be an id (a UUID)`));
const rruleField = text('rrule', z.trim(), z.minLength(1, 'rrule is required'), atMost('rrule', RECURRING_LIMITS.rrule)).check(
  z.refine((v) => /^(RRULE:)?FREQ=(DAILY|WEEKLY|MONTHLY|YEARLY)(;[A-Z]+=[A-Z0-9,+-]+)*$/i.test(v), 'rrule must be an RFC 5545 rule like FREQ=MONTHLY;BYMONTHDAY=1'),
);

const itemFields = {
  name: text('name', z.trim(), z.minLength(1, 'name is required'), atMost('name', RECURRING_LIMITS.name)),
  merchant_pattern: text('merchant_pattern', z.trim(), z.minLength(1, 'merchant_pattern is required'), atMost('merchant_pattern', RECURRING_LIMITS.pattern)),
  account_id: uuidField('account_id'),
  category: z.optional(z.nullable(text('category', z.trim(), atMost('category', RECURRING_LIMITS.category)))),
  kind: z.enum(RECURRING_KINDS, { error: `kind must be one of ${RECURRING_KINDS.join(', ')}` }),
  amount: money('amount'),
  amount_min: z.optional(z.nullable(money('amount_min'))),
  amount_max: z.optional(z.nullable(money('amount_max'))),
  rrule: rruleField,
  start_date: calendarDate('start_date'),
  end_date: z.optional(z.nullable(calendarDate('end_date'))),
  weekend_shift: z.optional(z.enum(WEEKEND_SHIFTS, { error: `weekend_shift must be one of ${WEEKEND_SHIFTS.join(', ')}` })),
  auto_post: z.optional(z.boolean({ error: 'auto_post must be true or false' })),
};
type Body = { amount_min?: number | null; amount_max?: number | null; start_date?: string; end_date?: string | null };
const rangeOk = (b: Body) => b.amount_min == null || b.amount_max == null || b.amount_min <= b.amount_max;
const endOk = (b: Body) => b.end_date == null || b.start_date === undefined || b.end_date >= b.start_date;

export const createRecurringRequest = z
  .strictObject(itemFields)
  .check(z.refine(rangeOk, 'amount_min must not be more than amount_max'), z.refine(endOk, 'end_date must not be before start_date'));
export const updateRecurringRequest = z
  .strictObject(Object.fromEntries(Object.entries(itemFields).map(([k, v]) => [k, z.optional(v)])) as { [K in keyof typeof itemFields]: z.ZodMiniOptional<(typeof itemFields)[K]> })
  .check(
    z.refine((b: object) => Object.keys(b).length > 0, 'Send at least one field to change'),
    z.refine(rangeOk, 'amount_min must not be more than amount_max'),
    z.refine(endOk, 'end_date must not be before start_date'),
  );
export type CreateRecurringRequest = z.infer<typeof createRecurringRequest>;
export type UpdateRecurringRequest = z.infer<typeof updateRecurringRequest>;

export const occurrenceRequest = z.strictObject({
  status: z.enum(['skipped', 'upcoming'], { error: 'status must be skipped or upcoming' }),
});

export const suggestionKeyRequest = z.strictObject({ key: text('key', z.minLength(1, 'key is required'), atMost('key', 200)) });

export const idParams = z.object({ id: z.string() });
export const occurrenceParams = z.object({ id: z.string(), date: calendarDate('date') });
export const fromQuery = z.object({
  from: z.optional(calendarDate('from')),
  threshold: z.optional(z.pipe(z.string(), z.transform((v) => Number(v))).check(z.refine((n: number) => Number.isFinite(n), 'threshold must be a number'))),
});

/** A time of day, HH:MM on a 24-hour clock. */
const clockField = (field: string) => z.string({ error: `${field} must be a time like 22:00` }).check(z.refine((v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v), `${field} must be a time like 22:00`));

/** Whether the runtime knows this IANA time zone. */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const notificationSettingsRequest = z
  .strictObject({
    due_days: z.optional(
      z.int({ error: 'due_days must be a whole number' }).check(z.gte(NOTIFICATION_LIMITS.dueDays.min, 'due_days must be 0 or more'), z.lte(NOTIFICATION_LIMITS.dueDays.max, 'due_days must be at most 30')),
    ),
    low_balance: z.optional(z.number({ error: 'low_balance must be a number' }).check(z.refine((n) => Number.isFinite(n) && Math.abs(n) < 1e11, 'low_balance must be a number'))),
    email_kinds: z.optional(z.array(z.enum(NOTIFICATION_KINDS, { error: `email_kinds must be some of ${NOTIFICATION_KINDS.join(', ')}` }))),
    quiet_start: z.optional(z.nullable(clockField('quiet_start'))),
    quiet_end: z.optional(z.nullable(clockField('quiet_end'))),
    time_zone: z.optional(z.string({ error: 'time_zone is required' }).check(z.refine(isTimeZone, 'time_zone must be an IANA time zone like Europe/Paris'))),
    weekly_digest: z.optional(z.boolean({ error: 'weekly_digest must be true or false' })),
  })
  .check(
    z.refine((b: object) => Object.keys(b).length > 0, 'Send at least one field to change'),
    z.refine((b: { quiet_start?: string | null; quiet_end?: string | null }) => (b.quiet_start === undefined) === (b.quiet_end === undefined) && (b.quiet_start === null) === (b.quiet_end === null), 'quiet_start and quiet_end go together (both times, or both null for none)'),
    z.refine((b: { quiet_start?: string | null; quiet_end?: string | null }) => !b.quiet_start || b.quiet_start !== b.quiet_end, 'quiet_start and quiet_end must differ'),
  );
export type NotificationSettingsRequest = z.infer<typeof notificationSettingsRequest>;

// ---- Answers ------------------------------------------------------------------------------------

export const recurringItem = z.object({
  recurring_id: z.string(),
  name: z.string(),
  merchant_pattern: z.string(),
  account_id: z.string(),
  category: z.nullable(z.string()),
  kind: z.enum(RECURRING_KINDS),
  amount: z.number(),
  amount_min: z.nullable(z.number()),
  amount_max: z.nullable(z.number()),
  rrule: z.string(),
  start_date: z.string(),
  end_date: z.nullable(z.string()),
  weekend_shift: z.enum(WEEKEND_SHIFTS),
  auto_post: z.boolean(),
  source: z.enum(['manual', 'detected']),
  next_due: z.nullable(z.string()),
  price_change: z.nullable(z.object({ from: z.number(), to: z.number(), percent: z.number() })),
  stopped: z.boolean(),
});
export type RecurringItem = z.infer<typeof recurringItem>;

export const occurrence = z.object({
  recurring_id: z.string(),
  name: z.string(),
  kind: z.enum(RECURRING_KINDS),
  account_id: z.string(),
  due_date: z.string(),
  amount: z.number().check(z.describe('Signed: income positive, bills negative')),
  status: z.enum(OCCURRENCE_STATUSES),
  transaction_id: z.nullable(z.string()),
});
export type Occurrence = z.infer<typeof occurrence>;

export const recurringList = z.object({ items: z.array(recurringItem) });
export const occurrenceList = z.object({ occurrences: z.array(occurrence) });

export const suggestion = z.object({
  key: z.string(),
  name: z.string(),
  merchant_pattern: z.string(),
  account_id: z.string(),
  category: z.nullable(z.string()),
  kind: z.enum(RECURRING_KINDS),
  interval: z.string(),
  rrule: z.string(),
  amount: z.number(),
  amount_min: z.nullable(z.number()),
  amount_max: z.nullable(z.number()),
  charges: z.number(),
  last_date: z.string(),
  next_due: z.string(),
  start_date: z.string(),
  price_change: z.nullable(z.object({ from: z.number(), to: z.number(), percent: z.number() })),
  stopped: z.boolean(),
});
export type Suggestion = z.infer<typeof suggestion>;
export const suggestionList = z.object({ suggestions: z.array(suggestion) });

export const monthAhead = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  occurrences: z.array(occurrence),
  bills_total: z.number().check(z.describe('What goes out: bills, subscriptions and transfers due, as a positive figure')),
  income_total: z.number(),
  days: z.array(z.object({ date: z.string(), count: z.number(), amount: z.number() })).check(z.describe('The calendar: each day with something due')),
  safe_to_spend: z.object({
    payday: z.nullable(z.string()),
    amount: z.number().check(z.describe('On-budget balance today minus what is due before the next income')),
    balance: z.number(),
    due_before_payday: z.number(),
  }),
});
export type MonthAhead = z.infer<typeof monthAhead>;

export const forecast = z.object({
  from: z.string(),
  to: z.string(),
  threshold: z.number(),
  accounts: z.array(
    z.object({
      account_id: z.string(),
      name: z.string(),
      currency: z.string(),
      balance: z.number(),
      days: z.array(z.object({ date: z.string(), balance: z.number() })),
      lowest: z.object({ date: z.string(), balance: z.number() }),
      first_below_zero: z.nullable(z.string()),
      first_below_threshold: z.nullable(z.string()),
    }),
  ),
});
export type Forecast = z.infer<typeof forecast>;

export const notification = z.object({
  notification_id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.nullable(z.string()),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notification>;
export const notificationList = z.object({ notifications: z.array(notification), unread: z.number() });
export const notificationSettings = z.object({
  due_days: z.number(),
  low_balance: z.number(),
  email_kinds: z.array(z.enum(NOTIFICATION_KINDS)),
  quiet_start: z.nullable(z.string()).check(z.describe('HH:MM in time_zone: from then until quiet_end nothing is shown or mailed; it waits until they end')),
  quiet_end: z.nullable(z.string()),
  time_zone: z.string(),
  weekly_digest: z.boolean().check(z.describe('On Sunday (in time_zone) one email lists what is due Monday to Sunday after')),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const RECURRING_MESSAGES = {
  notFound: 'Recurring item not found',
  notificationNotFound: 'Notification not found',
  accountNotFound: 'account_id is not one of your accounts',
  badRule: 'rrule is not a schedule this app can expand',
  tooMany: `You can keep at most ${RECURRING_LIMITS.items} recurring items`,
  noOccurrence: 'That date is not an occurrence of this item',
  suggestionGone: 'That suggestion is no longer found in your history',
} as const;

// ---- The iCalendar feed -------------------------------------------------------------------------

/** How far ahead the feed lists occurrences. */
export const CALENDAR_FEED_DAYS = 90;
export const calendarFeedStatus = z.object({
  active: z.boolean(),
  created_at: z.nullable(z.string()),
  url: z.optional(z.string().check(z.describe('The secret feed URL; given only when it is made (rotating makes a new one and ends the old)'))),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatus>;
export const CALENDAR_MESSAGES = { notFound: 'Calendar feed not found', noFeed: 'You have no calendar feed' } as const;

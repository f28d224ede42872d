import * as z from 'zod/mini';
import { DASHBOARD_DEFAULTS } from './constants';
import { calendarDate } from './fields';

/**
 * GET /dashboard/analytics?period=7_days&time_unit=days ([spec:7-finance]; the defaults, [spec:9-constants]). Beyond the
 * spec: last_month (the previous calendar month) and custom (date_from..date_to, both required).
 */
export const DASHBOARD_PERIODS = ['7_days', '30_days', '90_days', '12_months', 'year_to_date', 'last_month', 'all_time', 'custom'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const TIME_UNITS = ['days', 'weeks', 'months'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

/** The most buckets one chart may have (a custom range of years is shown by week or month). */
export const MAX_BUCKETS = 1_000;

export const analyticsQuery = z
  .object({
    period: z._default(z.enum(DASHBOARD_PERIODS, { error: `period must be one of ${DASHBOARD_PERIODS.join(', ')}` }), DASHBOARD_DEFAULTS.period),
    time_unit: z._default(z.enum(TIME_UNITS, { error: `time_unit must be one of ${TIME_UNITS.join(', ')}` }), DASHBOARD_DEFAULTS.time_unit),
    date_from: z.optional(calendarDate('date_from')).register(z.globalRegistry, { description: 'First day of a custom period, YYYY-MM-DD (period=custom only)' }),
    date_to: z.optional(calendarDate('date_to')).register(z.globalRegistry, { description: 'Last day of a custom period, YYYY-MM-DD (period=custom only)' }),
  })
  .check(z.superRefine((q, ctx) => {
    if (q.period === 'custom') {
      if (!q.date_from) ctx.addIssue({ code: 'custom', path: ['date_from'], message: 'date_from is required when period is custom' });
      if (!q.date_to) ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'date_to is required when period is custom' });
      if (q.date_from && q.date_to && q.date_from > q.date_to) ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'date_to must be on or after date_from' });
    } else if (q.date_from || q.date_to) {
      ctx.addIssue({ code: 'custom', path: [q.date_from ? 'date_from' : 'date_to'], message: 'date_from and date_to go with period=custom only' });
    }
  }));

const range = z.object({ start: z.string().register(z.globalRegistry, { description: 'First day, YYYY-MM-DD' }), end: z.string().register(z.globalRegistry, { description: 'Last day, YYYY-MM-DD' }) });

const totals = z.object({
  income: z.number(),
  spending: z.number(),
  net: z.number(),
  /** Share of income kept, in percent; null without income. */
  savings_rate: z.nullable(z.number()),
  transaction_count: z.number().check(z.int()),
});

export const dashboardAnalytics = z
  .object({
    period: z.enum(DASHBOARD_PERIODS),
    time_unit: z.enum(TIME_UNITS),
    currency: z.string(),
    range,
    previous_range: z.nullable(range).register(z.globalRegistry, { description: 'The period before, of the same length (last_month: the month before; year_to_date: the same days last year); null for all_time' }),
    history_start: z.nullable(z.string()).register(z.globalRegistry, { description: 'Day of the first transaction ever (null without any): a comparison needs history from previous_range.start' }),
    totals,
    previous: z.nullable(totals).register(z.globalRegistry, { description: 'Totals of previous_range; null for all_time and when the history does not cover the whole previous period' }),
    /** Change against the previous period, in percent; null where the previous value is 0 or there is none. */
    change: z.object({ income: z.nullable(z.number()), spending: z.nullable(z.number()), net: z.nullable(z.number()), savings_rate: z.nullable(z.number()).register(z.globalRegistry, { description: 'In percentage points' }) }),
    balance: z.number().register(z.globalRegistry, { description: 'All-time income minus spending' }),
    series: z.array(z.object({ bucket: z.string().register(z.globalRegistry, { description: 'First day of the bucket' }), income: z.number(), spending: z.number(), net: z.number() })),
    categories: z.array(
      z.object({
        category: z.string(),
        amount: z.number(),
        share: z.number().register(z.globalRegistry, { description: 'Percent of spending' }),
        count: z.number().check(z.int()),
        color: z.string().register(z.globalRegistry, { description: "The category's own colour, #rrggbb: the one it has everywhere (its own, the built-in one, or a stable one from its name)" }),
      }),
    ),
    top_merchants: z.array(z.object({ merchant: z.string(), amount: z.number(), count: z.number().check(z.int()) })),
    goals: z.array(
      z.object({ goal_id: z.string(), name: z.string(), target_amount: z.number(), current_amount: z.number(), progress: z.number().register(z.globalRegistry, { description: 'Percent' }), target_date: z.string() }),
    ),
    warnings: z.array(
      z.object({
        category: z.string(),
        amount: z.number().register(z.globalRegistry, { description: 'Spent this period' }),
        usual: z.number().register(z.globalRegistry, { description: 'Average of the three periods before' }),
        ratio: z.number().register(z.globalRegistry, { description: 'amount / usual' }),
      }),
    ),
    recent: z.array(
      z.object({
        transaction_id: z.string(),
        date: z.string(),
        type: z.enum(['income', 'expense']),
        amount: z.number().register(z.globalRegistry, { description: "In the account's currency" }),
        currency: z.string().register(z.globalRegistry, { description: "ISO 4217 of the row's account" }),
        base_amount: z
          .nullable(z.number())
          .register(z.globalRegistry, { description: 'The amount in the base (profile) currency at the rate of its day; null when no rate was found (not converted, never 1:1)' }),
        category: z.string(),
        description: z.string(),
        merchant: z.nullable(z.string()),
      }),
    ),
    has_transactions: z.boolean(),
    unconverted_count: z
      .number()
      .check(z.int())
      .register(z.globalRegistry, { description: "Rows of the range in an account of another currency with no rate for their day: left out of every total above, never counted 1:1" }),
    balance_unconverted_count: z
      .number()
      .check(z.int())
      .register(z.globalRegistry, { description: 'The same for `balance` (every row up to today, whatever the period): rows with no rate for their day, left out of the balance' }),
  })
  .register(z.globalRegistry, { id: 'DashboardAnalytics' });

export type AnalyticsQuery = z.input<typeof analyticsQuery>;
export type DashboardAnalytics = z.infer<typeof dashboardAnalytics>;

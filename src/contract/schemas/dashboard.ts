import { z } from 'zod';
import { DASHBOARD_PERIODS, TIME_UNITS } from '../dashboard';
import { DASHBOARD_DEFAULTS } from '../constants';
export * from '../dashboard';


export const analyticsQuery = z.object({
  period: z.enum(DASHBOARD_PERIODS, { error: `period must be one of ${DASHBOARD_PERIODS.join(', ')}` }).default(DASHBOARD_DEFAULTS.period),
  time_unit: z.enum(TIME_UNITS, { error: `time_unit must be one of ${TIME_UNITS.join(', ')}` }).default(DASHBOARD_DEFAULTS.time_unit),
});

const range = z.object({ start: z.string().describe('First day, YYYY-MM-DD'), end: z.string().describe('Last day, YYYY-MM-DD') });

const totals = z.object({
  income: z.number(),
  spending: z.number(),
  net: z.number(),
  /** Share of income kept, in percent; null without income. */
  savings_rate: z.number().nullable(),
  transaction_count: z.number().int(),
});

export const dashboardAnalytics = z
  .object({
    period: z.enum(DASHBOARD_PERIODS),
    time_unit: z.enum(TIME_UNITS),
    currency: z.string(),
    range,
    previous_range: range.nullable().describe('The period before, of the same length; null for all_time'),
    totals,
    previous: totals.nullable().describe('Totals of previous_range; null for all_time and when the history does not cover the whole previous period'),
    /** Change against the previous period, in percent; null where the previous value is 0 or there is none. */
    change: z.object({ income: z.number().nullable(), spending: z.number().nullable(), net: z.number().nullable(), savings_rate: z.number().nullable().describe('In percentage points') }),
    balance: z.number().describe('All-time income minus spending'),
    series: z.array(z.object({ bucket: z.string().describe('First day of the bucket'), income: z.number(), spending: z.number(), net: z.number() })),
    categories: z.array(z.object({ category: z.string(), amount: z.number(), share: z.number().describe('Percent of spending'), count: z.number().int() })),
    top_merchants: z.array(z.object({ merchant: z.string(), amount: z.number(), count: z.number().int() })),
    goals: z.array(
      z.object({ goal_id: z.string(), name: z.string(), target_amount: z.number(), current_amount: z.number(), progress: z.number().describe('Percent'), target_date: z.string() }),
    ),
    warnings: z.array(
      z.object({
        category: z.string(),
        amount: z.number().describe('Spent this period'),
        usual: z.number().describe('Average of the three periods before'),
        ratio: z.number().describe('amount / usual'),
      }),
    ),
    recent: z.array(
      z.object({ transaction_id: z.string(), date: z.string(), type: z.enum(['income', 'expense']), amount: z.number(), category: z.string(), description: z.string(), merchant: z.string().nullable() }),
    ),
    has_transactions: z.boolean(),
  })
  .meta({ id: 'DashboardAnalytics' });

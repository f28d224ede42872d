import { assign, fromPromise, setup } from 'xstate';
import { toFailure, type CallFailure } from './types';

export type DashboardPeriod = '7_days' | '30_days' | '90_days' | '12_months' | 'year_to_date' | 'all_time';
export type TimeUnit = 'days' | 'weeks' | 'months';

/** The unit a period reads best in, used when the user picks a period. */
export const naturalUnit: Record<DashboardPeriod, TimeUnit> = {
  '7_days': 'days',
  '30_days': 'days',
  '90_days': 'weeks',
  '12_months': 'months',
  year_to_date: 'months',
  all_time: 'months',
};

export interface DashboardContext<A = unknown> {
  period: DashboardPeriod;
  timeUnit: TimeUnit;
  /** dashboardAnalytics of spec §3: the last answer of GET /dashboard/analytics. */
  analytics: A | null;
  error: CallFailure | null;
}

export type DashboardEvent =
  | { type: 'dashboard.load' }
  | { type: 'dashboard.periodChanged'; period: DashboardPeriod }
  | { type: 'dashboard.unitChanged'; timeUnit: TimeUnit }
  | { type: 'dashboard.retry' };

export const dashboardTexts = { failed: 'Failed to fetch dashboard data' } as const;

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as { period?: DashboardPeriod; timeUnit?: TimeUnit },
    tags: {} as 'busy',
  },
  actors: {
    fetchAnalytics: fromPromise<unknown, { period: DashboardPeriod; timeUnit: TimeUnit }>(async () => {
      throw new Error('fetchAnalytics not provided');
    }),
  },
}).createMachine({
  id: 'dashboard',
  description: 'The dashboard: GET /dashboard/analytics for the chosen period (default 7_days by days); changing period or unit reloads, keeping the last picture on screen.',
  context: ({ input }) => ({ period: input.period ?? '7_days', timeUnit: input.timeUnit ?? 'days', analytics: null, error: null }),
  initial: 'loading',
  on: {
    'dashboard.periodChanged': {
      description: 'Picking a period (7 days … all time) reloads the picture in the unit that period reads best in (days, weeks or months).',
      target: '.loading',
      actions: assign({ period: ({ event }) => event.period, timeUnit: ({ event }) => naturalUnit[event.period] }) },
    'dashboard.unitChanged': { description: 'Picking days, weeks or months reloads the picture for the same period.', target: '.loading', actions: assign({ timeUnit: ({ event }) => event.timeUnit }) },
    'dashboard.load': { description: 'Opening the dashboard (or coming back to it) loads the picture again.', target: '.loading' },
  },
  states: {
    loading: {
      description: 'Fetching; a previous answer stays visible while the new one loads.',
      tags: ['busy'],
      invoke: {
        src: 'fetchAnalytics',
        input: ({ context }) => ({ period: context.period, timeUnit: context.timeUnit }),
        onDone: { target: 'loaded', description: 'The figures, charts and recent activity for the period are shown.', actions: assign({ analytics: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', description: "The server's reason, or 'Failed to fetch dashboard data', is shown with a retry.", actions: assign({ error: ({ event }) => toFailure(event.error, dashboardTexts.failed) }) },
      },
    },
    loaded: { description: 'The picture for the chosen period.' },
    failed: {
      description: "'Failed to fetch dashboard data' with a retry.",
      on: { 'dashboard.retry': { target: 'loading', description: 'Retry loads the same period again.' } },
    },
  },
});

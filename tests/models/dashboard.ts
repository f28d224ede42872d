import { createMachine } from 'xstate';

/**
 * The dashboard as a user moves around it: the period picker, custom days, the unit of the chart, a link
 * with another view, and the server failing once. Its paths run against the real dashboard machine
 * (tests/machines/dashboard.model.test.ts). States are what the user sees; events what the user (or the
 * network) does.
 */
export const dashboardModel = createMachine({
  id: 'dashboardFlow',
  initial: 'lastWeek',
  states: {
    lastWeek: {
      description: 'The default picture: the last 7 days, by day.',
      on: { PICK_LAST_MONTH: 'lastMonth', PICK_DAYS: 'customDays', GROUP_BY_WEEK: 'lastWeekByWeek', RELOAD_FAILS: 'failed' },
    },
    lastMonth: {
      description: 'Last month, by day (the unit that comes with it).',
      on: { FOLLOW_LINK: 'linked' },
    },
    customDays: { description: 'The chosen days (1 to 15 March), by day.' },
    lastWeekByWeek: { description: 'The last 7 days grouped by week.' },
    linked: { description: 'A link (or the back button) asked for the last 12 months by month: that view is shown.' },
    failed: {
      description: "'Failed to fetch dashboard data' (the server answered 503 without a reason) with a Retry button.",
      on: { RETRY: 'recovered' },
    },
    recovered: { description: 'Retry brought the picture back.' },
  },
});

export const dashboardFlow = {
  days: { from: '2026-03-01', to: '2026-03-15' },
  failed: 'Failed to fetch dashboard data',
} as const;

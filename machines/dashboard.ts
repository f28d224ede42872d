import { assign, fromPromise, setup } from 'xstate';
import type { DashboardAnalytics, DashboardPeriod, TimeUnit } from '../src/contract/dashboard';
import { toFailure, type CallFailure } from './types';

export type { DashboardPeriod, TimeUnit };

/** The days of a custom period, YYYY-MM-DD, both included. */
export interface DayRange {
  from: string;
  to: string;
}

/** What the dashboard shows: a period (custom with its days) grouped by a unit. Lives in the URL. */
export interface DashboardView {
  period: DashboardPeriod;
  timeUnit: TimeUnit;
  range: DayRange | null;
}

/** The unit a period reads best in, used when the user picks a period. */
export const naturalUnit: Record<Exclude<DashboardPeriod, 'custom'>, TimeUnit> = {
  '7_days': 'days',
  '30_days': 'days',
  '90_days': 'weeks',
  '12_months': 'months',
  year_to_date: 'months',
  last_month: 'days',
  all_time: 'months',
};

const DAY_MS = 86_400_000;
const isDay = (v: string | null | undefined): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const daysIn = (r: DayRange) => Math.round((Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${r.from}T00:00:00Z`)) / DAY_MS) + 1;

/** A custom range reads by day up to a month, by week up to half a year, by month beyond. */
export const unitForRange = (r: DayRange): TimeUnit => (daysIn(r) <= 31 ? 'days' : daysIn(r) <= 183 ? 'weeks' : 'months');

export const DEFAULT_VIEW: DashboardView = { period: '7_days', timeUnit: 'days', range: null };
const PERIODS: readonly DashboardPeriod[] = ['7_days', '30_days', '90_days', '12_months', 'year_to_date', 'last_month', 'all_time', 'custom'];
const UNITS: readonly TimeUnit[] = ['days', 'weeks', 'months'];

/** The view a URL asks for (?period=&unit=&from=&to=); anything unreadable falls back to the default. */
export function viewFromQuery(query: Iterable<[string, string]>): DashboardView {
  const q = new Map(query);
  const period = PERIODS.find((p) => p === q.get('period')) ?? DEFAULT_VIEW.period;
  const unit = UNITS.find((u) => u === q.get('unit'));
  if (period === 'custom') {
    const from = q.get('from');
    const to = q.get('to');
    if (!isDay(from) || !isDay(to) || from > to) return DEFAULT_VIEW;
    const range = { from, to };
    return { period, range, timeUnit: unit ?? unitForRange(range) };
  }
  return { period, range: null, timeUnit: unit ?? naturalUnit[period] };
}

/** The URL query of a view: only what differs from the defaults. */
export function viewToQuery(view: DashboardView): Record<string, string> {
  const query: Record<string, string> = {};
  if (view.period !== DEFAULT_VIEW.period) query.period = view.period;
  if (view.period === 'custom' && view.range) {
    query.from = view.range.from;
    query.to = view.range.to;
  }
  const natural = view.period === 'custom' ? (view.range ? unitForRange(view.range) : 'days') : naturalUnit[view.period];
  if (view.timeUnit !== natural) query.unit = view.timeUnit;
  return query;
}

export interface DashboardContext<A = DashboardAnalytics> {
  period: DashboardPeriod;
  timeUnit: TimeUnit;
  /** The days of a custom period; null for the named periods. */
  range: DayRange | null;
  /** The dashboard analytics ([spec:3-client-state]): the last answer of GET /dashboard/analytics. */
  analytics: A | null;
  error: CallFailure | null;
  /** Answers already read in this visit, by view (viewKey): the named periods are read ahead so a switch shows one at once. */
  held: Record<string, A>;
}

export type DashboardEvent =
  | { type: 'dashboard.load' }
  | { type: 'dashboard.show'; view: DashboardView }
  | { type: 'dashboard.periodChanged'; period: Exclude<DashboardPeriod, 'custom'> }
  | { type: 'dashboard.rangeChanged'; range: DayRange }
  | { type: 'dashboard.unitChanged'; timeUnit: TimeUnit }
  | { type: 'dashboard.retry' };

export interface AnalyticsRequest {
  period: DashboardPeriod;
  timeUnit: TimeUnit;
  range?: DayRange;
}

export const dashboardTexts = { failed: 'Failed to fetch dashboard data' } as const;

/** One key per view: the answers held for a switch. */
export const viewKey = (v: DashboardView) => [v.period, v.timeUnit, v.period === 'custom' ? (v.range?.from ?? '') : '', v.period === 'custom' ? (v.range?.to ?? '') : ''].join('|');

/** The named periods with their natural units, in the order the period control offers them: the views read ahead. */
export const NAMED_VIEWS: DashboardView[] = (Object.keys(naturalUnit) as Exclude<DashboardPeriod, 'custom'>[]).map((period) => ({ period, timeUnit: naturalUnit[period], range: null }));

/** The view a change leads to, given the one shown. */
const nextView = (context: DashboardView, event: DashboardEvent): DashboardView | null => {
  switch (event.type) {
    case 'dashboard.show':
      return { period: event.view.period, timeUnit: event.view.timeUnit, range: event.view.period === 'custom' ? event.view.range : null };
    case 'dashboard.periodChanged':
      return { period: event.period, timeUnit: naturalUnit[event.period], range: null };
    case 'dashboard.rangeChanged':
      return { period: 'custom', range: event.range, timeUnit: unitForRange(event.range) };
    case 'dashboard.unitChanged':
      return { period: context.period, timeUnit: event.timeUnit, range: context.range };
    default:
      return null;
  }
};

/** The held answer for the view a change leads to, if any. */
const heldFor = (context: DashboardContext<unknown>, event: DashboardEvent) => {
  const view = nextView(context, event);
  return view ? context.held[viewKey(view)] : undefined;
};

const sameView = (c: DashboardView, v: DashboardView) => c.period === v.period && c.timeUnit === v.timeUnit && c.range?.from === v.range?.from && c.range?.to === v.range?.to;

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext<unknown>,
    events: {} as DashboardEvent,
    input: {} as Partial<DashboardView>,
    tags: {} as 'busy',
  },
  actors: {
    fetchAnalytics: fromPromise<unknown, AnalyticsRequest>(async () => {
      throw new Error('fetchAnalytics not provided');
    }),
    /** GET /dashboard/analytics of each view asked for, one after another, keyed by viewKey. */
    fetchAhead: fromPromise<Record<string, unknown>, { views: DashboardView[] }>(async () => {
      throw new Error('fetchAhead not provided');
    }),
  },
  actions: {
    /** Keeps the answer shown for a later switch back to its view. */
    hold: assign({ held: ({ context }) => ({ ...context.held, [viewKey(context)]: context.analytics }) }),
    /** Shows a held view at once (it is then read again quietly). */
    showHeld: assign(({ context, event }) => ({ ...nextView(context, event)!, analytics: heldFor(context, event), error: null })),
  },
  guards: {
    isNewView: ({ context }, view: DashboardView) => !sameView(context, view),
    /** Another view than the one shown, already read in this visit. */
    isHeld: ({ context, event }) => {
      const view = nextView(context, event);
      return !!view && !sameView(context, view) && context.held[viewKey(view)] !== undefined;
    },
    isValidRange: (_, range: DayRange) => isDay(range.from) && isDay(range.to) && range.from <= range.to,
  },
}).createMachine({
  id: 'dashboard',
  description:
    'The dashboard: GET /dashboard/analytics for the chosen period (default 7_days by days; also last month and a custom range of days); changing period, range or unit reloads, keeping the last picture on screen; the named periods are read ahead, so picking one shows it at once.',
  context: ({ input }) => ({ period: input.period ?? DEFAULT_VIEW.period, timeUnit: input.timeUnit ?? DEFAULT_VIEW.timeUnit, range: input.period === 'custom' ? (input.range ?? null) : null, analytics: null, error: null, held: {} }),
  initial: 'loading',
  on: {
    'dashboard.show': [
      {
        guard: 'isHeld',
        target: '.refreshing',
        description: 'The URL asked for a view already read: it is shown at once and read again quietly.',
        actions: 'showHeld',
      },
      {
        description: 'The URL changed (a link, reload, back button or a control): show that view unless it is already shown.',
        guard: { type: 'isNewView', params: ({ event }) => event.view },
        target: '.loading',
        actions: assign(({ event }) => ({ period: event.view.period, timeUnit: event.view.timeUnit, range: event.view.period === 'custom' ? event.view.range : null })),
      },
    ],
    'dashboard.periodChanged': [
      { guard: 'isHeld', target: '.refreshing', description: 'A named period already read (they are read ahead): shown at once with its natural unit, and read again quietly.', actions: 'showHeld' },
      {
        description: 'A named period was picked: its natural unit comes with it.',
        target: '.loading',
        actions: assign({ period: ({ event }) => event.period, timeUnit: ({ event }) => naturalUnit[event.period], range: null }),
      },
    ],
    'dashboard.rangeChanged': [
      {
        guard: 'isHeld',
        target: '.refreshing',
        description: 'Custom days already read in this visit: shown at once, and read again quietly.',
        actions: 'showHeld',
      },
      {
        description: 'Custom days were picked (first day on or before the last): the unit follows the length.',
        guard: { type: 'isValidRange', params: ({ event }) => event.range },
        target: '.loading',
        actions: assign({ period: 'custom' as const, range: ({ event }) => event.range, timeUnit: ({ event }) => unitForRange(event.range) }),
      },
    ],
    'dashboard.unitChanged': [
      { guard: 'isHeld', target: '.refreshing', description: 'A unit already read for this period: shown at once, and read again quietly.', actions: 'showHeld' },
      { description: 'Group the chart by day, week or month.', target: '.loading', actions: assign({ timeUnit: ({ event }) => event.timeUnit }) },
    ],
    'dashboard.load': { description: 'Reload (after demo data was loaded): what was read ahead is dropped.', target: '.loading', actions: assign({ held: {} }) },
  },
  states: {
    loading: {
      description: 'Fetching; a previous answer stays visible while the new one loads.',
      tags: ['busy'],
      invoke: {
        src: 'fetchAnalytics',
        input: ({ context }) => ({ period: context.period, timeUnit: context.timeUnit, ...(context.period === 'custom' && context.range ? { range: context.range } : {}) }),
        onDone: { target: 'loaded', description: 'The figures, charts and recent activity for the period are shown.', actions: [assign({ analytics: ({ event }) => event.output, error: null }), 'hold'] },
        onError: { target: 'failed', description: "The server's reason, or 'Failed to fetch dashboard data', is shown with a retry.", actions: assign({ error: ({ event }) => toFailure(event.error, dashboardTexts.failed) }) },
      },
    },
    refreshing: {
      description: 'A view read before is shown (not dimmed) while it is read again quietly.',
      invoke: {
        src: 'fetchAnalytics',
        input: ({ context }) => ({ period: context.period, timeUnit: context.timeUnit, ...(context.period === 'custom' && context.range ? { range: context.range } : {}) }),
        onDone: { target: 'loaded', description: 'The view as it is now replaces what was shown.', actions: [assign({ analytics: ({ event }) => event.output }), 'hold'] },
        onError: { target: 'loaded', description: 'The read failed: what was shown stays.' },
      },
    },
    loaded: {
      description: 'The picture for the chosen period; the named periods not read yet are read ahead, one after another.',
      invoke: {
        src: 'fetchAhead',
        input: ({ context }) => ({ views: NAMED_VIEWS.filter((v) => !sameView(context, v) && !(viewKey(v) in context.held)) }),
        onDone: { description: 'The periods read ahead are held: picking one shows it at once.', actions: assign({ held: ({ context, event }) => ({ ...event.output, ...context.held }) }) },
        onError: { description: 'Nothing more is held: picking a period reads it with the picture dimmed.' },
      },
    },
    failed: {
      description: "'Failed to fetch dashboard data' (or the server's detail) with a retry.",
      on: { 'dashboard.retry': { description: 'Try the same view again.', target: 'loading' } },
    },
  },
});

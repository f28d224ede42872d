import { assign, fromPromise, setup } from 'xstate';
import type { Forecast, MonthAhead, Occurrence, RecurringItem } from '../src/contract/recurring';
import { recurringFormMachine } from './recurringForm';
import { failureToast, toFailure, type CallFailure, type Toast } from './types';

export interface BillsOverview {
  monthAhead: MonthAhead;
  forecast: Forecast;
  /** The recurring items, each with Edit. */
  items: RecurringItem[];
  /** The accounts an item can be on. */
  accounts: { account_id: string; name: string }[];
}

export interface OccurrenceChange {
  recurringId: string;
  date: string;
  status: 'skipped' | 'upcoming';
}

export const billsOverviewMessages = {
  skipped: 'Occurrence skipped',
  unskipped: 'Occurrence no longer skipped',
  skipFailed: 'Failed to change the occurrence',
  noAccount: 'Add an account first: a recurring item is paid from one',
} as const;

export interface BillsOverviewContext {
  overview: BillsOverview | null;
  failure: CallFailure | null;
  /** The item the form edits; null while adding. */
  editing: RecurringItem | null;
  /** The occurrence being skipped or un-skipped. */
  change: OccurrenceChange | null;
  today: string;
}

export type BillsOverviewEvent =
  | { type: 'overview.reload' }
  | { type: 'overview.retry' }
  | { type: 'item.add' }
  | { type: 'item.edit'; recurringId: string }
  | { type: 'occurrence.skip'; recurringId: string; date: string }
  | { type: 'occurrence.unskip'; recurringId: string; date: string };

/** The Bills page's figures: the month ahead (calendar, list, total, safe to spend) and the 90-day forecast. */
export const billsOverviewMachine = setup({
  types: { context: {} as BillsOverviewContext, events: {} as BillsOverviewEvent, tags: {} as 'busy', input: {} as { today: string } },
  actors: {
    load: fromPromise<BillsOverview>(async () => {
      throw new Error('load not provided');
    }),
    setOccurrence: fromPromise<Occurrence, OccurrenceChange>(async () => {
      throw new Error('setOccurrence not provided');
    }),
    recurringForm: recurringFormMachine,
  },
  actions: {
    notify: (_, _toast: Toast) => {},
  },
  guards: {
    hasAccount: ({ context }) => (context.overview?.accounts.length ?? 0) > 0,
    knownItem: ({ context }, id: string) => !!context.overview?.items.some((i) => i.recurring_id === id),
  },
}).createMachine({
  id: 'billsOverview',
  description: 'The Bills page: the month ahead, the 90-day forecast, the recurring items with their form, and skipping an occurrence.',
  context: ({ input }) => ({ overview: null, failure: null, editing: null, change: null, today: input?.today ?? '' }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads the month ahead and the forecast; what was shown stays meanwhile.',
      tags: ['busy'],
      invoke: {
        src: 'load',
        onDone: { target: 'ready', description: 'The figures are shown.', actions: assign({ overview: ({ event }) => event.output, failure: null }) },
        onError: { target: 'loadFailed', description: "'Failed to load your bills' with a retry.", actions: assign({ failure: ({ event }) => toFailure(event.error, 'Failed to load your bills') }) },
      },
    },
    loadFailed: { description: 'The figures could not be read; retry.', on: { 'overview.retry': { target: 'loading', description: 'Retry reads them again.' } } },
    ready: {
      description: 'The month ahead, the forecast and the recurring items are shown.',
      on: {
        'overview.reload': { target: 'loading', description: 'A confirmed bill changes the figures: read them again.' },
        'item.add': [
          { guard: 'hasAccount', target: 'form', description: 'Opens an empty form on the first account.', actions: assign({ editing: null }) },
          { description: "Without an account nothing can be paid: 'Add an account first: a recurring item is paid from one'.", actions: { type: 'notify', params: { kind: 'info', message: 'Add an account first: a recurring item is paid from one' } } },
        ],
        'item.edit': {
          guard: { type: 'knownItem', params: ({ event }) => event.recurringId },
          target: 'form',
          description: 'Opens the form with the item’s fields.',
          actions: assign({ editing: ({ context, event }) => context.overview!.items.find((i) => i.recurring_id === event.recurringId)! }),
        },
        'occurrence.skip': { target: 'changingOccurrence', description: 'Skip one occurrence: it is not expected, matched or reminded.', actions: assign({ change: ({ event }) => ({ recurringId: event.recurringId, date: event.date, status: 'skipped' as const }) }) },
        'occurrence.unskip': { target: 'changingOccurrence', description: 'Take a skip back: the occurrence is expected again.', actions: assign({ change: ({ event }) => ({ recurringId: event.recurringId, date: event.date, status: 'upcoming' as const }) }) },
      },
    },
    form: {
      description: 'The recurring item form is open (its `form` child).',
      invoke: {
        id: 'form',
        src: 'recurringForm',
        input: ({ context }) => ({ item: context.editing, today: context.today, accountId: context.overview!.accounts[0]?.account_id ?? '' }),
        onDone: [
          { guard: ({ event }) => event.output !== null, target: 'loading', description: 'Saved: the figures and the items are read again.', actions: assign({ editing: null }) },
          { target: 'ready', description: 'Cancelled: nothing changed.', actions: assign({ editing: null }) },
        ],
      },
    },
    changingOccurrence: {
      description: 'The server skips the occurrence or takes the skip back.',
      tags: ['busy'],
      invoke: {
        src: 'setOccurrence',
        input: ({ context }) => context.change!,
        onDone: {
          target: 'loading',
          description: "'Occurrence skipped' (or 'no longer skipped'); the figures are read again.",
          actions: [{ type: 'notify', params: ({ context }) => ({ kind: 'success', message: context.change?.status === 'skipped' ? billsOverviewMessages.skipped : billsOverviewMessages.unskipped }) }, assign({ change: null })],
        },
        onError: {
          target: 'ready',
          description: "The server's reason, or 'Failed to change the occurrence'; the list stays as it was.",
          actions: [{ type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, billsOverviewMessages.skipFailed)) }, assign({ change: null })],
        },
      },
    },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import type { Forecast, MonthAhead } from '../src/contract/recurring';
import { toFailure, type CallFailure } from './types';

export interface BillsOverview {
  monthAhead: MonthAhead;
  forecast: Forecast;
}

export interface BillsOverviewContext {
  overview: BillsOverview | null;
  failure: CallFailure | null;
}

export type BillsOverviewEvent = { type: 'overview.reload' } | { type: 'overview.retry' };

/** The Bills page's figures: the month ahead (calendar, list, total, safe to spend) and the 90-day forecast. */
export const billsOverviewMachine = setup({
  types: { context: {} as BillsOverviewContext, events: {} as BillsOverviewEvent, tags: {} as 'busy' },
  actors: {
    load: fromPromise<BillsOverview>(async () => {
      throw new Error('load not provided');
    }),
  },
}).createMachine({
  id: 'billsOverview',
  description: 'The month ahead and the 90-day forecast of the Bills page.',
  context: { overview: null, failure: null },
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
    ready: { description: 'The month ahead and the forecast are shown.', on: { 'overview.reload': { target: 'loading', description: 'A confirmed bill or a skip changes the figures: read them again.' } } },
  },
});

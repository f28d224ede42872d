import { assign, fromPromise, setup } from 'xstate';
import type { FilterTotals } from '../src/contract/transactionTotals';
import type { PageFilters } from './transactionList';
import { toFailure, type CallFailure } from './types';

/** The list's filters, as the page holds them: what GET /transactions/summary is asked for. */
export type FilterQuery = Partial<PageFilters>;

export interface TransactionTotalsContext {
  filters: FilterQuery;
  /** Income, spending and net of every transaction the filters match (not only the rows loaded). */
  totals: FilterTotals | null;
  error: CallFailure | null;
}

export type TransactionTotalsEvent =
  | { type: 'totals.filtersChanged'; filters: FilterQuery }
  | { type: 'totals.refresh' }
  | { type: 'totals.retry' };

export const transactionTotalsTexts = { failed: 'Failed to fetch the totals' } as const;

/** One string per distinct filter set (sort and order change no total). */
export const filterKey = (f: FilterQuery) =>
  JSON.stringify(
    Object.entries(f)
      .filter(([k, v]) => v !== undefined && v !== '' && k !== 'sort' && k !== 'order')
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

/** Typing in the search box or a burst of list changes asks once, after this pause. */
export const TOTALS_SETTLE_MS = 250;

/**
 * The totals line of the transactions list: GET /transactions/summary for the
 * current filters, asked again when the filters change or the list's rows do (add, edit, delete, import).
 */
export const transactionTotalsMachine = setup({
  types: {
    context: {} as TransactionTotalsContext,
    events: {} as TransactionTotalsEvent,
    input: {} as { filters: FilterQuery },
    tags: {} as 'busy',
  },
  actors: {
    fetchTotals: fromPromise<FilterTotals, { filters: FilterQuery }>(async () => {
      throw new Error('fetchTotals not provided');
    }),
  },
  guards: {
    isOtherFilter: ({ context }, filters: FilterQuery) => filterKey(context.filters) !== filterKey(filters),
  },
  delays: { settle: TOTALS_SETTLE_MS },
}).createMachine({
  id: 'transactionTotals',
  description: 'Income, spending and net of every transaction matching the list filters (GET /transactions/summary); the last figures stay on screen while new ones load.',
  context: ({ input }) => ({ filters: input.filters, totals: null, error: null }),
  initial: 'loading',
  on: {
    'totals.filtersChanged': {
      description: 'Other filters (type, categories, dates, amounts, words): ask again after a short pause.',
      guard: { type: 'isOtherFilter', params: ({ event }) => event.filters },
      target: '.settling',
      reenter: true,
      actions: assign({ filters: ({ event }) => event.filters }),
    },
    'totals.refresh': { description: 'The rows changed (added, edited, deleted, imported): ask again after a short pause.', target: '.settling', reenter: true },
  },
  states: {
    settling: {
      description: 'Waiting for the filters or the rows to stop changing.',
      tags: ['busy'],
      after: { settle: { target: 'loading', description: 'Nothing changed for a moment: ask.' } },
    },
    loading: {
      description: 'Asking GET /transactions/summary with the current filters.',
      tags: ['busy'],
      invoke: {
        src: 'fetchTotals',
        input: ({ context }) => ({ filters: context.filters }),
        onDone: { target: 'loaded', description: 'The totals for these filters.', actions: assign({ totals: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', description: 'The totals could not be read.', actions: assign({ error: ({ event }) => toFailure(event.error, transactionTotalsTexts.failed) }) },
      },
    },
    loaded: { description: 'Income, spending and net of the filtered list on screen.' },
    failed: {
      description: 'The totals are missing, with the reason and a retry.',
      on: { 'totals.retry': { target: 'loading', description: 'Ask again.' } },
    },
  },
});

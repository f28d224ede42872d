import { assign, fromPromise, setup } from 'xstate';
import type { RecurringItem, Suggestion } from '../src/contract/recurring';
import { failureToast, toFailure, type CallFailure, type Toast } from './types';

export interface BillSuggestionsContext {
  suggestions: Suggestion[];
  /** The suggestion being confirmed or dismissed. */
  key: string | null;
  failure: CallFailure | null;
}

export type BillSuggestionsEvent = { type: 'suggestion.confirm'; key: string } | { type: 'suggestion.dismiss'; key: string } | { type: 'suggestions.retry' } | { type: 'suggestions.reload' };

export const billSuggestionMessages = {
  loadFailed: 'Failed to find recurring charges',
  confirmed: (name: string) => `${name} added to your bills`,
  confirmFailed: 'Failed to add the bill',
  dismissFailed: 'Failed to dismiss the suggestion',
} as const;

/**
 * The Bills page's suggestions: recurring charges found in the history, each confirmed (it becomes a
 * recurring item) or dismissed (never offered again), one at a time.
 */
export const billSuggestionsMachine = setup({
  types: {
    context: {} as BillSuggestionsContext,
    events: {} as BillSuggestionsEvent,
    tags: {} as 'busy',
  },
  actors: {
    load: fromPromise<Suggestion[]>(async () => []),
    confirm: fromPromise<RecurringItem, { key: string }>(async () => {
      throw new Error('confirm not provided');
    }),
    dismiss: fromPromise<void, { key: string }>(async () => undefined),
  },
  actions: {
    notify: (_, _toast: Toast) => {},
    /** A confirmed item joins the month ahead: the page reloads it. */
    itemAdded: () => {},
  },
  guards: {
    known: ({ context }, key: string) => context.suggestions.some((s) => s.key === key),
  },
}).createMachine({
  id: 'billSuggestions',
  description: 'Recurring charges found in the history: confirm one to make it a bill, or dismiss it.',
  context: { suggestions: [], key: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads the suggestions.',
      tags: ['busy'],
      invoke: {
        src: 'load',
        onDone: { target: 'ready', description: 'The suggestions (maybe none) are listed.', actions: assign({ suggestions: ({ event }) => event.output, failure: null }) },
        onError: { target: 'loadFailed', description: "'Failed to find recurring charges' with a retry.", actions: assign({ failure: ({ event }) => toFailure(event.error, billSuggestionMessages.loadFailed) }) },
      },
    },
    loadFailed: {
      description: 'The suggestions could not be read; retry.',
      on: { 'suggestions.retry': { target: 'loading', description: 'Retry reads them again.' } },
    },
    ready: {
      description: 'Each suggestion has Confirm and Dismiss.',
      on: {
        'suggestion.confirm': { guard: { type: 'known', params: ({ event }) => event.key }, target: 'confirming', description: 'Confirm adds it as a bill.', actions: assign({ key: ({ event }) => event.key, failure: null }) },
        'suggestion.dismiss': { guard: { type: 'known', params: ({ event }) => event.key }, target: 'dismissing', description: 'Dismiss hides it for good.', actions: assign({ key: ({ event }) => event.key, failure: null }) },
        'suggestions.reload': { target: 'loading', description: 'Reads the suggestions again (new history).' },
      },
    },
    confirming: {
      description: 'The server adds the item.',
      tags: ['busy'],
      invoke: {
        src: 'confirm',
        input: ({ context }) => ({ key: context.key! }),
        onDone: {
          target: 'ready',
          description: "The suggestion leaves the list; a toast says '<name> added to your bills' and the month ahead reloads.",
          actions: [
            { type: 'notify', params: ({ event }) => ({ kind: 'success', message: billSuggestionMessages.confirmed(event.output.name) }) },
            assign({ suggestions: ({ context }) => context.suggestions.filter((s) => s.key !== context.key), key: null }),
            'itemAdded',
          ],
        },
        onError: {
          target: 'ready',
          description: "The server's reason, or 'Failed to add the bill'; the suggestion stays.",
          actions: [assign({ failure: ({ event }) => toFailure(event.error, billSuggestionMessages.confirmFailed), key: null }), { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, billSuggestionMessages.confirmFailed)) }],
        },
      },
    },
    dismissing: {
      description: 'The server remembers the dismissal.',
      tags: ['busy'],
      invoke: {
        src: 'dismiss',
        input: ({ context }) => ({ key: context.key! }),
        onDone: { target: 'ready', description: 'The suggestion leaves the list.', actions: assign({ suggestions: ({ context }) => context.suggestions.filter((s) => s.key !== context.key), key: null }) },
        onError: {
          target: 'ready',
          description: "The server's reason, or 'Failed to dismiss the suggestion'; the suggestion stays.",
          actions: [assign({ failure: ({ event }) => toFailure(event.error, billSuggestionMessages.dismissFailed), key: null }), { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, billSuggestionMessages.dismissFailed)) }],
        },
      },
    },
  },
});

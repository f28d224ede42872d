import { createMachine } from 'xstate';

/**
 * The Bills page's suggestions: recurring charges found in the history, confirmed or dismissed. Its paths
 * run against the real billSuggestions machine (tests/machines/billSuggestions.model.test.ts).
 */
export const billSuggestionsModel = createMachine({
  id: 'billSuggestionsFlow',
  initial: 'opening',
  states: {
    opening: { description: 'The Bills page is opening.', on: { OPEN: 'listed', OPEN_OFFLINE: 'loadFailed' } },
    loadFailed: { description: "'Failed to find recurring charges' with a Retry button.", on: { RETRY: 'listed' } },
    listed: {
      description: 'Netflix and Spotify are suggested, each with Confirm and Dismiss.',
      on: { CONFIRM: 'confirmed', CONFIRM_REFUSED: 'confirmRefused', DISMISS: 'dismissed', DISMISS_FAILS: 'dismissFailed' },
    },
    confirmed: { description: "Netflix left the list; a toast says 'Netflix added to your bills'; the month ahead reloads.", on: { DISMISS: 'allHandled' } },
    confirmRefused: { description: "The server's reason is toasted; Netflix stays." },
    dismissed: { description: 'Spotify left the list; no toast.' },
    dismissFailed: { description: "'Failed to dismiss the suggestion' is toasted; Spotify stays." },
    allHandled: { description: 'Nothing left to suggest.' },
  },
});

export const billSuggestionsFlow = { refused: 'You can keep at most 500 recurring items' } as const;

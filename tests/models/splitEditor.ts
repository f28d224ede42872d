import { createMachine } from 'xstate';

/**
 * Splitting a 100.00 Shopping row that is not split yet, as the user sees it in the split editor.
 * Its paths run against the real splitEditor machine (tests/machines/splitEditor.model.test.ts).
 * States are what the user sees; events are what the user does (or what the network does to them).
 */
export const splitEditorModel = createMachine({
  id: 'splitEditorFlow',
  initial: 'opening',
  states: {
    opening: {
      description: 'Split was pressed in the edit form; the lines are being read.',
      on: { LOADED: 'blank', LOAD_OFFLINE: 'loadFailed' },
    },
    loadFailed: {
      description: "The lines could not be read: 'Network error…' with Back and Retry; no lines shown.",
      on: { RETRY: 'blank', CANCEL: 'cancelled' },
    },
    blank: {
      description: 'Two lines, the first in Shopping, no amounts: Left to assign 100.00; no message.',
      on: { TYPE_PART: 'partial', SAVE: 'incomplete', CANCEL: 'cancelled' },
    },
    incomplete: {
      description: "Saved with no amounts: 'Each line needs a category and an amount'; nothing was sent.",
      on: { TYPE_PART: 'partial', CANCEL: 'cancelled' },
    },
    partial: {
      description: 'Line 1 holds 60.25, line 2 Utilities 30: Left to assign 9.75.',
      on: { SAVE: 'unbalanced', REST: 'balanced', CANCEL: 'cancelled' },
    },
    unbalanced: {
      description: "Saved while 9.75 is left: 'The lines must add up to the total'; nothing was sent.",
      on: { REST: 'balanced', CANCEL: 'cancelled' },
    },
    balanced: {
      description: 'Rest put 39.75 in line 2: All assigned (remainder 0).',
      on: { SAVE: 'saved', SAVE_REFUSED: 'refused', CANCEL: 'cancelled' },
    },
    refused: {
      description: "The server refused the save: its detail shows under the lines, which are kept.",
      on: { SAVE: 'saved', CANCEL: 'cancelled' },
    },
    saved: {
      description: "Saved: 'Transaction split'; the editor closed with the row split into 60.25 Shopping and 39.75 Utilities.",
    },
    cancelled: {
      description: 'Back to the form: nothing was sent, no toast.',
    },
  },
});

export type SplitEditorFlowEvent = { type: 'LOADED' | 'LOAD_OFFLINE' | 'RETRY' | 'TYPE_PART' | 'SAVE' | 'REST' | 'SAVE_REFUSED' | 'CANCEL' };

/** What the model's events type and what the server answers. */
export const splitEditorFlow = {
  amount: 100,
  category: 'Shopping',
  first: '60.25',
  second: { category: 'Utilities', amount: '30' },
  rest: '39.75',
  offline: 'Network error. Please check your connection.',
  refusedDetail: 'The lines add up to 90.00, not the transaction\u2019s 100.00',
} as const;

/** Every transition of the model as "state:EVENT", to check that the chosen paths cover them all. */
export function splitEditorTransitions(): string[] {
  return Object.values(splitEditorModel.root.states).flatMap((node) => [...node.transitions.keys()].map((event) => `${node.key}:${event}`));
}

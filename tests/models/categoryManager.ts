import { createMachine } from 'xstate';

/**
 * Settings › Categories with the user's own "Pets" holding two transactions, as the user sees it. Its paths run
 * against the real categoryManager machine (tests/machines/categoryManager.model.test.ts) and drive the real app
 * in Chromium (tests/e2e/categories-model.e2e.test.ts). States are what the user sees; events are what the user does.
 */
export const categoryManagerModel = createMachine({
  id: 'categoryManagerFlow',
  initial: 'listed',
  states: {
    listed: {
      description: "'Pets' is listed with its 2 transactions; no dialog.",
      on: { RENAME_START: 'renaming', MERGE_START: 'merging', HIDE: 'hidden' },
    },
    renaming: {
      description: "The rename dialog of 'Pets' is open.",
      on: { RENAME_SUBMIT: 'renamed', RENAME_TAKEN: 'refused', RENAME_CANCEL: 'cancelled' },
    },
    merging: {
      description: "The merge dialog of 'Pets' is open.",
      on: { MERGE_CONFIRM: 'merged', MERGE_CANCEL: 'cancelled' },
    },
    renamed: {
      description: "Renamed to 'Animals': toast 'Renamed to “Animals”', its 2 transactions with it, no 'Pets'.",
    },
    refused: {
      description: "Renamed onto 'Dining', a name in use: the server's reason in a toast; 'Pets' unchanged.",
    },
    merged: {
      description: "Merged into 'Shopping': toast 'Merged into Shopping: 2 transactions moved', no 'Pets'.",
    },
    cancelled: {
      description: "A dialog was cancelled: it closed, no toast, 'Pets' unchanged with its 2 transactions.",
    },
    hidden: {
      description: "'Pets' hidden: toast '“Pets” hidden from new entries'; still listed with its transactions.",
    },
  },
});

export type CategoryManagerFlowEvent = { type: 'RENAME_START' | 'RENAME_SUBMIT' | 'RENAME_TAKEN' | 'RENAME_CANCEL' | 'MERGE_START' | 'MERGE_CONFIRM' | 'MERGE_CANCEL' | 'HIDE' };

/** The names and texts the model's events and states use. */
export const categoryManagerFlow = {
  name: 'Pets',
  count: 2,
  newName: 'Animals',
  takenName: 'Dining',
  into: 'Shopping',
  renamedToast: 'Renamed to “Animals”',
  takenDetail: "A category named 'Dining' already exists: merge into it instead",
  mergedToast: 'Merged into Shopping: 2 transactions moved',
  hiddenToast: '“Pets” hidden from new entries',
} as const;

/** Every transition of the model as "state:EVENT", to check that the chosen paths cover them all. */
export function categoryManagerTransitions(): string[] {
  return Object.values(categoryManagerModel.root.states).flatMap((node) => [...node.transitions.keys()].map((event) => `${node.key}:${event}`));
}

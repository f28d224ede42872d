import { createMachine } from 'xstate';

/**
 * Settings › Tags with the user's tag "trip" on two transactions and "holiday" on one, as the user sees it. Its
 * paths run against the real tagManager machine (tests/machines/tagManager.model.test.ts) and drive the real app in
 * Chromium (tests/e2e/tags-model.e2e.test.ts). States are what the user sees; events are what the user does.
 */
export const tagManagerModel = createMachine({
  id: 'tagManagerFlow',
  initial: 'listed',
  states: {
    listed: {
      description: "'trip' is listed with its 2 transactions; no dialog.",
      on: { RENAME_START: 'renaming', MERGE_START: 'merging', DELETE_START: 'confirmingDelete', OPEN: 'opened' },
    },
    renaming: {
      description: "The rename dialog of 'trip' is open.",
      on: { RENAME_SUBMIT: 'renamed', RENAME_TAKEN: 'refused', RENAME_CANCEL: 'cancelled' },
    },
    merging: {
      description: "The merge dialog of 'trip' is open.",
      on: { MERGE_CONFIRM: 'merged', MERGE_CANCEL: 'cancelled' },
    },
    confirmingDelete: {
      description: "'Delete the tag “trip”? It comes off 2 transactions; the transactions stay.'",
      on: { DELETE_CONFIRM: 'deleted', DELETE_CANCEL: 'cancelled' },
    },
    renamed: {
      description: "Renamed to 'travel': toast 'Renamed to “travel”', its 2 transactions with it, no 'trip'.",
    },
    refused: {
      description: "Renamed onto 'holiday', a name in use: the server's reason in a toast; 'trip' unchanged.",
    },
    merged: {
      description: "Merged into 'holiday': toast 'Merged into “holiday”', which now has 3 transactions; no 'trip'.",
    },
    deleted: {
      description: "Deleted: toast 'Tag “trip” deleted', no 'trip'; its 2 transactions are still there, without it.",
    },
    cancelled: {
      description: "A dialog was cancelled: it closed, no toast, 'trip' unchanged with its 2 transactions.",
    },
    opened: {
      description: "The tag's name opened /transactions?tags=trip: its 2 transactions only.",
    },
  },
});

export type TagManagerFlowEvent = {
  type: 'RENAME_START' | 'RENAME_SUBMIT' | 'RENAME_TAKEN' | 'RENAME_CANCEL' | 'MERGE_START' | 'MERGE_CONFIRM' | 'MERGE_CANCEL' | 'DELETE_START' | 'DELETE_CONFIRM' | 'DELETE_CANCEL' | 'OPEN';
};

/** The names and texts the model's events and states use. */
export const tagManagerFlow = {
  name: 'trip',
  count: 2,
  newName: 'travel',
  into: 'holiday',
  intoCount: 1,
  renamedToast: 'Renamed to “travel”',
  takenDetail: "A tag named 'holiday' already exists: merge into it instead",
  mergedToast: 'Merged into “holiday”',
  deletedToast: 'Tag “trip” deleted',
  deleteQuestion: 'Delete the tag “trip”? It comes off 2 transactions; the transactions stay.',
} as const;

/** Every transition of the model as "state:EVENT", to check that the chosen paths cover them all. */
export function tagManagerTransitions(): string[] {
  return Object.values(tagManagerModel.root.states).flatMap((node) => [...node.transitions.keys()].map((event) => `${node.key}:${event}`));
}

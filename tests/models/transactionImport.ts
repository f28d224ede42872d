import { createMachine } from 'xstate';

/**
 * The import wizard with a bank export of 3 rows (one already imported before) as a CSV, or a card's QFX
 * whose one row matches a hand-typed transaction: pick the account and the file, the preview (with the
 * CSV's mapping), the import job with its progress bar, the summary and its undo. Its paths run against the
 * real transactionImport machine (tests/machines/transactionImport.model.test.ts).
 */
export const transactionImportModel = createMachine({
  id: 'transactionImportFlow',
  initial: 'choosing',
  states: {
    choosing: {
      description: 'Step 1: the accounts (Checking, Visa) are listed, Checking chosen; choose a file.',
      on: { CHOOSE_TOO_LARGE: 'tooLarge', CHOOSE_EMPTY: 'empty', CHOOSE_UNREADABLE: 'unreadable', CHOOSE: 'reviewing', CHOOSE_BANK_FILE: 'statementReview' },
    },
    tooLarge: { description: "'big.csv is larger than 1 MB, the largest file an import accepts.'; nothing uploaded." },
    empty: { description: "'empty.csv is empty.'; nothing uploaded." },
    unreadable: { description: "The server's reason ('No date column found'); another file can be chosen." },
    reviewing: {
      description: 'Step 2: the preview of bank.csv with the detected mapping: 2 new rows, 1 duplicate.',
      on: {
        CHANGE_MAPPING_TWICE: 'remapped',
        CHANGE_MAPPING_BADLY: 'mappingRefused',
        INCLUDE_DUPLICATES: 'duplicatesIncluded',
        BACK: 'choosingAgain',
        IMPORT_SMALL_FILE: 'summary',
        IMPORT_REFUSED: 'importRefused',
        IMPORT_STOPS_AT_ONCE: 'stopped',
        IMPORT: 'progress',
      },
    },
    statementReview: {
      description: 'Visa chosen, then card.qfx: a bank file, so no column mapping; the verdict reads "2 new, 1 matched, 0 skipped".',
      on: { CHANGE_ACCOUNT: 'statementRecounted', IMPORT_SMALL_FILE: 'summary' },
    },
    statementRecounted: { description: 'Checking chosen instead: the preview is read again for that account.' },
    remapped: { description: 'Another date format, then another decimal style before the preview answered: the preview under the last mapping; duplicates no longer skipped.' },
    mappingRefused: { description: "An amount column and debit/credit columns at once: the server's reason; the last good preview stays." },
    duplicatesIncluded: { description: "'Skip duplicates' unticked: the duplicate will be imported too." },
    choosingAgain: { description: 'Back to step 1; the preview is gone.' },
    importRefused: { description: "The import did not start: the server's reason ('This file was already imported') on the preview." },
    progress: {
      description: 'Step 3: the progress bar (1 of 3 rows).',
      on: { WAIT: 'summary', WAIT_JOB_FAILS: 'stopped', PROGRESS_UNREADABLE: 'stalled', CLOSE: 'closed' },
    },
    stalled: { description: "'Failed to fetch import progress' with a Retry button; the job goes on.", on: { RETRY: 'summary' } },
    summary: { description: 'Step 4: 2 rows imported, 1 skipped as a duplicate.', on: { UNDO: 'undone', UNDO_FAILS: 'undoRefused' } },
    undone: { description: 'Undo: the 2 rows of the batch are removed.' },
    undoRefused: { description: "Undo refused: the server's reason ('Import not found') on the summary." },
    stopped: { description: "The job stopped: 'The database went away'.", on: { START_OVER: 'startedOver' } },
    startedOver: { description: 'Back to step 1 to try another file.' },
    closed: { description: 'The wizard closed while the job ran; the page reloads the list (the job goes on).' },
  },
});

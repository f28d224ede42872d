import { createMachine } from 'xstate';

/**
 * The transactions page of a user with 120 rows (a quarter of them income): the list (first 100, more on
 * scroll, filters), add and edit, "This is a transfer…" from the edit form, delete after the danger
 * confirmation, CSV import and export, demo data. The second row (10.00 out of Checking) has its other leg
 * in the first (10.00 into Visa a day later); every other row is in Checking.
 * Its paths run against the real transactions machine with its real list (the collection machine) and import
 * wizard (tests/machines/transactions.model.test.ts). States are what the user sees; events what the user (or
 * the server) does.
 */
export const transactionsModel = createMachine({
  id: 'transactionsFlow',
  initial: 'opening',
  states: {
    opening: { description: '/transactions is opening.', on: { OPEN: 'list', OPEN_OFFLINE: 'listFailed' } },
    listFailed: {
      description: 'The network was down: the list shows the error and a Retry button, the header is empty, the form offers the built-in categories.',
      on: { RETRY: 'retried' },
    },
    retried: { description: 'Retry loaded the first 100 of 120 rows.' },
    list: {
      description: 'The first 100 of 120 rows, newest first; the balance and this month in the header.',
      on: {
        ADD: 'added',
        ADD_WITHOUT_AMOUNT: 'formRefused',
        EDIT: 'edited',
        OPEN_TRANSFER: 'choosingTransfer',
        OPEN_TRANSFER_OFFLINE: 'transferFailed',
        DELETE: 'confirmingDelete',
        SCROLL: 'allRows',
        SCROLL_OFFLINE: 'moreFailed',
        FILTER_INCOME: 'incomeOnly',
        IMPORT_NOTHING: 'importClosed',
        IMPORT: 'imported',
        EXPORT: 'exported',
        EXPORT_FAILS: 'exportFailed',
        LOAD_DEMO: 'demoLoaded',
        LOAD_DEMO_REFUSED: 'demoRefused',
        REMOVE_DEMO: 'confirmingDemoRemoval',
      },
    },
    added: { description: "'Pizza night' (42.50) is the first row; 'Transaction added'; 121 rows; the header read again." },
    formRefused: { description: "Saved without an amount: the form stays open with 'amount must be greater than 0'.", on: { CANCEL_FORM: 'formClosed' } },
    formClosed: { description: 'Cancel closed the form; nothing was added.' },
    edited: { description: "The second row now reads 99.00 in place; 'Transaction updated'." },
    choosingTransfer: {
      description: "Editing the second row, 'This is a transfer…' lists one possible other leg: the first row (10.00 into Visa).",
      on: { LINK: 'linkedTransfer', LINK_REFUSED: 'linkRefused', TRANSFER_BACK: 'transferBack', CLOSE_TRANSFER: 'transferClosed' },
    },
    linkedTransfer: {
      description: "Linked: the form closes, both rows are the transfer's legs, 'Linked as a transfer'; the month's income and spending each drop by 10.00.",
    },
    linkRefused: { description: "The server refuses ('This transaction is reconciled'): the match stays listed with the reason; nothing linked." },
    transferBack: { description: 'Back: the edit form of the second row again; nothing linked.' },
    transferClosed: { description: 'Escape closed the form; nothing linked.' },
    transferFailed: {
      description: "Reading the matches failed: 'Failed to fetch transfer matches' with Retry.",
      on: { RETRY_TRANSFER: 'choosingTransfer' },
    },
    confirmingDelete: {
      description: "The danger dialog asks 'Delete … This cannot be undone.' about the first row.",
      on: { CONFIRM_DELETE: 'deleted', CONFIRM_DELETE_FAILS: 'deleteFailed', CANCEL_DELETE: 'kept', DELETE_ANOTHER: 'confirmingAnother' },
    },
    deleted: { description: "The first row is gone; 'Transaction deleted'; 119 rows; the header read again." },
    deleteFailed: { description: "The row stays; a toast gives the server's reason ('Transaction is locked')." },
    kept: { description: 'Cancel: the row stays; nothing deleted.' },
    confirmingAnother: { description: 'Delete on the second row while the dialog was open: the dialog asks about that row instead.' },
    allRows: { description: 'Scrolling to the end loaded the last 20 rows: all 120 listed.' },
    moreFailed: { description: 'The next page failed: the 100 rows stay and the end of the list offers a retry.' },
    incomeOnly: { description: 'Type Income: the 30 income rows.' },
    importClosed: { description: 'The import wizard was opened and closed before importing: the list was not read again.' },
    imported: { description: 'A CSV file was imported (the progress bar ran to the summary) and the wizard closed: the list and the header were read again.' },
    exported: { description: 'Export CSV downloaded the 120 rows as a file.' },
    exportFailed: { description: "A toast says 'Failed to export transactions' (the server gave no reason); nothing downloaded." },
    demoLoaded: { description: "'Demo data loaded': a year of demo rows is listed first." },
    demoRefused: { description: "A toast gives the server's reason ('Demo data is already loaded')." },
    confirmingDemoRemoval: {
      description: "The danger dialog 'Remove demo data' is open.",
      on: { CONFIRM_REMOVAL: 'demoRemoved', CONFIRM_REMOVAL_FAILS: 'demoRemovalFailed', CANCEL_REMOVAL: 'demoKept' },
    },
    demoRemoved: { description: "'Demo data removed'; the list read again." },
    demoRemovalFailed: { description: "A toast says 'Failed to remove demo data' (the server gave no reason)." },
    demoKept: { description: 'Cancel: nothing removed.' },
  },
});

import { createMachine } from 'xstate';

/**
 * Settings › Currencies for a user with no rates yet, as the user sees it. Its paths run against the real
 * currencyRates machine (tests/machines/currencyRates.model.test.ts) and drive the real app in Chromium
 * (tests/e2e/currencies-model.e2e.test.ts). States are what the user sees; events are what the user does.
 */
export const currencyRatesModel = createMachine({
  id: 'currencyRatesFlow',
  initial: 'opening',
  states: {
    opening: {
      description: 'Settings is about to be opened.',
      on: { LOAD: 'empty', LOAD_FAILS: 'failed' },
    },
    failed: {
      description: "GET /rates answered 503: the server's reason with a Retry; no table, no forms.",
      on: { RETRY: 'retried' },
    },
    retried: {
      description: 'Retry read the rates: the empty state and both forms show.',
    },
    empty: {
      description: 'No rates yet: the empty state says where rates come from and what "not converted" means; both forms show.',
      on: { IMPORT: 'imported', IMPORT_BAD: 'importRefused', ADD_INVALID: 'fieldsRefused' },
    },
    imported: {
      description: "An ECB file with 2 rates on one day: the result sentence, both rows in the table as 'Imported file'.",
      on: { DISMISS: 'dismissed' },
    },
    dismissed: {
      description: 'The result was put away (its close button): the rows stay, the picker is ready for another file.',
    },
    importRefused: {
      description: "A file that is not an ECB file: the server's reason by the picker and in a toast; still no rates.",
    },
    fieldsRefused: {
      description: "EUR → EUR at 'abc': each refusal under its own field (To, Rate) with the contract's words; nothing sent.",
      on: { FIX: 'added' },
    },
    added: {
      description: "Fixed to EUR → USD at 1.09: toast 'Rate kept: 1 EUR = 1.09 USD on 2026-03-10', the row first in the table as 'Typed'.",
    },
  },
});

export type CurrencyRatesFlowEvent = { type: 'LOAD' | 'LOAD_FAILS' | 'RETRY' | 'IMPORT' | 'DISMISS' | 'IMPORT_BAD' | 'ADD_INVALID' | 'FIX' };

/** The files, values and texts the model's events and states use. */
export const currencyRatesFlow = {
  fileName: 'eurofxref.csv',
  file: 'Date,USD,JPY,\n2026-03-02,1.0837,160.12,\n',
  importedSummary: '2 rates for 2 currencies (JPY, USD) on 2026-03-02',
  importedRows: [
    ['EUR → JPY', '160.12', 'Imported file'],
    ['EUR → USD', '1.0837', 'Imported file'],
  ],
  badFileName: 'notes.csv',
  badFile: 'hello,world\n1,2\n',
  badFileDetail: 'Not an ECB reference-rate CSV: the first column must be "Date"',
  invalid: { day: '2026-03-10', from: 'EUR', to: 'EUR', rate: 'abc' },
  valid: { day: '2026-03-10', from: 'EUR', to: 'USD', rate: '1.09' },
  samePair: 'Base and quote must be different currencies',
  badRate: 'Rate must be a positive decimal with at most 10 decimal places, written as text, e.g. "1.0837"',
  loadFailed: 'Rates are unavailable for a moment: try again',
  addedToast: 'Rate kept: 1 EUR = 1.09 USD on 2026-03-10',
  addedRow: ['EUR → USD', '1.09', 'Typed'],
} as const;

/** Every transition of the model as "state:EVENT", to check that the chosen paths cover them all. */
export function currencyRatesTransitions(): string[] {
  return Object.values(currencyRatesModel.root.states).flatMap((node) => [...node.transitions.keys()].map((event) => `${node.key}:${event}`));
}

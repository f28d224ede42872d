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
      on: { IMPORT: 'imported', IMPORT_BAD: 'importRefused', ADD_INVALID: 'fieldsRefused', MAP_FILE: 'mapping', MAP_BAD_FILE: 'mappedRefused' },
    },
    imported: {
      description: "An ECB file with 2 rates on one day: the result sentence, both rows in the table as 'Imported file'.",
      on: { DISMISS: 'dismissed' },
    },
    dismissed: {
      description: 'The result was put away (its close button): the rows stay, the picker is ready for another file.',
    },
    importRefused: {
      description: "An ECB file with a day that is not a date: the server's reason by the picker and in a toast; still no rates.",
    },
    mapping: {
      description: "A 'Datum;Von;Nach;Kurs' file (decimal comma) is not an ECB file: the mapping step shows Datum / DD.MM.YYYY / Kurs / comma / Von / Nach and its two lines read as rates; nothing sent yet.",
      on: { MAP_SAME_COLUMN: 'mappingFieldsRefused' },
    },
    mappingFieldsRefused: {
      description: "Rate column set to Datum and Import pressed: the refusal under Rate column (the server's rule, in the form's words); nothing sent.",
      on: { MAP_FIX: 'mappedImported' },
    },
    mappedImported: {
      description: "Rate column back to Kurs, imported: the result sentence as for an ECB file, both rates in the table as 'Imported file'; the mapping step is gone.",
    },
    mappedRefused: {
      description: "A 'Date,From,To,Rate' file whose 7th line has 'XYZ', imported as suggested: the server's reason naming line and field above the mapping and in a toast; the mapping stays; nothing kept.",
      on: { MAP_CANCEL: 'mappingCancelled' },
    },
    mappingCancelled: {
      description: 'Cancel: the mapping step is gone, the picker is ready; still no rates.',
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

export type CurrencyRatesFlowEvent = {
  type: 'LOAD' | 'LOAD_FAILS' | 'RETRY' | 'IMPORT' | 'DISMISS' | 'IMPORT_BAD' | 'ADD_INVALID' | 'FIX' | 'MAP_FILE' | 'MAP_SAME_COLUMN' | 'MAP_FIX' | 'MAP_BAD_FILE' | 'MAP_CANCEL';
};

/** The files, values and texts the model's events and states use. */
export const currencyRatesFlow = {
  fileName: 'eurofxref.csv',
  file: 'Date,USD,JPY,\n2026-03-02,1.0837,160.12,\n',
  importedSummary: '2 rates for 2 currencies (JPY, USD) on 2026-03-02',
  importedRows: [
    ['EUR → JPY', '160.12', 'Imported file'],
    ['EUR → USD', '1.0837', 'Imported file'],
  ],
  badFileName: 'eurofxref-typo.csv',
  badFile: 'Date,USD,\n2026-13-45,1.1,\n',
  badFileDetail: 'Line 2: "2026-13-45" is not a date (YYYY-MM-DD or "27 November 2026")',
  mappedFileName: 'kurse.csv',
  mappedFile: 'Datum;Von;Nach;Kurs\n02.03.2026;EUR;USD;1,0837\n02.03.2026;USD;JPY;147,5\n',
  /** The suggestion, as the mapping step's fields show it. */
  suggested: { 'Date column': 'Datum', 'Date format': 'DD.MM.YYYY', 'Rate column': 'Kurs', 'Decimal mark': 'Comma: 1.234,5678', From: 'Von', To: 'Nach' },
  mappedPreview: ['2026-03-02: 1 EUR = 1.0837 USD', '2026-03-02: 1 USD = 147.5 JPY'],
  sameColumn: 'Rate column must be another column than the day',
  mappedSummary: '2 rates for 3 currencies (EUR, JPY, USD) on 2026-03-02',
  mappedRows: [
    ['EUR → USD', '1.0837', 'Imported file'],
    ['USD → JPY', '147.5', 'Imported file'],
  ],
  mappedBadFileName: 'rates-export.csv',
  mappedBadFile: 'Date,From,To,Rate\n2026-03-02,EUR,USD,1.0837\n2026-03-03,EUR,USD,1.0841\n2026-03-04,EUR,USD,1.0852\n2026-03-05,EUR,USD,1.0849\n2026-03-06,EUR,USD,1.086\n2026-03-09,EUR,XYZ,1.0871\n',
  mappedBadDetail: 'Line 7, quote: "XYZ" is not an ISO 4217 currency code; nothing was imported',
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

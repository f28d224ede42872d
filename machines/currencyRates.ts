import { assign, fromPromise, setup } from 'xstate';
import { RATE_PAGE_SIZE, rateMessages, type CreateRateRequest, type ExchangeRate, type RateImportResult } from '../src/contract/rates';
import { failureToast, toFailure, type CallFailure, type Toast } from './types';

/** The rates as GET /rates answers them: newest first, at most 500, and how many there are in all. */
export interface RateList {
  rates: ExchangeRate[];
  total: number;
}

/** A rates file the user picked: the file itself and its name (which tells XML from CSV). */
export interface RateFile {
  file: Blob;
  fileName: string;
}

export interface CurrencyRatesContext {
  list: RateList | null;
  /** How many rows of the list the table shows ("Show more" adds a page). */
  shown: number;
  /** Why the list could not be read. */
  error: CallFailure | null;
  /** The rate being sent, and why the last one was refused (shown under its field or above the form). */
  adding: CreateRateRequest | null;
  addError: CallFailure | null;
  /** The file being uploaded, what the last import did, and why the last one was refused. */
  upload: RateFile | null;
  imported: RateImportResult | null;
  importError: CallFailure | null;
}

export type CurrencyRatesEvent =
  | { type: 'rates.reload' }
  | { type: 'rates.showMore' }
  | { type: 'rates.add'; rate: CreateRateRequest }
  | { type: 'rates.import'; file: Blob; fileName: string }
  | { type: 'rates.importDismiss' };

/**
 * Settings › Currencies: the user's rates and the reference rates (newest first, a page at a time),
 * a form to keep a rate, and an ECB reference-rate file to import. One change at a time; the list is
 * read again after each.
 */
export const currencyRatesMachine = setup({
  types: {
    context: {} as CurrencyRatesContext,
    events: {} as CurrencyRatesEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** GET /rates. */
    load: fromPromise<RateList, void>(async () => {
      throw new Error('load not provided');
    }),
    /** POST /rates, then the list again. */
    add: fromPromise<{ rate: ExchangeRate; list: RateList }, { rate: CreateRateRequest }>(async () => {
      throw new Error('add not provided');
    }),
    /** POST /rates/import with the file, then the list again. */
    importFile: fromPromise<{ result: RateImportResult; list: RateList }, RateFile>(async () => {
      throw new Error('importFile not provided');
    }),
  },
  actions: {
    notify: (_, _params: Toast) => {},
  },
  guards: {
    moreToShow: ({ context }) => (context.list?.rates.length ?? 0) > context.shown,
  },
}).createMachine({
  id: 'currencyRates',
  description: 'Settings › Currencies: the rate table, keeping a rate, importing an ECB reference-rate file.',
  context: () => ({ list: null, shown: RATE_PAGE_SIZE, error: null, adding: null, addError: null, upload: null, imported: null, importError: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /rates: your rates and the shared reference rates, newest first.',
      tags: ['busy'],
      invoke: {
        src: 'load',
        onDone: {
          target: 'ready',
          description: 'The table shows its first page (or the empty state that says where rates come from).',
          actions: assign({ list: ({ event }) => event.output, error: null, shown: RATE_PAGE_SIZE }),
        },
        onError: {
          target: 'failed',
          description: "The server's reason, or 'Failed to fetch exchange rates', with a Retry.",
          actions: assign({ error: ({ event }) => toFailure(event.error, rateMessages.fetchRates) }),
        },
      },
    },
    failed: {
      description: 'The rates could not be read.',
      on: { 'rates.reload': { target: 'loading', description: 'Retry.' } },
    },
    ready: {
      description: 'The table and both forms show; one change at a time.',
      initial: 'idle',
      on: {
        'rates.showMore': { guard: 'moreToShow', description: 'The next page of rows shows.', actions: assign({ shown: ({ context }) => context.shown + RATE_PAGE_SIZE }) },
      },
      states: {
        idle: {
          description: 'Waiting for a rate or a file.',
          on: {
            'rates.add': {
              target: 'adding',
              description: 'A rate that passed the form’s checks is sent.',
              actions: assign({ adding: ({ event }) => event.rate, addError: null }),
            },
            'rates.import': {
              target: 'importing',
              description: 'The picked file is uploaded.',
              actions: assign({ upload: ({ event }) => ({ file: event.file, fileName: event.fileName }), imported: null, importError: null }),
            },
            'rates.importDismiss': { description: 'The last import’s result or error is put away.', actions: assign({ imported: null, importError: null }) },
            'rates.reload': { target: '#currencyRates.loading', description: 'Read the rates again.' },
          },
        },
        adding: {
          description: 'POST /rates, then the list again.',
          tags: ['busy'],
          invoke: {
            src: 'add',
            input: ({ context }) => ({ rate: context.adding! }),
            onDone: {
              target: 'idle',
              description: 'Kept: the table shows it and a toast says so.',
              actions: [
                assign({ list: ({ event }) => event.output.list, adding: null, addError: null }),
                { type: 'notify', params: ({ event }) => ({ kind: 'success', message: rateMessages.rateAdded(event.output.rate) }) },
              ],
            },
            onError: {
              target: 'idle',
              description: "Refused: the server's reason shows under the field it is about, else above the form.",
              actions: assign({ addError: ({ event }) => toFailure(event.error, rateMessages.addRate), adding: null }),
            },
          },
        },
        importing: {
          description: 'POST /rates/import with the file (a progress bar shows), then the list again.',
          tags: ['busy'],
          invoke: {
            src: 'importFile',
            input: ({ context }) => context.upload!,
            onDone: {
              target: 'idle',
              description: 'Imported: how many rates, which currencies and which days show; the table shows them.',
              actions: [assign({ list: ({ event }) => event.output.list, imported: ({ event }) => event.output.result, upload: null, shown: RATE_PAGE_SIZE })],
            },
            onError: {
              target: 'idle',
              description: "Refused (not an ECB file, too large, no rates in it): the server's reason shows by the file picker and in a toast.",
              actions: [assign({ importError: ({ event }) => toFailure(event.error, rateMessages.importRates), upload: null }), { type: 'notify', params: ({ context }) => failureToast(context.importError) }],
            },
          },
        },
      },
    },
  },
});

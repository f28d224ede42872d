import { assign, fromPromise, setup } from 'xstate';
import { isEcbFile, previewMapped, rateMappingErrors, readFileHead, suggestRateMapping, type FileHead, type PreviewLine, type RateMapping } from '../src/contract/rateMapping';
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
  /** A file not in the ECB's format: its first lines, the mapping being chosen, those lines read with it, and the fields refused. */
  head: FileHead | null;
  mapping: RateMapping | null;
  preview: PreviewLine[];
  mappingErrors: Record<string, string>;
}

/** A mapped file to send: the file and how to read it. */
export interface MappedRateFile extends RateFile {
  mapping: RateMapping;
}

export type CurrencyRatesEvent =
  | { type: 'rates.reload' }
  | { type: 'rates.showMore' }
  | { type: 'rates.add'; rate: CreateRateRequest }
  | { type: 'rates.import'; file: Blob; fileName: string }
  | { type: 'rates.importDismiss' }
  | { type: 'rates.mapping.change'; change: Partial<RateMapping> }
  | { type: 'rates.mapping.submit' }
  | { type: 'rates.mapping.cancel' };

const noMapping = { head: null, mapping: null, preview: [], mappingErrors: {} };

/**
 * Settings › Currencies: the user's rates and the reference rates (newest first, a page at a time),
 * a form to keep a rate, and a rates file to import: an ECB reference-rate file as it is, any other CSV
 * after a mapping step (its first lines read here, the columns chosen, a preview). One change at a time;
 * the list is read again after each.
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
    /** The first 64 KB of the picked file as text. */
    readHead: fromPromise<string, RateFile>(async () => {
      throw new Error('readHead not provided');
    }),
    /** POST /rates/import?format=columns&… with the file, then the list again. */
    importMapped: fromPromise<{ result: RateImportResult; list: RateList }, MappedRateFile>(async () => {
      throw new Error('importMapped not provided');
    }),
  },
  actions: {
    notify: (_, _params: Toast) => {},
  },
  guards: {
    moreToShow: ({ context }) => (context.list?.rates.length ?? 0) > context.shown,
    isEcbFile: ({ context }, text: string) => isEcbFile(context.upload?.fileName ?? '', text),
    mappingValid: ({ context }) => context.mapping !== null && Object.keys(rateMappingErrors(context.mapping)).length === 0,
  },
}).createMachine({
  id: 'currencyRates',
  description: 'Settings › Currencies: the rate table, keeping a rate, importing a rates file (ECB, or any CSV by mapping its columns).',
  context: () => ({ list: null, shown: RATE_PAGE_SIZE, error: null, adding: null, addError: null, upload: null, imported: null, importError: null, ...noMapping }),
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
              target: 'reading',
              description: 'The picked file’s first lines are read.',
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
        reading: {
          description: 'The first lines of the picked file are read in the browser, to tell an ECB file from any other CSV.',
          tags: ['busy'],
          invoke: {
            src: 'readHead',
            input: ({ context }) => context.upload!,
            onDone: [
              { guard: { type: 'isEcbFile', params: ({ event }) => event.output }, target: 'importing', description: 'An ECB reference-rate file (XML, or a CSV of "Date" and currency codes): uploaded as it is.' },
              {
                target: 'mapping',
                description: 'Any other CSV: its columns, a suggested mapping (by the header names, else by the cells) and the first lines read with it show.',
                actions: assign(({ event }) => {
                  const head = readFileHead(event.output);
                  const mapping = suggestRateMapping(head);
                  return { head, mapping, preview: previewMapped(head, mapping), mappingErrors: {} };
                }),
              },
            ],
            onError: {
              target: 'idle',
              description: 'The file could not be read (removed, no permission): the reason shows by the file picker.',
              actions: assign({ importError: ({ event }) => toFailure(event.error, rateMessages.importRates), upload: null }),
            },
          },
        },
        mapping: {
          description: 'The mapping step: which column holds the day (and how it is written), the rate (and its decimal mark), each side of the pair (a column or one currency), and a preview of the first lines as they will be read.',
          on: {
            'rates.mapping.change': {
              description: 'A field of the mapping changed: the preview reads the lines again; errors already shown are checked again.',
              actions: assign(({ context, event }) => {
                const mapping = { ...context.mapping!, ...event.change };
                const shown = Object.keys(context.mappingErrors).length > 0;
                return { mapping, preview: previewMapped(context.head!, mapping), mappingErrors: shown ? rateMappingErrors(mapping) : {} };
              }),
            },
            'rates.mapping.submit': [
              { guard: 'mappingValid', target: 'importingMapped', description: 'A complete mapping: the file is uploaded with it.', actions: assign({ importError: null, mappingErrors: {} }) },
              {
                description: 'A field is missing or wrong (the same rules as the server): each refusal shows under its field; nothing is sent.',
                actions: assign({ mappingErrors: ({ context }) => (context.mapping ? rateMappingErrors(context.mapping) : {}) }),
              },
            ],
            'rates.mapping.cancel': { target: 'idle', description: 'The mapping step is put away; nothing is imported.', actions: assign({ upload: null, importError: null, ...noMapping }) },
          },
        },
        importingMapped: {
          description: 'POST /rates/import?format=columns with the file and its mapping (a progress bar shows), then the list again.',
          tags: ['busy'],
          invoke: {
            src: 'importMapped',
            input: ({ context }) => ({ ...context.upload!, mapping: context.mapping! }),
            onDone: {
              target: 'idle',
              description: 'Imported: the result sentence shows as for an ECB file; the table shows the rates.',
              actions: assign(({ event }) => ({ list: event.output.list, imported: event.output.result, upload: null, shown: RATE_PAGE_SIZE, ...noMapping })),
            },
            onError: {
              target: 'mapping',
              description: "Refused (a line that cannot be read, named with its field): the server's reason shows above the mapping and in a toast; the mapping stays to be fixed.",
              actions: [assign({ importError: ({ event }) => toFailure(event.error, rateMessages.importRates) }), { type: 'notify', params: ({ context }) => failureToast(context.importError) }],
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

import { assign, fromPromise, setup } from 'xstate';
import type { ImportJob, ImportMapping, ImportPreview, transactionMessages } from '../src/contract/transactions';
import type { Account } from '../src/contract/accounts';
import { toFailure, type CallFailure } from './types';

/** The chosen file, as the upload effect needs it (a browser File); the machine reads name and size only. */
export interface ImportFile {
  name: string;
  size: number;
}

export interface ImportOptions {
  skipDuplicates: boolean;
  skipFileDuplicates: boolean;
}

/** An account the file can go into, as the picker shows it. */
export type ImportAccount = Pick<Account, 'account_id' | 'name' | 'kind'>;

/** What undoing a finished import removed. */
export interface ImportUndone {
  deleted: number;
}

export interface TransactionImportContext {
  maxBytes: number;
  /** The open accounts a file can go into (empty when they could not be loaded: the server's default account then). */
  accounts: ImportAccount[];
  accountId: string | null;
  file: ImportFile | null;
  preview: ImportPreview | null;
  options: ImportOptions;
  job: ImportJob | null;
  undone: ImportUndone | null;
  error: CallFailure | null;
}

export type TransactionImportEvent =
  | { type: 'account.choose'; accountId: string }
  | { type: 'file.choose'; file: ImportFile }
  | { type: 'mapping.change'; mapping: ImportMapping }
  | { type: 'options.change'; options: Partial<ImportOptions> }
  | { type: 'import.back' }
  | { type: 'import.confirm' }
  | { type: 'progress.retry' }
  | { type: 'import.undo' }
  | { type: 'import.close' };

export interface TransactionImportOutput {
  /** A job was started (or undone): rows were added or removed, so the list should reload. */
  started: boolean;
  imported: number;
}

/** The import calls' defaults ([spec:8-message]); the compiler holds them to the contract's texts. */
const texts: Pick<typeof transactionMessages, 'importPreview' | 'importCommit' | 'importProgress' | 'importUndo'> = {
  importPreview: 'Failed to read the CSV file',
  importCommit: 'Failed to start the import',
  importProgress: 'Failed to fetch import progress',
  importUndo: 'Failed to undo the import',
};

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

const jobFinished = (job: ImportJob | null) => job?.status === 'completed';
const jobStopped = (job: ImportJob | null) => job?.status === 'failed' || job?.status === 'cancelled';

export const transactionImportMachine = setup({
  types: {
    context: {} as TransactionImportContext,
    events: {} as TransactionImportEvent,
    input: {} as { maxBytes: number },
    output: {} as TransactionImportOutput,
    tags: {} as 'busy',
  },
  actors: {
    /** The user's open accounts, for the "Into account" picker. */
    loadAccounts: fromPromise<ImportAccount[]>(async () => {
      throw new Error('loadAccounts not provided');
    }),
    /** POST the file as it is: the server tells its format by the content, reads it and answers a preview for the account. */
    uploadFile: fromPromise<ImportPreview, { file: ImportFile; accountId: string | null }>(async () => {
      throw new Error('uploadFile not provided');
    }),
    /** The preview again under another mapping or for another account. */
    previewMapping: fromPromise<ImportPreview, { importId: string; mapping: ImportMapping; accountId: string | null }>(async () => {
      throw new Error('previewMapping not provided');
    }),
    /** Starts the background import job. */
    commitImport: fromPromise<ImportJob, { importId: string; mapping: ImportMapping; options: ImportOptions; accountId: string | null }>(async () => {
      throw new Error('commitImport not provided');
    }),
    /** Removes the import's rows (and unlinks the hand-typed rows it matched). */
    undoImport: fromPromise<ImportUndone, { importId: string }>(async () => {
      throw new Error('undoImport not provided');
    }),
    /** The job's progress. */
    fetchJob: fromPromise<ImportJob, { importId: string }>(async () => {
      throw new Error('fetchJob not provided');
    }),
  },
  delays: {
    /** Between two progress reads. */
    pollInterval: 500,
  },
  guards: {
    fileTooLarge: ({ context, event }) => event.type === 'file.choose' && event.file.size > context.maxBytes,
    fileEmpty: ({ event }) => event.type === 'file.choose' && event.file.size === 0,
    needsMapping: ({ context }) => context.preview?.format === 'csv',
    jobCompleted: ({ event }) => jobFinished((event as { output?: ImportJob }).output ?? null),
    jobStopped: ({ event }) => jobStopped((event as { output?: ImportJob }).output ?? null),
  },
}).createMachine({
  id: 'transactionImport',
  description:
    'The import wizard: pick the account and a file → its format is detected from the content (CSV, OFX/QFX, QIF, CAMT.053) → a CSV gets the column mapping, a bank file only the date order when ambiguous → the preview ("N new, M matched, K skipped") → confirm → a progress bar while the background job runs → a summary, with one-click undo.',
  context: ({ input }) => ({
    maxBytes: input.maxBytes,
    accounts: [],
    accountId: null,
    file: null,
    preview: null,
    options: { skipDuplicates: true, skipFileDuplicates: false },
    job: null,
    undone: null,
    error: null,
  }),
  initial: 'choosing',
  invoke: {
    src: 'loadAccounts',
    onDone: {
      description: 'The picker lists the accounts; the first is chosen unless the user already chose one.',
      actions: assign({ accounts: ({ event }) => event.output, accountId: ({ context, event }) => context.accountId ?? event.output[0]?.account_id ?? null }),
    },
    onError: { description: 'No list: no picker, and the file goes into the default account (the server picks it).' },
  },
  on: {
    'import.close': { description: 'Closing leaves the wizard; a started job keeps running on the server.', target: '.closed' },
  },
  states: {
    choosing: {
      description: 'Step 1: pick the account and a file (a CSV or a bank file: OFX, QFX, QIF, CAMT.053).',
      on: {
        'account.choose': { description: 'The account the file is for.', actions: assign({ accountId: ({ event }) => event.accountId }) },
        'file.choose': [
          {
            description: 'A file larger than the server accepts is refused before uploading.',
            guard: 'fileTooLarge',
            actions: assign({ file: null, error: ({ context, event }) => ({ message: `${event.file.name} is larger than ${megabytes(context.maxBytes)}, the largest file an import accepts.` }) }),
          },
          { description: 'An empty file has nothing to import (and no earlier file stays named).', guard: 'fileEmpty', actions: assign({ file: null, error: ({ event }) => ({ message: `${event.file.name} is empty.` }) }) },
          { description: 'A readable file is uploaded.', target: 'uploading', actions: assign({ file: ({ event }) => event.file, error: null, preview: null }) },
        ],
      },
    },
    uploading: {
      description: 'Uploads the file; the server detects the layout and answers a preview.',
      tags: ['busy'],
      invoke: {
        src: 'uploadFile',
        input: ({ context }) => ({ file: context.file!, accountId: context.accountId }),
        onDone: { description: 'The detected format decides what the review shows.', target: 'reviewing', actions: assign({ preview: ({ event }) => event.output, error: null }) },
        onError: {
          description: "The file could not be read: the server's detail or 'Failed to read the CSV file'; another file can be chosen.",
          target: 'choosing',
          actions: assign({ file: null, error: ({ event }) => toFailure(event.error, texts.importPreview) }),
        },
      },
    },
    reviewing: {
      description: 'Step 2: the preview ("N new, M matched, K skipped"); duplicates, matches with hand-typed rows and unreadable rows are flagged.',
      initial: 'detected',
      states: {
        detected: {
          description: 'The format the server told from the content.',
          always: [
            { description: 'A CSV: its columns need mapping.', guard: 'needsMapping', target: 'mapping' },
            { description: 'A bank file: no columns to map.', target: 'statement' },
          ],
        },
        mapping: { description: 'A CSV: the detected mapping (date format, decimal style, signed or out/in amounts, columns) can be changed.' },
        statement: { description: 'A bank file (OFX, QFX, QIF, CAMT.053): only the day/month order (when the dates leave it open) and the sign can be changed.' },
      },
      on: {
        'mapping.change': { description: 'Another date format, decimal style, amount layout or column: preview again.', target: 'remapping', actions: assign({ error: null }) },
        'account.choose': { description: 'Another account: its duplicates and matches are counted again.', target: 'remapping', actions: assign({ accountId: ({ event }) => event.accountId, error: null }) },
        'options.change': { description: 'Skip duplicates (or duplicates within the file) on or off.', actions: assign({ options: ({ context, event }) => ({ ...context.options, ...event.options }) }) },
        'import.back': { description: 'Choose another file.', target: 'choosing', actions: assign({ file: null, preview: null, error: null }) },
        'import.confirm': { description: 'Import with this mapping.', target: 'committing', actions: assign({ error: null }) },
      },
    },
    remapping: {
      description: 'Reads the file again under the changed mapping.',
      tags: ['busy'],
      on: {
        'mapping.change': { description: 'Changed again before the preview answered: only the latest mapping is read.', target: 'remapping', reenter: true },
        'account.choose': { description: 'Another account before the preview answered: read for the latest one.', target: 'remapping', reenter: true, actions: assign({ accountId: ({ event }) => event.accountId }) },
        'options.change': { description: 'Skip duplicates (or duplicates within the file) on or off.', actions: assign({ options: ({ context, event }) => ({ ...context.options, ...event.options }) }) },
      },
      invoke: {
        src: 'previewMapping',
        input: ({ context, event }) => ({
          importId: context.preview!.import_id,
          mapping: event.type === 'mapping.change' ? event.mapping : context.preview!.mapping,
          accountId: context.accountId,
        }),
        onDone: { description: 'The preview under the new mapping is on screen.', target: 'reviewing', actions: assign({ preview: ({ event }) => event.output }) },
        onError: { description: "The server's detail says what is wrong with the mapping; the last good preview stays.", target: 'reviewing', actions: assign({ error: ({ event }) => toFailure(event.error, texts.importPreview) }) },
      },
    },
    committing: {
      description: 'Starts the background import job.',
      tags: ['busy'],
      invoke: {
        src: 'commitImport',
        input: ({ context }) => ({ importId: context.preview!.import_id, mapping: context.preview!.mapping, options: context.options, accountId: context.accountId }),
        onDone: [
          { description: 'A small file finished at once: the summary.', guard: 'jobCompleted', target: 'done', actions: assign({ job: ({ event }) => event.output }) },
          { description: 'The job stopped at once: its reason.', guard: 'jobStopped', target: 'failed', actions: assign({ job: ({ event }) => event.output }) },
          { description: 'The job runs in the background: the progress bar.', target: 'running', actions: assign({ job: ({ event }) => event.output }) },
        ],
        onError: { description: "The import did not start: the server's detail or 'Failed to start the import', on the preview.", target: 'reviewing', actions: assign({ error: ({ event }) => toFailure(event.error, texts.importCommit) }) },
      },
    },
    running: {
      description: 'Step 3: the progress bar, reading the job’s progress every half second.',
      initial: 'waiting',
      states: {
        waiting: { description: 'Between two progress reads.', after: { pollInterval: { description: 'Half a second later the progress is read again.', target: 'polling' } } },
        polling: {
          description: 'Reads the job’s progress.',
          invoke: {
            src: 'fetchJob',
            input: ({ context }) => ({ importId: context.job!.import_id }),
            onDone: [
              { description: 'The job finished: the summary.', guard: 'jobCompleted', target: '#transactionImport.done', actions: assign({ job: ({ event }) => event.output }) },
              { description: 'The job stopped: its reason.', guard: 'jobStopped', target: '#transactionImport.failed', actions: assign({ job: ({ event }) => event.output }) },
              { description: 'Still running: the bar moves on.', target: 'waiting', actions: assign({ job: ({ event }) => event.output, error: null }) },
            ],
            onError: { description: "Reading the progress failed: 'Failed to fetch import progress'.", target: 'stalled', actions: assign({ error: ({ event }) => toFailure(event.error, texts.importProgress) }) },
          },
        },
        stalled: {
          description: "Reading the progress failed ('Failed to fetch import progress'); the job itself goes on. Retry reads it again.",
          on: { 'progress.retry': { description: 'Retry reads the progress again.', target: 'polling', actions: assign({ error: null }) } },
        },
      },
    },
    done: {
      description: 'Step 4: how many rows were imported, linked to hand-typed ones, skipped, or could not be read; Undo removes the batch in one click.',
      on: { 'import.undo': { description: 'Undo this import.', target: 'undoing', actions: assign({ error: null }) } },
    },
    undoing: {
      description: "Removes the import's rows and unlinks the hand-typed rows it matched.",
      tags: ['busy'],
      invoke: {
        src: 'undoImport',
        input: ({ context }) => ({ importId: context.job!.import_id }),
        onDone: { description: 'The batch is gone: how many rows were removed.', target: 'undone', actions: assign({ undone: ({ event }) => event.output }) },
        onError: { description: "Not undone: the server's detail or 'Failed to undo the import', on the summary.", target: 'done', actions: assign({ error: ({ event }) => toFailure(event.error, texts.importUndo) }) },
      },
    },
    undone: { description: 'The import was undone: its rows are removed, the list reloads when the wizard closes.' },
    failed: {
      description: 'The job stopped: its reason, and the rows imported before it stopped.',
      on: { 'import.back': { description: 'Start over with another file.', target: 'choosing', actions: assign({ file: null, preview: null, job: null, error: null }) } },
    },
    closed: { description: 'The wizard is closed; the page reloads the list if a job started.', type: 'final' },
  },
  output: ({ context }) => ({ started: context.job !== null, imported: context.job?.rows_imported ?? 0 }),
});

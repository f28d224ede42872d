import { assign, fromPromise, setup } from 'xstate';
import type { ExportJob } from '../src/contract/account';
import { toFailure, type Toast } from './types';

export interface DataExportContext {
  job: ExportJob | null;
  error: string | null;
}

export type DataExportEvent = { type: 'export.start' } | { type: 'export.download' } | { type: 'export.retry' };

/** How often the progress of a running export is read. */
export const EXPORT_POLL_MS = 1_000;

/**
 * "Download all my data": shows the newest export, starts a new one, follows its progress while the
 * server builds the zip in the background, then downloads it.
 */
export const dataExportMachine = setup({
  types: {
    context: {} as DataExportContext,
    events: {} as DataExportEvent,
    tags: {} as 'busy',
  },
  actors: {
    latest: fromPromise<ExportJob | null>(async () => null),
    start: fromPromise<ExportJob>(async () => {
      throw new Error('start not provided');
    }),
    status: fromPromise<ExportJob, { id: string }>(async () => {
      throw new Error('status not provided');
    }),
    download: fromPromise<void, { job: ExportJob }>(async () => undefined),
  },
  actions: {
    notify: (_, _toast: Toast) => {},
  },
  guards: {
    isRunning: ({ context }) => context.job?.status === 'queued' || context.job?.status === 'running',
    hasCompletedJob: ({ context }) => context.job?.status === 'completed',
    jobRunning: (_, job: ExportJob) => job.status === 'queued' || job.status === 'running',
    jobDone: (_, job: ExportJob) => job.status === 'completed',
  },
}).createMachine({
  id: 'dataExport',
  description: 'Download all my data: a zip built by a background job, with progress.',
  context: { job: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads the newest export, if any.',
      tags: ['busy'],
      invoke: {
        src: 'latest',
        onDone: { target: 'checking', description: 'The newest export (or none) is known.', actions: assign({ job: ({ event }) => event.output }) },
        onError: {
          target: 'loadFailed',
          description: "The server's reason, or 'Failed to fetch your data export', is shown with a retry.",
          actions: assign({ error: ({ event }) => toFailure(event.error, 'Failed to fetch your data export').message }),
        },
      },
    },
    checking: {
      description: 'Decides whether an export is still being built.',
      always: [
        { guard: 'isRunning', target: 'preparing', description: 'An export started earlier (maybe in another tab) is still running: follow its progress.' },
        { target: 'idle', description: 'No export is running.' },
      ],
    },
    loadFailed: {
      description: 'The newest export could not be read; retry.',
      on: { 'export.retry': { target: 'loading', description: 'Retry reads the newest export again.', actions: assign({ error: null }) } },
    },
    idle: {
      description: 'No export in progress: the last one (completed or failed) is shown; a new one can start.',
      on: {
        'export.start': { target: 'starting', description: "'Download all my data' asks the server to build a new zip." },
        'export.download': { guard: 'hasCompletedJob', target: 'downloading', description: 'Downloads the zip of the last completed export.' },
      },
    },
    starting: {
      description: 'The server queues the export.',
      tags: ['busy'],
      invoke: {
        src: 'start',
        onDone: { target: 'preparing', description: 'The export is queued: follow its progress.', actions: assign({ job: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'idle',
          description: "The server's reason, or 'Failed to start the export', is shown.",
          actions: [assign({ error: ({ event }) => toFailure(event.error, 'Failed to start the export').message })],
        },
      },
    },
    preparing: {
      description: 'The server builds the zip; its progress is read every second.',
      tags: ['busy'],
      initial: 'waiting',
      states: {
        waiting: {
          description: 'Waits a second before reading the progress again.',
          after: { [EXPORT_POLL_MS]: { target: 'reading', description: 'A second later, read the progress.' } },
        },
        reading: {
          description: 'Reads how far the export is.',
          invoke: {
            src: 'status',
            input: ({ context }) => ({ id: context.job!.export_id }),
            onDone: [
              {
                guard: { type: 'jobRunning', params: ({ event }) => event.output },
                target: 'waiting',
                description: 'Still running: the progress bar moves on.',
                actions: assign({ job: ({ event }) => event.output }),
              },
              {
                guard: { type: 'jobDone', params: ({ event }) => event.output },
                target: '#dataExport.idle',
                description: "Finished: a toast says 'Your data is ready to download.' and the download button appears.",
                actions: [assign({ job: ({ event }) => event.output }), { type: 'notify', params: { kind: 'success', message: 'Your data is ready to download.' } }],
              },
              {
                target: '#dataExport.idle',
                description: "The export failed on the server: its reason, or 'The export failed. Please try again.', is shown.",
                actions: assign({ job: ({ event }) => event.output, error: ({ event }) => event.output.error ?? 'The export failed. Please try again.' }),
              },
            ],
            onError: { target: 'waiting', description: 'A dropped connection while waiting: keep following the job.' },
          },
        },
      },
    },
    downloading: {
      description: 'The browser downloads the zip.',
      tags: ['busy'],
      invoke: {
        src: 'download',
        input: ({ context }) => ({ job: context.job! }),
        onDone: { target: 'idle', description: 'The zip is saved.' },
        onError: {
          target: 'idle',
          description: "The server's reason, or 'Failed to download your data', is shown.",
          actions: assign({ error: ({ event }) => toFailure(event.error, 'Failed to download your data').message }),
        },
      },
    },
  },
});

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
        onDone: { target: 'checking', actions: assign({ job: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => toFailure(event.error, 'Failed to fetch your data export').message }) },
      },
    },
    checking: {
      always: [{ guard: 'isRunning', target: 'preparing' }, { target: 'idle' }],
    },
    loadFailed: {
      description: 'The newest export could not be read; retry.',
      on: { 'export.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    idle: {
      description: 'No export in progress: the last one (completed or failed) is shown; a new one can start.',
      on: {
        'export.start': 'starting',
        'export.download': { guard: ({ context }) => context.job?.status === 'completed', target: 'downloading' },
      },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        src: 'start',
        onDone: { target: 'preparing', actions: assign({ job: ({ event }) => event.output, error: null }) },
        onError: { target: 'idle', actions: [assign({ error: ({ event }) => toFailure(event.error, 'Failed to start the export').message })] },
      },
    },
    preparing: {
      description: 'The server builds the zip; its progress is read every second.',
      tags: ['busy'],
      initial: 'waiting',
      states: {
        waiting: { after: { [EXPORT_POLL_MS]: 'reading' } },
        reading: {
          invoke: {
            src: 'status',
            input: ({ context }) => ({ id: context.job!.export_id }),
            onDone: [
              { guard: { type: 'jobRunning', params: ({ event }) => event.output }, target: 'waiting', actions: assign({ job: ({ event }) => event.output }) },
              {
                guard: { type: 'jobDone', params: ({ event }) => event.output },
                target: '#dataExport.idle',
                actions: [assign({ job: ({ event }) => event.output }), { type: 'notify', params: { kind: 'success', message: 'Your data is ready to download.' } }],
              },
              { target: '#dataExport.idle', actions: assign({ job: ({ event }) => event.output, error: ({ event }) => event.output.error ?? 'The export failed. Please try again.' }) },
            ],
            // A dropped connection while waiting: keep following the job.
            onError: { target: 'waiting' },
          },
        },
      },
    },
    downloading: {
      tags: ['busy'],
      invoke: {
        src: 'download',
        input: ({ context }) => ({ job: context.job! }),
        onDone: 'idle',
        onError: { target: 'idle', actions: assign({ error: ({ event }) => toFailure(event.error, 'Failed to download your data').message }) },
      },
    },
  },
});

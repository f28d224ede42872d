import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { dataExportMachine, EXPORT_POLL_MS } from '../../machines/dataExport';
import type { Toast } from '../../machines/types';
import type { ExportJob } from '../../src/contract/account';
import { exportJob as job } from './support/dataExport';
import { dataExportFlow, dataExportModel } from '../models/dataExport';
import { recordMachineCoverage } from '../support/machine-coverage';
import { apiError, itWalksTheWholeModel, modelPaths, OFFLINE } from './support/model';

const paths = modelPaths(dataExportModel);
const coverage = recordMachineCoverage(import.meta.url, 'node');

/**
 * The real dataExport machine on a fake export API whose job runs two progress reads (running, then the
 * outcome); the second-by-second polling runs on a simulated clock, so no path waits.
 */
function start() {
  const clock = new SimulatedClock();
  const server = {
    latest: null as ExportJob | null,
    latestFails: false,
    asked: 0,
    startRefused: false,
    /** What the progress reads answer in turn; an Error is a dropped connection. */
    reads: [] as Array<ExportJob | Error>,
    downloadFails: false,
  };
  const toasts: Toast[] = [];
  const downloads: string[] = [];
  const actor = createActor(
    dataExportMachine.provide({
      actors: {
        latest: fromPromise(async () => {
          server.asked += 1;
          if (server.latestFails) throw apiError('', 503);
          return server.latest;
        }),
        start: fromPromise(async () => {
          if (server.startRefused) throw apiError(dataExportFlow.refused, 409);
          return job();
        }),
        status: fromPromise(async () => {
          const next = server.reads.shift() ?? job({ status: 'completed', progress: 100 });
          if (next instanceof Error) throw next;
          return next;
        }),
        download: fromPromise(async ({ input }) => {
          if (server.downloadFails) throw apiError('', 500);
          downloads.push(input.job.export_id);
        }),
      },
      actions: { notify: (_, t) => void toasts.push(t) },
    }),
    { clock },
  );
  /** Lets the calls answer and the clock run (a second per poll) until nothing is under way. */
  const rest = async () => {
    for (let i = 0; i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      const s = actor.getSnapshot();
      if (s.matches({ preparing: 'waiting' })) clock.increment(EXPORT_POLL_MS);
      else if (!s.hasTag('busy')) return;
    }
    throw new Error(`the export did not come to rest (${JSON.stringify(actor.getSnapshot().value)})`);
  };
  return { actor, server, toasts, downloads, rest };
}

describe('model-based paths: download all my data (real dataExport machine)', () => {
  itWalksTheWholeModel(dataExportModel, paths);

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, server, toasts, downloads, rest } = start();
      coverage.path(path.description).attach(actor);
      const open = async () => {
        actor.start();
        await rest();
      };
      const exportWith = async (reads: Array<ExportJob | Error>) => {
        server.reads = reads;
        actor.send({ type: 'export.start' });
        await rest();
      };
      const snapshot = () => actor.getSnapshot();
      await path.test({
        events: {
          OPEN: open,
          OPEN_OFFLINE: async () => {
            server.latestFails = true;
            await open();
          },
          OPEN_WHILE_ANOTHER_TAB_EXPORTS: async () => {
            server.latest = job({ status: 'running', progress: 30 });
            await open();
          },
          RETRY: async () => {
            server.latestFails = false;
            actor.send({ type: 'export.retry' });
            await rest();
          },
          EXPORT: () => exportWith([job({ status: 'running', progress: 40 })]),
          EXPORT_THROUGH_A_DROPPED_CONNECTION: () => exportWith([job({ status: 'running', progress: 40 }), apiError(OFFLINE, 0, true)]),
          EXPORT_REFUSED: async () => {
            server.startRefused = true;
            await exportWith([]);
          },
          EXPORT_FAILS_ON_SERVER: () => exportWith([job({ status: 'running', progress: 40 }), job({ status: 'failed', error: dataExportFlow.serverStopped })]),
          DOWNLOAD: async () => {
            actor.send({ type: 'export.download' });
            await rest();
          },
          DOWNLOAD_FAILS: async () => {
            server.downloadFails = true;
            actor.send({ type: 'export.download' });
            await rest();
          },
        },
        states: {
          opening: () => expect(server.asked).toBe(0),
          noExport: () => {
            expect(snapshot().value).toBe('idle');
            expect(snapshot().context).toEqual({ job: null, error: null });
          },
          loadFailed: () => {
            expect(snapshot().value).toBe('loadFailed');
            expect(snapshot().context.error).toBe(dataExportFlow.loadFailed);
          },
          retried: () => expect(snapshot().matches('idle') && snapshot().context.error === null).toBe(true),
          ready: () => {
            expect(snapshot().value).toBe('idle');
            expect(snapshot().context.job?.status).toBe('completed');
            expect(toasts.at(-1)).toEqual({ kind: 'success', message: dataExportFlow.ready });
            expect(snapshot().can({ type: 'export.download' })).toBe(true);
          },
          startRefused: () => {
            expect(snapshot().value).toBe('idle');
            expect(snapshot().context.error).toBe(dataExportFlow.refused);
          },
          exportFailed: () => {
            expect(snapshot().value).toBe('idle');
            expect(snapshot().context.error).toBe(dataExportFlow.serverStopped);
            expect(snapshot().can({ type: 'export.download' })).toBe(false);
            expect(toasts).toEqual([]);
          },
          downloaded: () => expect(downloads).toEqual(['e1']),
          downloadFailed: () => {
            expect(downloads).toEqual([]);
            expect(snapshot().context.error).toBe(dataExportFlow.downloadFailed);
            expect(snapshot().can({ type: 'export.download' })).toBe(true);
          },
        },
      });
    });
  }
});

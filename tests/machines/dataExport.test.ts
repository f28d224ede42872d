import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ExportJob } from '../../src/contract/account';
import { exportJob as job } from './support/dataExport';
import { dataExportMachine } from '../../machines/dataExport';
import type { Toast } from '../../machines/types';

function start(options: { latest?: ExportJob | null; statuses?: ExportJob[]; failLatest?: boolean; failStart?: string }) {
  const toasts: Toast[] = [];
  const downloads: string[] = [];
  const statuses = [...(options.statuses ?? [])];
  const actor = createActor(
    dataExportMachine.provide({
      actors: {
        latest: fromPromise(async () => {
          if (options.failLatest) throw Object.assign(new Error('Network error. Please check your connection.'), { handledGlobally: true });
          return options.latest ?? null;
        }),
        start: fromPromise(async () => {
          if (options.failStart) throw Object.assign(new Error(options.failStart), { status: 409 });
          return job();
        }),
        status: fromPromise(async () => statuses.shift() ?? job({ status: 'completed', progress: 100 })),
        download: fromPromise(async ({ input }) => void downloads.push(input.job.export_id)),
      },
      actions: { notify: (_, t) => void toasts.push(t) },
    }),
  ).start();
  return { actor, toasts, downloads };
}

describe('data export machine', () => {
  it('starts an export, follows its progress and offers the download when the zip is ready', async () => {
    const { actor, toasts, downloads } = start({ statuses: [job({ status: 'running', progress: 40, rows_total: 10, rows_done: 4 })] });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'export.start' });
    await waitFor(actor, (s) => s.context.job?.progress === 40, { timeout: 5_000 });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('idle') && s.context.job?.status === 'completed', { timeout: 5_000 });
    expect(toasts).toEqual([{ kind: 'success', message: 'Your data is ready to download.' }]);
    actor.send({ type: 'export.download' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(downloads).toEqual(['e1']);
  });

  it('a page opened while an export runs keeps following it', async () => {
    const { actor } = start({ latest: job({ status: 'running', progress: 10 }) });
    await waitFor(actor, (s) => s.matches('preparing'));
    await waitFor(actor, (s) => s.context.job?.status === 'completed', { timeout: 5_000 });
  });

  it('a failed export says why and can start again', async () => {
    const { actor } = start({ statuses: [job({ status: 'failed', error: 'The export stopped on an unexpected error. Please try again.' })] });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'export.start' });
    await waitFor(actor, (s) => s.context.job?.status === 'failed', { timeout: 5_000 });
    expect(actor.getSnapshot().context.error).toBe('The export stopped on an unexpected error. Please try again.');
    expect(actor.getSnapshot().can({ type: 'export.start' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'export.download' })).toBe(false);
  });

  it('a refused start shows the server message; loading failure offers a retry', async () => {
    const refused = start({ failStart: 'An export is already being prepared' });
    await waitFor(refused.actor, (s) => s.matches('idle'));
    refused.actor.send({ type: 'export.start' });
    await waitFor(refused.actor, (s) => s.context.error !== null);
    expect(refused.actor.getSnapshot().context.error).toBe('An export is already being prepared');

    const offline = start({ failLatest: true });
    await waitFor(offline.actor, (s) => s.matches('loadFailed'));
    expect(offline.actor.getSnapshot().can({ type: 'export.retry' })).toBe(true);
  });
});

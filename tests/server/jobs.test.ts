import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportJob } from '../../src/contract/account';
import type { ImportJob, ImportPreview } from '../../src/contract/transactions';
import { createJobRunner, type JobRunner, type JobStore } from '../../src/server/services/jobs';
import { createExportRunner } from '../../src/server/services/account/export';
import { createImportRunner } from '../../src/server/services/import/runner';
import { bearer, createTestApp, signUpWithAccess, type TestApp } from '../support/app';

/** A store in memory: what the runner claimed, failed and finished, in order. */
function memoryStore(ids: string[] = []) {
  const status = new Map<string, 'queued' | 'running' | 'completed' | 'failed'>(ids.map((id) => [id, 'queued']));
  const events: string[] = [];
  const store: JobStore<{ id: string }> = {
    async claim(id) {
      if (status.get(id) !== 'queued') return undefined;
      status.set(id, 'running');
      return { id };
    },
    async fail(id, detail) {
      status.set(id, 'failed');
      events.push(`failed ${id}: ${detail}`);
    },
    async resumable() {
      return [...status].filter(([, s]) => s === 'queued').map(([id]) => id);
    },
  };
  return { store, status, events };
}

const errors: unknown[] = [];
const log = { error: (details: unknown) => errors.push(details) } as unknown as FastifyBaseLogger;

describe('the job runner (services/jobs.ts)', () => {
  it('runs jobs one at a time in order, each once, and marks a job that throws as failed with the owner’s text', async () => {
    const { store, status, events } = memoryStore(['a', 'b', 'c']);
    let running = 0;
    const runner = createJobRunner({
      kind: 'test',
      log,
      store,
      failure: 'It broke. Please try again.',
      async work(job) {
        running++;
        expect(running).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        if (job.id === 'b') throw new Error('boom');
        status.set(job.id, 'completed');
        events.push(`done ${job.id}`);
      },
    });
    runner.enqueue('a');
    runner.enqueue('b');
    runner.enqueue('a');
    runner.enqueue('c');
    await runner.idle();
    expect(events).toEqual(['done a', 'failed b: It broke. Please try again.', 'done c']);
    expect(errors).toContainEqual(expect.objectContaining({ testId: 'b' }));
    await runner.stop();
  });

  it('stops between steps and leaves the job for the next start, which resumes it', async () => {
    const { store, status } = memoryStore(['x']);
    const steps: string[] = [];
    const work = (runner: () => { stop(): Promise<void> }) => async (job: { id: string }, signal: AbortSignal) => {
      for (let step = 0; step < 3; step++) {
        if (signal.aborted) {
          // As a process that stops mid-job: the job stays claimable in the store.
          status.set(job.id, 'queued');
          return;
        }
        steps.push(`step ${step}`);
        if (step === 0) void runner().stop();
        await new Promise((resolve) => setImmediate(resolve));
      }
      status.set(job.id, 'completed');
    };
    const first: JobRunner = createJobRunner({ kind: 'test', log, store, failure: 'x', work: work(() => first) });
    await first.start();
    await first.idle();
    expect(steps).toEqual(['step 0']);
    expect(status.get('x')).toBe('queued');

    steps.length = 0;
    const second = createJobRunner({ kind: 'test', log, store, failure: 'x', work: work(() => ({ stop: async () => undefined })) });
    await second.start();
    await second.idle();
    expect(steps).toEqual(['step 0', 'step 1', 'step 2']);
    expect(status.get('x')).toBe('completed');
    await second.stop();
  });
});

describe('imports and exports left behind by a stopped server', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  }, 120_000);
  afterAll(() => testApp?.close());

  it('are finished by the runners of the next start, from what the database holds', async () => {
    const { app } = testApp;
    const user = await signUpWithAccess(app);
    const headers = bearer(user.token);
    // This server's runners stop, as when the process is asked to stop: the jobs stay queued.
    await app.importRunner.stop();
    await app.exportRunner.stop();
    const upload = await app.inject({
      method: 'POST',
      url: '/transactions/import',
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: 'Date,Description,Amount\n2024-04-01,Coffee,-3.50\n2024-04-02,Salary,2000.00\n',
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const preview = upload.json<ImportPreview>();
    const commit = await app.inject({ method: 'POST', url: `/transactions/import/${preview.import_id}/commit`, headers, payload: { mapping: preview.mapping } });
    expect(commit.statusCode, commit.body).toBe(202);
    const exportJob = (await app.inject({ method: 'POST', url: '/users/me/exports', headers })).json<ExportJob>();
    const importStatus = async () => (await app.inject({ method: 'GET', url: `/transactions/import/${preview.import_id}`, headers })).json<ImportJob>();
    const exportStatus = async () => (await app.inject({ method: 'GET', url: `/users/me/exports/${exportJob.export_id}`, headers })).json<ExportJob>();
    expect((await importStatus()).status).toBe('queued');
    expect((await exportStatus()).status).toBe('queued');
    // A queued import is taken over once nobody has touched it for a minute (another process may be about to run it).
    await app.db.execute(sql`update import_jobs set updated_at = now() - interval '5 minutes' where id = ${preview.import_id}`);

    // The runners a new process would make (plugins/job-runners.ts) find the jobs in the database at start.
    const next = [createImportRunner({ repo: app.repos.transactions, log: app.log }), createExportRunner({ account: app.repos.account, users: app.repos.users, log: app.log })];
    try {
      await Promise.all(next.map((runner) => runner.start()));
      await Promise.all(next.map((runner) => runner.idle()));
      expect(await importStatus()).toMatchObject({ status: 'completed', rows_done: 2 });
      expect((await app.inject({ method: 'GET', url: '/transactions', headers })).json<{ total: number }>().total).toBe(2);
      expect(await exportStatus()).toMatchObject({ status: 'completed', progress: 100 });
      expect((await app.inject({ method: 'GET', url: `/users/me/exports/${exportJob.export_id}/download`, headers })).statusCode).toBe(200);
    } finally {
      await Promise.all(next.map((runner) => runner.stop()));
    }
  }, 120_000);
});

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createExportRunner } from '../services/account/export';
import { createImportRunner } from '../services/import/runner';
import type { JobRunner } from '../services/jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs committed CSV imports in the background, in batches; resumes unfinished ones at start. */
    importRunner: JobRunner;
    /** Builds "download all my data" archives in the background (tests wait on `idle()`). */
    exportRunner: JobRunner;
  }
}

/**
 * The background jobs' lifecycle (services/jobs.ts): each runner picks up what a stopped process left
 * behind when the server is ready, and stops after the step in flight on close.
 */
export default fp(
  async function jobRunnersPlugin(app: FastifyInstance) {
    const importRunner = createImportRunner({ repo: app.repos.transactions, accounts: app.repos.accounts, log: app.log, afterJob: () => app.dbMaintenance.changed(), finishRow: (userId) => app.autoRules.categorizer(userId) });
    const exportRunner = createExportRunner({ account: app.repos.account, users: app.repos.users, log: app.log });
    app.decorate('importRunner', importRunner);
    app.decorate('exportRunner', exportRunner);
    const runners = [importRunner, exportRunner];
    app.addHook('onReady', async () => {
      await Promise.all(runners.map((runner) => runner.start()));
    });
    app.addHook('onClose', async () => {
      await Promise.all(runners.map((runner) => runner.stop()));
    });
  },
  { name: 'job-runners', dependencies: ['repositories', 'auto-rules'] },
);

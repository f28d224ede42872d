import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createImportRunner, type ImportRunner } from '../services/import/runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs committed CSV imports in the background, in batches; resumes unfinished ones at start. */
    importRunner: ImportRunner;
  }
}

/** The import runner's lifecycle: sweeps and resumes when the server is ready, stops after the batch in flight on close. */
export default fp(
  async function importRunnerPlugin(app: FastifyInstance) {
    const runner = createImportRunner({ repo: app.repos.transactions, log: app.log });
    app.decorate('importRunner', runner);
    app.addHook('onReady', () => runner.start());
    app.addHook('onClose', () => runner.stop());
  },
  { name: 'import-runner', dependencies: ['repositories'] },
);

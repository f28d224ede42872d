/**
 * The API process of the benches (`npm run bench`, `npm run bench -- --peer actual`): the app as
 * `npm start` builds it, plus a bare route for reference. benchBuild.ts compiles this file to
 * JavaScript (as build-server.mjs compiles the server), so the process the benches measure carries
 * no TypeScript loader, like production. Prints `BENCH_READY <port>` when it listens.
 */
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { collectOpeningGarbage } from '../server/memory';

export const READY = 'BENCH_READY';

async function serve(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config, { logger: false });
  // The reference: the same Fastify instance, no auth, no database, no validation.
  app.get('/bench/noop', async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // As start.ts does once it listens.
  collectOpeningGarbage();
  console.log(`${READY} ${port}`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv.includes('--serve')) {
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/**
 * `npx tsx src/tools/bench-recurring.ts`: the month ahead and the 90-day forecast for a user with
 * 1,000,000 transactions (seeded as `npm run bench` does, benchSeed.ts) and 20 recurring items on
 * their accounts, through the API in this process (`app.inject`: routing, auth, validation, the
 * service and its queries). Prints p50 and p95 per call. Not part of `npm test`.
 *
 *   npx tsx src/tools/bench-recurring.ts                      # 1,000,000 rows in a temp PGlite directory
 *   npx tsx src/tools/bench-recurring.ts --rows 100000 --runs 50
 *   DATABASE_URL=postgres://… npx tsx src/tools/bench-recurring.ts
 */
import { rmSync } from 'node:fs';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { today as todayOf } from '../contract/calendar';
import { benchEnv, createBenchUser, freshBenchStore, seedRecurringItems, seedTransactions } from './benchSeed';
import { positiveOption } from './cliOptions';

const argv = process.argv.slice(2);
const ROWS = Math.floor(positiveOption(argv, 'rows', 1_000_000));
const RUNS = Math.floor(positiveOption(argv, 'runs', 100));
const EMAIL = 'bench-recurring@example.com';
const PASSWORD = 'bench password 1';
const log = (line: string) => console.log(`[bench:recurring] ${line}`);
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function main() {
  const store = await freshBenchStore('bench_recurring');
  const env = benchEnv(store);
  try {
    const config = loadConfig(env);
    const database = await openDatabase(config);
    const user = await createBenchUser(database.db, EMAIL, PASSWORD);
    const started = performance.now();
    log(`seeding ${ROWS.toLocaleString('en-US')} transactions…`);
    await seedTransactions(database.db, user.id, ROWS, log);
    log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await seedRecurringItems(database.db, user.id);
    const today = todayOf();
    await database.close();

    const app = await buildApp(config, { logger: false });
    await app.ready();
    try {
      const login = await app.inject({ method: 'POST', url: '/users/login', payload: { email: EMAIL, password: PASSWORD } });
      const token = login.json<{ access_token: string }>().access_token;
      const headers = { authorization: `Bearer ${token}` };
      await app.inject({ method: 'POST', url: '/subscription/trial/start', headers });
      const calls = [`/recurring/month-ahead?from=${today}`, `/recurring/forecast?from=${today}`];
      for (const url of calls) {
        const times: number[] = [];
        for (let run = 0; run <= RUNS; run++) {
          const t0 = performance.now();
          const res = await app.inject({ method: 'GET', url, headers });
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
          if (run > 0) times.push(performance.now() - t0);
        }
        log(`GET ${url.split('?')[0]}: p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms (${RUNS} runs, ${ROWS.toLocaleString('en-US')} rows, ${store.databaseUrl ? 'PostgreSQL' : 'PGlite'})`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await store.drop();
    if (store.dataDir) rmSync(store.dataDir, { recursive: true, force: true });
  }
}

await main();

/**
 * `npm run bench:coach`: how long the built-in coach takes to stream its first chunk of an answer
 * for a user with 1,000,000 transactions. Seeds the rows as `npm run bench` does (benchSeed.ts),
 * starts the API on a loopback port in this process, asks each question several times through
 * `POST /chat/financial-advice-stream` over real HTTP, and times the first `{type:"chunk"}` event
 * from the moment the request is sent. Writes its section of docs/performance.md.
 *
 *   npm run bench:coach
 *   npm run bench:coach -- --rows 200000 --runs 5 --no-write
 *   DATABASE_URL=postgres://… npm run bench:coach      # a new database on that server, dropped afterwards
 *   npm run bench:coach -- --data-dir /tmp/coach-1m     # seeds that PGlite directory once and keeps it; later runs reuse it
 *
 * `--data-dir` lets two versions of the code be compared on the same rows in the same window (a 1M
 * seed takes minutes on a busy machine): the second run only migrates and measures.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { usersRepository } from '../server/repositories/users';
import { builtinCoach } from '../server/services/coach/builtin';
import { coachData } from '../server/services/coach/data';
import { hashPassword } from '../server/services/passwords';
import { freshBenchStore, seedTransactions } from './benchSeed';
import { positiveOption } from './cliOptions';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const log = (line: string) => console.log(`[bench:coach] ${line}`);
const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => Math.floor(positiveOption(argv, name, fallback));
const ROWS = option('rows', 1_000_000);
const RUNS = option('runs', 7);
const WRITE = !argv.includes('--no-write');
const dataDirAt = argv.indexOf('--data-dir');
const KEEP_DIR = dataDirAt >= 0 ? argv[dataDirAt + 1] : undefined;
if (dataDirAt >= 0 && (!KEEP_DIR || KEEP_DIR.startsWith('--'))) throw new Error('--data-dir needs a directory');

/** A greeting (the route's own cost: no figures), questions of every kind the plan layer answers, and two the intent rules answer. */
const QUESTIONS = [
  'Hi',
  'How much did I spend on groceries last month?',
  'How much did I spend on groceries last month, and how does that compare with my income?',
  'compare my dining in September and October',
  'What was the most I spent on a single order at Amazon this year?',
  'How much did I spend on electricity last month?',
  'How much did I spend on gas and uber last mnth?',
  'What do I usually spend on dining a month?',
  'Summarise this month',
  'Where can I cut back?',
];

const PASSWORD = 'bench password 1';

async function main() {
  const store = KEEP_DIR ? { dataDir: resolve(KEEP_DIR), databaseUrl: undefined, drop: async () => undefined } : await freshBenchStore('bench_coach');
  const { dataDir, databaseUrl } = store;
  const dropDatabase = store.drop;
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    JWT_SECRET: randomBytes(32).toString('hex'),
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    COACH_FREE_DAILY_MESSAGES: '100000',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  try {
    const config = loadConfig(env);
    const database = await openDatabase(config);
    const users = usersRepository(database.db);
    let user = KEEP_DIR ? await users.findByEmail('bench-coach@example.com') : undefined;
    if (user) {
      log(`reusing the transactions seeded in ${dataDir}`);
    } else {
      user = await users.create({ email: 'bench-coach@example.com', passwordHash: await hashPassword(PASSWORD), fullName: 'Bench User' });
      await users.markVerified(user!.id);
      const started = performance.now();
      log(`seeding ${ROWS.toLocaleString('en-US')} transactions into ${dataDir ?? 'a new PostgreSQL database'}…`);
      await seedTransactions(database.db, user!.id, ROWS, log);
      log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    await database.close();

    const app = await buildApp(config, { logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const login = await fetch(`${base}/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench-coach@example.com', password: PASSWORD }) });
      const { access_token: token } = (await login.json()) as { access_token: string };
      const results: { question: string; engine: number[]; cpu: number[]; firstChunk: number[]; httpCpu: number[]; whole: number[] }[] = [];
      const coach = builtinCoach({ chunkDelayMs: 35 });
      const today = new Date().toISOString().slice(0, 10);
      for (const question of QUESTIONS) {
        const firstChunk: number[] = [];
        const whole: number[] = [];
        const httpCpu: number[] = [];
        const engine: number[] = [];
        const cpu: number[] = [];
        // The coach alone: from the question to its first piece of text, in this process.
        for (let run = 0; run <= RUNS; run++) {
          const abort = new AbortController();
          const t0 = performance.now();
          const c0 = process.cpuUsage();
          const request = { question, history: [], profile: { name: null, currency: 'USD', monthlyIncome: null, mainGoal: null, helpWith: [] }, tools: { data: coachData(app.db, user!.id), currency: 'USD', today, now: new Date() } };
          for await (const event of coach.answer(request, abort.signal)) {
            if (event.type !== 'text') continue;
            if (run > 0) {
              engine.push(performance.now() - t0);
              // CPU time of this process (the coach and the embedded database run on its thread): what the answer costs without other work competing for the cores.
              const c = process.cpuUsage(c0);
              cpu.push((c.user + c.system) / 1000);
            }
            abort.abort();
            break;
          }
        }
        // One warm-up run, then the measured ones.
        for (let run = 0; run <= RUNS; run++) {
          const t0 = performance.now();
          const c0 = process.cpuUsage();
          let firstCpu = 0;
          const res = await fetch(`${base}/chat/financial-advice-stream`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ message: question }) });
          if (!res.ok || !res.body) throw new Error(`${question}: HTTP ${res.status} ${await res.text()}`);
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          let first: number | null = null;
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            buffer += value;
            if (first === null && buffer.includes('"type":"chunk"')) {
              first = performance.now() - t0;
              const c = process.cpuUsage(c0);
              firstCpu = (c.user + c.system) / 1000;
            }
          }
          if (first === null) throw new Error(`${question}: no chunk in ${buffer.slice(0, 300)}`);
          if (run > 0) {
            firstChunk.push(first);
            httpCpu.push(firstCpu);
            whole.push(performance.now() - t0);
          }
        }
        results.push({ question, engine, cpu, firstChunk, httpCpu, whole });
        log(`${question}: coach ${median(engine).toFixed(1)} ms (CPU ${median(cpu).toFixed(1)} ms), HTTP first chunk ${median(firstChunk).toFixed(1)} ms (CPU ${median(httpCpu).toFixed(1)} ms)`);
      }
      const table = [
        '| Question | coach: first chunk p50 (ms) | max (ms) | coach: CPU time p50 (ms) | HTTP: first chunk p50 (ms) | max (ms) | HTTP: CPU time to first chunk p50 (ms) | HTTP: whole answer p50 (ms) |',
        '|---|---:|---:|---:|---:|---:|---:|---:|',
        ...results.map(
          (r) =>
            `| ${r.question} | ${median(r.engine).toFixed(1)} | ${Math.max(...r.engine).toFixed(1)} | ${median(r.cpu).toFixed(1)} | ${median(r.firstChunk).toFixed(1)} | ${Math.max(...r.firstChunk).toFixed(1)} | ${median(r.httpCpu).toFixed(1)} | ${median(r.whole).toFixed(1)} |`,
        ),
      ].join('\n');
      const overall = median(results.flatMap((r) => r.engine));
      const overallHttp = median(results.flatMap((r) => r.firstChunk));
      const overallCpu = median(results.flatMap((r) => r.cpu));
      const overallHttpCpu = median(results.flatMap((r) => r.httpCpu));
      const key = databaseUrl ? 'coach_postgres' : 'coach_pglite';
      const section = `<!-- bench:${key} -->
## The coach's first chunk: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${ROWS.toLocaleString('en-US')} rows

\`npm run bench:coach${ROWS !== 1_000_000 || RUNS !== 7 ? ` -- --rows ${ROWS} --runs ${RUNS}` : ''}\` (${new Date().toISOString().slice(0, 10)}, load ${loadavg()[0]!.toFixed(1)}; ${RUNS} runs a question): \`POST /chat/financial-advice-stream\` over HTTP to the first \`{type:"chunk"}\`, and the coach alone in the same process. Goal: 50 ms over HTTP. Median over every question: **${overallHttp.toFixed(1)} ms** over HTTP, ${overall.toFixed(1)} ms in the coach (CPU ${overallCpu.toFixed(1)} ms).

| Question | coach p50 ms | coach CPU p50 ms | HTTP p50 ms | HTTP max ms |
|---|---:|---:|---:|---:|
${results.map((r) => `| ${r.question} | ${median(r.engine).toFixed(1)} | ${median(r.cpu).toFixed(1)} | ${median(r.firstChunk).toFixed(1)} | ${Math.max(...r.firstChunk).toFixed(1)} |`).join('\n')}
<!-- /bench:${key} -->`;
      console.log(`\n${table}\n\nmedian first chunk: coach ${overall.toFixed(1)} ms (CPU ${overallCpu.toFixed(1)} ms), HTTP ${overallHttp.toFixed(1)} ms (CPU ${overallHttpCpu.toFixed(1)} ms)`);
      if (WRITE) {
        const path = join(root, 'docs', 'performance.md');
        let doc = existsSync(path) ? readFileSync(path, 'utf8') : '# Performance\n';
        const block = new RegExp(`<!-- bench:${key} -->[\\s\\S]*?<!-- /bench:${key} -->`);
        doc = block.test(doc) ? doc.replace(block, section) : `${doc.trimEnd()}\n\n${section}\n`;
        writeFileSync(path, doc);
        log('wrote docs/performance.md');
      }
    } finally {
      await app.close();
    }
  } finally {
    if (dataDir && !KEEP_DIR) rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase().catch((error: unknown) => log(`could not drop the bench database: ${String(error)}`));
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});

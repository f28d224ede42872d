/**
 * `npm run bench:capacity`: how many realistic sessions per second the API serves on PostgreSQL with
 * one and with two API processes on this machine. A session signs in, opens the dashboard, the list,
 * searches, adds a transaction, asks the coach a question (to its last word) and opens the budget
 * month, as one of `--users` users who each hold `--rows / --users` transactions. Closed loop: 1, 2,
 * 4, … sessions at once for `--duration` seconds each, until a request's p99 passes 200 ms; the answer
 * is the most sessions per second with p99 ≤ 200 ms, with the CPU per session of the API processes and
 * of the database's processes (from /proc).
 *
 *   npm run bench:capacity -- --rows 20000 --users 4 --duration 5            # a throwaway cluster (tests/support/postgres.sh)
 *   DATABASE_URL=postgres://… npm run bench:capacity -- --processes 2        # one count only, on that server
 *   npm run bench:capacity -- --write                                        # and writes the table into docs/performance.md
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { thisMonth } from '../../contract/calendar';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { usersRepository } from '../../server/repositories/users';
import { hashPassword } from '../../server/services/passwords';
import { buildBenchProcesses } from '../benchBuild';
import { freshBenchStore, seedTransactions } from '../benchSeed';
import { startServer } from '../benchServer';
import { positiveOption } from '../cliOptions';
import { conditions, underLoad } from './load';
import { writeSection } from './main';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const argv = process.argv.slice(2);
const log = (line: string) => console.log(`[bench:capacity] ${line}`);
const PASSWORD = 'capacity password 1';
const P99_MS = 200;
const TICKS = 100; // USER_HZ on Linux

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);

/** CPU seconds (user + system) of the given processes. */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return ticks / TICKS;
}

/** The postmaster and its children (backends, writer, WAL): the database's processes. */
function postgresPids(postmaster: number | undefined): number[] {
  if (!postmaster) return [];
  const pids = [postmaster];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const fields = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) === postmaster) pids.push(Number(name));
    } catch {
      // gone
    }
  }
  return pids;
}

/** Each request's latencies by kind (its path without the query), for the slowest kind's p99 in the log. */
const byKind = new Map<string, number[]>();

/** One session; answers each request's latency in ms. Throws on any answer but the expected one. */
async function session(base: string, email: string, n: number): Promise<number[]> {
  const times: number[] = [];
  const call = async (path: string, init: RequestInit = {}, expected = 200) => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, init);
    const body = await response.text();
    const took = performance.now() - started;
    times.push(took);
    const kind = `${init.method ?? 'GET'} ${path.split('?')[0]!.replace(/\d{4}-\d{2}$/, ':month')}`;
    byKind.set(kind, [...(byKind.get(kind) ?? []), took]);
    if (response.status !== expected) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${body.slice(0, 200)}`);
    return body;
  };
  const json = { 'content-type': 'application/json' };
  const token = (JSON.parse(await call('/users/login', { method: 'POST', headers: json, body: JSON.stringify({ email, password: PASSWORD }) })) as { access_token: string }).access_token;
  const auth = { authorization: `Bearer ${token}` };
  await call('/dashboard/analytics?period=30_days&time_unit=days', { headers: auth });
  await call('/transactions?limit=50', { headers: auth });
  await call('/transactions?q=uber&limit=50', { headers: auth });
  const today = new Date().toISOString().slice(0, 10);
  await call('/transactions', { method: 'POST', headers: { ...auth, ...json }, body: JSON.stringify({ type: 'expense', amount: 12.5 + (n % 100), date: today, category: 'Groceries', description: `Capacity ${n}` }) }, 201);
  await call('/chat/financial-advice-stream', { method: 'POST', headers: { ...auth, ...json }, body: JSON.stringify({ message: 'How much did I spend on groceries last month?' }) });
  await call(`/budgets/${thisMonth()}`, { headers: auth });
  return times;
}

interface Step {
  concurrency: number;
  sessionsPerSecond: number;
  p50: number;
  p99: number;
  apiCpuMsPerSession: number;
  dbCpuMsPerSession: number;
  errors: number;
}

async function step(bases: string[], emails: string[], concurrency: number, seconds: number, apiPids: number[], postmaster: number | undefined): Promise<Step> {
  const latencies: number[] = [];
  let sessions = 0;
  let errors = 0;
  let n = 0;
  byKind.clear();
  const dbPids = postgresPids(postmaster);
  const api0 = cpuSeconds(apiPids);
  const db0 = cpuSeconds(dbPids);
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < end) {
        const i = n++;
        try {
          // Sessions spread over the API processes, as a load balancer would.
          latencies.push(...(await session(bases[i % bases.length]!, emails[(worker + i) % emails.length]!, i)));
          sessions++;
        } catch (error) {
          errors++;
          if (errors <= 3) log(`  ${(error as Error).message}`);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const perSession = (cpu: number) => (sessions ? (cpu * 1000) / sessions : NaN);
  const kinds = [...byKind].map(([kind, list]) => [kind, percentile(list.sort((a, b) => a - b), 99)] as const).sort((a, b) => b[1] - a[1]);
  log(`  p99 by request: ${kinds.map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ')}`);
  return {
    concurrency,
    sessionsPerSecond: sessions / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    apiCpuMsPerSession: perSession(cpuSeconds(apiPids) - api0),
    dbCpuMsPerSession: perSession(cpuSeconds(postgresPids(postmaster)) - db0),
    errors,
  };
}

async function main() {
  const rows = Math.floor(positiveOption(argv, 'rows', 100_000));
  const userCount = Math.floor(positiveOption(argv, 'users', 10));
  const seconds = positiveOption(argv, 'duration', 10);
  const maxConcurrency = Math.floor(positiveOption(argv, 'max-concurrency', 64));
  const only = argv.includes('--processes') ? [Math.floor(positiveOption(argv, 'processes', 1))] : [1, 2];
  const loadAtStart = loadavg()[0]!;
  if (underLoad(loadAtStart)) log(underLoad(loadAtStart));
  // A throwaway cluster unless DATABASE_URL names a server (then the database's CPU is not attributed).
  let clusterDir: string | undefined;
  if (!process.env.DATABASE_URL) {
    clusterDir = mkdtempSync(join(tmpdir(), 'finu-capacity-pg-'));
    process.env.DATABASE_URL = execFileSync(join(root, 'tests/support/postgres.sh'), ['start', clusterDir], { encoding: 'utf8' }).trim();
  }
  const home = clusterDir && existsSync(join(clusterDir, 'cluster-home')) ? readFileSync(join(clusterDir, 'cluster-home'), 'utf8').trim() : clusterDir;
  const postmaster = (() => {
    try {
      return home ? Number(readFileSync(join(home, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]) : undefined;
    } catch {
      return undefined;
    }
  })();
  const store = await freshBenchStore('bench_capacity');
  const children: ChildProcess[] = [];
  try {
    const env: Record<string, string> = { NODE_ENV: 'development', LOG_LEVEL: 'warn', JWT_SECRET: randomBytes(32).toString('hex'), AUTH_RATE_LIMIT_PER_MINUTE: '1000000', COACH_STREAM_DELAY_MS: '0', DATABASE_URL: store.databaseUrl! };
    const database = await openDatabase(loadConfig(env));
    const emails: string[] = [];
    try {
      const users = usersRepository(database.db);
      const hash = await hashPassword(PASSWORD);
      for (let u = 0; u < userCount; u++) {
        const email = `capacity-${u}@example.com`;
        const user = (await users.create({ email, passwordHash: hash, fullName: `Capacity ${u}` }))!;
        await users.markVerified(user.id);
        await database.db.execute(sql`update users set onboarding_completed = true where id = ${user.id}`);
        await seedTransactions(database.db, user.id, Math.max(1, Math.floor(rows / userCount)));
        emails.push(email);
      }
    } finally {
      await database.close();
    }
    log(`${userCount} users × ${Math.floor(rows / userCount).toLocaleString('en-US')} transactions on PostgreSQL`);
    const built = await buildBenchProcesses();
    const lines = ['| API processes | Sessions at once | Sessions/s | p50 ms | p99 ms | API CPU ms/session | Database CPU ms/session | Errors |', '|---:|---:|---:|---:|---:|---:|---:|---:|'];
    const best: string[] = [];
    for (const processes of only) {
      const started = await Promise.all(Array.from({ length: processes }, () => startServer(env, built.api)));
      children.push(...started.map((s) => s.child));
      const bases = started.map((s) => `http://127.0.0.1:${s.port}`);
      // The coach and the budget need a plan: each user's trial, once.
      for (const email of emails) {
        const login = await fetch(`${bases[0]}/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
        const { access_token } = (await login.json()) as { access_token: string };
        await fetch(`${bases[0]}/subscription/trial/start`, { method: 'POST', headers: { authorization: `Bearer ${access_token}` } });
      }
      await step(bases, emails, 1, Math.min(2, seconds), [], undefined); // warm-up
      let top: Step | undefined;
      for (let concurrency = 1; concurrency <= maxConcurrency; concurrency *= 2) {
        const s = await step(bases, emails, concurrency, seconds, started.map((x) => x.child.pid!), postmaster);
        const note = underLoad();
        log(`${processes} process(es), ${concurrency} at once: ${s.sessionsPerSecond.toFixed(1)} sessions/s, p99 ${s.p99.toFixed(0)} ms, API ${s.apiCpuMsPerSession.toFixed(0)} ms CPU/session, database ${s.dbCpuMsPerSession.toFixed(0)} ms${s.errors ? `, ${s.errors} errors` : ''}${note ? `; ${note}` : ''}`);
        lines.push(`| ${processes} | ${concurrency} | ${s.sessionsPerSecond.toFixed(1)} | ${s.p50.toFixed(0)} | ${s.p99.toFixed(0)} | ${s.apiCpuMsPerSession.toFixed(0)} | ${Number.isFinite(s.dbCpuMsPerSession) && postmaster ? s.dbCpuMsPerSession.toFixed(0) : '—'} | ${s.errors} |`);
        if (s.p99 > P99_MS || s.errors) break;
        if (!top || s.sessionsPerSecond > top.sessionsPerSecond) top = s;
      }
      best.push(`${processes} API process${processes > 1 ? 'es' : ''}: ${top ? `${top.sessionsPerSecond.toFixed(1)} sessions/s at p99 ≤ ${P99_MS} ms (${top.concurrency} at once)` : `none: p99 over ${P99_MS} ms with one session at a time`}`);
      for (const s of started) s.child.kill('SIGTERM');
    }
    // The higher of the load when measuring started and when it ended: the figures' conditions.
    const load = Math.max(loadAtStart, loadavg()[0]!);
    const defaults = rows === 100_000 && userCount === 10 && seconds === 10 && maxConcurrency === 64 && only.length === 2;
    const command = `npm run bench:capacity${defaults ? '' : ` --${rows !== 100_000 ? ` --rows ${rows}` : ''}${userCount !== 10 ? ` --users ${userCount}` : ''}${seconds !== 10 ? ` --duration ${seconds}` : ''}${maxConcurrency !== 64 ? ` --max-concurrency ${maxConcurrency}` : ''}${only.length === 1 ? ` --processes ${only[0]}` : ''}`}`;
    const text = [
      '## Capacity on PostgreSQL',
      '',
      `\`${command}\` (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${conditions(load)}): ${userCount} users × ${Math.floor(rows / userCount).toLocaleString('en-US')} transactions; a session signs in, opens the dashboard, the list, searches, adds a transaction, asks the coach and opens the budget month; closed loop, 1, 2, 4, … sessions at once for ${seconds} s each until a request's p99 passes ${P99_MS} ms.`,
      '',
      ...lines,
      '',
      ...best.map((b) => `- ${b}`),
    ].join('\n');
    console.log(`\n${text}\n`);
    if (argv.includes('--write')) {
      writeSection('bench:capacity', text);
      log('written into docs/performance.md');
    }
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await store.drop();
    if (clusterDir) execFileSync(join(root, 'tests/support/postgres.sh'), ['stop', clusterDir], { stdio: 'inherit' });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

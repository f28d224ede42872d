/**
 * `npm run bench -- --peer actual`: Finu next to Actual Budget (its official Node API,
 * `@actual-app/api`, which embeds its SQLite engine in-process) on the same generated data (one user,
 * six years, 20 categories, 40 merchants: benchData.ts), single client, in one run.
 *
 * - The peer is installed on demand into a cache folder (`~/.cache/finu-bench-peer`, or
 *   FINU_BENCH_PEER_DIR), never into Finu's own dependencies; the first install compiles
 *   better-sqlite3 when its prebuilt binary cannot be downloaded, later runs reuse it.
 * - Ours: the rows seeded as `npm run bench` seeds them, the API in its own process (compiled, as
 *   `npm start` runs it), requests over HTTP on one keep-alive connection.
 * - The peer: the same rows loaded into a new local budget through its API (runImport +
 *   addTransactions), then a fresh process opens that budget and answers the same questions in
 *   ActualQL, called in-process (no HTTP hop: part of every difference on the small queries).
 * - Each query runs `--requests` times per system (200), alternating in rounds of 20 so both see the
 *   same moments of the machine's load; p50 and p95 of every call.
 *
 *   npm run bench -- --peer actual                    # 100,000 rows
 *   npm run bench -- --peer actual --rows 10000 --requests 100 --no-write
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, cpus, homedir, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { usersRepository } from '../server/repositories/users';
import { hashPassword } from '../server/services/passwords';
import { rssMb, startServer, timeImport } from './benchServer';
import { buildBenchProcesses } from './benchBuild';
import { benchImportRows, MERCHANTS } from './benchData';
import type { PeerLoad, PeerQuery, PeerRequest } from './bench-peer-actual';
import { freshBenchStore, rows, seedTransactions } from './benchSeed';
import { positiveOption } from './cliOptions';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
export const ACTUAL_VERSION = '26.9.0';
const EMAIL = 'bench-peer@example.com';
const PASSWORD = 'bench password 1';
const WORD = 'uber';
const log = (line: string) => console.log(`[bench:peer] ${line}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const loadWords: Record<PeerLoad, string> = {
  api: 'addTransactions in batches of 10,000',
  direct: "the transactions addTransactions would write, through Actual's own transactions-batch-update in batches of 1,000",
};

export interface PeerOptions {
  rows: number;
  requests: number;
  write: boolean;
  noImport: boolean;
  /**
   * The peer's import is stopped after this long (300 s): importTransactions runs the rules pass on
   * every row, and with it the running-balance sum over the account (bench-peer-actual.ts, PeerLoad),
   * so it slows with the account's size (907 s at 100,000 rows in the issue's run).
   */
  importTimeoutS: number;
  /** How the rows go into Actual (bench-peer-actual.ts, PeerLoad): `direct` by default. */
  load: PeerLoad;
  /** Load the rows both ways into two budgets and compare them, then stop (no timings). */
  verify: boolean;
  /** The largest size the bench loads into Actual without being asked to (`--peer-rows-max`); a cached budget is not loaded again. */
  rowsMax: number;
}

export function parsePeerOptions(argv: string[]): PeerOptions {
  const value = (name: string, fallback: number) => positiveOption(argv, name, fallback);
  const peer = argv[argv.indexOf('--peer') + 1];
  const load = peerLoadOption(argv);
  const verify = argv.includes('--peer-verify');
  if (peer !== 'actual') throw new Error('--peer: the one peer known is `actual` (Actual Budget, @actual-app/api)');
  return {
    rows: Math.floor(value('rows', 100_000)),
    requests: Math.floor(value('requests', 200)),
    write: !argv.includes('--no-write'),
    noImport: argv.includes('--no-import'),
    importTimeoutS: value('peer-import-timeout', 300),
    load,
    verify,
    rowsMax: Math.floor(value('peer-rows-max', load === 'api' || verify ? 30_000 : 300_000)),
  };
}

/**
 * About how long loading `rows` into Actual takes here (2 shared cores, 2026-11-23): the direct load is
 * linear, 100,000 rows in 108 s under a load average of 6; addTransactions is quadratic (10,000 rows in
 * 25 s, 30,000 in 381 s).
 */
export function peerLoadEstimateS(rows: number, load: PeerLoad): number {
  return load === 'api' ? 40 * (rows / 10_000) ** 2 : rows * 0.0011;
}

function peerLoadOption(argv: string[]): PeerLoad {
  const i = argv.indexOf('--peer-load');
  if (i < 0) return 'direct';
  const value = argv[i + 1];
  if (value !== 'api' && value !== 'direct') throw new Error('--peer-load: `direct` (the default) or `api` (addTransactions, quadratic in the budget\'s size)');
  return value;
}

// ---------------------------------------------------------------------------------------------
// The peer's installation and process

/** Installs @actual-app/api into the cache folder unless it is there already; answers the folder. */
export function ensureActual(): string {
  const dir = process.env.FINU_BENCH_PEER_DIR ?? join(homedir(), '.cache', 'finu-bench-peer');
  const installed = join(dir, 'node_modules', '@actual-app', 'api', 'package.json');
  const sqlite = join(dir, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  if (existsSync(installed) && (JSON.parse(readFileSync(installed, 'utf8')) as { version: string }).version === ACTUAL_VERSION && existsSync(sqlite)) return dir;
  mkdirSync(dir, { recursive: true });
  // Its own package.json: npm 11 runs a dependency's install script only when allowScripts names it
  // (better-sqlite3 downloads or compiles its native binding there).
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'finu-bench-peer', private: true, description: 'The peer of `npm run bench -- --peer actual`, installed on demand; not a dependency of Finu.', allowScripts: { 'better-sqlite3': true } }, null, 2)}\n`,
  );
  log(`installing @actual-app/api@${ACTUAL_VERSION} into ${dir} (once; better-sqlite3 compiles from source where its prebuilt binary cannot be downloaded, 10–20 minutes on a busy machine)…`);
  const started = performance.now();
  const result = spawnSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', `@actual-app/api@${ACTUAL_VERSION}`], { stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(sqlite)) throw new Error(`installing @actual-app/api failed (npm exited ${result.status}); see the output above`);
  log(`installed in ${seconds(performance.now() - started)}`);
  return dir;
}

interface Reply {
  ok: boolean;
  value?: unknown;
  error?: string;
}

/** The peer's worker process, one request at a time over IPC. */
class Peer {
  private waiting: ((reply: Reply) => void) | null = null;
  private constructor(readonly child: ChildProcess) {
    child.on('message', (reply: Reply) => {
      const w = this.waiting;
      this.waiting = null;
      w?.(reply);
    });
    child.on('exit', (code) => {
      const w = this.waiting;
      this.waiting = null;
      w?.({ ok: false, error: `the peer's process exited with ${code}` });
    });
  }

  static async start(script: string, peerDir: string, dataDir: string): Promise<Peer> {
    const child = fork(script, ['--peer-dir', peerDir, '--data-dir', dataDir], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], execArgv: [] });
    const peer = new Peer(child);
    const ready = await new Promise<Reply>((r) => (peer.waiting = r));
    if (!ready.ok) throw new Error(ready.error);
    return peer;
  }

  async ask<T>(request: PeerRequest, timeoutMs = 0): Promise<T> {
    const reply = new Promise<Reply>((r) => (this.waiting = r));
    this.child.send(request);
    const outcome = timeoutMs ? await Promise.race([reply, new Promise<null>((r) => setTimeout(() => r(null), timeoutMs).unref())]) : await reply;
    if (outcome === null) {
      this.child.kill('SIGKILL');
      throw new PeerTimeout();
    }
    if (!outcome.ok) throw new Error(`the peer failed: ${outcome.error}`);
    return outcome.value as T;
  }

  async stop() {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    await this.ask({ op: 'exit' }).catch(() => undefined);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}
class PeerTimeout extends Error {}

// ---------------------------------------------------------------------------------------------
// Ours over HTTP, one keep-alive connection

function httpTimer(port: number, headers: Record<string, string>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = (path: string) =>
    new Promise<number>((resolveCall, reject) => {
      const started = performance.now();
      const req = http.get({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => (res.statusCode === 200 ? resolveCall(performance.now() - started) : reject(new Error(`${path} answered ${res.statusCode}`))));
      });
      req.on('error', reject);
    });
  return {
    async time(path: string, n: number): Promise<number[]> {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push(await once(path));
      return out;
    },
    close: () => agent.destroy(),
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
};

// ---------------------------------------------------------------------------------------------
// The peer's load

/** Loads `rows` generated transactions into a new budget in `dataDir` (its own process); answers the time taken. */
async function loadPeer(script: string, peerDir: string, dataDir: string, rows: number, today: Date, via: PeerLoad): Promise<number> {
  const loader = await Peer.start(script, peerDir, dataDir);
  try {
    const started = performance.now();
    await loader.ask({ op: 'create', rows, today: today.toISOString(), via });
    return performance.now() - started;
  } finally {
    await loader.stop();
  }
}

/** The bench's answers from the peer (bench-peer-actual.ts, op `answers`). */
interface PeerAnswers {
  total: number;
  pageDates: string[];
  searchTotal: number;
  searchPageDates: string[];
  categories: Record<string, { cents: number; count: number }>;
}

/** The questions' window: the last 365 days, as both systems are asked. */
const window365 = (today: Date) => {
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(-365), to: day(0) };
};

/**
 * `--peer-verify`: loads the same rows through addTransactions and through the direct load into two
 * budgets, opens each in a fresh process and compares what Actual holds and answers: every
 * transaction's columns (ids replaced by names), every table's row count, the schema, every budget
 * month of the spreadsheet, and the bench's questions.
 */
async function verifyPeerLoads(options: PeerOptions, script: string, peerDir: string, today: Date): Promise<void> {
  const { from, to } = window365(today);
  const seen: Record<string, { ms: number; digest: Record<string, unknown>; answers: PeerAnswers }> = {};
  for (const via of ['api', 'direct'] as const) {
    const dir = mkdtempSync(join(tmpdir(), `finu-bench-actual-${via}-`));
    try {
      log(`verify: loading ${options.rows.toLocaleString('en-US')} rows through ${via === 'api' ? 'addTransactions' : 'the direct load'}…`);
      const ms = await loadPeer(script, peerDir, dir, options.rows, today, via);
      const peer = await Peer.start(script, peerDir, dir);
      try {
        await peer.ask({ op: 'open' });
        const digest = await peer.ask<Record<string, unknown>>({ op: 'digest' });
        const answers = await peer.ask<PeerAnswers>({ op: 'answers', from, to, word: WORD });
        seen[via] = { ms, digest, answers };
        log(`verify: ${via} loaded in ${seconds(ms)}: ${JSON.stringify(digest)}`);
      } finally {
        await peer.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const differences = (['digest', 'answers'] as const).flatMap((part) => {
    const [a, b] = [seen.api![part] as Record<string, unknown>, seen.direct![part] as Record<string, unknown>];
    return Object.keys({ ...a, ...b })
      .filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]))
      .map((key) => `${part}.${key}: api ${JSON.stringify(a[key])} ≠ direct ${JSON.stringify(b[key])}`);
  });
  if (differences.length) throw new Error(`the two loads differ:\n${differences.join('\n')}`);
  log(`verify: the budgets are the same (${seen.api!.answers.total} rows, "${WORD}" ${seen.api!.answers.searchTotal}); addTransactions ${seconds(seen.api!.ms)}, direct ${seconds(seen.direct!.ms)}`);
}

/** Ours' answers to the same questions (over HTTP, as the timings ask them). */
async function oursAnswers(base: string, auth: Record<string, string>, from: string, to: string): Promise<PeerAnswers> {
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${base}${path}`, { headers: auth });
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return (await res.json()) as T;
  };
  type Page = { total: number; transactions: { date: string }[] };
  const page = await get<Page>('/transactions?limit=50');
  const search = await get<Page>(`/transactions?q=${WORD}&limit=50`);
  const spending = await get<{ categories: { category: string; total: number; count: number }[] }>(`/transactions/categories/expenses?date_from=${from}&date_to=${to}`);
  return {
    total: page.total,
    pageDates: page.transactions.map((t) => t.date.slice(0, 10)),
    searchTotal: search.total,
    searchPageDates: search.transactions.map((t) => t.date.slice(0, 10)),
    categories: Object.fromEntries(spending.categories.map((c) => [c.category, { cents: Math.round(c.total * 100), count: c.count }])),
  };
}

/** What differs between two systems' answers (empty: the same). */
export function compareAnswers(ours: PeerAnswers, theirs: PeerAnswers): string[] {
  const out: string[] = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (ours.total !== theirs.total) out.push(`rows ${ours.total} ≠ ${theirs.total}`);
  if (!same(ours.pageDates, theirs.pageDates)) out.push('the first page\'s dates differ');
  if (ours.searchTotal !== theirs.searchTotal) out.push(`"${WORD}" matches ${ours.searchTotal} ≠ ${theirs.searchTotal}`);
  if (!same(ours.searchPageDates, theirs.searchPageDates)) out.push(`the "${WORD}" page's dates differ`);
  const names = [...new Set([...Object.keys(ours.categories), ...Object.keys(theirs.categories)])].sort();
  for (const name of names) {
    if (!same(ours.categories[name], theirs.categories[name])) out.push(`${name}: ${JSON.stringify(ours.categories[name])} ≠ ${JSON.stringify(theirs.categories[name])}`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

interface Row {
  label: string;
  ours: string;
  peer: string;
  /** peer ÷ ours: above 1, ours is faster. */
  ratio: number;
  /** The peer behind an HTTP hop like ours (its own process, a plain node:http server), and its ratio to ours. */
  peerHttp?: string;
  ratioHttp?: number;
  oursP95?: number;
  peerP95?: number;
}

export async function peerMain(argv: string[]): Promise<void> {
  const options = parsePeerOptions(argv);
  const startedAll = performance.now();
  const peerDir = ensureActual();
  const today = new Date();
  const cachedBudget = join(peerDir, `budget-${options.rows}-${today.toISOString().slice(0, 10)}${options.load === 'api' ? '-api' : ''}`);
  const loads: PeerLoad[] = options.verify ? ['api', 'direct'] : existsSync(join(cachedBudget, 'load-ms')) ? [] : [options.load];
  if (options.rows > options.rowsMax && loads.length) {
    const minutes = loads.reduce((sum, via) => sum + peerLoadEstimateS(options.rows, via), 0) / 60;
    throw new Error(
      `--rows ${options.rows}: loading that many rows into Actual (${loads.map((via) => (via === 'api' ? 'addTransactions' : 'the direct load')).join(', then ')}) takes about ${minutes.toFixed(0)} minutes on this machine's 2 cores; the bench stops above --peer-rows-max ${options.rowsMax} unless asked: pass --peer-rows-max ${options.rows} to run it anyway`,
    );
  }
  const built = await buildBenchProcesses();
  if (options.verify) return verifyPeerLoads(options, built.peerActual, peerDir, today);
  const store = await freshBenchStore('bench_peer');
  const peerData = mkdtempSync(join(tmpdir(), 'finu-bench-actual-'));
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    JWT_SECRET: randomBytes(32).toString('hex'),
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    REQUEST_TIMEOUT_MS: '600000',
    ...(store.dataDir ? { DATA_DIR: store.dataDir } : {}),
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
  };
  const n = (x: number) => x.toLocaleString('en-US');
  let server: ChildProcess | undefined;
  let peer: Peer | undefined;
  let peerServed: Peer | undefined;
  const peerServedData = mkdtempSync(join(tmpdir(), 'finu-bench-actual-http-'));
  try {
    // 1. The same rows into both.
    const database = await openDatabase(loadConfig(env));
    const [version] = await rows<{ version: string }>(database.db, sql`select version()`);
    const users = usersRepository(database.db);
    const user = await users.create({ email: EMAIL, passwordHash: await hashPassword(PASSWORD), fullName: 'Bench Peer' });
    await users.markVerified(user!.id);
    let started = performance.now();
    await seedTransactions(database.db, user!.id, options.rows);
    const oursLoad = performance.now() - started;
    log(`ours: ${n(options.rows)} rows seeded in ${seconds(oursLoad)} (INSERT … SELECT, indexes rebuilt after)`);
    await database.close();

    // Loading Actual takes minutes at 100,000 rows: a loaded budget is kept in the peer's cache folder for the
    // same size and day (the generated dates follow today) and copied for the next run of that day.
    let peerLoad: number;
    if (existsSync(join(cachedBudget, 'load-ms'))) {
      cpSync(cachedBudget, peerData, { recursive: true });
      peerLoad = Number(readFileSync(join(cachedBudget, 'load-ms'), 'utf8'));
      log(`the peer: the budget loaded earlier today (${seconds(peerLoad)}), copied from ${cachedBudget}`);
    } else {
      log(`the peer: loading ${n(options.rows)} rows into a new Actual budget (runImport, ${loadWords[options.load]})…`);
      peerLoad = await loadPeer(built.peerActual, peerDir, peerData, options.rows, today, options.load);
      log(`the peer: loaded in ${seconds(peerLoad)}`);
      rmSync(cachedBudget, { recursive: true, force: true });
      cpSync(peerData, cachedBudget, { recursive: true });
      writeFileSync(join(cachedBudget, 'load-ms'), String(Math.round(peerLoad)));
    }

    // 2. Open both, each in a fresh process: the memory after opening.
    started = performance.now();
    const up = await startServer(env, built.api);
    server = up.child;
    const oursOpenMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, 2_000));
    const oursRssOpen = rssMb(server.pid);
    started = performance.now();
    peer = await Peer.start(built.peerActual, peerDir, peerData);
    const peerRssOpen = (await peer.ask<{ rss: number }>({ op: 'open' })).rss;
    const peerOpenMs = performance.now() - started;
    log(`opened: ours in ${seconds(oursOpenMs)} (${oursRssOpen.toFixed(0)} MB), the peer in ${seconds(peerOpenMs)} (${peerRssOpen.toFixed(0)} MB)`);
    // The like-for-like column: the same budget (a copy) in a second peer process that answers over
    // HTTP, so both systems pay a loopback request, a server's parsing and a JSON body. A process of its
    // own keeps the in-process peer's memory and timings as they were.
    cpSync(peerData, peerServedData, { recursive: true });
    peerServed = await Peer.start(built.peerActual, peerDir, peerServedData);
    await peerServed.ask({ op: 'open' });
    const peerPort = (await peerServed.ask<{ port: number }>({ op: 'serve' })).port;

    const base = `http://127.0.0.1:${up.port}`;
    const login = await fetch(`${base}/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
    const auth = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
    const trial = await fetch(`${base}/subscription/trial/start`, { method: 'POST', headers: auth });
    if (!trial.ok) throw new Error(`trial start answered ${trial.status}`);
    const ours = httpTimer(up.port, auth);

    // Both must answer the same before their times mean anything: the same rows, the same matches.
    const { from, to } = window365(today);
    const theirAnswers = await peer.ask<PeerAnswers>({ op: 'answers', from, to, word: WORD });
    const myAnswers = await oursAnswers(base, auth, from, to);
    const disagreements = compareAnswers(myAnswers, theirAnswers);
    const agreement = disagreements.length
      ? `**they do not answer the same**: ${disagreements.join('; ')}`
      : `both answer the same: ${n(myAnswers.total)} rows, the same 50 dates on the first page, "${WORD}" matches ${n(myAnswers.searchTotal)} rows in each (the same 50 dates first), spending by category over the 365 days the same in all ${Object.keys(myAnswers.categories).length} categories (cents and counts)`;
    log(disagreements.length ? `WARNING: ${agreement}` : agreement);

    // 3. The queries, alternating.
    const queries: [string, string, PeerQuery][] = [
      ['First page of 50, with the total', '/transactions?limit=50', 'page_total'],
      ['First page of 50, no total', '/transactions?limit=50&include_total=false', 'page'],
      ['Spending by category, 12 months', `/transactions/categories/expenses?date_from=${from}&date_to=${to}`, 'categories'],
      [`Search a common word ("${WORD}"), with the count`, `/transactions?q=${WORD}&limit=50`, 'search_count'],
      [`Search a common word ("${WORD}"), no count`, `/transactions?q=${WORD}&limit=50&include_total=false`, 'search'],
    ];
    const loadBefore = loadavg()[0]!;
    const round = 20;
    const theirsServed = httpTimer(peerPort, {});
    const peerPath = (query: PeerQuery) => `/q?${new URLSearchParams({ query, from, to, word: WORD })}`;
    const bare = await ours.time('/bench/noop', options.requests);
    log(`ours' bare route (/bench/noop) through the bench's HTTP client: ${percentile(bare, 50).toFixed(2)} ms p50, ${percentile(bare, 95).toFixed(2)} ms p95`);
    const results: Row[] = [];
    for (const [label, path, query] of queries) {
      await ours.time(path, 10);
      await peer.ask({ op: 'time', query, n: 10, from, to, word: WORD });
      await theirsServed.time(peerPath(query), 10);
      const mine: number[] = [];
      const theirs: number[] = [];
      const theirsOverHttp: number[] = [];
      while (mine.length < options.requests) {
        const k = Math.min(round, options.requests - mine.length);
        mine.push(...(await ours.time(path, k)));
        theirs.push(...(await peer.ask<{ latencies: number[] }>({ op: 'time', query, n: k, from, to, word: WORD })).latencies);
        theirsOverHttp.push(...(await theirsServed.time(peerPath(query), k)));
      }
      const [a, b, c] = [percentile(mine, 50), percentile(theirs, 50), percentile(theirsOverHttp, 50)];
      results.push({ label, ours: `${a.toFixed(1)} ms`, peer: `${b.toFixed(1)} ms`, ratio: b / a, peerHttp: `${c.toFixed(1)} ms`, ratioHttp: c / a, oursP95: percentile(mine, 95), peerP95: percentile(theirs, 95) });
      log(`  ${label.padEnd(46)} ours ${a.toFixed(2).padStart(8)} ms   peer ${b.toFixed(2).padStart(8)} ms (${(b / a).toFixed(1)}×)   peer over HTTP ${c.toFixed(2).padStart(8)} ms (${(c / a).toFixed(1)}×)`);
    }
    ours.close();
    theirsServed.close();
    await peerServed.stop();
    peerServed = undefined;
    const oursRssQueries = rssMb(server.pid);
    const peerRssQueries = (await peer.ask<{ rss: number }>({ op: 'rss' })).rss;

    // 4. Import 10,000 rows: ours over HTTP (upload with the duplicate check, commit, done), the peer's importTransactions.
    const importRows = 10_000;
    if (!options.noImport) {
      const tag = `${Date.now()}`;
      const mineImport = await timeImport(base, auth, importRows, tag);
      log(`  import ${n(importRows)} rows: ours ${seconds(mineImport.totalMs)} (${n(mineImport.imported)} imported)`);
      let peerCell = '';
      let ratio = NaN;
      try {
        const theirs = await peer.ask<{ ms: number; added: number; updated: number }>({ op: 'import', rows: benchImportRows(importRows, tag, today.getTime()) }, options.importTimeoutS * 1000);
        peerCell = `${seconds(theirs.ms)} (${n(theirs.added)} added${theirs.updated ? `, ${n(theirs.updated)} matched as duplicates` : ''})`;
        ratio = theirs.ms / mineImport.totalMs;
        log(`  import ${n(importRows)} rows: the peer ${peerCell}`);
      } catch (error) {
        if (!(error instanceof PeerTimeout)) throw error;
        peerCell = `> ${options.importTimeoutS} s (stopped)`;
        ratio = (options.importTimeoutS * 1000) / mineImport.totalMs;
        log(`  import ${n(importRows)} rows: the peer did not finish in ${options.importTimeoutS} s`);
        peer = undefined;
      }
      results.push({ label: `Import ${n(importRows)} rows (ours: CSV upload, commit, done)`, ours: seconds(mineImport.totalMs), peer: peerCell, ratio });
    }
    results.push({ label: 'Memory after opening (RSS)', ours: `${oursRssOpen.toFixed(0)} MB`, peer: `${peerRssOpen.toFixed(0)} MB`, ratio: peerRssOpen / oursRssOpen });
    results.push({ label: 'Memory after the queries (RSS)', ours: `${oursRssQueries.toFixed(0)} MB`, peer: `${peerRssQueries.toFixed(0)} MB`, ratio: peerRssQueries / oursRssQueries });

    // 5. Report.
    const table = [
      `| ${n(options.rows)} rows, single client | Finu (HTTP) | Actual (in-process) | Actual ÷ Finu | Actual over HTTP | Actual over HTTP ÷ Finu |`,
      '|---|---:|---:|---:|---:|---:|',
      ...results.map((r) => {
        const times = (x: number | undefined) => (x !== undefined && Number.isFinite(x) ? `${x.toFixed(1)}×` : '—');
        return `| ${r.label} | ${r.ours} | ${r.peer} | ${times(r.ratio)} | ${r.peerHttp ?? '—'} | ${times(r.ratioHttp)} |`;
      }),
    ].join('\n');
    const machine = `${availableParallelism()} CPU cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GiB memory, Node ${process.version}, ${process.platform}; load average ${loadBefore.toFixed(1)} when measuring started`;
    const section = `<!-- bench:peer_actual -->
## Side by side with Actual Budget (\`npm run bench -- --peer actual\`)

- **Date**: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- **Machine**: ${machine}
- **Finu**: ${store.databaseUrl ? 'PostgreSQL' : 'PGlite (embedded, on disk)'}, ${version!.version.split(' on ')[0]}; the API in its own process (compiled, as \`npm start\`), requests over HTTP on one keep-alive connection; the bare route answers in ${percentile(bare, 50).toFixed(2)} ms p50 on it.
- **Actual**: \`@actual-app/api\` ${ACTUAL_VERSION} (SQLite through better-sqlite3, in the calling process), a local budget in a temporary folder, ActualQL through \`aqlQuery\`; no HTTP in the "in-process" column. The "over HTTP" column asks the same questions of a copy of the budget in a second peer process that answers through a plain \`node:http\` server (no framework, \`JSON.stringify\` of the answer) over the same kind of keep-alive loopback connection as Finu's: the hop both systems pay when a browser asks.
- **Data**: the same ${n(options.rows)} generated transactions in both (one user, six years, ${MERCHANTS.length} merchants, ${new Set(MERCHANTS.map((m) => m[1])).size} categories); loaded into Finu in ${seconds(oursLoad)} (bulk SQL), into Actual in ${seconds(peerLoad)} (${loadWords[options.load]}; docs/decisions.md, "The peer bench"). Checked before timing: ${agreement}.
- **Timing**: p50 of ${options.requests} calls per query and system, alternating (Finu, Actual in-process, Actual over HTTP) in rounds of ${round} after 10 warm-up calls each.
- **Command**: \`npm run bench -- --peer actual${options.rows !== 100_000 ? ` --rows ${options.rows}` : ''}${options.noImport ? ' --no-import' : ''}\`

${table}

The queries, as each system's own list, report and search build them: Finu \`GET /transactions?limit=50\` (its total from the rollups), \`include_total=false\`, \`GET /transactions/categories/expenses\` over the last 365 days, \`q=${WORD}\` (prefix word search over description, merchant and notes) with and without its count; Actual \`q('transactions')\` ordered by date and id, limit 50, with \`calculate({ $count: '$id' })\` for the total, \`groupBy('category')\` with \`$sum\` over negative amounts of the last 365 days, and \`$like '%${WORD}%'\` over the payee's name and the notes (its search box). The import: Finu's CSV upload (parse, duplicate check), commit and job over HTTP; Actual's \`importTransactions\` (its reconciliation with existing rows, then the insert).
<!-- /bench:peer_actual -->`;
    console.log(`\n${table}\n`);
    if (options.write) {
      const path = join(root, 'docs', 'performance.md');
      let doc = readFileSync(path, 'utf8');
      const block = /<!-- bench:peer_actual -->[\s\S]*?<!-- \/bench:peer_actual -->/;
      doc = block.test(doc) ? doc.replace(block, () => section) : `${doc.trimEnd()}\n\n${section}\n`;
      writeFileSync(path, doc);
      log('wrote docs/performance.md');
    }
    log(`done in ${seconds(performance.now() - startedAll)}`);
  } finally {
    await peer?.stop().catch(() => undefined);
    await peerServed?.stop().catch(() => undefined);
    rmSync(peerServedData, { recursive: true, force: true });
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    rmSync(peerData, { recursive: true, force: true });
    if (store.dataDir) rmSync(store.dataDir, { recursive: true, force: true });
    await store.drop().catch(() => undefined);
  }
}

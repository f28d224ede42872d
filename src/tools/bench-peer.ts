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
 * - Its parts are in peer/: options, the peer's installation and processes (actual), the answers both
 *   give and their comparison (answers), the HTTP timer (timing), the report.
 *
 *   npm run bench -- --peer actual                    # 100,000 rows
 *   npm run bench -- --peer actual --rows 10000 --requests 100 --no-write
 */
import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { usersRepository } from '../server/repositories/users';
import { hashPassword } from '../server/services/passwords';
import { rssMb, startServer, timeImport } from './benchServer';
import { buildBenchProcesses } from './benchBuild';
import { benchImportRows } from './benchData';
import type { PeerLoad, PeerQuery } from './bench-peer-actual';
import { freshBenchStore, rows, seedTransactions } from './benchSeed';
import { ensureActual, loadPeer, Peer, PeerTimeout } from './peer/actual';
import { compareAnswers, oursAnswers, verifyPeerLoads, window365, type PeerAnswers } from './peer/answers';
import { loadWords, parsePeerOptions, peerLoadEstimateS } from './peer/options';
import { peerReport, writePeerSection, type Row } from './peer/report';
import { log, seconds, WORD } from './peer/shared';
import { httpTimer, percentile } from './peer/timing';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const EMAIL = 'bench-peer@example.com';
const PASSWORD = 'bench password 1';

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
    const { table, section } = peerReport({ options, results, loadBefore, postgres: !!store.databaseUrl, version: version!.version, bareP50: percentile(bare, 50), oursLoad, peerLoad, agreement, round });
    console.log(`\n${table}\n`);
    if (options.write) {
      writePeerSection(root, section);
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

/**
 * `npm run bench`: seeds 1,000,000 transactions for one user into a fresh database, starts the
 * API in a child process on a free loopback port, and measures the transactions endpoints with
 * autocannon next to a bare Fastify route in the same run. Prints a markdown table and writes
 * docs/performance.md.
 *
 *   npm run bench                                   # temp PGlite directory (the embedded default)
 *   DATABASE_URL=postgres://… npm run bench         # a new database on that server, dropped at the end
 *   npm run bench -- --rows 200000 --duration 5 --connections 10 --no-write --keep
 *   npm run bench -- --peer actual                  # side by side with Actual Budget (bench-peer.ts)
 *
 * The API runs compiled (bench-api.ts through benchBuild.ts), on plain node as `npm start` runs it.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { loadConfig, type Config } from '../server/config';
import { openDatabase } from '../server/db/client';
import { type TransactionRow } from '../server/repositories/transactions';
import { buildBenchProcesses } from './benchBuild';
import { rssMb, startServer, timeImport, type ImportTiming } from './benchServer';
import { freshBenchStore, rows, seedTransactions } from './benchSeed';
import { usersRepository } from '../server/repositories/users';
import { hashPassword } from '../server/services/passwords';
import { encodeCursor } from '../server/services/transactions/wire';
import { positiveOption } from './cliOptions';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const EMAIL = 'bench@example.com';
/** A second user with few transactions in the same database: the dashboard's cost at 1,000 rows, measured next to the big one. */
const SMALL_EMAIL = 'bench-small@example.com';
const SMALL_ROWS = 1_000;
const PASSWORD = 'bench password 1';

interface Options {
  rows: number;
  duration: number;
  connections: number;
  write: boolean;
  /** Keep the PGlite directory (or PostgreSQL database) for a look afterwards. */
  keep: boolean;
  /** Leave out the 10,000-row CSV import. */
  noImport: boolean;
}

function parseOptions(argv: string[]): Options {
  const value = (name: string, fallback: number) => positiveOption(argv, name, fallback);
  return { rows: Math.floor(value('rows', 1_000_000)), duration: value('duration', 8), connections: Math.floor(value('connections', 10)), write: !argv.includes('--no-write'), keep: argv.includes('--keep'), noImport: argv.includes('--no-import') };
}

const log = (line: string) => console.log(`[bench] ${line}`);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------------------------------------
// Seeding

// ---------------------------------------------------------------------------------------------
// Measuring

interface Measurement {
  label: string;
  path: string;
  rps: number;
  p50: number;
  p95: number;
  requests: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);

async function measure(base: string, label: string, path: string, headers: Record<string, string>, options: Options): Promise<Measurement> {
  const run = (duration: number, collect: number[] | null) =>
    new Promise<autocannon.Result>((resolveRun, reject) => {
      const instance = autocannon({ url: `${base}${path}`, headers, connections: options.connections, duration }, (error, result) => (error ? reject(error) : resolveRun(result)));
      if (collect) instance.on('response', (_client, _status, _bytes, responseTime) => collect.push(responseTime));
    });
  await run(1, null); // warm-up: JIT, the database's buffer cache
  const latencies: number[] = [];
  const result = await run(options.duration, latencies);
  latencies.sort((a, b) => a - b);
  const m: Measurement = {
    label,
    path,
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    requests: result.requests.total,
    errors: result.errors + result.non2xx + result.timeouts,
  };
  log(`  ${label.padEnd(34)} ${m.rps.toFixed(0).padStart(7)} req/s  p50 ${m.p50.toFixed(1).padStart(7)} ms  p95 ${m.p95.toFixed(1).padStart(7)} ms${m.errors ? `  ${m.errors} errors!` : ''}`);
  return m;
}

function table(results: Measurement[], bare: Measurement): string {
  const lines = [
    '| Endpoint | Request | req/s | p50 ms | p95 ms | bare req/s ÷ req/s | p50 ÷ bare p50 |',
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    const path = r.path.length > 70 ? `${r.path.slice(0, 67)}…` : r.path;
    lines.push(
      `| ${r.label} | \`GET ${path.replace(/\|/g, '\\|')}\` | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${(bare.rps / r.rps).toFixed(1)}× | ${(r.p50 / bare.p50).toFixed(1)}× |`,
    );
  }
  return lines.join('\n');
}

/** The same requests for the small user and the big one, side by side. */
function compare(pairs: [Measurement, Measurement][], rows: number): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const lines = [
    `| Request | ${n(SMALL_ROWS)} rows: req/s | p50 ms | ${n(rows)} rows: req/s | p50 ms | p50 ratio |`,
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const [little, big] of pairs) {
    lines.push(`| ${big.label} | ${little.rps.toFixed(0)} | ${little.p50.toFixed(1)} | ${big.rps.toFixed(0)} | ${big.p50.toFixed(1)} | ${(big.p50 / little.p50).toFixed(1)}× |`);
  }
  return lines.join('\n');
}

/** The comparison in one line for docs/performance.md (the full table goes to the console). */
function compareLine(pairs: [Measurement, Measurement][], rows: number): string {
  const ratios = pairs.map(([little, big]) => big.p50 / little.p50);
  if (ratios.length === 0) return '';
  const n = (x: number) => x.toLocaleString('en-US');
  return `the dashboard for ${n(rows)} rows against ${n(SMALL_ROWS)}: p50 ${Math.min(...ratios).toFixed(1)}–${Math.max(...ratios).toFixed(1)}×.`;
}

/** The docs' row a measurement folds into: its group, and its name inside the group. */
function docGroup(label: string): [group: string, name: string] {
  if (label.startsWith('Dashboard, ')) return ['Dashboard', label.slice('Dashboard, '.length)];
  if (label.startsWith('List, text search ')) return ['Text search', label.slice('List, text search '.length)];
  if (label.startsWith('List, ')) return ['List', label.slice('List, '.length)];
  if (label.startsWith('GET /health')) return [label, ''];
  return ['Reports', label];
}

/** The docs' table: the bare route in the header, one row per group with its figures side by side (the console's table has each apart). */
function docTable(results: Measurement[], bare: Measurement): string {
  const groups = new Map<string, Measurement[]>();
  for (const r of results) if (r.label !== bare.label) groups.set(docGroup(r.label)[0], [...(groups.get(docGroup(r.label)[0]) ?? []), r]);
  const row = (group: string, list: Measurement[]) => {
    const each = (figure: (r: Measurement) => string) => list.map(figure).join(' / ');
    const names = list.map((r) => docGroup(r.label)[1]).filter(Boolean);
    return `| ${names.length ? `${group}: ${names.join(' / ')}` : group} | ${each((r) => r.rps.toFixed(0))} | ${each((r) => r.p50.toFixed(1))} | ${each((r) => r.p95.toFixed(1))} | ${each((r) => `${(r.p50 / bare.p50).toFixed(1)}×`)} |`;
  };
  return [
    `| Endpoint (bare route: ${bare.rps.toFixed(0)} req/s, p50 ${bare.p50.toFixed(1)} ms) | req/s | p50 ms | p95 ms | p50 ÷ bare |`,
    '|---|---:|---:|---:|---:|',
    ...[...groups].map(([group, list]) => row(group, list)),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const startedAll = performance.now();
  const jwtSecret = randomBytes(32).toString('hex');
  const store = await freshBenchStore('bench');
  const { dataDir, databaseUrl } = store;
  const dropDatabase = store.drop;
  log(databaseUrl ? `fresh PostgreSQL database ${new URL(databaseUrl).pathname.slice(1)}` : `fresh PGlite directory ${dataDir}`);
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    JWT_SECRET: jwtSecret,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    // A busy machine must not turn a slow upload into a dropped connection.
    REQUEST_TIMEOUT_MS: '600000',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };

  let child: ChildProcess | undefined;
  try {
    // 1. Seed.
    const config: Config = loadConfig(env);
    const database = await openDatabase(config);
    const db = database.db;
    const [version] = await rows<{ version: string }>(db, sql`select version()`);
    const users = usersRepository(db);
    const created = await users.create({ email: EMAIL, passwordHash: await hashPassword(PASSWORD), fullName: 'Bench User' });
    await users.markVerified(created!.id);
    const userId = created!.id;
    let started = performance.now();
    log(`seeding ${options.rows.toLocaleString('en-US')} transactions…`);
    await seedTransactions(db, userId, options.rows, log);
    const seedTime = seconds(started);
    log(`seeded in ${seedTime}`);
    const small = await users.create({ email: SMALL_EMAIL, passwordHash: await hashPassword(PASSWORD), fullName: 'Bench Small' });
    await users.markVerified(small!.id);
    await seedTransactions(db, small!.id, SMALL_ROWS, log);
    log(`and ${SMALL_ROWS.toLocaleString('en-US')} transactions for a second user`);
    // A real row half-way down the default order, for a deep keyset page.
    const depth = Math.floor(options.rows / 2);
    const [middle] = await rows<{ id: string; date: string }>(
      db,
      sql`select id, date::text as date from transactions where user_id = ${userId} order by date desc, id desc offset ${depth} limit 1`,
    );
    // A date-sorted cursor only reads the row's date and id.
    const deepCursor = encodeCursor({ id: middle!.id, date: middle!.date } as TransactionRow, 'date', 'desc');
    const [searchCount] = await rows<{ n: string }>(db, sql`select count(*) as n from transactions where user_id = ${userId} and search @@ to_tsquery('simple', 'uber:*')`);
    const [rareCount] = await rows<{ n: string }>(db, sql`select count(*) as n from transactions where user_id = ${userId} and search @@ to_tsquery('simple', 'ikea:* & 4242:*')`);
    const [filteredCount] = await rows<{ n: string }>(
      db,
      sql`select count(*) as n from transactions where user_id = ${userId} and category = 'Groceries' and date between current_date - 365 and current_date - 182`,
    );
    await database.close();

    // 2. Serve.
    started = performance.now();
    const built = await buildBenchProcesses();
    const server = await startServer(env, built.api);
    child = server.child;
    const base = `http://127.0.0.1:${server.port}`;
    log(`API up on ${base} in ${seconds(started)}`);
    // The memory after opening, measured as bench-peer.ts does: 2 s after the API answers, before any request.
    await new Promise((r) => setTimeout(r, 2_000));
    const rssOpen = rssMb(child.pid);
    log(`  API process resident memory after opening: ${rssOpen.toFixed(0)} MB`);
    const signIn = async (email: string) => {
      const login = await fetch(`${base}/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
      if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
      const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
      // Transactions and the dashboard need a trial or a plan.
      const trial = await fetch(`${base}/subscription/trial/start`, { method: 'POST', headers });
      if (!trial.ok) throw new Error(`trial start answered ${trial.status}: ${await trial.text()}`);
      return headers;
    };
    const auth = await signIn(EMAIL);
    const smallAuth = await signIn(SMALL_EMAIL);

    const today = new Date();
    const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const lastMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
    const endpoints: [string, string][] = [
      ['List, first page', '/transactions?limit=50'],
      ['List, first page, no total', '/transactions?limit=50&include_total=false'],
      ['List, filtered (category + 6 months)', `/transactions?category=Groceries&date_from=${day(-365)}&date_to=${day(-182)}&limit=50`],
      [`List, deep page (keyset, row ${depth.toLocaleString('en-US')})`, `/transactions?limit=50&include_total=false&cursor=${encodeURIComponent(deepCursor)}`],
      ['List, deep page (offset 100,000)', '/transactions?limit=50&offset=100000'],
      [`List, text search (${Number(searchCount!.n).toLocaleString('en-US')} matches)`, '/transactions?q=uber&limit=50'],
      [`List, text search (${Number(searchCount!.n).toLocaleString('en-US')} matches), no total`, '/transactions?q=uber&limit=50&include_total=false'],
      [`List, text search (${Number(rareCount!.n).toLocaleString('en-US')} matches)`, '/transactions?q=ikea%204242&limit=50'],
      ['List, sorted by amount', '/transactions?sort=amount&order=desc&limit=50'],
      ['Summary overview', '/transactions/summary/overview'],
      ['Current balance', '/transactions/balance/current'],
      ['Expense categories (this month)', '/transactions/categories/expenses'],
      ['Expense categories (one year)', `/transactions/categories/expenses?date_from=${day(-365)}&date_to=${day(0)}`],
      ['Monthly income (12 months)', '/transactions/income/monthly'],
      ['Monthly report', `/transactions/reports/monthly/${lastMonth.getUTCFullYear()}/${lastMonth.getUTCMonth() + 1}`],
      // Money accounts: 12 accounts over the rows (benchSeed.ts), read from the per-account monthly rollup.
      ['Accounts with balances (12 accounts)', '/accounts'],
      ['Net worth, 12 months', '/accounts/net-worth'],
      ['Net worth, 72 months', '/accounts/net-worth?months=72'],
    ];
    // Dashboard analytics (issue #5): one request per period, for the big user and the small one.
    const dashboard: [string, string][] = [
      ['Dashboard, 7 days by day', '/dashboard/analytics?period=7_days&time_unit=days'],
      ['Dashboard, 30 days by day', '/dashboard/analytics?period=30_days&time_unit=days'],
      ['Dashboard, 90 days by week', '/dashboard/analytics?period=90_days&time_unit=weeks'],
      ['Dashboard, 12 months by month', '/dashboard/analytics?period=12_months&time_unit=months'],
      ['Dashboard, year to date by month', '/dashboard/analytics?period=year_to_date&time_unit=months'],
      ['Dashboard, all time by month', '/dashboard/analytics?period=all_time&time_unit=months'],
    ];

    // 3. Measure: the bare route first, then each endpoint, the same tool and settings.
    const loadBefore = loadavg()[0]!;
    log(`autocannon: ${options.connections} connections, ${options.duration} s per endpoint after a 1 s warm-up`);
    const bare = await measure(base, 'Bare Fastify route (reference)', '/bench/noop', {}, options);
    const health = await measure(base, 'GET /health (one `select 1`)', '/health', {}, options);
    const results: Measurement[] = [bare, health];
    for (const [label, path] of endpoints) results.push(await measure(base, label, path, auth, options));
    const pairs: [Measurement, Measurement][] = [];
    for (const [label, path] of dashboard) {
      const big = await measure(base, label, path, auth, options);
      const little = await measure(base, `${label} (${SMALL_ROWS.toLocaleString('en-US')} rows)`, path, smallAuth, options);
      results.push(big);
      pairs.push([little, big]);
    }
    const rssAfterQueries = rssMb(child.pid);
    const importRows = 10_000;
    const imports: [string, ImportTiming][] = [];
    if (!options.noImport) {
      for (const [who, headers] of [[`${SMALL_ROWS.toLocaleString('en-US')} rows`, smallAuth], [`${options.rows.toLocaleString('en-US')} rows`, auth]] as const) {
        const timing = await timeImport(base, headers, importRows, `${Date.now()}`).catch((error: unknown) => {
          log(`  import into an account with ${who} failed: ${String(error)}`);
          return undefined;
        });
        if (!timing) continue;
        log(`  import ${importRows.toLocaleString('en-US')} rows into an account with ${who}: upload ${(timing.uploadMs / 1000).toFixed(2)} s, commit to done ${(timing.commitMs / 1000).toFixed(2)} s, end to end ${(timing.totalMs / 1000).toFixed(2)} s`);
        imports.push([who, timing]);
      }
    }
    const rssEnd = rssMb(child.pid);
    log(`  API process resident memory: ${rssOpen.toFixed(0)} MB after opening, ${rssAfterQueries.toFixed(0)} MB after the queries, ${rssEnd.toFixed(0)} MB at the end`);
    const failures = [...results, ...pairs.map(([little]) => little)].filter((r) => r.errors > 0);
    if (failures.length) throw new Error(`requests failed on: ${failures.map((f) => f.label).join(', ')}`);

    // 4. Report: the full table goes to the console, a compact one into the docs.
    const engine = databaseUrl ? 'PostgreSQL' : 'PGlite';
    const markdown = table(results, bare);
    const key = databaseUrl ? 'postgres' : 'pglite';
    const n = (x: number) => x.toLocaleString('en-US');
    const command = `${databaseUrl ? 'DATABASE_URL=postgres://… ' : ''}npm run bench${options.rows !== 1_000_000 || options.duration !== 8 || options.connections !== 10 ? ` -- --rows ${options.rows} --duration ${options.duration} --connections ${options.connections}` : ''}`;
    const importLine = imports.length
      ? ` CSV import of ${n(importRows)} rows end to end: ${imports.map(([who, t]) => `${(t.totalMs / 1000).toFixed(2)} s into ${who}`).join(', ')}.`
      : '';
    const section = `<!-- bench:${key} -->
## API under load: ${engine}, ${n(options.rows)} rows

\`${command}\` (${new Date().toISOString().slice(0, 10)}, load ${loadBefore.toFixed(1)} on ${availableParallelism()} cores; ${version!.version.split(' on ')[0]}; seeded in ${seedTime}; autocannon, ${options.connections} connections, ${options.duration} s per endpoint). The filtered page matches ${n(Number(filteredCount!.n))} rows; ${compareLine(pairs, options.rows)} RSS ${rssOpen.toFixed(0)} / ${rssAfterQueries.toFixed(0)} / ${rssEnd.toFixed(0)} MB after opening / the queries / the end.${importLine}

${docTable(results, bare)}
<!-- /bench:${key} -->`;
    const path = join(root, 'docs', 'performance.md');
    let doc = existsSync(path) ? readFileSync(path, 'utf8') : '# Performance\n';
    // This engine's section in place (or after the last one); the page's introduction and every other section stay.
    const block = new RegExp(`<!-- bench:${key} -->[\\s\\S]*?<!-- /bench:${key} -->`);
    if (block.test(doc)) doc = doc.replace(block, () => section);
    else {
      const last = [...doc.matchAll(/<!-- \/bench:[\w:]+ -->/g)].pop();
      const at = last ? last.index + last[0].length : doc.length;
      doc = `${doc.slice(0, at)}\n\n${section}${doc.slice(at)}`;
    }
    console.log(`\n${markdown}\n\n${compare(pairs, options.rows)}\n`);
    if (options.write) {
      writeFileSync(path, doc);
      log('wrote docs/performance.md');
    }
    log(`done in ${seconds(startedAll)}`);
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    if (options.keep) log(`kept ${dataDir ?? databaseUrl}`);
    else if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (!options.keep) await dropDatabase().catch((error: unknown) => log(`could not drop the bench database: ${String(error)}`));
  }
}

const entry = process.argv[1] ? resolve(process.argv[1]) === fileURLToPath(import.meta.url) : false;
if (entry) {
  const argv = process.argv.slice(2);
  const run = argv.includes('--peer') ? import('./bench-peer').then((m) => m.peerMain(argv)) : main();
  run.catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}

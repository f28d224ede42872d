import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from './pages/AppShell';
import { callApi as call, createVerifiedUser, type TestUser } from './support/api';
import { saveScreenshot, useBrowser } from './support/browser';
import { controlsUnder } from './support/covered';

const browser = useBrowser();

/** A verified user who completed onboarding in euros; the trial starts by itself on the first visit. */
async function dashboardUser(apiUrl: string): Promise<TestUser> {
  const user = await createVerifiedUser(apiUrl);
  await call(apiUrl, user.token, 'POST', '/users/me/onboarding', {
    action: 'complete',
    answers: { currency: 'EUR', monthly_income: 3200, main_goal: 'understand_spending', help_with: [] },
  });
  return user;
}

/** A dashboard user with the demo year loaded and the trial started. */
async function demoUser(apiUrl: string): Promise<TestUser> {
  const user = await dashboardUser(apiUrl);
  await call(apiUrl, user.token, 'POST', '/subscription/trial/start');
  await call(apiUrl, user.token, 'POST', '/transactions/demo');
  return user;
}

/**
 * One user with the demo year for every test that only reads it (loading a year of demo data is the costly part of
 * a test's set-up). A test that adds a row of its own adds it to this user's year; none counts rows, and hiding
 * balances is kept in the browser, not on the server (every test has a fresh browser context).
 */
let withYear: TestUser;
beforeAll(async () => {
  withYear = await demoUser(browser.apiUrl);
}, 120_000);

const euros = /€\d[\d,]*\.\d\d/;

/** A period of the segmented control (its radio inputs are visually hidden; the label is what a user clicks). */
const periodOption = (page: Page, name: string) => page.locator('label.mantine-SegmentedControl-label', { hasText: name });

describe('dashboard (Chromium against the real app)', () => {
  it('a new user sees the empty state, loads demo data (its toast covers no control at 1440 px, defect 9), and every part fills with non-zero figures', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    const user = await dashboardUser(browser.apiUrl);
    // The trial started before the visit, so the only toast is the one checked.
    await call(browser.apiUrl, user.token, 'POST', '/subscription/trial/start');
    await AppShell.openSignedIn(page, user.token, '/dashboard');
    await page.getByRole('heading', { name: 'Your money at a glance starts here' }).waitFor();
    await page.getByRole('button', { name: 'Load demo data' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Demo data loaded' }).first();
    // The toast comes once the year is loaded: as long as that may take.
    await toast.waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { name: 'Income and spending' }).waitFor({ timeout: 60_000 });
    const covered = await controlsUnder(toast);
    await saveScreenshot(page, 'dashboard-toast-1440');
    expect(covered).toEqual([]);

    await periodOption(page, '12 months').click();
    await page.waitForFunction(() => document.body.innerText.includes('Top merchants') && !document.querySelector('[aria-busy="true"]'));
    const spending = page.getByText('Spending', { exact: true }).first().locator('xpath=..');
    await expect.poll(async () => spending.innerText()).toMatch(euros);
    expect(await spending.innerText()).not.toMatch(/€0\.00\b/);
    await expect.poll(() => page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(4);
    await expect.poll(() => page.locator('.recharts-pie-sector').count()).toBeGreaterThan(2);
    expect(await page.getByRole('heading', { name: 'Top merchants' }).locator('xpath=..').innerText()).toMatch(euros);
    expect(await page.getByRole('heading', { name: 'Recent transactions' }).locator('xpath=../..').innerText()).toMatch(euros);
    await saveScreenshot(page, 'dashboard-demo-12-months');

    // The figures agree with the API for the same period.
    const api = (await call(browser.apiUrl, user.token, 'GET', '/dashboard/analytics?period=12_months&time_unit=months')) as { totals: { spending: number } };
    const shown = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(api.totals.spending);
    expect(await spending.innerText()).toContain(shown);
  });

  it('with a year of history every card is on screen: the figures, both charts, merchants, goals, recent rows and the budget', async () => {
    const page = browser.page;
    const user = withYear;
    await AppShell.openSignedIn(page, user.token, '/dashboard');
    const main = page.getByRole('main');
    for (const name of ['Income and spending', 'Spending by category', 'Top merchants', 'Goals', 'Recent transactions', 'Budget this month']) {
      await main.getByRole('heading', { name, level: 2 }).waitFor({ timeout: 30_000 });
    }
    for (const label of ['Balance', 'Income', 'Spending', 'Net', 'Savings rate']) expect(await main.getByTestId('dashboard-figures').getByText(label, { exact: true }).count()).toBe(1);
    await expect.poll(() => page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.recharts-pie-sector').count()).toBeGreaterThan(1);
    expect(await main.getByRole('heading', { name: 'Recent transactions' }).locator('xpath=../..').getByRole('row').count()).toBeGreaterThan(0);
  });

  it('switching period updates the picture', async () => {
    const page = browser.page;
    const user = withYear;
    await AppShell.openSignedIn(page, user.token, '/dashboard');
    await page.getByRole('heading', { name: 'Income and spending' }).waitFor();
    const range = page.getByText(/ – /).first();
    const before = await range.innerText();
    await periodOption(page, 'Year to date').click();
    await expect.poll(() => range.innerText()).not.toBe(before);
    expect(await range.innerText()).toMatch(/1 Jan/);
  });

  it('hide balances masks every amount on the dashboard and on transactions, and is remembered', async () => {
    const page = browser.page;
    const user = withYear;
    await AppShell.openSignedIn(page, user.token, '/dashboard');
    await page.getByRole('heading', { name: 'Income and spending' }).waitFor();
    const main = page.getByRole('main');
    await expect.poll(() => main.innerText()).toMatch(euros);
    await page.getByRole('button', { name: 'Hide balances' }).click();
    await expect.poll(() => main.innerText()).not.toMatch(euros);
    expect(await main.innerText()).toContain('••••');
    await page.reload();
    await page.getByRole('heading', { name: 'Income and spending' }).waitFor();
    expect(await main.innerText()).not.toMatch(euros);
    await page.goto('/transactions');
    await page.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor();
    // The list has loaded with its amounts masked, and none shows in the clear.
    await expect.poll(() => main.innerText()).toContain('••••');
    expect(await main.innerText()).not.toMatch(euros);
    await page.getByRole('button', { name: 'Show balances' }).click();
    await expect.poll(() => main.innerText()).toMatch(euros);
  });
});

const statCard = (page: Page, label: string) => page.getByRole('main').getByText(label, { exact: true }).first().locator('xpath=..');

describe('dashboard defects a new user met (Chromium against the real app)', () => {
  it('defect 5: with a year of history, 7 days compares with the 7 days before or says why a figure is undefined', async () => {
    const page = browser.page;
    const user = withYear;
    await AppShell.openSignedIn(page, user.token, '/dashboard');
    await page.getByRole('heading', { name: 'Income and spending' }).waitFor({ timeout: 30_000 });
    const income = await statCard(page, 'Income').innerText();
    const rate = await statCard(page, 'Savings rate').innerText();
    const spending = await statCard(page, 'Spending').innerText();
    for (const text of [income, rate, spending]) expect(text).not.toContain('No earlier period to compare');
    expect(income).toMatch(/% vs the 7 days before|No income in these 7 days or the 7 days before|Up from €0\.00 in the 7 days before/);
    expect(spending).toMatch(/% vs the 7 days before/);
    expect(await statCard(page, 'Net').innerText()).toMatch(/vs the 7 days before|Same as the 7 days before/);
    if (rate.includes('—')) expect(rate).toContain('No income in these 7 days, so no rate');
    else expect(rate).toMatch(/pts vs the 7 days before|No income in the 7 days before to compare with/);
  });

  it("defect 6: each category has its own colour (the list's too), the legend adds up to the spending with an 'Other categories' row, months read 'Dec 2025'", async () => {
    const page = browser.page;
    const user = withYear;
    // A category of the user's own without a colour, used this week.
    await call(browser.apiUrl, user.token, 'POST', '/transactions/categories', { name: 'Pets', type: 'expense' });
    await call(browser.apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 42.5, date: new Date().toISOString().slice(0, 10), category: 'Pets', description: 'Vet' });
    await AppShell.openSignedIn(page, user.token, '/dashboard?period=12_months');
    await page.getByRole('heading', { name: 'Income and spending' }).waitFor({ timeout: 30_000 });
    const legend = page.getByRole('heading', { name: 'Spending by category' }).locator('xpath=..');
    const rows = await legend.locator('[data-category-color]').evaluateAll((els) =>
      els.map((e) => {
        const row = e.closest('.mantine-Group-root')!.parentElement!;
        return { colour: getComputedStyle(e).backgroundColor, text: row.textContent ?? '' };
      }),
    );
    expect(new Set(rows.map((r) => r.colour)).size).toBe(rows.length);
    expect(rows.at(-1)?.text).toContain('Other categories');
    // The legend's amounts add up to the spending of the period.
    const api = await call<{ totals: { spending: number }; categories: { category: string; amount: number; color: string }[] }>(browser.apiUrl, user.token, 'GET', '/dashboard/analytics?period=12_months&time_unit=months');
    const amounts = rows.map((r) => Number(/€([\d,]+\.\d\d)/.exec(r.text)![1]!.replace(/,/g, '')));
    expect(amounts.reduce((s, n) => s + n, 0)).toBeCloseTo(api.totals.spending, 2);
    // Month ticks say the year: 'Dec 2025', never 'Dec 25'.
    const chart = page.getByRole('img', { name: 'Income and spending chart' });
    const monthTicks = async () => (await chart.locator('text').allTextContents()).filter((t) => /^[A-Z]/.test(t.trim()));
    await expect.poll(async () => (await monthTicks()).length, { timeout: 15_000 }).toBeGreaterThan(3);
    const ticks = await monthTicks();
    expect(ticks.length).toBeGreaterThan(3);
    for (const tick of ticks) expect(tick).toMatch(/^[A-Z][a-z]{2,4}\.? \d{4}$/);
    await saveScreenshot(page, 'dashboard-12-months-legend');

    // The same colours in the transaction list: Transport (built in) and Pets (the user's own).
    const colourOf = async (category: string) => {
      await page.goto(`/transactions?category=${category}`);
      const dot = page.getByRole('main').locator('[class*="dot"]').first();
      await dot.waitFor();
      return dot.evaluate((e) => getComputedStyle(e).backgroundColor);
    };
    const rgb = (hex: string) => `rgb(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)})`;
    const apiColour = (name: string) => api.categories.find((c) => c.category === name)!.color;
    expect(await colourOf('Transport')).toBe(rgb(apiColour('Transport')));
    expect(await colourOf('Pets')).toBe(rgb(apiColour('Pets')));
  });

  it("defect 7: 'Last month' and a custom range are in the URL and survive a reload", async () => {
    const page = browser.page;
    const user = withYear;
    await AppShell.openSignedIn(page, user.token, '/dashboard');
    await page.getByRole('heading', { name: 'Income and spending' }).waitFor({ timeout: 30_000 });
    const range = page.getByRole('main').getByText(/ – /).first();

    await periodOption(page, 'Last month').click();
    await page.waitForURL(/period=last_month/);
    const now = new Date();
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const monthLong = first.toLocaleDateString('en-GB', { month: 'short', timeZone: 'UTC' });
    await expect.poll(() => range.innerText(), { timeout: 15_000 }).toMatch(new RegExp(`^1 ${monthLong} ${first.getUTCFullYear()} – \\d\\d ${monthLong} ${first.getUTCFullYear()}$`));
    await page.reload();
    await page.getByRole('heading', { name: 'Income and spending' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('label.mantine-SegmentedControl-label[data-active]').innerText()).toBe('Last month');

    await periodOption(page, 'Custom').click();
    const from = page.getByLabel('From');
    await from.waitFor();
    await from.fill('2026-01-05');
    await page.waitForURL(/period=custom&from=2026-01-05/);
    await expect.poll(() => range.innerText(), { timeout: 15_000 }).toMatch(/^5 Jan 2026 – /);
    const before = await range.innerText();
    await page.reload();
    await page.getByRole('heading', { name: 'Income and spending' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => range.innerText(), { timeout: 15_000 }).toBe(before);
    expect(await page.getByLabel('From').inputValue()).toBe('2026-01-05');
    // The figures are the API's for the same days.
    const url = new URL(page.url());
    const api = await call<{ totals: { spending: number } }>(browser.apiUrl, user.token, 'GET', `/dashboard/analytics?period=custom&date_from=${url.searchParams.get('from')}&date_to=${url.searchParams.get('to')}&time_unit=weeks`);
    const shown = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(api.totals.spending);
    await expect.poll(() => statCard(page, 'Spending').innerText(), { timeout: 15_000 }).toContain(shown);
  });

  // At 1440 px: the first test of the file.
  for (const [width, height] of [[375, 812]] as const) {
    it(`defect 9: at ${width} px a toast covers no control of the dashboard`, async () => {
      const page = browser.page;
      await page.setViewportSize({ width, height });
      const user = await dashboardUser(browser.apiUrl);
      await call(browser.apiUrl, user.token, 'POST', '/subscription/trial/start');
      await AppShell.openSignedIn(page, user.token, '/dashboard');
      await page.getByRole('button', { name: 'Load demo data' }).click();
      const toast = page.getByRole('alert').filter({ hasText: 'Demo data loaded' }).first();
      // The toast comes once the year is loaded: as long as that may take (the first test's wait for it).
      await toast.waitFor({ timeout: 60_000 });
      await page.getByRole('heading', { name: 'Income and spending' }).waitFor({ timeout: 30_000 });
      const covered = await controlsUnder(toast);
      await saveScreenshot(page, `dashboard-toast-${width}`);
      expect(covered).toEqual([]);
    });
  }
});

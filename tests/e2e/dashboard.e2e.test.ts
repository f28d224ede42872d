import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AppShell } from './pages/AppShell';
import { callApi as call, createVerifiedUser, type TestUser } from './support/api';
import { saveScreenshot, useBrowser } from './support/browser';

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

const euros = /€\d[\d,]*\.\d\d/;

/** A period of the segmented control (its radio inputs are visually hidden; the label is what a user clicks). */
const periodOption = (page: Page, name: string) => page.locator('label.mantine-SegmentedControl-label', { hasText: name });

describe('dashboard (Chromium against the real app)', () => {
  it('a new user sees the empty state, loads demo data, and every part fills with non-zero figures', async () => {
    const page = browser.page;
    const user = await dashboardUser(browser.apiUrl);
    await AppShell.openSignedIn(page, user.token, '/dashboard');
    await page.getByRole('heading', { name: 'Your money at a glance starts here' }).waitFor();
    await page.getByRole('button', { name: 'Load demo data' }).click();
    await page.getByRole('heading', { name: 'Income and spending' }).waitFor({ timeout: 60_000 });

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

  it('switching period updates the picture', async () => {
    const page = browser.page;
    const user = await dashboardUser(browser.apiUrl);
    await call(browser.apiUrl, user.token, 'POST', '/subscription/trial/start');
    await call(browser.apiUrl, user.token, 'POST', '/transactions/demo');
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
    const user = await dashboardUser(browser.apiUrl);
    await call(browser.apiUrl, user.token, 'POST', '/subscription/trial/start');
    await call(browser.apiUrl, user.token, 'POST', '/transactions/demo');
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
    await page.waitForTimeout(1500);
    expect(await main.innerText()).not.toMatch(euros);
    await page.getByRole('button', { name: 'Show balances' }).click();
    await expect.poll(() => main.innerText()).toMatch(euros);
  });
});

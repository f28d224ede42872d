import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/web/format/money';
import { AppShell } from './pages/AppShell';
import { DashboardBudgetCard } from './pages/DashboardBudgetCard';
import { MonthBudget } from './pages/MonthBudget';
import { callApi as api, createVerifiedUser, type TestUser } from './support/api';
import { saveScreenshot, useBrowser } from './support/browser';

const browser = useBrowser();
// The browser context's locale (support/browser.ts) and the user's currency.
const money = (amount: number) => formatMoney(amount, 'USD', { locale: 'en-GB' });
// The browser's clock is set to a day of this month, so "this month" does not depend on today.
const MONTH = '2025-01';
const TODAY = `${MONTH}-20`;

/** A user with access and January 2025's salary, groceries (within budget) and dining (over it). */
async function dashboardUser(apiUrl: string, budget: boolean): Promise<TestUser> {
  const user = await createVerifiedUser(apiUrl);
  await api(apiUrl, user.token, 'POST', '/users/me/onboarding', {
    action: 'complete',
    answers: { currency: 'USD', monthly_income: 4000, main_goal: 'grow_savings', help_with: ['goals'] },
  });
  await api(apiUrl, user.token, 'POST', '/subscription/trial/start');
  await api(apiUrl, user.token, 'POST', '/transactions', { type: 'income', amount: 1000, date: `${MONTH}-10`, category: 'Salary', description: 'Pay' });
  await api(apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 50, date: `${MONTH}-15`, category: 'Groceries', description: 'Market' });
  await api(apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 130, date: `${MONTH}-16`, category: 'Dining', description: 'Dinner' });
  if (budget) {
    await api(apiUrl, user.token, 'PUT', `/budgets/${MONTH}/assigned`, { category: 'Groceries', assigned: 300 });
    await api(apiUrl, user.token, 'PUT', `/budgets/${MONTH}/assigned`, { category: 'Dining', assigned: 100 });
  }
  return user;
}

async function openDashboard(user: TestUser): Promise<DashboardBudgetCard> {
  const { page } = browser;
  await page.clock.setFixedTime(new Date(`${TODAY}T12:00:00`));
  await AppShell.openSignedIn(page, user.token, '/dashboard');
  const card = new DashboardBudgetCard(page);
  await card.root.waitFor();
  return card;
}

describe('"Budget this month" on the dashboard (Chromium against the real app)', () => {
  it('a user with a budget sees spent against budgeted per category, overspending in red, the totals and a link to the month; it fits 375 px in the dark theme', async () => {
    const { page } = browser;
    const user = await dashboardUser(browser.apiUrl, true);
    const card = await openDashboard(user);
    await card.lines.first().waitFor();
    expect(await card.lines.count()).toBe(2);
    expect(await card.line('Groceries').figures.textContent()).toBe(`${money(50)} of ${money(300)}`);
    expect(await card.line('Dining').figures.textContent()).toBe(`${money(130)} of ${money(100)}`);
    expect(await card.line('Dining').over.textContent()).toBe(`Over by ${money(30)}`);
    expect(await card.line('Groceries').over.count()).toBe(0);
    // The bars carry their figures for assistive technology.
    expect(await card.line('Dining').bar.getAttribute('aria-label')).toBe(`Dining: ${money(130)} of ${money(100)}, over by ${money(30)}`);
    const red = await card.line('Dining').over.evaluate((el) => getComputedStyle(el).color);
    expect(red).toMatch(/rgb\((2[0-9]{2}), ([0-9]{1,2}), ([0-9]{1,2})\)/);
    expect(await card.total.textContent()).toBe(`${money(180)} spent of ${money(400)} budgeted in January 2025 · ${money(30)} over`);
    // The figures are the budget page's: the same month, the same call.
    const drawn = await api<{ groups: { categories: { category: string; activity: number; assigned: number }[] }[] }>(browser.apiUrl, user.token, 'GET', `/budgets/${MONTH}`);
    expect(drawn.groups.flatMap((g) => g.categories).find((c) => c.category === 'Dining')).toMatchObject({ activity: -130, assigned: 100 });
    await saveScreenshot(page, 'dashboard-budget');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
    const overflow = await page.getByRole('main').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    // Nothing in the card runs past its edge (the card clips, so the page's overflow would not show it).
    const pastEdge = await card.root.evaluate((el) => {
      const edge = el.getBoundingClientRect().right;
      return [...el.querySelectorAll('*')].filter((c) => c.getBoundingClientRect().right > edge + 1).map((c) => c.textContent);
    });
    expect(pastEdge).toEqual([]);
    await saveScreenshot(page, 'dashboard-budget-mobile-dark');
    await card.root.getByRole('link', { name: 'Open budget' }).click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/budget?month=${MONTH}`);
  });

  it('follows a budget change made on /budget in the same tab, and one made elsewhere once the window has focus again', async () => {
    const { page } = browser;
    const user = await dashboardUser(browser.apiUrl, true);
    const card = await openDashboard(user);
    await card.lines.first().waitFor();

    // Same tab: the month on /budget, Dining raised to 150, back to the dashboard.
    await card.root.getByRole('link', { name: 'Open budget' }).click();
    const budget = await new MonthBudget(page).waitUntilLoaded();
    const dining = budget.row('Dining');
    await dining.assignedButton.click();
    await dining.assignedInput.fill('150');
    await dining.assignedInput.press('Enter');
    await expect.poll(() => dining.available.textContent()).toBe(money(20));
    await page.goBack();
    await expect.poll(() => card.line('Dining').figures.textContent()).toBe(`${money(130)} of ${money(150)}`);

    // Another tab (its call, made here through the API): this tab shows it once its window gets focus again.
    await api(browser.apiUrl, user.token, 'PUT', `/budgets/${MONTH}/assigned`, { category: 'Groceries', assigned: 400 });
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => card.line('Groceries').figures.textContent()).toBe(`${money(50)} of ${money(400)}`);
    expect(await card.total.textContent()).toBe(`${money(180)} spent of ${money(550)} budgeted in January 2025`);
  });

  it('a user without a budget sees the empty state linking to /budget', async () => {
    const { page } = browser;
    const user = await dashboardUser(browser.apiUrl, false);
    const card = await openDashboard(user);
    await card.empty.waitFor();
    expect(await card.empty.textContent()).toBe('No budget yet — set one up');
    expect(await card.lines.count()).toBe(0);
    await saveScreenshot(page, 'dashboard-budget-empty');
    await card.empty.getByRole('link', { name: 'set one up' }).click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/budget?month=${MONTH}`);
  });
});

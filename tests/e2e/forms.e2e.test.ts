import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from './pages/AppShell';
import { BudgetPage } from './pages/BudgetPage';
import { fieldErrors, focusedField } from './pages/fieldErrors';
import { LoginPage } from './pages/LoginPage';
import { RegisterPage } from './pages/RegisterPage';
import { Toasts } from './pages/Toasts';
import { TransactionsPage } from './pages/TransactionsPage';
import { callApi as api, createVerifiedUser, type TestUser } from './support/api';
import { animationsDone, saveScreenshot, useBrowser } from './support/browser';
import { controlsUnder } from './support/covered';

/**
 * Every form checks the contract's rules before sending and shows every
 * problem at once, next to its field, in sentence case, announced with the field (aria-invalid +
 * aria-describedby) and with the focus on the first one; a refusal the server gives about a field
 * lands next to that field. And the rest of defect 9: a toast covers no control of Settings, Tokens
 * or the coach at 1440 and 375 px.
 */

// One page for the file: the signed-in tests move inside the app they find open (AppShell.open) instead of
// loading it again, so the signed-out ones come first and each test with a path of its own follows one with another.
const browser = useBrowser({ oneContext: true });

/** A verified user who completed onboarding, with the trial started (every route open to them). */
async function readyUser(apiUrl: string): Promise<TestUser> {
  const user = await createVerifiedUser(apiUrl);
  await api(apiUrl, user.token, 'POST', '/users/me/onboarding', {
    action: 'complete',
    answers: { currency: 'USD', monthly_income: 3000, main_goal: 'grow_savings', help_with: [] },
  });
  await api(apiUrl, user.token, 'POST', '/subscription/trial/start');
  return user;
}

/** The user of every signed-in test: none of them saves anything (each checks that nothing was sent). */
let user: TestUser;
beforeAll(async () => {
  user = await readyUser(browser.apiUrl);
}, 120_000);

const listed = async (apiUrl: string, token: string) => (await api<{ transactions: unknown[] }>(apiUrl, token, 'GET', '/transactions?limit=10')).transactions;
const error = (field: string, text: string) => ({ field, error: text, announced: true, below: expect.any(Number) });

/** Every error sits right under its own field (within a few pixels), not elsewhere in the form. */
async function expectNextToFields(root: Locator) {
  for (const shown of await fieldErrors(root)) {
    expect(shown.below, `${shown.field}'s error is under it`).toBeGreaterThanOrEqual(-2);
    expect(shown.below, `${shown.field}'s error is under it`).toBeLessThanOrEqual(12);
  }
}

const usePreferences = (page: Page, theme: 'light' | 'dark') =>
  page.addInitScript((prefs) => localStorage.setItem('preferences', prefs), JSON.stringify({ theme, sidebarCollapsed: false, showBalances: true, activeTab: 'transactions' }));

describe('forms: every problem at once, next to its field, in sentence case', () => {
  it('an empty log-in form names both fields at once; forgot password names the email', async () => {
    const page = browser.page;
    const login = await new LoginPage(page).goto();
    await login.submitButton.click();
    await login.form.getByText('Password is required', { exact: true }).waitFor();
    expect(await fieldErrors(login.form)).toEqual([error('Email', 'Email is required'), error('Password', 'Password is required')]);
    expect(await focusedField(login.form)).toBe('Email');
    await login.email.fill('someone@');
    await login.submitButton.click();
    await login.form.getByText('Email must be a valid email address', { exact: true }).waitFor();

    await page.goto('/forgot-password');
    const forgot = page.getByRole('form', { name: 'Send reset link' });
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await forgot.getByText('Email is required', { exact: true }).waitFor();
    expect(await fieldErrors(forgot)).toEqual([error('Email', 'Email is required')]);
    expect(await focusedField(forgot)).toBe('Email');
  });

  it("sign-up: the server's 'An account with this email already exists…' is shown under Email, not in a toast", async () => {
    const page = browser.page;
    const taken = await createVerifiedUser(browser.apiUrl);
    const register = await new RegisterPage(page).goto();
    const form = register.form;
    await register.register({ email: taken.email, password: 'lantern orbit pickle 42' });
    await form.getByText('An account with this email already exists. Log in or reset your password.', { exact: true }).waitFor();
    expect(await fieldErrors(form)).toEqual([error('Email', 'An account with this email already exists. Log in or reset your password.')]);
    expect(await focusedField(form)).toBe('Email');
    await expectNextToFields(form);
    expect(await page.getByRole('alert').filter({ hasText: 'already exists' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/register');
  });
  it("the server's refusal about a field lands next to that field, not in a toast", async () => {
    const page = browser.page;
    await api(browser.apiUrl, user.token, 'POST', '/transactions/categories', { name: 'Vet bills', type: 'expense' });
    await AppShell.open(page, user.token, '/transactions');
    const transactions = await new TransactionsPage(page).waitUntilLoaded();
    const form = await transactions.openAddForm();
    await form.fill({ amount: '40', category: 'Vet bills', description: 'Check-up' });
    // Deleted elsewhere while the form was open: only the server can know.
    await api(browser.apiUrl, user.token, 'DELETE', `/transactions/categories/${encodeURIComponent('Vet bills')}`);
    await form.submit();
    await form.root.getByText("Category 'Vet bills' is not a known category", { exact: true }).waitFor();
    expect(await fieldErrors(form.root)).toEqual([error('Category', "Category 'Vet bills' is not a known category")]);
    expect(await form.error.count()).toBe(0);
    expect(await page.getByRole('alert').filter({ hasText: 'not a known category' }).count()).toBe(0);
    expect(await focusedField(form.root)).toBe('Category');
    expect(await listed(browser.apiUrl, user.token)).toEqual([]);
  });

  it('an empty goal form flags every missing field at once; the funds form names the amount', async () => {
    const page = browser.page;
    await AppShell.open(page, user.token, '/budget');
    const budget = await new BudgetPage(page).waitUntilLoaded();
    const form = await budget.openNewGoalForm();
    await form.submit();
    await form.root.getByText('Goal name is required', { exact: true }).waitFor();
    expect(await fieldErrors(form.root)).toEqual([
      error('Goal name', 'Goal name is required'),
      error('Target amount', 'Target amount is required'),
      error('Target date', 'Target date is required'),
    ]);
    await expectNextToFields(form.root);
    expect(await focusedField(form.root)).toBe('Goal name');
    await form.fill({ name: 'Bike', targetAmount: '0', targetDate: '2020-01-01', alreadySaved: '1.005' });
    await form.submit();
    await form.root.getByText('Target date must be today or later', { exact: true }).waitFor();
    expect(await fieldErrors(form.root)).toEqual([
      error('Target amount', 'Target amount must be greater than 0'),
      error('Target date', 'Target date must be today or later'),
      error('Already saved (optional)', 'Already saved must have at most two decimal places'),
    ]);
    expect(await api<unknown[]>(browser.apiUrl, user.token, 'GET', '/goals')).toEqual([]);
  });

  it('the CSV mapping step: a refused mapping is named next to the column it is about', async () => {
    const page = browser.page;
    await AppShell.open(page, user.token, '/transactions');
    const transactions = await new TransactionsPage(page).waitUntilLoaded();
    const wizard = await transactions.openImport();
    await wizard.upload('card.csv', ['Date,Payee,Paid out,Paid in', '03/14/2025,Coffee Shop,4.50,', '03/15/2025,Refund Store,,20.00', ''].join('\n'));
    const moneyOut = wizard.root.getByRole('combobox', { name: 'Money out column' });
    const moneyIn = wizard.root.getByRole('combobox', { name: 'Money in column' });
    await moneyIn.selectOption({ label: '— none —' });
    await expect.poll(() => moneyIn.inputValue()).toBe('');
    await moneyOut.selectOption({ label: '— none —' });
    const message = 'Amount column is required (or money out column / money in column)';
    await wizard.root.getByText(message, { exact: true }).waitFor();
    expect(await fieldErrors(wizard.root)).toEqual([error('Money out column', message)]);
    expect(await wizard.error.count()).toBe(0);
  });

  it("change password: the server's 'Current password is incorrect' is shown under that field", async () => {
    const page = browser.page;
    await AppShell.open(page, user.token, '/settings');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password').fill('lantern orbit pickle 42');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Current password is incorrect', { exact: true }).waitFor();
    expect(await fieldErrors(form)).toEqual([error('Current password', 'Current password is incorrect')]);
    expect(await focusedField(form)).toBe('Current password');
    expect(await page.getByRole('alert').filter({ hasText: 'Current password is incorrect' }).count()).toBe(0);
  });

  it('an empty Add transaction form flags every missing field at once and sends nothing', async () => {
    const page = browser.page;
    await AppShell.open(page, user.token, '/transactions');
    const transactions = await new TransactionsPage(page).waitUntilLoaded();
    const form = await transactions.openAddForm();

    // The date starts at today and the type at Expense: the amount and the category are missing.
    await form.submit();
    await form.root.getByText('Category is required', { exact: true }).waitFor();
    expect(await fieldErrors(form.root)).toEqual([error('Amount', 'Amount is required'), error('Category', 'Category is required')]);
    await expectNextToFields(form.root);
    expect(await focusedField(form.root)).toBe('Amount');

    // With the date cleared too, all three at once.
    await form.root.getByLabel(/^Date/).fill('');
    await form.submit();
    await form.root.getByText('Date is required', { exact: true }).waitFor();
    expect(await fieldErrors(form.root)).toEqual([error('Amount', 'Amount is required'), error('Date', 'Date is required'), error('Category', 'Category is required')]);
    expect(await focusedField(form.root)).toBe('Amount');

    // Typing clears a field's error; an amount the rule refuses is named in its words.
    await form.fill({ amount: '12.345', date: '2026-01-05' });
    await form.submit();
    await form.root.getByText('Amount must have at most two decimal places', { exact: true }).waitFor();
    expect(await fieldErrors(form.root)).toEqual([error('Amount', 'Amount must have at most two decimal places'), error('Category', 'Category is required')]);
    expect(await listed(browser.apiUrl, user.token)).toEqual([]);

    // What the user sees, desktop and phone, light and dark.
    await form.fill({ amount: '' });
    await form.root.getByLabel(/^Date/).fill('');
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => document.documentElement.setAttribute('data-mantine-color-scheme', t), theme);
      for (const [width, height] of [
        [1440, 900],
        [375, 812],
      ] as const) {
        await page.setViewportSize({ width, height });
        await form.submit();
        await form.root.getByText('Date is required', { exact: true }).waitFor();
        await expectNextToFields(form.root);
        await saveScreenshot(page, `forms-add-transaction-errors-${width}-${theme}`);
      }
    }
  });

});



describe('defect 9: a toast covers no control on Settings, Tokens or the coach', () => {
  for (const [width, height] of [
    [1440, 900],
    [375, 812],
  ] as const) {
    it(`at ${width} px`, async () => {
      const page = browser.page;
      await page.setViewportSize({ width, height });
      await usePreferences(page, 'light');
        const shell = await AppShell.openSignedIn(page, user.token, '/settings');
      const profile = page.getByRole('form', { name: 'Profile' });
      await profile.getByRole('button', { name: 'Save profile' }).click();
      const toast = await new Toasts(page).waitFor('Profile updated');
      // A pointer over a toast keeps it open (Mantine pauses its timer): the user reads it while the pages change.
      await toast.hover();
      const covered: Record<string, string[]> = { settings: await controlsUnder(toast) };
      await saveScreenshot(page, `toast-settings-${width}`);
      for (const [name, heading] of [
        ['Tokens', 'Tokens'],
        ['AI Coach', 'AI Coach'],
      ] as const) {
        // Navigate by keyboard, so the pointer stays on the toast.
        if (width < 768) {
          await shell.burger.focus();
          await page.keyboard.press('Enter');
        }
        await shell.navLink(name).focus();
        await page.keyboard.press('Enter');
        await page.getByRole('main').getByRole('heading', { name: heading, level: 1 }).waitFor({ timeout: 30_000 });
        await shell.waitForPageContent();
        // Past the skeletons: the page's real controls are laid out.
        await page.getByRole('main').locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 30_000 });
        // Where the controls end up: the page's entrance transitions have run.
        await animationsDone(page);
        expect(await toast.isVisible()).toBe(true);
        covered[name] = await controlsUnder(toast);
        await saveScreenshot(page, `toast-${name.toLowerCase().replace(/\W+/g, '-')}-${width}`);
      }
      expect(covered).toEqual({ settings: [], Tokens: [], 'AI Coach': [] });
    });
  }
});

import { describe, expect, it } from 'vitest';
import { SettingsCurrenciesSection } from './pages/SettingsCurrenciesSection';
import { AppShell } from './pages/AppShell';
import { Toasts } from './pages/Toasts';
import { TransactionsPage } from './pages/TransactionsPage';
import { callApi as call, createVerifiedUser } from './support/api';
import { useBrowser } from './support/browser';

const browser = useBrowser();

// A small ECB reference-rate file: 1 EUR = 1.0837 USD (and 160.12 JPY) on 2026-03-02.
const ecbFile = 'Date,USD,JPY,\n2026-03-02,1.0837,160.12,\n';

describe('Settings › Currencies (Chromium against the real app)', () => {
  it('from the Transactions header’s note a user imports a small ECB file, sees the rates and the result, the amount is converted, and a typed rate is checked field by field', async () => {
    const page = browser.page;
    const user = await createVerifiedUser(browser.apiUrl);
    await call(browser.apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'USD', monthly_income: 3200, main_goal: 'grow_savings', help_with: [] } });
    await call(browser.apiUrl, user.token, 'POST', '/subscription/trial/start');
    const euros = (await call(browser.apiUrl, user.token, 'POST', '/accounts', { name: 'Girokonto', kind: 'checking', currency: 'EUR', opening_date: '2026-01-01' })) as { account_id: string };
    await call(browser.apiUrl, user.token, 'POST', '/transactions', { account_id: euros.account_id, type: 'expense', amount: 12.5, date: '2026-03-03', category: 'Groceries', description: 'Padaria' });

    await AppShell.openSignedIn(page, user.token, '/transactions');
    await new TransactionsPage(page).waitUntilLoaded();
    await expect.poll(() => page.getByTestId('summary-unconverted').textContent()).toMatch(/^1 amount not converted/);
    await page.getByTestId('summary-unconverted').getByRole('link', { name: 'Settings › Currencies' }).click();

    await page.waitForURL(/\/settings#currencies$/);
    const currencies = new SettingsCurrenciesSection(page);
    // Settings is loaded on demand: on a busy machine its first paint can take a while.
    await currencies.emptyState.waitFor({ timeout: 20_000 });
    expect(await currencies.root.getByTestId('base-currency').textContent()).toBe('USD');
    expect(await currencies.emptyState.textContent()).toMatch(/not converted.*never counted one to one/);

    await currencies.importFile('eurofxref.csv', ecbFile);
    await currencies.importResult.waitFor({ timeout: 20_000 });
    expect(await currencies.importResult.textContent()).toContain('2 rates for 2 currencies (JPY, USD) on 2026-03-02; 1 amount that had no rate is converted now');
    // Newest first: one day, both pairs, as exact decimals.
    const rows = await currencies.rows();
    expect(rows.map((r) => r.slice(1))).toEqual(
      expect.arrayContaining([
        ['EUR → USD', '1.0837', 'Imported file'],
        ['EUR → JPY', '160.12', 'Imported file'],
      ]),
    );

    // The form checks each field with the contract's words before anything is sent.
    await currencies.fillRate({ day: '2026-03-10', from: 'EUR', to: 'EUR', rate: 'abc' });
    await currencies.submitRate();
    await expect.poll(() => currencies.addForm.getByLabel('Rate').getAttribute('aria-invalid')).toBe('true');
    await currencies.addForm.getByText(/positive decimal/).first().waitFor();
    await currencies.addForm.getByLabel('Rate').fill('1.09');
    await currencies.addForm.getByLabel('To').fill('USD');
    await currencies.submitRate();
    await new Toasts(page).waitFor('Rate kept: 1 EUR = 1.09 USD on 2026-03-10');
    await expect.poll(async () => (await currencies.rows())[0]?.slice(1)).toEqual(['EUR → USD', '1.09', 'Typed']);

    // Back on Transactions: nothing is left unconverted.
    await page.goto('/transactions');
    await new TransactionsPage(page).waitUntilLoaded();
    await page.getByRole('group', { name: 'Current balance' }).getByText(/13\.55/).waitFor();
    expect(await page.getByTestId('summary-unconverted').count()).toBe(0);
  });
});

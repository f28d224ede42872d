import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/transactions';
import { AppShell } from './pages/AppShell';
import { Toasts } from './pages/Toasts';
import { TransactionsPage } from './pages/TransactionsPage';
import { callApi as call, createVerifiedUser } from './support/api';
import { useBrowser } from './support/browser';

const browser = useBrowser();

async function readyUser() {
  const user = await createVerifiedUser(browser.apiUrl);
  await call(browser.apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'USD', monthly_income: 3200, main_goal: 'grow_savings', help_with: [] } });
  await call(browser.apiUrl, user.token, 'POST', '/subscription/trial/start');
  return user;
}

describe('several currencies (Chromium against the real app)', () => {
  it('a charge abroad typed in the form shows "€100.00 charged as $108.37"; a euro account’s rows show in euros; an amount with no rate is counted as not converted under the list’s totals, the current balance and on the dashboard', async () => {
    const page = browser.page;
    const user = await readyUser();
    const card = (await call(browser.apiUrl, user.token, 'POST', '/accounts', { name: 'Visa', kind: 'credit_card', opening_date: '2026-01-01' })) as { account_id: string };
    const euros = (await call(browser.apiUrl, user.token, 'POST', '/accounts', { name: 'Girokonto', kind: 'checking', currency: 'EUR', opening_date: '2026-01-01' })) as { account_id: string };
    // No rate for the euro account's day: not converted, never counted 1:1.
    await call(browser.apiUrl, user.token, 'POST', '/transactions', { account_id: euros.account_id, type: 'expense', amount: 12.5, date: '2026-03-03', category: 'Groceries', description: 'Padaria' });

    await AppShell.openSignedIn(page, user.token, '/transactions');
    const transactions = await new TransactionsPage(page).waitUntilLoaded();
    // In the account's currency once the accounts are read (the rows may come first).
    await expect.poll(() => transactions.row('Padaria').amount.textContent()).toBe('−€12.50');
    // The list's totals say what they left out.
    await expect.poll(() => page.getByTestId('totals-unconverted').textContent()).toMatch(/^1 amount not converted: left out of these totals/);
    // So does the header's current balance (GET /transactions/summary/overview), with where a rate comes from.
    await expect.poll(() => page.getByTestId('summary-unconverted').textContent()).toMatch(/^1 amount not converted: left out of the current balance .*rates file/);

    const form = await transactions.openAddForm();
    await form.root.getByRole('combobox', { name: 'Account' }).click();
    await page.getByRole('option', { name: 'Visa', exact: true }).click();
    await form.fill({ amount: '108.37', date: '2026-03-02', category: 'Dining', description: 'Time Out Market', paidThere: { amount: '100.00', currency: 'EUR' } });
    await form.submit();
    await new Toasts(page).waitFor('Transaction added');
    // The browser is en-GB: the dollar shows as "US$" there ("$108.37" in en-US).
    await transactions.row('Time Out Market').root.getByText(/^€100\.00 charged as (US)?\$108\.37$/).waitFor();
    const list = (await call(browser.apiUrl, user.token, 'GET', `/transactions?account_id=${card.account_id}`)) as { transactions: Transaction[] };
    expect(list.transactions.map((t) => [t.amount, t.original_amount, t.original_currency])).toEqual([[108.37, 100, 'EUR']]);

    await page.goto('/dashboard?period=custom&from=2026-03-01&to=2026-03-31');
    expect(await page.getByTestId('dashboard-unconverted').textContent()).toMatch(/^1 amount not converted: /);
    // The recent rows: the euro row in euros, marked, never as if 1:1.
    await page.getByText('€12.50 (not converted)').waitFor();
  });
});

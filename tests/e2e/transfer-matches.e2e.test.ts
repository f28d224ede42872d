import { describe, expect, it } from 'vitest';
import type { Account, TransferPairs } from '../../src/contract/accounts';
import { AccountsPage } from './pages/AccountsPage';
import { AppShell } from './pages/AppShell';
import { callApi as api, createVerifiedUser } from './support/api';
import { useBrowser } from './support/browser';

const browser = useBrowser();

describe('Match transfers on /accounts (Chromium, 375 px)', () => {
  it('lists a likely pair, links one by keyboard and dismisses another; the server agrees', async () => {
    const { page, apiUrl } = browser;
    const user = await createVerifiedUser(apiUrl);
    await api(apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'USD', monthly_income: 4000, main_goal: 'grow_savings', help_with: ['goals'] } });
    await api(apiUrl, user.token, 'POST', '/subscription/trial/start');
    const checking = await api<Account>(apiUrl, user.token, 'POST', '/accounts', { name: 'Checking', kind: 'checking', opening_date: '2020-01-01' });
    const savings = await api<Account>(apiUrl, user.token, 'POST', '/accounts', { name: 'Savings', kind: 'savings', opening_date: '2020-01-01' });
    const today = new Date().toISOString().slice(0, 10);
    const add = (account: Account, type: string, amount: number, description: string) =>
      api(apiUrl, user.token, 'POST', '/transactions', { account_id: account.account_id, type, amount, date: today, category: type === 'income' ? 'Other Income' : 'Other', description });
    await add(checking, 'expense', 250, 'TO SAVINGS');
    await add(savings, 'income', 250, 'FROM CHECKING');
    await add(checking, 'expense', 60, 'DINNER SPLIT');
    await add(savings, 'income', 60, 'REFUND');

    await page.setViewportSize({ width: 375, height: 800 });
    await AppShell.openSignedIn(page, user.token, '/accounts');
    const accounts = new AccountsPage(page);
    await accounts.heading.waitFor();
    await page.getByRole('button', { name: 'Match transfers' }).click();
    const drawer = accounts.dialog;
    const pairs = drawer.getByTestId('transfer-pair');
    await expect.poll(() => pairs.count()).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);

    const link = drawer.getByRole('button', { name: /^Link .*250\.00 from Checking to Savings as a transfer$/ });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => pairs.count()).toBe(1);
    await drawer.getByRole('button', { name: /60\.00 from Checking to Savings: not a transfer$/ }).click();
    await drawer.getByText('No likely transfers to match.').waitFor();

    const left = await api<TransferPairs>(apiUrl, user.token, 'GET', '/transactions/transfer-matches');
    expect(left.pairs).toEqual([]);
    const listed = await api<{ transactions: { description: string; kind: string }[] }>(apiUrl, user.token, 'GET', `/transactions?account_id=${savings.account_id}`);
    expect(Object.fromEntries(listed.transactions.map((t) => [t.description, t.kind]))).toEqual({ 'FROM CHECKING': 'transfer', REFUND: 'standard' });

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });
});

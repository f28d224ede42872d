import { describe, expect, it } from 'vitest';
import type { Account } from '../../src/contract/accounts';
import type { ImportJob, ImportPreview, Transaction } from '../../src/contract/transactions';
import { AppShell } from './pages/AppShell';
import { Toasts } from './pages/Toasts';
import { TransactionsPage } from './pages/TransactionsPage';
import { callApi as api, createVerifiedUser, type TestUser } from './support/api';
import { hasHorizontalScroll, useBrowser } from './support/browser';

const browser = useBrowser();
const TODAY = '2026-03-12';

/** A bank CSV into one account, through the import endpoints (upload, commit with the suggested mapping, wait for the job). */
async function importCsv(apiUrl: string, user: TestUser, accountId: string, csv: string): Promise<void> {
  const up = await fetch(`${apiUrl}/transactions/import?file_name=checking.csv&account_id=${accountId}`, { method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'text/csv' }, body: csv });
  expect(up.status).toBe(201);
  const preview = (await up.json()) as ImportPreview;
  await api(apiUrl, user.token, 'POST', `/transactions/import/${preview.import_id}/commit`, { mapping: preview.mapping, account_id: accountId });
  await expect.poll(async () => (await api<ImportJob>(apiUrl, user.token, 'GET', `/transactions/import/${preview.import_id}`)).status, { timeout: 60_000 }).toBe('completed');
}

describe('"This is a transfer…" in the transaction form (Chromium, 375 px)', () => {
  it('links an imported outgoing row to its incoming twin by keyboard; the month’s spending drops by the transfer', async () => {
    const { page, apiUrl } = browser;
    const user = await createVerifiedUser(apiUrl);
    await api(apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'USD', monthly_income: 4000, main_goal: 'grow_savings', help_with: ['goals'] } });
    await api(apiUrl, user.token, 'POST', '/subscription/trial/start');
    const checking = await api<Account>(apiUrl, user.token, 'POST', '/accounts', { name: 'Checking', kind: 'checking', opening_date: '2020-01-01' });
    const savings = await api<Account>(apiUrl, user.token, 'POST', '/accounts', { name: 'Savings', kind: 'savings', opening_date: '2020-01-01' });
    await importCsv(apiUrl, user, checking.account_id, 'Date,Description,Amount\n2026-03-10,SAVINGS MOVE,-500.00\n2026-03-09,Weekly groceries,-42.00\n');
    await api(apiUrl, user.token, 'POST', '/transactions', { account_id: savings.account_id, type: 'income', amount: 500, date: '2026-03-11', category: 'Other Income', description: 'From checking' });
    const imported = await api<{ transactions: Transaction[] }>(apiUrl, user.token, 'GET', `/transactions?account_id=${checking.account_id}`);
    const outgoing = imported.transactions.find((t) => t.amount === 500)!;
    expect(outgoing).toMatchObject({ source: 'import', type: 'expense', kind: 'standard' });

    await page.setViewportSize({ width: 375, height: 800 });
    await page.clock.setFixedTime(new Date(`${TODAY}T12:00:00`));
    await AppShell.openSignedIn(page, user.token, '/transactions');
    const transactions = await new TransactionsPage(page).waitUntilLoaded();
    const spending = transactions.figure(/^Spending in /);
    await expect.poll(() => spending.textContent()).toMatch(/542\.00/);

    const title = (await page.locator(`#transaction-${outgoing.transaction_id}-title`).innerText()).trim();
    const form = await transactions.row(title).edit();
    const action = form.root.getByRole('button', { name: 'This is a transfer…' });
    await action.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'This is a transfer' });
    const link = dialog.getByRole('button', { name: /^Link as transfer with 2026-03-11 · Savings · \+\D*500\.00 · From checking$/ });
    await link.waitFor();
    expect(await dialog.getByTestId('transfer-match').count()).toBe(1);
    expect(await hasHorizontalScroll(page)).toBe(false);
    // Focus starts on the match's Link: Enter links it.
    await expect.poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await new Toasts(page).waitFor('Linked as a transfer');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => spending.textContent()).toMatch(/42\.00/);
    expect(await spending.textContent()).not.toMatch(/542\.00/);

    const after = await api<{ transactions: Transaction[] }>(apiUrl, user.token, 'GET', `/transactions?account_id=${savings.account_id}`);
    expect(after.transactions.map((t) => [t.description, t.kind])).toEqual([['From checking', 'transfer']]);
    const summary = await api<{ current_month: { expenses: number } }>(apiUrl, user.token, 'GET', '/transactions/summary/overview?month=2026-03');
    expect(summary.current_month.expenses).toBe(42);
  });

  it('Escape goes back to the form; a row with no twin says so', async () => {
    const { page, apiUrl } = browser;
    const user = await createVerifiedUser(apiUrl);
    await api(apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'USD', monthly_income: 4000, main_goal: 'grow_savings', help_with: ['goals'] } });
    await api(apiUrl, user.token, 'POST', '/subscription/trial/start');
    await api<Account>(apiUrl, user.token, 'POST', '/accounts', { name: 'Checking', kind: 'checking', opening_date: '2020-01-01' });
    await api(apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 80, date: '2026-03-05', category: 'Dining', description: 'Dinner out' });

    await page.setViewportSize({ width: 375, height: 800 });
    await page.clock.setFixedTime(new Date(`${TODAY}T12:00:00`));
    await AppShell.openSignedIn(page, user.token, '/transactions');
    const transactions = await new TransactionsPage(page).waitUntilLoaded();
    const form = await transactions.row('Dinner out').edit();
    await form.root.getByRole('button', { name: 'This is a transfer…' }).click();
    const dialog = page.getByRole('dialog', { name: 'This is a transfer' });
    await dialog.getByText('No row in your other accounts matches this one.').waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Back' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await form.waitUntilShown();
    expect(await form.root.getByRole('textbox', { name: 'Description', exact: true }).inputValue()).toBe('Dinner out');
  });
});

import { describe, expect, it } from 'vitest';
import type { CategoryListResponse } from '../../src/contract/categories';
import { AppShell } from './pages/AppShell';
import { Toasts } from './pages/Toasts';
import { TransactionsPage } from './pages/TransactionsPage';
import { callApi as call, onboardedUser } from './support/api';
import { hasHorizontalScroll, saveScreenshot, useBrowser } from './support/browser';

const browser = useBrowser();

const categoriesOf = async (token: string) => (await call(browser.apiUrl, token, 'GET', '/transactions/categories')) as CategoryListResponse;

describe('Settings › Categories (Chromium against the real app)', () => {
  it('merges a category after a confirmation naming how many transactions move, hides one from new entries, at 375 px', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 375, height: 812 });
    const user = await onboardedUser(browser.apiUrl, { currency: 'EUR' });
    await call(browser.apiUrl, user.token, 'POST', '/transactions/categories', { name: 'Pets', type: 'expense' });
    for (const [category, description] of [
      ['Pets', 'Cat food'],
      ['Pets', 'Vet'],
      ['Dining', 'Pizza night'],
    ])
      await call(browser.apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 12.5, date: '2026-03-02', category, description });

    await AppShell.openSignedIn(page, user.token, '/settings');
    const section = page.getByRole('region', { name: 'Categories' });
    const pets = section.getByRole('listitem').filter({ has: page.getByText('Pets', { exact: true }) });
    await pets.getByText('Expense · 2 transactions').waitFor({ timeout: 20_000 });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, 'settings-categories-375');

    // Merge: keyboard reachable button, a dialog that names the count before anything moves.
    await pets.getByRole('button', { name: 'Merge Pets into another category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge “Pets”' });
    await dialog.getByRole('textbox', { name: 'Merge into' }).or(dialog.getByRole('combobox', { name: 'Merge into' })).first().click();
    await page.getByRole('option', { name: 'Shopping', exact: true }).click();
    await dialog.getByText('Merge “Pets” into “Shopping”? 2 transactions will move to “Shopping” and “Pets” will be removed.').waitFor();
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await new Toasts(page).waitFor('Merged into Shopping: 2 transactions moved');
    await pets.waitFor({ state: 'detached' });
    const afterMerge = await categoriesOf(user.token);
    expect(afterMerge.categories.find((c) => c.name === 'Pets')).toBeUndefined();
    expect(afterMerge.categories.find((c) => c.name === 'Shopping')?.transaction_count).toBe(2);

    // Hide Dining: the switch is labelled for screen readers.
    await section.getByRole('switch', { name: 'Hide Dining' }).click();
    await new Toasts(page).waitFor('“Dining” hidden from new entries');
    expect((await categoriesOf(user.token)).categories.find((c) => c.name === 'Dining')?.hidden).toBe(true);

    // A new entry is not offered Dining; the row that has it still shows it when edited.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${new URL(page.url()).origin}/transactions`);
    const transactions = await new TransactionsPage(page).waitUntilLoaded();
    const form = await transactions.openAddForm();
    const category = form.root.getByRole('combobox', { name: 'Category' });
    await category.click();
    await page.getByRole('option', { name: 'Groceries', exact: true }).waitFor();
    expect(await page.getByRole('option', { name: 'Dining', exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await form.root.waitFor({ state: 'hidden' });
    const edit = await transactions.row('Pizza night').edit();
    await expect.poll(() => edit.root.getByRole('combobox', { name: 'Category' }).inputValue()).toBe('Dining');
  });
});

describe('the transaction form and accounts (Chromium against the real app)', () => {
  it('picks the account of a new entry, and asks before saving a change to a reconciled transaction', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    const user = await onboardedUser(browser.apiUrl, { currency: 'EUR' });
    const account = (body: object) => call<{ account_id: string }>(browser.apiUrl, user.token, 'POST', '/accounts', { opening_balance: 0, opening_date: '2026-01-01', ...body });
    await account({ name: 'Checking', kind: 'checking' });
    const visa = await account({ name: 'Visa', kind: 'credit_card' });
    const lunch = await call<{ transaction_id: string }>(browser.apiUrl, user.token, 'POST', '/transactions', { account_id: visa.account_id, type: 'expense', amount: 10, date: '2026-03-02', category: 'Dining', description: 'Card lunch', cleared: true });
    await call(browser.apiUrl, user.token, 'POST', `/accounts/${visa.account_id}/reconcile`, { statement_date: '2026-03-31', statement_balance: -10, adjust: false });

    await AppShell.openSignedIn(page, user.token, '/transactions');
    const transactions = await new TransactionsPage(page).waitUntilLoaded();
    const edit = await transactions.row('Card lunch').edit();
    await edit.root.getByRole('textbox', { name: 'Description', exact: true }).fill('Card lunch with Sam');
    await edit.submit();
    const confirm = page.getByRole('dialog', { name: 'Change a reconciled transaction?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Save changes' }).click();
    await new Toasts(page).waitFor('Transaction updated');
    const saved = await call<{ description: string; reconciled: boolean }>(browser.apiUrl, user.token, 'GET', `/transactions/${lunch.transaction_id}`);
    expect(saved).toMatchObject({ description: 'Card lunch with Sam', reconciled: false });

    const form = await transactions.openAddForm();
    await form.root.getByRole('textbox', { name: 'Account' }).or(form.root.getByRole('combobox', { name: 'Account' })).first().click();
    await page.getByRole('option', { name: 'Visa', exact: true }).click();
    await form.fill({ amount: '4.20', description: 'Coffee on the card', category: 'Dining' });
    await form.submit();
    await new Toasts(page).waitFor('Transaction added');
    const list = await call<{ transactions: { description: string; account_id: string }[] }>(browser.apiUrl, user.token, 'GET', '/transactions?limit=10');
    expect(list.transactions.find((t) => t.description === 'Coffee on the card')?.account_id).toBe(visa.account_id);
  });
});

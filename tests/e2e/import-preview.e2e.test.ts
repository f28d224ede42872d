import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { AppShell } from './pages/AppShell';
import { TransactionsPage } from './pages/TransactionsPage';
import { callApi as call, createVerifiedUser } from './support/api';
import { saveScreenshot, useBrowser } from './support/browser';

const browser = useBrowser();

describe('the bank-file preview at 375 px (Chromium against the real app)', () => {
  it('shows each row’s status badge whole and the clean merchant names, the bank’s text on hover', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 375, height: 812 });
    const user = await createVerifiedUser(browser.apiUrl);
    await call(browser.apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'USD', monthly_income: 3200, main_goal: 'grow_savings', help_with: [] } });
    await call(browser.apiUrl, user.token, 'POST', '/subscription/trial/start');
    const card = (await call(browser.apiUrl, user.token, 'POST', '/accounts', { name: 'Visa', kind: 'credit_card' })) as { account_id: string };
    await call(browser.apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 15.49, date: '2024-03-07', category: 'Subscriptions', description: 'Netflix', merchant: 'Netflix', account_id: card.account_id });

    await AppShell.openSignedIn(page, user.token, '/transactions');
    const transactions = await new TransactionsPage(page).waitUntilLoaded();
    const wizard = await transactions.openImport();
    await wizard.chooseAccount('Visa');
    await wizard.upload('card-march.qfx', await readFile(new URL('../server/fixtures/bank/card-march.qfx', import.meta.url)));
    const badge = wizard.preview.getByText('Matches one you entered', { exact: true });
    await badge.waitFor();
    await saveScreenshot(page, 'import-preview-375');
    // The whole label is on screen: nothing cut off with an ellipsis.
    expect(await badge.evaluate((el) => ({ cut: el.scrollWidth > el.clientWidth + 1, text: getComputedStyle(el).textOverflow }))).toMatchObject({ cut: false });
    // The description column shows the names the rows will be listed under.
    const described = (await wizard.previewRows()).map((cells) => cells[3]);
    expect(described).toEqual(['Uber Eats', 'Netflix', 'Credit Card Payment']);
    expect(await wizard.preview.getByText('Uber Eats', { exact: true }).getAttribute('title')).toBe('UBER *EATS');
  });
});

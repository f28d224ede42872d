import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DashboardAnalytics } from '../../src/contract/dashboard';
import type { SplitResponse } from '../../src/contract/splits';
import type { Transaction } from '../../src/contract/transactions';
import { AppShell } from './pages/AppShell';
import { SplitEditor } from './pages/SplitEditor';
import { Toasts } from './pages/Toasts';
import { TransactionsPage } from './pages/TransactionsPage';
import { callApi as call, onboardedUser } from './support/api';
import { hasHorizontalScroll, saveScreenshot, useBrowser } from './support/browser';

const browser = useBrowser();
/**
 * The area the page's Skip to content link takes while it has no focus. Only where it is drawn at all
 * can a capture or a scroll show it: moved above the header it still showed over the split editor in a
 * full-page capture at 375 px (the header's fixed position follows the scroll there).
 */
const skipLinkArea = (page: Page) => page.locator('a.skip-link').evaluate((el) => el.getBoundingClientRect().width * el.getBoundingClientRect().height);

describe('splitting a transaction in the form (Chromium against the real app)', () => {
  it('at 375 px: two lines typed, what is left shown, Save refused until it is 0, Rest fills the last line; the dashboard counts the lines; unsplit', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 375, height: 812 });
    const user = await onboardedUser(browser.apiUrl);
    const row = (await call(browser.apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 100, date: '2026-03-02', category: 'Shopping', description: 'Costco run' })) as Transaction;

    await AppShell.openSignedIn(page, user.token, '/transactions');
    const transactions = await new TransactionsPage(page).waitUntilLoaded();
    const form = await transactions.row('Costco run').edit();
    const split = await SplitEditor.openFrom(page, form.root);
    expect(await split.remainder.textContent()).toMatch(/^Left to assign: \D*100\.00$/);
    // The page behind stays behind the dialog: its Skip to content link is not drawn (it showed above the dialog).
    expect(await skipLinkArea(page)).toBeLessThanOrEqual(1);

    // Keyboard: the first line starts in the row's category; type its amount, Tab to the memo.
    await split.line(1).amount.fill('60.25');
    await split.line(1).memo.fill('food');
    expect(await split.remainder.textContent()).toMatch(/^Left to assign: \D*39\.75$/);
    await split.chooseCategory(2, 'Utilities');
    await split.line(2).amount.fill('30');
    await split.line(2).amount.press('Enter');
    await split.root.getByText('The lines must add up to the total').waitFor();
    expect(await split.remainder.textContent()).toMatch(/^Left to assign: \D*9\.75$/);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, 'split-editor-375');
    await split.line(2).rest.click();
    expect(await split.line(2).amount.inputValue()).toBe('39.75');
    expect(await split.remainder.textContent()).toBe('All assigned');
    await split.root.getByRole('button', { name: 'Save split' }).click();
    await new Toasts(page).waitFor('Transaction split');
    await split.root.waitFor({ state: 'hidden' });

    // The row shows once, as Split; the lines are what counts.
    await transactions.row('Costco run').root.getByText('Split').first().waitFor();
    const lines = (await call(browser.apiUrl, user.token, 'GET', `/transactions/${row.transaction_id}/split`)) as SplitResponse;
    expect(lines.lines.map((l) => [l.category, l.amount, l.memo])).toEqual([
      ['Shopping', 60.25, 'food'],
      ['Utilities', 39.75, null],
    ]);
    const dash = (await call(browser.apiUrl, user.token, 'GET', '/dashboard/analytics?period=custom&date_from=2026-03-01&date_to=2026-03-31')) as DashboardAnalytics;
    expect(Object.fromEntries(dash.categories.map((c) => [c.category, c.amount]))).toEqual({ Shopping: 60.25, Utilities: 39.75 });

    // Open it again: its lines are there; Unsplit makes it one row.
    const again = await transactions.row('Costco run').edit();
    const editor = await SplitEditor.openFrom(page, again.root);
    expect(await editor.line(2).amount.inputValue()).toBe('39.75');
    await editor.root.getByRole('button', { name: 'Unsplit' }).click();
    await new Toasts(page).waitFor('Split removed');
    const back = (await call(browser.apiUrl, user.token, 'GET', `/transactions/${row.transaction_id}`)) as Transaction;
    expect(back).toMatchObject({ split: false, category: 'Shopping' });
  });
});

describe('a split row in the transactions list (Chromium against the real app)', () => {
  it('at 375 px: the lines show under the row (category and amount each), inside it, the next row below them; a screen reader hears them as the row’s description', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 375, height: 812 });
    const user = await onboardedUser(browser.apiUrl);
    const row = (await call(browser.apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 120, date: '2026-03-02', category: 'Shopping', description: 'Costco run' })) as Transaction;
    await call(browser.apiUrl, user.token, 'PUT', `/transactions/${row.transaction_id}/split`, {
      lines: [
        { category: 'Groceries', amount: 70.5, memo: 'food for the week' },
        { category: 'Utilities', amount: 30 },
        { category: 'Personal Care', amount: 19.5 },
      ],
    });
    await call(browser.apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 8, date: '2026-03-01', category: 'Dining', description: 'Bagel' });

    await AppShell.openSignedIn(page, user.token, '/transactions');
    const transactions = await new TransactionsPage(page).waitUntilLoaded();
    const split = transactions.row('Costco run').root;
    const lines = split.getByRole('list', { name: 'Split into 3 lines' });
    await lines.waitFor();
    await saveScreenshot(page, 'split-row-lines-375');
    expect(await lines.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^Groceries · food for the week\s*−\D*70\.50$/),
      expect.stringMatching(/^Utilities\s*−\D*30\.00$/),
      expect.stringMatching(/^Personal Care\s*−\D*19\.50$/),
    ]);
    // Part of the row for a screen reader: the row is described by its lines.
    const described = await split.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
    expect(described).toMatch(/Groceries.*70\.50.*Utilities.*30\.00.*Personal Care.*19\.50/);

    // Inside the row and the screen; the next row starts below the last line.
    const rowBox = (await split.boundingBox())!;
    const lastLine = (await lines.getByRole('listitem').last().boundingBox())!;
    expect(lastLine.y + lastLine.height).toBeLessThanOrEqual(rowBox.y + rowBox.height + 0.5);
    expect(lastLine.x + lastLine.width).toBeLessThanOrEqual(375);
    const next = (await transactions.row('Bagel').root.boundingBox())!;
    expect(next.y).toBeGreaterThanOrEqual(rowBox.y + rowBox.height - 0.5);
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});

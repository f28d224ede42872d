import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './pages/fieldErrors';
import { EXPORT_COLUMNS } from '../../src/contract/transactions';
import { formatMoney } from '../../src/web/format/money';
import { AppShell } from './pages/AppShell';
import { Toasts } from './pages/Toasts';
import { TransactionsPage } from './pages/TransactionsPage';
import { callApi as api, createVerifiedUser, type TestUser } from './support/api';
import { saveScreenshot, useBrowser } from './support/browser';
import { controlsUnder } from './support/covered';

// The page's own toasts (docs/product.md §8 has none for transactions) and docs/product.md §8: defaults.
const texts = {
  added: 'Transaction added',
  updated: 'Transaction updated',
  deleted: 'Transaction deleted',
  demoLoaded: 'Demo data loaded',
  demoRemoved: 'Demo data removed',
  fetchFailed: 'Failed to fetch transactions',
};

const browser = useBrowser();
// The browser context's locale (support/browser.ts) and the user's currency.
const money = (amount: number) => formatMoney(amount, 'USD', { locale: 'en-GB' });
const isoDay = (offsetDays = 0) => {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

interface ListedTransaction {
  transaction_id: string;
  type: string;
  amount: number;
  date: string;
  category: string;
  description: string;
  merchant: string | null;
  tags: string[];
}

const listOnServer = async (apiUrl: string, token: string, query = '') =>
  (await api<{ transactions: ListedTransaction[]; total: number }>(apiUrl, token, 'GET', `/transactions?${new URLSearchParams({ limit: '500', ...Object.fromEntries(new URLSearchParams(query)) })}`)).transactions;

/**
 * A verified user who completed onboarding (docs/product.md §2: /transactions requires it); the free trial
 * starts by itself on the first visit (docs/product.md §4 access check).
 */
async function transactionsUser(apiUrl: string): Promise<TestUser> {
  const user = await createVerifiedUser(apiUrl);
  await api(apiUrl, user.token, 'POST', '/users/me/onboarding', {
    action: 'complete',
    answers: { currency: 'USD', monthly_income: 3000, main_goal: 'grow_savings', help_with: [] },
  });
  return user;
}

/** A user whose rows are made through the API before the first visit: that needs access, so the trial is started here. */
async function seededUser(apiUrl: string): Promise<TestUser> {
  const user = await transactionsUser(apiUrl);
  await api(apiUrl, user.token, 'POST', '/subscription/trial/start');
  return user;
}

/**
 * Users shared by the tests that only add rows of their own to them (making a user, and above all a year of demo
 * data, is set-up, not the subject): one with a few rows made through the API, one with the demo year. Made once,
 * by the first test that asks.
 */
let sharedSeeded: Promise<TestUser> | undefined;
let sharedYear: Promise<TestUser> | undefined;
const seededShared = (apiUrl: string) => (sharedSeeded ??= seededUser(apiUrl));
const yearShared = (apiUrl: string) =>
  (sharedYear ??= seededUser(apiUrl).then(async (user) => {
    await api(apiUrl, user.token, 'POST', '/transactions/demo');
    return user;
  }));

async function openTransactions(page: Page, token: string, path = '/transactions'): Promise<TransactionsPage> {
  await AppShell.openSignedIn(page, token, path);
  return new TransactionsPage(page).waitUntilLoaded();
}

const addOnServer = (apiUrl: string, token: string, body: Record<string, unknown>) =>
  api<ListedTransaction>(apiUrl, token, 'POST', '/transactions', { date: isoDay(), description: '', ...body });

describe('transactions on /transactions (Chromium against the real app)', () => {
  it('add, edit, filter (a reload keeps the filter), delete only after confirming', async () => {
    const { page, apiUrl } = browser;
    const user = await transactionsUser(apiUrl);
    const transactions = await openTransactions(page, user.token);
    const toasts = new Toasts(page);
    const sortedTitles = async () => (await transactions.visibleTitles()).sort();

    // An empty page invites to add, import or load demo data.
    await transactions.emptyState.waitFor();
    for (const name of ['Add a transaction', 'Import a CSV', 'Load demo data']) await page.getByRole('button', { name }).waitFor();
    await saveScreenshot(page, 'transactions-empty');

    // Add an expense and an income.
    let form = await transactions.openAddForm();
    await form.fill({ type: 'Expense', amount: '42.50', date: isoDay(), category: 'Groceries', description: 'Weekly groceries', merchant: 'Corner Market', tags: ['food'] });
    await form.submit();
    await toasts.waitFor(texts.added);
    await form.root.waitFor({ state: 'hidden' });
    const groceries = transactions.row('Weekly groceries');
    await groceries.root.waitFor();
    expect(await groceries.root.textContent()).toContain(money(-42.5));
    expect(await groceries.root.textContent()).toContain('Corner Market · #food');

    form = await transactions.openAddForm();
    await form.fill({ type: 'Income', amount: '3000', category: 'Salary', description: 'Monthly salary' });
    await form.submit();
    await toasts.waitFor(texts.added);
    const salary = transactions.row('Monthly salary');
    await salary.root.waitFor();
    expect(await salary.root.textContent()).toContain(`+${money(3000)}`);
    // Create adds to the front.
    expect(await transactions.visibleTitles()).toEqual(['Monthly salary', 'Weekly groceries']);
    await expect.poll(() => transactions.figure('Current balance').textContent()).toContain(money(2957.5));
    await expect.poll(() => transactions.figure(/^Spending in /).textContent()).toContain(money(42.5));
    expect(await transactions.figure(/^Income in /).textContent()).toContain(money(3000));

    // An amount the contract's rule refuses is flagged next to the field, in sentence case, and nothing is sent.
    form = await transactions.openAddForm();
    await form.fill({ amount: '0', category: 'Dining', description: 'Nothing at all' });
    await form.submit();
    await form.root.getByText('Amount must be greater than 0', { exact: true }).waitFor();
    expect(await fieldErrors(form.root)).toEqual([{ field: 'Amount', error: 'Amount must be greater than 0', announced: true, below: expect.any(Number) }]);
    await form.root.getByRole('button', { name: 'Cancel' }).click();
    await form.root.waitFor({ state: 'hidden' });
    expect(await listOnServer(apiUrl, user.token)).toHaveLength(2);

    // Edit: update replaces by transaction_id, in place.
    form = await groceries.edit();
    expect(await form.root.getByRole('textbox', { name: 'Amount', exact: true }).inputValue()).toBe('42.50');
    await form.fill({ amount: '45', description: 'Big groceries' });
    await form.submit();
    await toasts.waitFor(texts.updated);
    const big = transactions.row('Big groceries');
    await big.root.waitFor();
    expect(await big.root.textContent()).toContain(money(-45));
    expect(await transactions.visibleTitles()).toEqual(['Monthly salary', 'Big groceries']);
    const [onServer] = await listOnServer(apiUrl, user.token, '&type=expense');
    expect(onServer).toMatchObject({ amount: 45, description: 'Big groceries', merchant: 'Corner Market', category: 'Groceries', tags: ['food'] });
    await saveScreenshot(page, 'transactions-desktop');

    // Filter: only income. The filter is in the URL, so a reload (or a shared link) shows the same view.
    await transactions.filterByType('Income');
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('income');
    await expect.poll(() => transactions.visibleTitles()).toEqual(['Monthly salary']);
    await page.reload();
    await transactions.waitUntilLoaded();
    await expect.poll(() => transactions.visibleTitles()).toEqual(['Monthly salary']);
    expect(await transactions.filters.getByRole('radio', { name: 'Income' }).isChecked()).toBe(true);

    // Text search, also kept in the URL.
    await transactions.clearFilters.click();
    // Same day: the server orders ties by transaction_id, so compare without order.
    await expect.poll(() => sortedTitles()).toEqual(['Big groceries', 'Monthly salary']);
    await transactions.search.fill('groc');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('groc');
    await expect.poll(() => transactions.visibleTitles()).toEqual(['Big groceries']);
    await transactions.search.fill('nothing like this');
    await transactions.noMatches.waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).last().click();
    await expect.poll(() => sortedTitles()).toEqual(['Big groceries', 'Monthly salary']);
    expect(new URL(page.url()).search).toBe('');

    // Sort by amount, smallest first.
    await transactions.sortBy.selectOption({ label: 'Smallest amount' });
    await expect.poll(() => transactions.visibleTitles()).toEqual(['Big groceries', 'Monthly salary']);

    // Delete only after the danger confirmation; cancelling keeps it.
    let confirm = await big.delete();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await big.root.isVisible()).toBe(true);

    confirm = await big.delete();
    expect(await confirm.textContent()).toContain('Delete "Big groceries"');
    await confirm.getByRole('button', { name: 'Delete transaction' }).click();
    await toasts.waitFor(texts.deleted);
    await big.root.waitFor({ state: 'detached' });
    expect(await transactions.visibleTitles()).toEqual(['Monthly salary']);
    expect((await listOnServer(apiUrl, user.token)).map((t) => t.description)).toEqual(['Monthly salary']);
    await expect.poll(() => transactions.figure('Current balance').textContent()).toContain(money(3000));
  });

  it("imports a bank's CSV (semicolons, DD.MM.YYYY, '1.234,56' and '-110,7 €'), flags the duplicates of a second import", async () => {
    const { page, apiUrl } = browser;
    const user = await transactionsUser(apiUrl);
    const transactions = await openTransactions(page, user.token);
    const csv = ['Buchungstag;Verwendungszweck;Betrag', '01.03.2025;Miete März;-1.234,56', '02.03.2025;Stadtwerke Strom;-110,7 €', '05.03.2025;Gehalt Firma;3.500,00', ''].join('\r\n');

    let wizard = await transactions.openImport();
    await wizard.upload('bank-march.csv', csv);
    expect(await wizard.root.textContent()).toContain('semicolon-separated, a header row, dates as DD.MM.YYYY, decimal commas, signed amounts');
    expect(await wizard.root.getByRole('combobox', { name: 'Date format' }).inputValue()).toBe('DD.MM.YYYY');
    expect(await wizard.root.getByRole('radio', { name: '1.234,56' }).isChecked()).toBe(true);
    const rows = await wizard.previewRows();
    expect(rows.map((r) => [r[1], r[3], r[5]])).toEqual([
      ['New', 'Miete März', money(-1234.56)],
      ['New', 'Stadtwerke Strom', money(-110.7)],
      ['New', 'Gehalt Firma', `+${money(3500)}`],
    ]);
    await saveScreenshot(page, 'transactions-import-preview');
    expect(await wizard.importButton.textContent()).toBe('Import 3 transactions');
    await wizard.confirm();
    expect(await wizard.root.getByRole('group', { name: 'Imported' }).textContent()).toContain('3');
    await saveScreenshot(page, 'transactions-import-done');
    await wizard.close();

    // The rows are in the list (newest date first) and on the server, amounts read correctly.
    await expect.poll(() => transactions.visibleTitles()).toEqual(['Gehalt Firma', 'Stadtwerke Strom', 'Miete März']);
    expect(await transactions.row('Miete März').root.textContent()).toContain(money(-1234.56));
    const imported = await listOnServer(apiUrl, user.token);
    expect(imported.map((t) => [t.date, t.type, t.amount])).toEqual([
      ['2025-03-05', 'income', 3500],
      ['2025-03-02', 'expense', 110.7],
      ['2025-03-01', 'expense', 1234.56],
    ]);

    // The same statement again: every row is flagged as already imported, nothing to import.
    wizard = await transactions.openImport();
    await wizard.upload('bank-march.csv', csv);
    expect((await wizard.previewRows()).map((r) => r[1])).toEqual(['Already imported', 'Already imported', 'Already imported']);
    expect(await wizard.importButton.isDisabled()).toBe(true);
    await wizard.root.getByRole('button', { name: 'Close import' }).click();
    await wizard.root.waitFor({ state: 'hidden' });

    // Separate money-out / money-in columns and US dates.
    const split = ['Date,Payee,Paid out,Paid in', '03/10/2025,Coffee Shop,4.50,', '03/11/2025,Refund Store,,20.00', ''].join('\n');
    wizard = await transactions.openImport();
    await wizard.upload('card.csv', split);
    expect(await wizard.root.getByRole('radio', { name: 'Out and in columns' }).isChecked()).toBe(true);
    expect((await wizard.previewRows()).map((r) => [r[3], r[5]])).toEqual([
      ['Coffee Shop', money(-4.5)],
      ['Refund Store', `+${money(20)}`],
    ]);
    await wizard.confirm();
    await wizard.close();
    await transactions.row('Coffee Shop').root.waitFor();
    expect(await listOnServer(apiUrl, user.token)).toHaveLength(5);
  });

  it("imports a card's QFX into the card account: no column mapping, a hand-typed row matched, clean merchant names listed, undone in one click", async () => {
    const { page, apiUrl } = browser;
    const user = await seededUser(apiUrl);
    const card = await api<{ account_id: string }>(apiUrl, user.token, 'POST', '/accounts', { name: 'Visa', kind: 'credit_card' });
    // Typed in by hand two days before the bank posted it.
    await api(apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 15.49, date: '2024-03-07', category: 'Subscriptions', description: 'Netflix', merchant: 'Netflix', account_id: card.account_id });
    const transactions = await openTransactions(page, user.token);
    const qfx = await readFile(new URL('../server/fixtures/bank/card-march.qfx', import.meta.url));

    const wizard = await transactions.openImport();
    await wizard.chooseAccount('Visa');
    await wizard.upload('card-march.qfx', qfx);
    expect(await wizard.root.textContent()).toContain('Detected a OFX / QFX bank file');
    expect(await wizard.verdict()).toBe('2 new, 1 matched, 0 skipped');
    // A bank file has no columns to map.
    expect(await wizard.root.getByRole('combobox', { name: 'Amount column' }).count()).toBe(0);
    expect((await wizard.previewRows()).map((r) => [r[1], r[5]])).toEqual([
      ['New', money(-23.45)],
      ['Matches one you entered', money(-15.49)],
      ['New', `+${money(300)}`],
    ]);
    await saveScreenshot(page, 'transactions-import-bank-file');
    expect(await wizard.importButton.textContent()).toBe('Import 2 transactions');
    await wizard.confirm();
    expect(await wizard.root.getByRole('group', { name: 'Matched with yours' }).textContent()).toContain('1');
    // Undo in one click removes exactly that batch and unlinks the hand-typed row.
    expect(await wizard.undo()).toContain('2 transactions were removed, and 1 of yours unlinked');
    await wizard.close();
    const onCard = async () => (await listOnServer(apiUrl, user.token, `account_id=${card.account_id}`)).map((t) => [t.date, t.amount, t.merchant]);
    await expect.poll(onCard).toEqual([['2024-03-07', 15.49, 'Netflix']]);

    // Imported for good: the list shows the clean merchant names; the hand-typed row stays one row.
    const again = await transactions.openImport();
    await again.chooseAccount('Visa');
    await again.upload('card-march.qfx', qfx);
    expect(await again.verdict()).toBe('2 new, 1 matched, 0 skipped');
    await again.confirm();
    await again.close();
    await transactions.row('Uber Eats').root.waitFor();
    await transactions.row('Credit Card Payment').root.waitFor();
    expect(await onCard()).toEqual([
      ['2024-03-25', 300, 'PAYMENT THANK YOU'],
      ['2024-03-07', 15.49, 'Netflix'],
      ['2024-03-05', 23.45, 'UBER *EATS'],
    ]);

    // The same statement once more adds nothing.
    const third = await transactions.openImport();
    await third.chooseAccount('Visa');
    await third.upload('card-march.qfx', qfx);
    expect(await third.verdict()).toBe('0 new, 0 matched, 3 skipped');
    await third.root.getByRole('button', { name: 'Close import' }).click();
    await third.root.waitFor({ state: 'hidden' });
  });

  it('exports the filtered list as CSV', async () => {
    const { page, apiUrl } = browser;
    // The first of this user's tests: its only rows are these three.
    const user = await seededShared(apiUrl);
    await addOnServer(apiUrl, user.token, { type: 'expense', amount: 12.3, category: 'Dining', description: 'Lunch, with "friends"', date: '2025-02-01' });
    await addOnServer(apiUrl, user.token, { type: 'expense', amount: 60, category: 'Transport', description: 'Train pass', date: '2025-02-03' });
    await addOnServer(apiUrl, user.token, { type: 'income', amount: 500, category: 'Freelance', description: 'Invoice 7', date: '2025-02-05' });
    const transactions = await openTransactions(page, user.token, '/transactions?type=expense');
    await expect.poll(() => transactions.visibleTitles()).toEqual(['Train pass', 'Lunch, with "friends"']);

    const download = await transactions.export();
    expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const content = await readFile((await download.path())!, 'utf8');
    const lines = content.trim().split(/\r?\n/);
    expect(lines[0]).toBe(EXPORT_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^2025-02-03,expense,60\.00,USD,Transport,Train pass,/);
    expect(lines[2]).toMatch(/^2025-02-01,expense,12\.30,USD,Dining,"Lunch, with ""friends""",/);
    expect(content).not.toContain('Invoice 7');
  });

  it('loads a year of demo data, scrolls through it windowed, hides balances, and removes it again', async () => {
    const { page, apiUrl } = browser;
    const user = await transactionsUser(apiUrl);
    const transactions = await openTransactions(page, user.token);
    await transactions.emptyState.waitFor();

    await transactions.loadDemoData();
    await new Toasts(page).waitFor(texts.demoLoaded);
    await transactions.list.waitFor();
    const { total } = await api<{ total: number }>(apiUrl, user.token, 'GET', '/transactions?limit=1');
    expect(total).toBeGreaterThan(200);
    await expect.poll(() => transactions.footer.textContent()).toMatch(new RegExp(`of ${total.toLocaleString('en-GB')} transactions$`));
    expect(await transactions.figure('Current balance').textContent()).toMatch(/\d/);
    await saveScreenshot(page, 'transactions-demo');

    // Only the rows around the viewport are in the DOM; scrolling to the end loads the rest.
    expect(await transactions.rows.count()).toBeLessThan(60);
    await expect
      .poll(
        async () => {
          await page.keyboard.press('End');
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          return transactions.footer.textContent();
        },
        { timeout: 30_000 },
      )
      .toBe(`Showing ${total.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} transactions`);
    expect(await transactions.rows.count()).toBeLessThan(60);
    const last = await listOnServer(apiUrl, user.token, '&order=asc&limit=1');
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        return (await transactions.visibleTitles()).at(-1);
      })
      .toBe(last[0]!.description || last[0]!.merchant || last[0]!.category);

    // Hide balances masks every amount.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Hide balances' }).click();
    expect(await transactions.figure('Current balance').textContent()).toContain('••••');
    expect(await transactions.list.textContent()).not.toMatch(/£|\$\d/);
    await page.getByRole('button', { name: 'Show balances' }).click();

    const confirm = await transactions.removeDemoData();
    await confirm.getByRole('button', { name: 'Remove demo data' }).click();
    await new Toasts(page).waitFor(texts.demoRemoved);
    await transactions.emptyState.waitFor();
    expect(await listOnServer(apiUrl, user.token)).toEqual([]);
  });

  it("a failed load says 'Failed to fetch transactions' and Retry loads again", async () => {
    const { page, apiUrl } = browser;
    const user = await seededShared(apiUrl);
    await addOnServer(apiUrl, user.token, { type: 'expense', amount: 5, category: 'Dining', description: 'Snack' });
    let fail = true;
    await page.route(/\/transactions\?/, (route) => (fail && route.request().method() === 'GET' ? route.fulfill({ status: 400, json: {} }) : route.fallback()));
    await AppShell.openSignedIn(page, user.token, '/transactions');
    const transactions = new TransactionsPage(page);
    const alert = page.getByRole('main').getByRole('alert').filter({ hasText: 'Your transactions could not be loaded' });
    await alert.getByText(texts.fetchFailed, { exact: true }).waitFor();
    fail = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await transactions.row('Snack').root.waitFor();
  });

  it('stays windowed and responsive with 100,000 loaded rows', async () => {
    const { page, apiUrl } = browser;
    // Every list call is answered by the test; any signed-in user will do.
    const user = await seededShared(apiUrl);
    const count = 100_000;
    // One answer with 100,000 rows: what the list holds after scrolling through 200 pages.
    const rows = Array.from({ length: count }, (_, i) => ({
      transaction_id: `t${i}`,
      type: i % 10 === 0 ? 'income' : 'expense',
      amount: ((i * 37) % 10_000) / 100 + 1,
      currency: null,
      date: new Date(Date.UTC(2025, 0, 1) - i * 3_600_000).toISOString().slice(0, 10),
      category: i % 10 === 0 ? 'Salary' : 'Groceries',
      description: `Row ${i + 1}`,
      merchant: null,
      notes: null,
      tags: [],
      source: 'manual',
      import_id: null,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
    }));
    const body = JSON.stringify({ transactions: rows, total: count, limit: count, offset: 0, has_more: false, next_cursor: null });
    await page.route(/\/transactions\?/, (route) => (route.request().method() === 'GET' ? route.fulfill({ status: 200, contentType: 'application/json', body }) : route.fallback()));
    await AppShell.openSignedIn(page, user.token, '/transactions');
    const transactions = new TransactionsPage(page);
    // Handing 30 MB to the browser through the test harness takes a few seconds; rendering does not.
    await transactions.list.waitFor({ timeout: 60_000 });
    await expect.poll(() => transactions.footer.textContent()).toBe('Showing 100,000 of 100,000 transactions');
    expect(await transactions.rows.count()).toBeLessThan(60);

    // Jumping through the list renders each window at once: after every jump the frame that follows shows rows
    // from that part of the list, and never more than a window of them. How long the frames take is the browser
    // bench's figure (`npm run bench:web`, "scroll to row 10,000"); here it is printed, not judged, so the test holds
    // on a busy machine.
    const walk = await transactions.list.evaluate(async (list) => {
      const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
      const height = document.body.scrollHeight;
      const steps: { rendered: number; first: number }[] = [];
      const gaps: number[] = [];
      let last = await frame();
      for (let step = 1; step <= 40; step++) {
        window.scrollTo(0, (height * step) / 40);
        const now = await frame();
        await frame();
        gaps.push(now - last);
        last = now;
        const items = [...list.querySelectorAll(':scope > [role="listitem"]')];
        steps.push({ rendered: items.length, first: Number(items[0]?.getAttribute('aria-posinset') ?? 0) });
      }
      gaps.sort((x, y) => x - y);
      return { steps, median: gaps[Math.floor(gaps.length / 2)]!, p90: gaps[Math.floor(gaps.length * 0.9)]! };
    });
    console.info(`100,000 rows: frame gap while jumping through the list, median ${walk.median.toFixed(1)} ms, p90 ${walk.p90.toFixed(1)} ms`);
    for (const [index, step] of walk.steps.entries()) {
      expect(step.rendered, `rows rendered after jump ${index + 1}`).toBeGreaterThan(0);
      expect(step.rendered, `rows rendered after jump ${index + 1}`).toBeLessThan(60);
    }
    // The window follows the scroll: each jump's first rendered row lies further down than the one before.
    const firsts = walk.steps.map((step) => step.first);
    expect(firsts.every((first, index) => index === 0 || first >= firsts[index - 1]!)).toBe(true);
    await expect.poll(() => transactions.rows.first().getAttribute('aria-posinset').then(Number)).toBeGreaterThan(99_000);
    await expect.poll(() => transactions.visibleTitles().then((t) => t.at(-1))).toBe('Row 100000');
    expect(await transactions.rows.count()).toBeLessThan(60);
    const last = transactions.rows.last();
    expect(await last.getAttribute('aria-posinset')).toBe('100000');
    expect(await last.getAttribute('aria-setsize')).toBe('100000');
  });

  it('on a 375 px wide screen the page fits without sideways scrolling', async () => {
    const { page, apiUrl } = browser;
    const user = await yearShared(apiUrl);
    await page.setViewportSize({ width: 375, height: 800 });
    const transactions = await openTransactions(page, user.token);
    await transactions.list.waitFor();
    const overflow = async () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'transactions-mobile');

    await transactions.openFilters();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'transactions-mobile-filters');

    const form = await transactions.openAddForm();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'transactions-mobile-form');
    await form.root.getByRole('button', { name: 'Cancel' }).click();
    await form.root.waitFor({ state: 'hidden' });

    // The import wizard fills the screen; only its preview table scrolls sideways, inside its own frame.
    const wizard = await transactions.openImport();
    await wizard.upload('card.csv', 'Date,Payee,Paid out,Paid in\n03/10/2025,Coffee Shop,4.50,\n03/11/2025,Refund Store,,20.00\n');
    expect(await overflow()).toBeLessThanOrEqual(0);
    const dialogOverflow = await wizard.root.evaluate((el) => {
      const body = el.querySelector('.mantine-Modal-body') ?? el;
      return body.scrollWidth - body.clientWidth;
    });
    expect(dialogOverflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'transactions-mobile-import');
  });
});

describe('totals of the filtered list (Chromium against the real app)', () => {
  it('a filtered list shows its income, spending and net, equal to its rows and to the dashboard, and follows an added row', async () => {
    const { page, apiUrl } = browser;
    const user = await yearShared(apiUrl);
    const from = isoDay(-75);
    const to = isoDay(-10);
    const query = `category=Transport&date_from=${from}&date_to=${to}`;
    const transactions = await openTransactions(page, user.token, `/transactions?${query}`);
    const totals = page.getByRole('region', { name: 'Totals for these filters' });
    const rows = await listOnServer(apiUrl, user.token, query);
    expect(rows.length).toBeGreaterThan(3);
    const spent = Math.round(rows.reduce((s, t) => s + (t.type === 'expense' ? t.amount * 100 : 0), 0)) / 100;
    await expect.poll(() => totals.innerText(), { timeout: 15_000 }).toContain(`${rows.length} transactions`);
    const text = await totals.innerText();
    expect(text).toContain(`Spending ${money(spent)}`);
    expect(text).toContain(`Income ${money(0)}`);
    expect(text).toContain(`Net ${money(-spent)}`);
    expect(await transactions.footer.innerText()).toContain(`Showing ${rows.length} of ${rows.length} transactions`);
    // The dashboard's custom range over the same days says the same about Transport.
    const dash = await api<{ categories: { category: string; amount: number }[] }>(apiUrl, user.token, 'GET', `/dashboard/analytics?period=custom&date_from=${from}&date_to=${to}&time_unit=weeks`);
    expect(dash.categories.find((c) => c.category === 'Transport')?.amount).toBe(spent);
    await saveScreenshot(page, 'transactions-filter-totals-1280');

    // A new row that matches the filters moves the totals.
    const form = await transactions.openAddForm();
    await form.fill({ type: 'Expense', amount: '12.34', date: isoDay(-20), category: 'Transport', description: 'Bus pass top-up' });
    await form.submit();
    // Its toast covers none of the page's controls.
    expect(await controlsUnder(await new Toasts(page).waitFor(texts.added))).toEqual([]);
    await expect.poll(() => totals.innerText(), { timeout: 15_000 }).toContain(`Spending ${money(Math.round((spent + 12.34) * 100) / 100)}`);
    expect(await totals.innerText()).toContain(`${rows.length + 1} transactions`);

    // On a phone too, a toast leaves every control free; then a look in both themes.
    await page.setViewportSize({ width: 375, height: 812 });
    // The desktop toasts are gone first: the phone's one-at-a-time rule is about what is shown from here on.
    await expect.poll(() => page.locator('.toasts [role="alert"]').count(), { timeout: 15_000 }).toBe(0);
    const phoneForm = await transactions.openAddForm();
    await phoneForm.fill({ type: 'Expense', amount: '3.10', date: isoDay(-21), category: 'Transport', description: 'Tram ticket' });
    await phoneForm.submit();
    // The toast and its points come one at a time there, so no stack reaches the actions under the title.
    const phoneToast = await new Toasts(page).waitFor(texts.added, 15_000);
    // One at a time (a toast leaving may overlap the next for its exit transition, hence the poll).
    await expect.poll(() => page.locator('.toasts [role="alert"]').count(), { timeout: 5_000 }).toBe(1);
    expect(await controlsUnder(phoneToast)).toEqual([]);
    await saveScreenshot(page, 'transactions-filter-totals-375-light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.setViewportSize({ width: 1440, height: 900 });
    await saveScreenshot(page, 'transactions-filter-totals-1440-dark');
  });
});

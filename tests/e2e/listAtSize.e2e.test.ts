import { describe, expect, it } from 'vitest';
import { AppShell } from './pages/AppShell';
import { TransactionsPage } from './pages/TransactionsPage';
import { callApi as api, createVerifiedUser, type TestUser } from './support/api';
import { useBrowser } from './support/browser';

const browser = useBrowser();

/** A verified user past onboarding, with the trial started (rows are made through the API before the first visit). */
async function listUser(apiUrl: string): Promise<TestUser> {
  const user = await createVerifiedUser(apiUrl);
  await api(apiUrl, user.token, 'POST', '/users/me/onboarding', {
    action: 'complete',
    answers: { currency: 'USD', monthly_income: 3000, main_goal: 'grow_savings', help_with: [] },
  });
  await api(apiUrl, user.token, 'POST', '/subscription/trial/start');
  return user;
}

/** `count` expenses, one a day going back from 2025-12-31, named "Row 1" (newest) to "Row <count>", imported as a bank's CSV. */
async function importRows(apiUrl: string, token: string, count: number): Promise<void> {
  const day = (i: number) => new Date(Date.UTC(2025, 11, 31) - i * 86_400_000).toISOString().slice(0, 10);
  const csv = ['Date,Description,Amount', ...Array.from({ length: count }, (_, i) => `${day(i)},Row ${i + 1},-${(i % 90) + 1}.25`)].join('\n');
  const upload = await fetch(`${apiUrl}/transactions/import?file_name=rows.csv`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, body: csv });
  if (upload.status !== 201) throw new Error(`upload answered ${upload.status}: ${await upload.text()}`);
  const preview = (await upload.json()) as { import_id: string; mapping: unknown };
  await api(apiUrl, token, 'POST', `/transactions/import/${preview.import_id}/commit`, { mapping: preview.mapping });
  await expect.poll(async () => (await api<{ total: number }>(apiUrl, token, 'GET', '/transactions?limit=1')).total, { timeout: 60_000 }).toBe(count);
}

describe('the transactions list with many rows (Chromium against the real app)', () => {
  it('typing a search word shows the listed rows that match at once, before the server answers, then its full answer', async () => {
    const { page, apiUrl } = browser;
    const user = await listUser(apiUrl);
    for (const description of ['Uber ride home', 'Ubiquiti router', 'Corner bakery', 'Uber eats dinner', 'Bus ticket']) {
      await api(apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 12, category: 'Transport', description, date: '2025-06-01' });
    }
    await AppShell.openSignedIn(page, user.token, '/transactions');
    const transactions = await new TransactionsPage(page).waitUntilLoaded();
    await expect.poll(() => transactions.rows.count()).toBe(5);

    // The server's answer for the whole word waits until the test lets it through.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/transactions\?/, async (route) => {
      if (new URL(route.request().url()).searchParams.get('q') === 'uber') await held;
      await route.fallback();
    });
    await transactions.search.click();
    await page.keyboard.type('uber', { delay: 80 });

    // Only the rows already on screen that match, while the server is still answering.
    await expect.poll(() => transactions.visibleTitles().then((t) => t.sort())).toEqual(['Uber eats dinner', 'Uber ride home']);
    expect(await transactions.search.inputValue()).toBe('uber');
    await expect.poll(() => transactions.footer.textContent()).toBe('Showing 2 transactions');

    release();
    await expect.poll(() => transactions.footer.textContent()).toBe('Showing 2 of 2 transactions');
    expect((await transactions.visibleTitles()).sort()).toEqual(['Uber eats dinner', 'Uber ride home']);
    expect(new URL(page.url()).searchParams.get('q')).toBe('uber');
  });

  it('typing with a pause keeps the focus and every letter in the search box and in the URL', async () => {
    const { page, apiUrl } = browser;
    const user = await listUser(apiUrl);
    await api(apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 12, category: 'Dining', description: 'Corner bakery', date: '2025-06-01' });
    await AppShell.openSignedIn(page, user.token, '/transactions');
    const transactions = await new TransactionsPage(page).waitUntilLoaded();
    await transactions.search.click();
    await page.keyboard.type('corner', { delay: 5 });
    // The word so far is searched and put in the URL; the typing goes on in the same field.
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('corner');
    await page.keyboard.type(' bakery', { delay: 5 });
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('corner bakery');
    expect(await transactions.search.inputValue()).toBe('corner bakery');
    await expect.poll(() => transactions.footer.textContent()).toBe('Showing 1 of 1 transactions');
  });

  it('scrolling to the end reaches the last of 1,300 rows, the list staying windowed', async () => {
    const { page, apiUrl } = browser;
    const user = await listUser(apiUrl);
    await importRows(apiUrl, user.token, 1300);
    await AppShell.openSignedIn(page, user.token, '/transactions');
    const transactions = await new TransactionsPage(page).waitUntilLoaded();
    await expect.poll(() => transactions.footer.textContent()).toBe('Showing 100 of 1,300 transactions');

    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          return transactions.footer.textContent();
        },
        { timeout: 60_000 },
      )
      .toBe('Showing 1,300 of 1,300 transactions');
    expect(await transactions.rows.count()).toBeLessThan(60);
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        return (await transactions.visibleTitles()).at(-1);
      })
      .toBe('Row 1300');
    const last = transactions.rows.filter({ hasText: 'Row 1300' });
    expect(await last.getAttribute('aria-posinset')).toBe('1300');
    // Every row once, in order: the titles around a page boundary are consecutive.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => transactions.visibleTitles().then((t) => t[0])).toBe('Row 1');
  });
});

import { describe, expect, it } from 'vitest';
import { AppShell } from './pages/AppShell';
import { TransactionsPage } from './pages/TransactionsPage';
import { callApi as api, createVerifiedUser } from './support/api';
import { saveScreenshot, useBrowser } from './support/browser';

const browser = useBrowser();

describe('import dialog and list on a phone (375 px, Chromium against the real app)', () => {
  it('both amount styles are readable in full: no option label is clipped', async () => {
    const { page, apiUrl } = browser;
    await page.setViewportSize({ width: 375, height: 812 });
    const user = await createVerifiedUser(apiUrl);
    await api(apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'USD', monthly_income: 3000, main_goal: 'grow_savings', help_with: [] } });
    await api(apiUrl, user.token, 'POST', '/subscription/trial/start');
    await AppShell.openSignedIn(page, user.token, '/transactions');
    const wizard = await (await new TransactionsPage(page).waitUntilLoaded()).openImport();
    await wizard.upload('card.csv', ['Date,Payee,Paid out,Paid in', '03/10/2025,Coffee Shop,4.50,', '03/11/2025,Refund Store,,20.00', ''].join('\n'));
    const group = wizard.root.getByRole('radiogroup', { name: 'Amounts' });
    await group.waitFor();
    await saveScreenshot(page, 'import-amount-style-375');
    // The control stays inside the dialog's column (as wide as the selects under it) and each option's text fits its box.
    const groupBox = (await group.boundingBox())!;
    const selectBox = (await wizard.root.getByRole('combobox', { name: 'Date column' }).boundingBox())!;
    expect(groupBox.x + groupBox.width).toBeLessThanOrEqual(selectBox.x + selectBox.width + 1);
    const clipped = await group.evaluate((root) =>
      [root, ...root.querySelectorAll('label, label *')].filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
    );
    expect(clipped).toEqual([]);
    for (const name of ['One signed column', 'Out and in columns']) expect(await group.getByText(name, { exact: true }).isVisible()).toBe(true);
  });

  it('the list shows a long name in full (it wraps onto a second line rather than being cut)', async () => {
    const { page, apiUrl } = browser;
    await page.setViewportSize({ width: 375, height: 812 });
    const user = await createVerifiedUser(apiUrl);
    await api(apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'EUR', monthly_income: 3000, main_goal: 'grow_savings', help_with: [] } });
    await api(apiUrl, user.token, 'POST', '/subscription/trial/start');
    const name = 'Bäckerei Müller am Marktplatz';
    await api(apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 5.82, date: '2025-03-01', category: 'Groceries', description: name });
    await AppShell.openSignedIn(page, user.token, '/transactions');
    const row = new TransactionsPage(page).row(name);
    await row.root.waitFor();
    await saveScreenshot(page, 'transactions-long-name-375');
    const cut = await row.root.getByText(name, { exact: true }).evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
    expect(cut).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { Rule } from '../../src/contract/autoRules';
import { AppShell } from './pages/AppShell';
import { Toasts } from './pages/Toasts';
import { TransactionsPage } from './pages/TransactionsPage';
import { callApi as call, onboardedUser } from './support/api';
import { hasHorizontalScroll, useBrowser } from './support/browser';

const browser = useBrowser();

describe('a rule offered after re-filing a row (Chromium against the real app)', () => {
  it('at 375 px: re-filing a Corner Deli row offers "Always file Corner Deli as Dining?"; Create rule makes the rule; a dismissed pair is not offered again', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 375, height: 812 });
    const user = await onboardedUser(browser.apiUrl);
    const ids: string[] = [];
    for (const [date, description] of [
      ['2026-03-02', 'Deli lunch'],
      ['2026-03-09', 'Deli dinner'],
      ['2026-03-16', 'Deli brunch'],
    ])
      ids.push(((await call(browser.apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 12, date, category: 'Other', description, merchant: 'Corner Deli' })) as { transaction_id: string }).transaction_id);

    await AppShell.openSignedIn(page, user.token, '/transactions');
    const transactions = await new TransactionsPage(page).waitUntilLoaded();
    const form = await transactions.row('Deli lunch').edit();
    await form.fill({ category: 'Dining' });
    await form.submit();
    // The offer is a region named by its question.
    const offer = page.getByRole('region', { name: 'Always file Corner Deli as Dining?' });
    await offer.waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await offer.getByRole('button', { name: 'Create rule' }).click();
    await new Toasts(page).waitFor('Rule saved');
    await offer.waitFor({ state: 'hidden' });
    const { rules } = (await call(browser.apiUrl, user.token, 'GET', '/rules')) as { rules: Rule[] };
    expect(rules.map((r) => [r.conditions, r.actions])).toEqual([[[{ field: 'merchant', op: 'is', value: 'Corner Deli' }], { category: 'Dining' }]]);

    // Another category for the same merchant is offered; Not now (from the keyboard) stops it for good.
    const again = await transactions.row('Deli dinner').edit();
    await again.fill({ category: 'Groceries' });
    await again.submit();
    const other = page.getByRole('region', { name: 'Always file Corner Deli as Groceries?' });
    await other.waitFor();
    await other.getByRole('button', { name: 'Not now' }).focus();
    await page.keyboard.press('Enter');
    await other.waitFor({ state: 'hidden' });
    const third = await transactions.row('Deli brunch').edit();
    await third.fill({ category: 'Groceries' });
    await third.submit();
    await new Toasts(page).waitFor('Transaction updated');
    expect(((await call(browser.apiUrl, user.token, 'GET', `/rules/offer?transaction_id=${ids[2]}`)) as { offer: unknown }).offer).toBeNull();
    expect(await page.getByRole('button', { name: 'Create rule' }).count()).toBe(0);
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectAfterEachPath, recordMachineCoverage } from '../support/machine-coverage';
import { rulesFlow, rulesModel } from '../models/rules';
import { AppShell } from './pages/AppShell';
import { SettingsRulesSection } from './pages/SettingsRulesSection';
import { TransactionsPage } from './pages/TransactionsPage';
import { Toasts } from './pages/Toasts';
import { callApi as api, createVerifiedUser, type TestUser } from './support/api';
import { animationsDone, useBrowser } from './support/browser';
import { coveringModelPaths } from '../support/model-paths';

const browser = useBrowser();
const coverage = recordMachineCoverage(import.meta.url, 'chromium');

/** A verified user with onboarding done and the trial started (the rules calls are premium), and three rows in Other. */
async function rulesUser(apiUrl: string): Promise<TestUser> {
  const user = await createVerifiedUser(apiUrl);
  await api(apiUrl, user.token, 'POST', '/users/me/onboarding', {
    action: 'complete',
    answers: { currency: 'USD', monthly_income: 4000, main_goal: 'grow_savings', help_with: ['goals'] },
  });
  await api(apiUrl, user.token, 'POST', '/subscription/trial/start');
  for (const description of [...rulesFlow.rows, rulesFlow.other]) {
    await api(apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 5.5, date: '2025-03-01', category: 'Other', description });
  }
  return user;
}

const categoriesOf = async (apiUrl: string, user: TestUser) =>
  (await api<{ transactions: { description: string; category: string }[] }>(apiUrl, user.token, 'GET', '/transactions?limit=10&sort=created_at&order=asc')).transactions.map((t) => t.category);

async function openRules(page: Page, token: string): Promise<SettingsRulesSection> {
  await AppShell.openSignedIn(page, token, '/settings');
  const rules = new SettingsRulesSection(page);
  await rules.waitUntilLoaded();
  return rules;
}

describe('Settings › Rules: model-based paths in Chromium (adding a rule and running it)', () => {
  // Every simple path is walked on the machine (tests/machines); here a few that walk every state and transition.
  const paths = coveringModelPaths(rulesModel);
  collectAfterEachPath(coverage, paths.map((p) => p.description), () => browser.page);
  for (const path of paths) {
    it(path.description, async () => {
      const { page, apiUrl } = browser;
      const user = await rulesUser(apiUrl);
      const rules = await openRules(page, user.token);
      const toasts = new Toasts(page);

      await path.test({
        events: {
          ADD: async () => {
            await rules.addButton.click();
            await rules.form.waitFor();
          },
          SAVE_INVALID: async () => {
            await rules.condition(rulesFlow.merchant);
            await rules.saveButton.click();
          },
          SAVE_VALID: async () => {
            await rules.condition(rulesFlow.merchant);
            await rules.category(rulesFlow.category);
            await rules.saveButton.click();
          },
          CANCEL: async () => {
            await rules.cancelButton.click();
          },
          RUN: async () => {
            await rules.runButton.click();
          },
          APPLY: async () => {
            await rules.applyButton(2).click();
          },
          DONE: async () => {
            await rules.doneButton.click();
          },
        },
        states: {
          list: async () => {
            await rules.text(rulesFlow.empty).waitFor();
          },
          editing: async () => {
            await rules.form.waitFor();
            expect(await rules.form.getByRole('textbox', { name: 'Condition 1 value' }).inputValue()).toBe('');
          },
          invalid: async () => {
            await rules.form.getByText(rulesFlow.invalidMessage, { exact: true }).waitFor();
            expect((await api<{ rules: unknown[] }>(apiUrl, user.token, 'GET', '/rules')).rules).toEqual([]);
          },
          saved: async () => {
            await toasts.waitFor(rulesFlow.savedToast);
            await rules.runButton.waitFor();
          },
          previewed: async () => {
            await rules.root.getByText(rulesFlow.previewText).waitFor();
            await rules.root.getByRole('cell', { name: rulesFlow.rows[0] }).waitFor();
            expect(await categoriesOf(apiUrl, user)).toEqual(['Other', 'Other', 'Other']);
          },
          applied: async () => {
            await toasts.waitFor(rulesFlow.appliedToast);
            await rules.list.getByRole('listitem').first().waitFor();
            await expect.poll(() => categoriesOf(apiUrl, user)).toEqual(['Dining', 'Dining', 'Other']);
          },
          kept: async () => {
            await rules.list.getByRole('listitem').first().waitFor();
            expect(await rules.list.getByRole('listitem').count()).toBe(1);
            expect(await categoriesOf(apiUrl, user)).toEqual(['Other', 'Other', 'Other']);
          },
          cancelled: async () => {
            await rules.text(rulesFlow.empty).waitFor();
            expect((await api<{ rules: unknown[] }>(apiUrl, user.token, 'GET', '/rules')).rules).toEqual([]);
          },
        },
      });
    });
  }
});

describe('the transaction list: ticked rows and the form’s suggestion', () => {
  it('ticks two rows, categorizes and tags them in one go, then deletes one after the danger confirmation', async () => {
    const { page, apiUrl } = browser;
    const user = await rulesUser(apiUrl);
    await AppShell.openSignedIn(page, user.token, '/transactions');
    const list = await new TransactionsPage(page).waitUntilLoaded();
    const bar = page.getByRole('region', { name: 'Selected transactions' });
    await page.getByRole('checkbox', { name: `Select ${rulesFlow.rows[0]}` }).check();
    await page.getByRole('checkbox', { name: `Select ${rulesFlow.rows[1]}` }).check();
    await bar.getByText('2 selected', { exact: true }).waitFor();
    await bar.getByRole('combobox', { name: 'Category for the selected' }).selectOption('Dining');
    await bar.getByRole('button', { name: 'Categorize' }).click();
    await new Toasts(page).waitFor('2 transactions updated');
    await bar.waitFor({ state: 'hidden' });
    await expect.poll(() => categoriesOf(apiUrl, user)).toEqual(['Dining', 'Dining', 'Other']);

    await page.getByRole('checkbox', { name: `Select ${rulesFlow.other}` }).check();
    await bar.getByRole('textbox', { name: 'Tag for the selected' }).fill('car');
    await bar.getByRole('button', { name: 'Add tag' }).click();
    await list.row(rulesFlow.other).root.getByText('#car').waitFor();

    await page.getByRole('checkbox', { name: `Select ${rulesFlow.other}` }).check();
    await bar.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 1 transaction' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await new Toasts(page).waitFor('1 transaction updated');
    await expect.poll(() => categoriesOf(apiUrl, user)).toEqual(['Dining', 'Dining']);
  });

  it('the add form suggests the category the history gives a merchant, and Use fills it', async () => {
    const { page, apiUrl } = browser;
    const user = await rulesUser(apiUrl);
    for (const day of ['03', '10', '17', '24']) {
      await api(apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 50, date: `2025-02-${day}`, category: 'Transport', description: 'SHELL OIL 1' });
    }
    await AppShell.openSignedIn(page, user.token, '/transactions');
    const list = await new TransactionsPage(page).waitUntilLoaded();
    const form = await list.openAddForm();
    await form.fill({ amount: '48', description: 'SHELL OIL 5744 AUSTIN TX' });
    await form.root.getByRole('textbox', { name: 'Merchant or payee', exact: true }).focus();
    const hint = form.root.getByRole('status', { name: 'Suggested category' });
    await hint.getByText('4 of your 4 rows from Shell are in Transport', { exact: false }).waitFor();
    await hint.getByRole('button', { name: 'Use Transport' }).click();
    expect(await form.root.getByRole('combobox', { name: 'Category' }).inputValue()).toBe('Transport');
    expect(await form.root.getByRole('textbox', { name: 'Merchant or payee', exact: true }).inputValue()).toBe('Shell');
    await hint.getByRole('button', { name: 'Use Transport' }).waitFor({ state: 'detached' });
  });

  it('the suggestion comes and goes without moving the fields or the Add button below it', async () => {
    const { page, apiUrl } = browser;
    const user = await rulesUser(apiUrl);
    await AppShell.openSignedIn(page, user.token, '/transactions');
    const form = await (await new TransactionsPage(page).waitUntilLoaded()).openAddForm();
    await form.fill({ amount: '12.34', description: 'Bus pass top-up' });
    const add = form.root.getByRole('button', { name: 'Add transaction' });
    const merchant = form.root.getByRole('textbox', { name: 'Merchant or payee', exact: true });
    const boxes = async () => ({ add: await add.boundingBox(), merchant: await merchant.boundingBox() });
    await animationsDone(page);
    const before = await boxes();
    // Leaving the description asks for a suggestion; it appears in a line kept for it.
    await form.root.getByRole('textbox', { name: 'Description', exact: true }).blur();
    const hint = form.root.getByRole('status', { name: 'Suggested category' });
    const use = hint.getByRole('button', { name: 'Use Transport' });
    await use.waitFor();
    expect(await hint.innerText()).toContain('Suggested: Transport');
    expect(await boxes()).toEqual(before);
    await use.click();
    await use.waitFor({ state: 'detached' });
    expect(await boxes()).toEqual(before);
  });
});

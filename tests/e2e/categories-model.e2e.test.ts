import { describe, expect, it } from 'vitest';
import type { CategoryListResponse } from '../../src/contract/categories';
import { categoryManagerFlow as flow, categoryManagerModel } from '../models/categoryManager';
import { collectAfterEachPath, recordMachineCoverage } from '../support/machine-coverage';
import { AppShell } from './pages/AppShell';
import { Toasts } from './pages/Toasts';
import { callApi as call, createVerifiedUser } from './support/api';
import { useBrowser } from './support/browser';
import { coveringModelPaths } from '../support/model-paths';

const browser = useBrowser();
const coverage = recordMachineCoverage(import.meta.url, 'chromium');

describe('model-based paths: Settings › Categories in the real UI', () => {
  // Every simple path is walked on the machine (tests/machines); here a few that walk every state and transition.
  const paths = coveringModelPaths(categoryManagerModel);
  collectAfterEachPath(coverage, paths.map((p) => p.description), () => browser.page);

  for (const path of paths) {
    it(path.description, async () => {
      const { page, apiUrl } = browser;
      const user = await createVerifiedUser(apiUrl);
      await call(apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'EUR', monthly_income: 3200, main_goal: 'grow_savings', help_with: [] } });
      await call(apiUrl, user.token, 'POST', '/subscription/trial/start');
      await call(apiUrl, user.token, 'POST', '/transactions/categories', { name: flow.name, type: 'expense' });
      for (const description of ['Cat food', 'Vet']) await call(apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 12.5, date: '2026-03-02', category: flow.name, description });
      const onServer = async (name: string) => ((await call(apiUrl, user.token, 'GET', '/transactions/categories')) as CategoryListResponse).categories.find((c) => c.name === name);

      await AppShell.openSignedIn(page, user.token, '/settings');
      const section = page.getByRole('region', { name: 'Categories' });
      const rowOf = (name: string) => section.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
      await rowOf(flow.name).getByText(`Expense · ${flow.count} transactions`).waitFor({ timeout: 20_000 });
      const renameDialog = page.getByRole('dialog', { name: `Rename category “${flow.name}”` });
      const mergeDialog = page.getByRole('dialog', { name: `Merge “${flow.name}”` });
      const toasts = new Toasts(page);
      const unchanged = async () => {
        await rowOf(flow.name).getByText(`Expense · ${flow.count} transactions`).waitFor();
        expect(await onServer(flow.name)).toMatchObject({ transaction_count: flow.count, hidden: false });
      };
      const rename = async (name: string) => {
        await renameDialog.getByRole('textbox', { name: 'New name' }).fill(name);
        await renameDialog.getByRole('button', { name: 'Rename', exact: true }).click();
      };

      await path.test({
        events: {
          RENAME_START: async () => rowOf(flow.name).getByRole('button', { name: `Rename ${flow.name}` }).click(),
          RENAME_SUBMIT: async () => rename(flow.newName),
          RENAME_TAKEN: async () => rename(flow.takenName),
          RENAME_CANCEL: async () => renameDialog.getByRole('button', { name: 'Cancel' }).click(),
          MERGE_START: async () => rowOf(flow.name).getByRole('button', { name: `Merge ${flow.name} into another category` }).click(),
          MERGE_CONFIRM: async () => {
            await mergeDialog.getByRole('textbox', { name: 'Merge into' }).or(mergeDialog.getByRole('combobox', { name: 'Merge into' })).first().click();
            await page.getByRole('option', { name: flow.into, exact: true }).click();
            await mergeDialog.getByRole('button', { name: 'Merge', exact: true }).click();
          },
          MERGE_CANCEL: async () => {
            // The picker's list opens over the dialog's buttons; from the keyboard, Cancel is reached as a user would.
            await mergeDialog.getByRole('button', { name: 'Cancel' }).focus();
            await page.keyboard.press('Enter');
          },
          HIDE: async () => section.getByRole('switch', { name: `Hide ${flow.name}` }).click(),
        },
        states: {
          listed: unchanged,
          renaming: async () => {
            await renameDialog.waitFor();
            expect(await renameDialog.getByRole('textbox', { name: 'New name' }).inputValue()).toBe(flow.name);
          },
          merging: async () => {
            await mergeDialog.waitFor();
          },
          renamed: async () => {
            await toasts.waitFor(flow.renamedToast);
            await rowOf(flow.newName).getByText(`Expense · ${flow.count} transactions`).waitFor();
            expect(await onServer(flow.name)).toBeUndefined();
            expect((await onServer(flow.newName))?.transaction_count).toBe(flow.count);
          },
          refused: async () => {
            await toasts.waitFor(flow.takenDetail);
            await renameDialog.waitFor({ state: 'hidden' });
            await unchanged();
          },
          merged: async () => {
            await toasts.waitFor(flow.mergedToast);
            await rowOf(flow.name).waitFor({ state: 'detached' });
            expect((await onServer(flow.into))?.transaction_count).toBe(flow.count);
          },
          cancelled: async () => {
            await renameDialog.or(mergeDialog).first().waitFor({ state: 'hidden' });
            await unchanged();
          },
          hidden: async () => {
            await toasts.waitFor(flow.hiddenToast);
            expect(await onServer(flow.name)).toMatchObject({ hidden: true, transaction_count: flow.count });
          },
        },
      });
    });
  }
});

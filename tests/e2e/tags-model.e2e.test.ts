import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/test';
import type { Tag } from '../../src/contract/autoRules';
import type { TransactionListResponse } from '../../src/contract/transactions';
import { tagManagerFlow as flow, tagManagerModel } from '../models/tagManager';
import { collectAfterEachPath, recordMachineCoverage } from '../support/machine-coverage';
import { AppShell } from './pages/AppShell';
import { SettingsTagsSection } from './pages/SettingsTagsSection';
import { Toasts } from './pages/Toasts';
import { TransactionsPage } from './pages/TransactionsPage';
import { callApi as call, createVerifiedUser } from './support/api';
import { useBrowser } from './support/browser';

const browser = useBrowser();
const coverage = recordMachineCoverage(import.meta.url, 'chromium');

describe('model-based paths: Settings › Tags in the real UI', () => {
  const paths = createTestModel(tagManagerModel).getSimplePaths();
  collectAfterEachPath(coverage, paths.map((p) => p.description), () => browser.page);

  for (const path of paths) {
    it(path.description, async () => {
      const { page, apiUrl } = browser;
      const user = await createVerifiedUser(apiUrl);
      await call(apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'EUR', monthly_income: 3200, main_goal: 'grow_savings', help_with: [] } });
      await call(apiUrl, user.token, 'POST', '/subscription/trial/start');
      for (const description of ['Train to Lyon', 'Hotel Lyon']) await call(apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 40, date: '2026-03-02', category: 'Travel', description, tags: [flow.name] });
      await call(apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 25, date: '2026-03-03', category: 'Dining', description: 'Beach café', tags: [flow.into] });
      await call(apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 9, date: '2026-03-04', category: 'Groceries', description: 'Bread' });
      const onServer = async (name: string) => ((await call(apiUrl, user.token, 'GET', '/tags')) as { tags: Tag[] }).tags.find((t) => t.name === name);
      const tagged = async (name: string) => ((await call(apiUrl, user.token, 'GET', `/transactions?tags=${name}`)) as TransactionListResponse).transactions.map((t) => t.description).sort();

      await AppShell.openSignedIn(page, user.token, '/settings');
      const tags = new SettingsTagsSection(page);
      await tags.waitForCount(flow.name, flow.count);
      const toasts = new Toasts(page);
      const unchanged = async () => {
        await tags.waitForCount(flow.name, flow.count);
        expect(await onServer(flow.name)).toMatchObject({ transaction_count: flow.count });
      };
      const rename = async (name: string) => {
        const dialog = tags.renameDialog(flow.name);
        await dialog.getByRole('textbox', { name: 'New name' }).fill(name);
        await dialog.getByRole('button', { name: 'Rename', exact: true }).click();
      };
      const dialogs = tags.renameDialog(flow.name).or(tags.mergeDialog(flow.name)).or(tags.deleteDialog(flow.name));

      await path.test({
        events: {
          RENAME_START: async () => tags.row(flow.name).getByRole('button', { name: `Rename ${flow.name}` }).click(),
          RENAME_SUBMIT: async () => rename(flow.newName),
          RENAME_TAKEN: async () => rename(flow.into),
          RENAME_CANCEL: async () => tags.renameDialog(flow.name).getByRole('button', { name: 'Cancel' }).click(),
          MERGE_START: async () => tags.row(flow.name).getByRole('button', { name: `Merge ${flow.name} into another tag` }).click(),
          MERGE_CONFIRM: async () => {
            const dialog = tags.mergeDialog(flow.name);
            await dialog.getByRole('textbox', { name: 'Merge into' }).or(dialog.getByRole('combobox', { name: 'Merge into' })).first().click();
            await page.getByRole('option', { name: flow.into, exact: true }).click();
            await dialog.getByRole('status').filter({ hasText: `${flow.count} transactions will carry “${flow.into}” instead` }).waitFor();
            await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
          },
          MERGE_CANCEL: async () => {
            await tags.mergeDialog(flow.name).getByRole('button', { name: 'Cancel' }).focus();
            await page.keyboard.press('Enter');
          },
          // From the keyboard: the row's Delete button, then Enter on the dialog's Delete.
          DELETE_START: async () => {
            await tags.row(flow.name).getByRole('button', { name: `Delete ${flow.name}` }).focus();
            await page.keyboard.press('Enter');
          },
          DELETE_CONFIRM: async () => {
            await tags.deleteDialog(flow.name).getByRole('button', { name: 'Delete', exact: true }).focus();
            await page.keyboard.press('Enter');
          },
          DELETE_CANCEL: async () => page.keyboard.press('Escape'),
          OPEN: async () => tags.row(flow.name).getByRole('link', { name: `${flow.name}: show its transactions` }).click(),
        },
        states: {
          listed: unchanged,
          renaming: async () => {
            await tags.renameDialog(flow.name).waitFor();
            expect(await tags.renameDialog(flow.name).getByRole('textbox', { name: 'New name' }).inputValue()).toBe(flow.name);
          },
          merging: async () => {
            await tags.mergeDialog(flow.name).waitFor();
          },
          confirmingDelete: async () => {
            await tags.deleteDialog(flow.name).getByText(flow.deleteQuestion).waitFor();
          },
          renamed: async () => {
            await toasts.waitFor(flow.renamedToast);
            await tags.waitForCount(flow.newName, flow.count);
            expect(await onServer(flow.name)).toBeUndefined();
            expect(await tagged(flow.newName)).toEqual(['Hotel Lyon', 'Train to Lyon']);
          },
          refused: async () => {
            await toasts.waitFor(flow.takenDetail);
            await tags.root.getByRole('alert').filter({ hasText: flow.takenDetail }).waitFor();
            await unchanged();
          },
          merged: async () => {
            await toasts.waitFor(flow.mergedToast);
            await tags.row(flow.name).waitFor({ state: 'detached' });
            await tags.waitForCount(flow.into, flow.count + flow.intoCount);
            expect(await tagged(flow.into)).toEqual(['Beach café', 'Hotel Lyon', 'Train to Lyon']);
          },
          deleted: async () => {
            await toasts.waitFor(flow.deletedToast);
            await tags.row(flow.name).waitFor({ state: 'detached' });
            expect(await onServer(flow.name)).toBeUndefined();
            const all = (await call(apiUrl, user.token, 'GET', '/transactions')) as TransactionListResponse;
            expect(all.transactions.filter((t) => t.description.endsWith('Lyon')).map((t) => t.tags)).toEqual([[], []]);
          },
          cancelled: async () => {
            await dialogs.first().waitFor({ state: 'hidden' });
            await unchanged();
          },
          opened: async () => {
            await page.waitForURL((url) => url.pathname === '/transactions' && url.searchParams.get('tags') === flow.name);
            const list = await new TransactionsPage(page).waitUntilLoaded();
            await expect.poll(() => list.visibleTitles().then((t) => t.sort())).toEqual(['Hotel Lyon', 'Train to Lyon']);
          },
        },
      });
    });
  }
});

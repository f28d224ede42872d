import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/test';
import { currencyRatesFlow as flow, currencyRatesModel } from '../models/currencyRates';
import { collectAfterEachPath, recordMachineCoverage } from '../support/machine-coverage';
import { AppShell } from './pages/AppShell';
import { fieldErrors } from './pages/fieldErrors';
import { SettingsCurrenciesSection } from './pages/SettingsCurrenciesSection';
import { Toasts } from './pages/Toasts';
import { callApi as call, createVerifiedUser } from './support/api';
import { useBrowser } from './support/browser';

const browser = useBrowser();
const coverage = recordMachineCoverage(import.meta.url, 'chromium');
const CORS = { 'access-control-allow-origin': '*' };

describe('model-based paths: Settings › Currencies in the real UI', () => {
  const paths = createTestModel(currencyRatesModel).getSimplePaths();
  collectAfterEachPath(coverage, paths.map((p) => p.description), () => browser.page);

  for (const path of paths) {
    it(path.description, async () => {
      const { page, apiUrl } = browser;
      const user = await createVerifiedUser(apiUrl);
      await call(apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'USD', monthly_income: 3200, main_goal: 'grow_savings', help_with: [] } });
      await call(apiUrl, user.token, 'POST', '/subscription/trial/start');
      const onServer = async () => ((await call(apiUrl, user.token, 'GET', '/rates')) as { total: number; rates: { base: string; quote: string; rate: string; source: string }[] }).rates;
      const currencies = new SettingsCurrenciesSection(page);
      const toasts = new Toasts(page);
      const open = async () => {
        // The file's tests share one page: the last one may have left it on this very URL, which a goto would not load again.
        await page.goto('about:blank');
        await AppShell.openSignedIn(page, user.token, '/settings#currencies');
        // Settings is loaded on demand: on a busy machine its first paint can take a while.
        await currencies.root.waitFor({ timeout: 20_000 });
      };
      const formsShow = async () => {
        await currencies.emptyState.waitFor({ timeout: 20_000 });
        await currencies.addForm.waitFor();
        await currencies.fileInput.waitFor({ state: 'attached' });
      };

      await path.test({
        events: {
          LOAD: open,
          // Every read of the list answers 503 with a reason (the section may mount twice while the app opens) until Retry.
          LOAD_FAILS: async () => {
            await page.route(`${apiUrl}/rates`, (route) => (route.request().method() === 'GET' ? route.fulfill({ status: 503, json: { detail: flow.loadFailed }, headers: CORS }) : route.fallback()));
            await open();
          },
          RETRY: async () => {
            await page.unroute(`${apiUrl}/rates`);
            await currencies.root.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
          },
          IMPORT: async () => currencies.importFile(flow.fileName, flow.file),
          DISMISS: async () => currencies.importResult.getByRole('button', { name: 'Dismiss the import result' }).click(),
          IMPORT_BAD: async () => currencies.importFile(flow.badFileName, flow.badFile),
          ADD_INVALID: async () => {
            await currencies.fillRate(flow.invalid);
            await currencies.submitRate();
          },
          MAP_FILE: async () => currencies.importFile(flow.mappedFileName, flow.mappedFile),
          MAP_SAME_COLUMN: async () => {
            await currencies.mapField('Rate column', 'Datum');
            await currencies.mappingForm.getByRole('button', { name: 'Import rates' }).click();
          },
          MAP_FIX: async () => {
            await currencies.mapField('Rate column', 'Kurs');
            await currencies.mappingForm.getByRole('button', { name: 'Import rates' }).click();
          },
          MAP_BAD_FILE: async () => {
            await currencies.importFile(flow.mappedBadFileName, flow.mappedBadFile);
            await currencies.mappingForm.getByRole('button', { name: 'Import rates' }).click();
          },
          MAP_CANCEL: async () => currencies.mappingForm.getByRole('button', { name: 'Cancel' }).click(),
          FIX: async () => {
            await currencies.addForm.getByLabel('To').fill(flow.valid.to);
            await currencies.addForm.getByLabel('Rate').fill(flow.valid.rate);
            await currencies.submitRate();
          },
        },
        states: {
          opening: () => {},
          failed: async () => {
            await currencies.root.getByRole('alert').filter({ hasText: flow.loadFailed }).waitFor({ timeout: 20_000 });
            expect(await currencies.addForm.count()).toBe(0);
            expect(await currencies.table.count()).toBe(0);
          },
          retried: async () => {
            await formsShow();
            expect(await currencies.root.getByRole('alert').count()).toBe(0);
          },
          empty: async () => {
            await formsShow();
            expect(await currencies.emptyState.textContent()).toMatch(/not converted.*never counted one to one/);
          },
          imported: async () => {
            await currencies.importResult.waitFor({ timeout: 20_000 });
            expect(await currencies.importResult.textContent()).toContain(`${flow.importedSummary}.`);
            expect((await currencies.rows()).map((r) => r.slice(1))).toEqual(flow.importedRows);
            expect((await onServer()).map((r) => [`${r.base} → ${r.quote}`, r.rate])).toEqual(flow.importedRows.map((r) => r.slice(0, 2)));
          },
          dismissed: async () => {
            await currencies.importResult.waitFor({ state: 'detached' });
            expect((await currencies.rows()).map((r) => r.slice(1))).toEqual(flow.importedRows);
            expect(await currencies.fileInput.isDisabled()).toBe(false);
          },
          importRefused: async () => {
            await toasts.waitFor(flow.badFileDetail);
            await currencies.root.getByText(flow.badFileDetail).first().waitFor();
            expect(await currencies.emptyState.isVisible()).toBe(true);
            expect(await onServer()).toEqual([]);
          },
          // Each refusal under the field it is about, announced with it; no alert for the form as a whole.
          fieldsRefused: async () => {
            await expect.poll(() => currencies.addForm.getByLabel('To').getAttribute('aria-invalid')).toBe('true');
            const shown = await fieldErrors(currencies.addForm);
            expect(shown.map(({ field, error, announced }) => ({ field, error, announced }))).toEqual([
              { field: 'To', error: flow.samePair, announced: true },
              { field: 'Rate', error: flow.badRate, announced: true },
            ]);
            for (const s of shown) expect(s.below).toBeLessThan(40);
            expect(await currencies.addForm.getByRole('alert').count()).toBe(0);
            expect(await onServer()).toEqual([]);
          },
          // The step opens with its first field focused, so a keyboard user starts there.
          mapping: async () => {
            await currencies.mappingForm.waitFor({ timeout: 20_000 });
            expect(await currencies.mappingFields(Object.keys(flow.suggested))).toEqual(flow.suggested);
            expect(await currencies.previewLines()).toEqual(flow.mappedPreview);
            await expect.poll(() => page.evaluate(() => document.activeElement?.id && document.querySelector(`label[for="${document.activeElement.id}"]`)?.textContent)).toBe('Date column');
            expect(await onServer()).toEqual([]);
          },
          mappingFieldsRefused: async () => {
            await expect.poll(() => currencies.mappingForm.getByLabel('Rate column', { exact: true }).getAttribute('aria-invalid')).toBe('true');
            const shown = await fieldErrors(currencies.mappingForm);
            expect(shown.map(({ field, error, announced }) => ({ field, error, announced }))).toEqual([{ field: 'Rate column', error: flow.sameColumn, announced: true }]);
            expect(await onServer()).toEqual([]);
          },
          mappedImported: async () => {
            await currencies.importResult.waitFor({ timeout: 20_000 });
            expect(await currencies.importResult.textContent()).toContain(`${flow.mappedSummary}.`);
            expect(await currencies.mappingForm.count()).toBe(0);
            expect((await currencies.rows()).map((r) => r.slice(1))).toEqual(flow.mappedRows);
            expect((await onServer()).map((r) => [`${r.base} → ${r.quote}`, r.rate])).toEqual(flow.mappedRows.map((r) => r.slice(0, 2)));
          },
          mappedRefused: async () => {
            await toasts.waitFor(flow.mappedBadDetail);
            await currencies.mappingForm.getByRole('alert').filter({ hasText: flow.mappedBadDetail }).waitFor();
            expect(await onServer()).toEqual([]);
          },
          mappingCancelled: async () => {
            await currencies.mappingForm.waitFor({ state: 'detached' });
            expect(await currencies.fileInput.isDisabled()).toBe(false);
            expect(await currencies.emptyState.isVisible()).toBe(true);
          },
          added: async () => {
            await toasts.waitFor(flow.addedToast);
            await expect.poll(async () => (await currencies.rows())[0]?.slice(1)).toEqual(flow.addedRow);
            expect(await onServer()).toEqual([expect.objectContaining({ base: 'EUR', quote: 'USD', rate: '1.09', source: 'typed' })]);
          },
        },
      });
    });
  }
});

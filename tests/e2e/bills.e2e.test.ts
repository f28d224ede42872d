import { createTestModel } from '@xstate/test';
import { describe, expect, it } from 'vitest';
import { coveringPaths } from '../support/model-paths';
import { billSuggestionMessages } from '../../machines/billSuggestions';
import type { RecurringItem } from '../../src/contract/recurring';
import { billSuggestionsModel } from '../models/billSuggestions';
import { AppShell } from './pages/AppShell';
import { BillsPage } from './pages/BillsPage';
import { Toasts } from './pages/Toasts';
import { callApi as api, createVerifiedUser, type TestUser } from './support/api';
import { useBrowser } from './support/browser';

const browser = useBrowser();
/** The page's day (the browser's clock, fixed by the test) and the history it reads. */
const TODAY = '2031-05-01';
const HISTORY = ['2031-01', '2031-02', '2031-03', '2031-04'];

async function billsUser(apiUrl: string): Promise<TestUser> {
  const user = await createVerifiedUser(apiUrl);
  await api(apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'USD', monthly_income: 4000, main_goal: 'grow_savings', help_with: ['goals'] } });
  await api(apiUrl, user.token, 'POST', '/subscription/trial/start');
  for (const month of HISTORY) {
    await api(apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 15.49, date: `${month}-12`, category: 'Subscriptions', description: 'Netflix Standard', merchant: 'Netflix' });
    await api(apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 11.99, date: `${month}-03`, category: 'Subscriptions', description: 'Spotify Premium', merchant: 'Spotify' });
  }
  return user;
}

/**
 * The paths of tests/models/billSuggestions.ts a person can walk against the real app: open, confirm,
 * dismiss. The failure events (offline, a refusal) are walked on the machine (tests/machines/billSuggestions.model.test.ts).
 */
const WALKABLE = new Set(['OPEN', 'CONFIRM', 'DISMISS']);
const paths = coveringPaths(
  createTestModel(billSuggestionsModel)
    .getSimplePaths()
    .filter((p) => p.steps.slice(1).every((s) => WALKABLE.has(s.event.type))),
);

describe('confirming detected bills on /bills (Chromium against the real app)', () => {
  it('the walkable paths visit every state a person reaches without a failure', () => {
    expect(new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))))).toEqual(new Set(['opening', 'listed', 'confirmed', 'dismissed', 'allHandled']));
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { page, apiUrl } = browser;
      const user = await billsUser(apiUrl);
      await page.clock.setFixedTime(new Date(`${TODAY}T12:00:00`));
      const bills = new BillsPage(page);
      const toasts = new Toasts(page);
      const names = async () => (await bills.suggestions.allTextContents()).map((t) => (t.startsWith('Netflix') ? 'Netflix' : t.startsWith('Spotify') ? 'Spotify' : t));
      const items = async () => (await api<{ items: RecurringItem[] }>(apiUrl, user.token, 'GET', '/recurring')).items.map((i) => i.name);

      await path.test({
        events: {
          OPEN: async () => {
            await AppShell.openSignedIn(page, user.token, '/bills');
            await bills.heading.waitFor();
          },
          CONFIRM: async () => {
            await bills.suggestion('Netflix').getByRole('button', { name: 'Confirm' }).click();
            await toasts.waitFor(billSuggestionMessages.confirmed('Netflix'));
          },
          DISMISS: async () => {
            await bills.suggestion('Spotify').getByRole('button', { name: 'Dismiss' }).click();
            await bills.suggestion('Spotify').waitFor({ state: 'detached' });
          },
        },
        states: {
          opening: () => undefined,
          listed: async () => {
            await bills.suggestion('Netflix').waitFor();
            await expect.poll(names).toEqual(['Netflix', 'Spotify']);
          },
          confirmed: async () => {
            await expect.poll(names).toEqual(['Spotify']);
            expect(await items()).toEqual(['Netflix']);
            // The month ahead reloaded: Netflix is due on 12 May.
            await page.getByRole('table', { name: 'Due in the next 30 days' }).getByText('Netflix').waitFor();
          },
          dismissed: async () => {
            await expect.poll(names).toEqual(['Netflix']);
            expect(await items()).toEqual([]);
          },
          allHandled: async () => {
            await page.getByText('No new recurring charges found.').waitFor();
            await page.reload();
            await bills.heading.waitFor();
            await page.getByText('No new recurring charges found.').waitFor();
          },
        },
      });
    });
  }
});

import { createTestModel } from '@xstate/test';
import { describe, expect, it } from 'vitest';
import { coveringPaths } from '../support/model-paths';
import type { Account } from '../../src/contract/accounts';
import { notificationCentreModel } from '../models/notificationCentre';
import { AppShell } from './pages/AppShell';
import { callApi as api, createVerifiedUser, E2E_DEV_KEY, type TestUser } from './support/api';
import { useBrowser } from './support/browser';

const browser = useBrowser();
/** The browser's day (its clock fixed by the test) and the moment the server's checks run. */
const TODAY = '2031-05-01';
const CHECKS_AT = `${TODAY}T08:00:00Z`;

/** A user with a bill due in 3 days (Home internet, on the 4th) and a subscription whose price went up (Netflix). */
async function noticesUser(apiUrl: string): Promise<TestUser> {
  const user = await createVerifiedUser(apiUrl);
  await api(apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'USD', monthly_income: 4000, main_goal: 'grow_savings', help_with: ['goals'] } });
  await api(apiUrl, user.token, 'POST', '/subscription/trial/start');
  const account = await api<Account>(apiUrl, user.token, 'POST', '/accounts', { name: 'Checking', kind: 'checking', opening_balance: 3000 });
  for (const [month, amount] of [['01', 15.49], ['02', 15.49], ['03', 15.49], ['04', 17.99]] as const) {
    await api(apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount, date: `2031-${month}-12`, category: 'Subscriptions', description: 'Netflix', merchant: 'Netflix', account_id: account.account_id });
  }
  const item = { account_id: account.account_id, kind: 'subscription' };
  await api(apiUrl, user.token, 'POST', '/recurring', { ...item, name: 'Netflix', merchant_pattern: 'Netflix', amount: 17.99, rrule: 'FREQ=MONTHLY;BYMONTHDAY=12', start_date: '2031-04-12' });
  await api(apiUrl, user.token, 'POST', '/recurring', { ...item, kind: 'bill', name: 'Home internet', merchant_pattern: 'FiberNet', amount: 59.99, rrule: 'FREQ=MONTHLY;BYMONTHDAY=4', start_date: '2031-05-04' });
  const ran = await fetch(`${apiUrl}/dev/recurring/run`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-dev-key': E2E_DEV_KEY }, body: JSON.stringify({ at: CHECKS_AT }) });
  expect(ran.status).toBe(200);
  return user;
}

/**
 * The paths of tests/models/notificationCentre.ts a person walks in the browser: open the shell, open the
 * reminder, mark all read. The offline start, dismissing, a refused dismiss and the minute's re-read are walked on the machine (tests/machines/notificationCentre.model.test.ts).
 */
const WALKABLE = new Set(['OPEN', 'OPEN_REMINDER', 'READ_ALL']);
const paths = coveringPaths(
  createTestModel(notificationCentreModel)
    .getSimplePaths()
    .filter((p) => p.steps.slice(1).every((s) => WALKABLE.has(s.event.type))),
);

describe('the notification centre (Chromium against the real app)', () => {
  // Dismissing the price change leads on only to a refused dismiss, so its path is walked on the machine.
  it('the walkable paths reach the states a person reaches without a failure or a wait', () => {
    expect(new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))))).toEqual(new Set(['opening', 'twoUnread', 'reminderOpened', 'allRead']));
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { page, apiUrl } = browser;
      const user = await noticesUser(apiUrl);
      await page.clock.setFixedTime(new Date(`${TODAY}T12:00:00`));
      const bell = page.getByRole('button', { name: /^Notifications/ });
      // The dropdown is labelled by the bell that opens it.
      const centre = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Mark all read' }) });
      const openCentre = async () => {
        if (!(await centre.isVisible())) await bell.click();
        await centre.waitFor();
      };
      await path.test({
        events: {
          OPEN: async () => {
            await AppShell.openSignedIn(page, user.token, '/dashboard');
          },
          OPEN_REMINDER: async () => {
            await openCentre();
            await centre.getByText('Home internet is due on 2031-05-04').click();
          },
          READ_ALL: async () => {
            await openCentre();
            await centre.getByRole('button', { name: 'Mark all read' }).click();
          },
        },
        states: {
          opening: () => undefined,
          twoUnread: async () => {
            await page.getByRole('button', { name: 'Notifications: 2 unread' }).waitFor();
          },
          reminderOpened: async () => {
            await page.waitForURL(/\/bills\?item=/);
            await page.getByRole('main').getByRole('heading', { name: 'Bills', level: 1 }).waitFor();
            await page.getByRole('button', { name: 'Notifications: 1 unread' }).waitFor();
          },
          allRead: async () => {
            await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
            await expect.poll(() => centre.getByTestId('notification').count()).toBe(2);
          },
        },
      });
    });
  }
});

import { describe, expect, it } from 'vitest';
import type { AccountList, TransferResult } from '../../src/contract/accounts';
import type { TransactionListResponse } from '../../src/contract/transactions';
import { formatMoney } from '../../src/web/format/money';
import { accountsFlow, accountsModel } from '../models/accounts';
import { AccountsPage } from './pages/AccountsPage';
import { AppShell } from './pages/AppShell';
import { callApi as api, createVerifiedUser, type TestUser } from './support/api';
import { useBrowser } from './support/browser';
import { coveringModelPaths } from '../support/model-paths';

const browser = useBrowser();
const money = (amount: number) => formatMoney(amount, 'USD', { locale: 'en-GB' });

async function accountsUser(apiUrl: string): Promise<TestUser> {
  const user = await createVerifiedUser(apiUrl);
  await api(apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'USD', monthly_income: 4000, main_goal: 'grow_savings', help_with: ['goals'] } });
  await api(apiUrl, user.token, 'POST', '/subscription/trial/start');
  return user;
}

describe('accounts on /accounts (Chromium against the real app, the paths of tests/models/accounts.ts)', () => {
  // Every simple path is walked on the machine (tests/machines); here a few that walk every state and transition.
  const paths = coveringModelPaths(accountsModel);
  for (const path of paths) {
    it(path.description, async () => {
      const { page, apiUrl } = browser;
      const user = await accountsUser(apiUrl);
      await AppShell.openSignedIn(page, user.token, '/accounts');
      const accounts = new AccountsPage(page);
      await accounts.heading.waitFor();
      const idOf = async (name: string) => (await api<AccountList>(apiUrl, user.token, 'GET', '/accounts')).accounts.find((a) => a.name === name)!.account_id;
      const legs = async () => (await api<TransactionListResponse>(apiUrl, user.token, 'GET', `/transactions?account_id=${await idOf('Savings')}`)).transactions.filter((t) => t.kind === 'transfer');
      const balances = async (checking: number, savings: number) => {
        await expect.poll(() => accounts.balanceOf('Checking').textContent()).toBe(money(checking));
        await expect.poll(() => accounts.balanceOf('Savings').textContent()).toBe(money(savings));
      };
      const reload = async () => {
        await page.reload();
        await accounts.heading.waitFor();
      };

      await path.test({
        states: {
          empty: async () => void (await accounts.emptyState.waitFor()),
          invalid: async () => {
            await accounts.dialog.getByText('Name is required').waitFor();
            await accounts.dialog.getByText('Last four digits must be four digits').waitFor();
          },
          created: () => balances(accountsFlow.checking, 0),
          transferred: async () => {
            await balances(500, 500);
            await expect.poll(() => accounts.netWorth.textContent()).toBe(money(accountsFlow.checking));
          },
          edited: () => balances(700, 300),
          deleted: () => balances(1000, 0),
          reconciled: async () => {
            await balances(accountsFlow.statement, 0);
            // The statement date defaults to today (the accounts opened today, so their opening balance counts).
            await accounts.row('Checking').getByText(`reconciled ${new Date().toISOString().slice(0, 10)}`).waitFor();
          },
          closed: async () => {
            await accounts.row('Savings').waitFor({ state: 'detached' });
            await accounts.row('Checking').waitFor();
          },
        },
        events: {
          CREATE_INVALID: async () => {
            await accounts.addAccountButton.click();
            await accounts.fillAccount({ last4: '12a4' });
          },
          CREATE: async () => {
            if (!(await accounts.dialog.isVisible())) await accounts.addAccountButton.click();
            await accounts.fillAccount({ name: 'Checking', kind: 'checking', opening: String(accountsFlow.checking), last4: '' });
            await accounts.row('Checking').waitFor();
            await accounts.addAccountButton.click();
            await accounts.fillAccount({ name: 'Savings', kind: 'savings' });
            await accounts.row('Savings').waitFor();
          },
          TRANSFER: () => accounts.transfer('Checking', 'Savings', String(accountsFlow.transfer)),
          EDIT_LEG: async () => {
            const into = (await legs())[0]!;
            await api(apiUrl, user.token, 'PUT', `/transactions/${into.transaction_id}`, { amount: accountsFlow.edited });
            const both = await api<TransferResult>(apiUrl, user.token, 'GET', `/accounts/transfers/${into.transfer_id}`);
            expect([both.from.amount, both.to.amount]).toEqual([accountsFlow.edited, accountsFlow.edited]);
            await reload();
          },
          DELETE_LEG: async () => {
            const into = (await legs())[0]!;
            const both = await api<TransferResult>(apiUrl, user.token, 'GET', `/accounts/transfers/${into.transfer_id}`);
            await api(apiUrl, user.token, 'DELETE', `/transactions/${both.from.transaction_id}`);
            expect(await legs()).toEqual([]);
            await reload();
          },
          RECONCILE_ADJUST: async () => {
            await accounts.row('Checking').getByRole('button', { name: 'Reconcile' }).click();
            const d = accounts.dialog;
            await d.getByLabel('Statement balance').fill(String(accountsFlow.statement));
            await d.getByRole('button', { name: 'Check' }).click();
            await expect.poll(() => d.getByTestId('reconcile-difference').textContent()).toContain(money(-accountsFlow.adjustment));
            await d.getByRole('button', { name: /Add an adjustment/ }).click();
            await d.waitFor({ state: 'hidden' });
          },
          CLOSE: async () => {
            await accounts.row('Savings').getByRole('button', { name: 'Close' }).click();
          },
        },
      });
    });
  }
});

describe('the net-worth chart on /accounts opened directly (Chromium)', () => {
  it('is drawn with its legend in a row, not a column of names filling the card (its styles come with it, not with the dashboard)', async () => {
    const { page, apiUrl } = browser;
    const user = await accountsUser(apiUrl);
    await api(apiUrl, user.token, 'POST', '/accounts', { name: 'Checking', kind: 'checking', opening_balance: 1200, opening_date: '2025-01-01' });
    await api(apiUrl, user.token, 'POST', '/accounts', { name: 'Card', kind: 'credit_card', opening_balance: -300, opening_date: '2025-01-01' });
    await AppShell.openSignedIn(page, user.token, '/accounts');
    const chart = page.getByLabel('Net worth and each account by month');
    await chart.waitFor();
    const legend = chart.locator('.recharts-legend-wrapper');
    await legend.getByText('Checking').waitFor();
    const [legendBox, chartBox] = [await legend.boundingBox(), await chart.boundingBox()];
    expect(legendBox!.height).toBeLessThan(60);
    expect(chartBox!.height).toBeLessThan(320);
    expect(await chart.locator('.recharts-line-curve').count()).toBeGreaterThan(0);
  });
});

describe('the net-worth chart’s y-axis (Chromium)', () => {
  it('shows every tick label whole, inside the card, at 1280 and 375 px wide, with balances in the millions', async () => {
    const { page, apiUrl } = browser;
    const user = await accountsUser(apiUrl);
    await api(apiUrl, user.token, 'POST', '/accounts', { name: 'Checking', kind: 'checking', opening_balance: 1234567.89, opening_date: '2025-01-01' });
    await api(apiUrl, user.token, 'POST', '/accounts', { name: 'Mortgage', kind: 'mortgage', opening_balance: -250000, opening_date: '2025-01-01' });
    try {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await AppShell.openSignedIn(page, user.token, '/accounts');
        const chart = page.getByLabel('Net worth and each account by month');
        await chart.waitFor();
        const ticks = chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
        await ticks.first().waitFor();
        const chartBox = (await chart.boundingBox())!;
        const boxes = await ticks.evaluateAll((els) => els.map((e) => ({ text: e.textContent ?? '', left: e.getBoundingClientRect().left })));
        expect(boxes.length).toBeGreaterThan(1);
        for (const tick of boxes) expect(tick.left, `"${tick.text}" at ${width} px starts ${chartBox.x - tick.left} px left of the chart`).toBeGreaterThanOrEqual(chartBox.x);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldErrors } from './pages/fieldErrors';
import { collectAfterEachPath, recordMachineCoverage } from '../support/machine-coverage';
import { formatMoney } from '../../src/web/format/money';
import { goalFundsFlow, goalFundsModel } from '../models/goalFunds';
import { AppShell } from './pages/AppShell';
import { BudgetPage, type GoalCardModel, type FundsDialog } from './pages/BudgetPage';
import { Toasts } from './pages/Toasts';
import { callApi as api, createVerifiedUser, type TestUser } from './support/api';
import { keepRewardDialog, saveScreenshot, useBrowser } from './support/browser';
import { coveringModelPaths } from '../support/model-paths';

// docs/product.md §8 toasts, exactly.
const texts = {
  created: 'Goal created successfully!',
  updated: 'Goal updated successfully!',
  added: 'Funds added to goal successfully!',
  withdrawn: 'Funds withdrawn from goal successfully!',
  deleteFailed: 'Failed to delete goal',
};

// One page for the file: the model paths share one open /budget (each on a goal of its own); the other tests open
// it afresh for their user. The test that keeps the reward dialog (an init script) comes last.
const browser = useBrowser({ oneContext: true });
const coverage = recordMachineCoverage(import.meta.url, 'chromium');
// The browser context's locale (support/browser.ts) and the user's currency.
const money = (amount: number) => formatMoney(amount, 'USD', { locale: 'en-GB' });
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * A verified user who completed onboarding (docs/product.md §2: /budget requires it) and started the free trial,
 * so /budget opens and the goals calls made here through the API are allowed.
 */
async function budgetUser(apiUrl: string): Promise<TestUser> {
  const user = await createVerifiedUser(apiUrl);
  await api(apiUrl, user.token, 'POST', '/users/me/onboarding', {
    action: 'complete',
    answers: { currency: 'USD', monthly_income: 4000, main_goal: 'grow_savings', help_with: ['goals'] },
  });
  await api(apiUrl, user.token, 'POST', '/subscription/trial/start');
  return user;
}

async function openBudget(page: Page, token: string): Promise<BudgetPage> {
  await AppShell.openSignedIn(page, token, '/budget');
  const budget = new BudgetPage(page);
  await budget.heading.waitFor();
  return budget.waitUntilLoaded();
}

const savedOnServer = async (apiUrl: string, token: string, goalId: string) => (await api<{ current_amount: number }>(apiUrl, token, 'GET', `/goals/${goalId}`)).current_amount;

describe('model-based paths: one withdraw-funds operation in the real UI', () => {
  // Every simple path is walked on the machine (tests/machines); here a few that walk every state and transition.
  const paths = coveringModelPaths(goalFundsModel);
  const nameOf = (index: number) => `Model path ${index + 1}`;
  let user: TestUser;
  const goalIds: string[] = [];
  beforeAll(async () => {
    user = await budgetUser(browser.apiUrl);
    for (const index of paths.keys()) {
      const created = await api<{ goal_id: string }>(browser.apiUrl, user.token, 'POST', '/goals', { name: nameOf(index), target_amount: 1000, target_date: isoDay(365), initial_amount: goalFundsFlow.saved });
      goalIds.push(created.goal_id);
    }
  });

  collectAfterEachPath(coverage, paths.map((p) => p.description), () => browser.page);
  paths.forEach((path, index) => {
    it(path.description, async () => {
      const { page, apiUrl } = browser;
      const name = nameOf(index);
      const created = { goal_id: goalIds[index]! };
      // Every path's goal is on the page the last path left open (a failed path leaves a blank page: load again).
      const budget = new URL(page.url()).pathname === '/budget' ? new BudgetPage(page) : await openBudget(page, user.token);
      // The last path's success toast has gone (a cancelled path checks that none shows).
      await new Toasts(page).withText(goalFundsFlow.successToast).first().waitFor({ state: 'hidden' });
      const card: GoalCardModel = budget.card(name);
      await card.root.waitFor();
      let dialog: FundsDialog | undefined;
      const offline = '**/goals/*/withdraw-funds';

      await path.test({
        events: {
          OPEN: async () => {
            dialog = await card.withdraw();
          },
          SUBMIT_INVALID: async () => {
            await dialog!.submit(goalFundsFlow.invalid);
          },
          SUBMIT_VALID: async () => {
            await dialog!.submit(goalFundsFlow.valid);
          },
          SUBMIT_TOO_MUCH: async () => {
            await dialog!.submit(goalFundsFlow.tooMuch);
          },
          SUBMIT_OFFLINE: async () => {
            await page.route(offline, (route) => route.abort('internetdisconnected'));
            await dialog!.submit(goalFundsFlow.valid);
            await dialog!.retryButton.waitFor();
            await page.unroute(offline);
          },
          RETRY: async () => {
            await dialog!.retryButton.click();
          },
          CANCEL: async () => {
            await dialog!.cancelButton.click();
          },
        },
        states: {
          closed: async () => {
            expect(await card.saved.textContent()).toBe(money(goalFundsFlow.saved));
          },
          entering: async () => {
            expect(await dialog!.amount.inputValue()).toBe('');
            expect(await dialog!.error.count()).toBe(0);
          },
          invalid: async () => {
            await dialog!.validationMessage(goalFundsFlow.invalidMessage).waitFor();
            expect(await savedOnServer(apiUrl, user.token, created.goal_id)).toBe(goalFundsFlow.saved);
          },
          refused: async () => {
            await dialog!.validationMessage(goalFundsFlow.refusedDetail).waitFor();
            expect(await savedOnServer(apiUrl, user.token, created.goal_id)).toBe(goalFundsFlow.saved);
          },
          failed: async () => {
            await dialog!.error.getByText(goalFundsFlow.offlineMessage, { exact: true }).waitFor();
            expect(await savedOnServer(apiUrl, user.token, created.goal_id)).toBe(goalFundsFlow.saved);
          },
          succeeded: async () => {
            await new Toasts(page).waitFor(goalFundsFlow.successToast);
            await dialog!.root.waitFor({ state: 'hidden' });
            await expect.poll(() => card.saved.textContent()).toBe(money(goalFundsFlow.afterWithdrawal));
            expect(await savedOnServer(apiUrl, user.token, created.goal_id)).toBe(goalFundsFlow.afterWithdrawal);
          },
          cancelled: async () => {
            await dialog!.root.waitFor({ state: 'hidden' });
            expect(await card.saved.textContent()).toBe(money(goalFundsFlow.saved));
            expect(await new Toasts(page).withText(goalFundsFlow.successToast).count()).toBe(0);
            expect(await savedOnServer(apiUrl, user.token, created.goal_id)).toBe(goalFundsFlow.saved);
          },
        },
      });
    });
  });
});

describe('savings goals on /budget (Chromium against the real app)', () => {
  it('create, add funds, a refused withdrawal that changes nothing, withdraw, history, edit, delete after confirming', async () => {
    const { page, apiUrl } = browser;
    const user = await budgetUser(apiUrl);
    const budget = await openBudget(page, user.token);
    const toasts = new Toasts(page);

    // An empty page invites to create the first goal.
    await budget.emptyState.waitFor();
    await saveScreenshot(page, 'goals-empty');

    // Create.
    const form = await budget.openNewGoalForm();
    await form.fill({ name: 'Emergency fund', targetAmount: '1000', targetDate: isoDay(200), category: 'Emergency fund', priority: 'High', notes: 'Three months of rent' });
    await form.submit();
    await toasts.waitFor(texts.created);
    const card = budget.card('Emergency fund');
    await card.root.waitFor();
    expect(await card.saved.textContent()).toBe(money(0));
    expect(await card.root.getByText('On track', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => budget.summaryFigure('Total target').textContent()).toContain(money(1000));
    const [goal] = await api<{ goal_id: string; name: string }[]>(apiUrl, user.token, 'GET', '/goals');
    expect(goal?.name).toBe('Emergency fund');
    const goalId = goal!.goal_id;

    // Add funds.
    let funds = await card.addFunds();
    await funds.submit('50', 'First savings');
    await toasts.waitFor(texts.added);
    await funds.root.waitFor({ state: 'hidden' });
    await expect.poll(() => card.saved.textContent()).toBe(money(50));
    await expect.poll(() => budget.summaryFigure('Total saved').textContent()).toContain(money(50));

    // Withdrawing more than is saved: the server's detail, nothing changed.
    funds = await card.withdraw();
    await funds.submit('80');
    // The refusal is about the amount: shown under it (announced with it), with no Retry that could not help.
    await funds.validationMessage('Cannot withdraw $80.00: only $50.00 is saved in this goal.').waitFor();
    expect(await fieldErrors(funds.root)).toEqual([{ field: 'Amount', error: 'Cannot withdraw $80.00: only $50.00 is saved in this goal.', announced: true, below: expect.any(Number) }]);
    expect(await funds.retryButton.count()).toBe(0);
    await saveScreenshot(page, 'goals-withdraw-refused');
    await funds.cancelButton.click();
    await funds.root.waitFor({ state: 'hidden' });
    expect(await card.saved.textContent()).toBe(money(50));
    expect(await savedOnServer(apiUrl, user.token, goalId)).toBe(50);

    // Withdraw.
    funds = await card.withdraw();
    await funds.submit('20');
    await toasts.waitFor(texts.withdrawn);
    await expect.poll(() => card.saved.textContent()).toBe(money(30));
    expect(await savedOnServer(apiUrl, user.token, goalId)).toBe(30);

    // History: both moves, newest first, and their summary.
    const drawer = await card.history();
    const rows = drawer.getByRole('table', { name: 'Fund moves, newest first' }).getByRole('row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(1).textContent()).toContain('Withdrawal');
    expect(await rows.nth(2).textContent()).toContain('First savings');
    expect(await drawer.getByRole('group', { name: 'Net saved' }).textContent()).toContain(money(30));
    await saveScreenshot(page, 'goals-history');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // Edit.
    const edit = await card.edit();
    await edit.fill({ name: 'Rainy day fund', targetAmount: '1500' });
    await edit.submit();
    await toasts.waitFor(texts.updated);
    const renamed = budget.card('Rainy day fund');
    await renamed.root.waitFor();
    expect(await renamed.saved.textContent()).toBe(money(30));
    await expect.poll(() => budget.summaryFigure('Total target').textContent()).toContain(money(1500));
    await saveScreenshot(page, 'goals-desktop');

    // Delete only after the danger confirmation; cancelling keeps it.
    let confirm = await renamed.delete();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await renamed.root.isVisible()).toBe(true);

    confirm = await renamed.delete();
    expect(await confirm.textContent()).toContain('Delete "Rainy day fund" and its fund history?');
    await confirm.getByRole('button', { name: 'Delete goal' }).click();
    await renamed.root.waitFor({ state: 'detached' });
    await budget.emptyState.waitFor();
    expect(await api<unknown[]>(apiUrl, user.token, 'GET', '/goals')).toEqual([]);
  });

  it("a failed delete toasts 'Failed to delete goal' and keeps the goal", async () => {
    const { page, apiUrl } = browser;
    const user = await budgetUser(apiUrl);
    await api(apiUrl, user.token, 'POST', '/goals', { name: 'Keep me', target_amount: 100, target_date: isoDay(60) });
    const budget = await openBudget(page, user.token);
    const card = budget.card('Keep me');
    await card.root.waitFor();

    // The server answers a 4xx without a detail: the docs/product.md §8 default is shown.
    await page.route('**/goals/*', (route) => (route.request().method() === 'DELETE' ? route.fulfill({ status: 409, json: {} }) : route.fallback()));
    const confirm = await card.delete();
    await confirm.getByRole('button', { name: 'Delete goal' }).click();
    await new Toasts(page).waitFor(texts.deleteFailed);
    expect(await card.root.isVisible()).toBe(true);
  });

  it('reaching the target is celebrated in the reward dialog', async () => {
    const { page, apiUrl } = browser;
    await keepRewardDialog(page);
    const user = await budgetUser(apiUrl);
    await api(apiUrl, user.token, 'POST', '/goals', { name: 'Bike', target_amount: 300, target_date: isoDay(90), initial_amount: 250 });
    const budget = await openBudget(page, user.token);
    const card = budget.card('Bike');
    const funds = await card.addFunds();
    await funds.submit('50');
    await new Toasts(page).waitFor(texts.added);
    const reward = page.getByRole('dialog', { name: 'Congratulations!' });
    await reward.getByText('Goal reached!', { exact: true }).waitFor();
    expect(await reward.textContent()).toContain('You reached your "Bike" goal.');
    await saveScreenshot(page, 'goals-reached');
    await reward.getByRole('button', { name: 'Awesome!' }).click();
    await reward.waitFor({ state: 'hidden' });
    await card.root.getByText('Goal reached', { exact: true }).waitFor();
    expect(await card.progress.getAttribute('aria-valuenow')).toBe('100');
  });
});

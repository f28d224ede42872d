import type { Locator, Page } from 'playwright-core';

/** "Budget this month" on /dashboard (src/web/views/dashboard/BudgetCard.tsx). */
export class DashboardBudgetCard {
  readonly root: Locator;
  readonly total: Locator;
  readonly empty: Locator;
  readonly lines: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: 'Budget this month' });
    this.total = this.root.getByTestId('dashboard-budget-total');
    this.empty = this.root.getByTestId('dashboard-budget-empty');
    this.lines = this.root.getByTestId('dashboard-budget-line');
  }

  line(category: string): { root: Locator; figures: Locator; over: Locator; bar: Locator } {
    const root = this.root.locator(`[data-testid="dashboard-budget-line"][data-category="${category}"]`);
    return { root, figures: root.getByTestId('dashboard-budget-figures'), over: root.getByTestId('dashboard-budget-over'), bar: root.getByRole('progressbar') };
  }
}

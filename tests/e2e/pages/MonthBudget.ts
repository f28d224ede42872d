import type { Locator, Page } from 'playwright-core';

/** The month's category budget on /budget (src/web/views/budget/MonthBudget.tsx). */
export class MonthBudget {
  readonly root: Locator;
  readonly month: Locator;
  readonly headline: Locator;
  readonly loading: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: 'Monthly budget' });
    this.month = this.root.getByTestId('budget-month');
    this.headline = this.root.getByTestId('budget-headline');
    this.loading = this.root.getByRole('status', { name: 'Loading budget' });
  }

  /** Resolves once the month's categories are on screen. */
  async waitUntilLoaded(): Promise<MonthBudget> {
    await this.row('Groceries').root.waitFor();
    return this;
  }

  figure(label: string): Locator {
    return this.root.getByRole('listitem', { name: new RegExp(`^${label}: `) });
  }

  row(category: string): BudgetRow {
    return new BudgetRow(this.page, this.root.locator(`[data-category="${category}"]`), category);
  }

  async next(): Promise<void> {
    await this.root.getByRole('button', { name: 'Next month' }).click();
  }

  async previous(): Promise<void> {
    await this.root.getByRole('button', { name: 'Previous month' }).click();
  }

  async switchMode(label: 'Envelope' | 'Tracking'): Promise<void> {
    await this.root.getByRole('radiogroup', { name: 'Budget mode' }).getByText(label, { exact: true }).click();
  }
}

export class BudgetRow {
  readonly assignedButton: Locator;
  readonly assignedInput: Locator;
  readonly available: Locator;
  readonly link: Locator;
  readonly details: Locator;

  constructor(
    readonly page: Page,
    readonly root: Locator,
    readonly category: string,
  ) {
    this.assignedButton = root.getByTestId('assigned');
    this.assignedInput = root.getByRole('textbox', { name: `Assigned to ${category}` });
    this.available = root.getByTestId('available');
    this.link = root.getByRole('link', { name: category, exact: true });
    this.details = root.getByText(/^Spent /);
  }

  fieldError(text: string): Locator {
    return this.root.getByText(text, { exact: true });
  }

  /** The row's menu (open until an item is chosen). */
  get menuDropdown(): Locator {
    return this.page.getByRole('menu', { name: `More for ${this.category}` });
  }

  async openMenu(): Promise<void> {
    await this.root.getByRole('button', { name: `More for ${this.category}` }).click();
    await this.menuDropdown.waitFor();
  }

  /** An item of the open menu (a rollover choice is a menuitemradio). */
  menuItem(item: string | RegExp): Locator {
    return this.page.getByRole('menuitem', { name: item }).or(this.page.getByRole('menuitemradio', { name: item })).first();
  }

  async menu(item: string | RegExp): Promise<void> {
    await this.openMenu();
    await this.menuItem(item).click();
  }
}

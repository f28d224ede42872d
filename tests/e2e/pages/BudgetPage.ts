import type { Locator, Page } from 'playwright-core';

export interface GoalFields {
  name?: string;
  targetAmount?: string;
  targetDate?: string;
  category?: string;
  priority?: string;
  alreadySaved?: string;
  notes?: string;
}

/** /budget, the savings goals page (src/web/views/budget/). */
export class BudgetPage {
  readonly heading: Locator;
  readonly loading: Locator;
  readonly emptyState: Locator;
  readonly createFirstGoalButton: Locator;
  readonly newGoalButton: Locator;
  readonly summary: Locator;
  readonly goals: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('main').getByRole('heading', { name: 'Budget', level: 1 });
    this.loading = page.getByRole('status', { name: 'Loading goals' });
    this.emptyState = page.getByText('No savings goals yet', { exact: true });
    this.createFirstGoalButton = page.getByRole('button', { name: 'Create your first goal' });
    this.newGoalButton = page.getByRole('button', { name: 'New goal', exact: true });
    this.summary = page.getByRole('region', { name: 'Progress across all goals' });
    this.goals = page.getByRole('list', { name: 'Savings goals' });
  }

  async goto(): Promise<BudgetPage> {
    await this.page.goto('/budget');
    await this.heading.waitFor();
    return this;
  }

  /** Resolves once the goals (or the empty state) are on screen. */
  async waitUntilLoaded(): Promise<BudgetPage> {
    await this.goals.or(this.emptyState).first().waitFor();
    return this;
  }

  summaryFigure(label: 'Total saved' | 'Total target' | 'Still to save' | 'Needed per month'): Locator {
    return this.summary.getByRole('group', { name: label });
  }

  card(name: string): GoalCardModel {
    return new GoalCardModel(this.page, this.page.getByRole('listitem', { name, exact: true }), name);
  }

  async openNewGoalForm(): Promise<GoalForm> {
    if (await this.emptyState.isVisible()) await this.createFirstGoalButton.click();
    else await this.newGoalButton.click();
    const form = new GoalForm(this.page, 'New savings goal');
    await form.root.waitFor();
    return form;
  }
}

export class GoalCardModel {
  readonly saved: Locator;
  readonly progress: Locator;
  readonly addFundsButton: Locator;
  readonly withdrawButton: Locator;
  readonly moreActions: Locator;

  constructor(
    readonly page: Page,
    readonly root: Locator,
    readonly name: string,
  ) {
    this.saved = root.getByTestId('goal-saved');
    this.progress = root.getByRole('progressbar', { name: `${name} progress` });
    this.addFundsButton = root.getByRole('button', { name: `Add funds to ${name}` });
    this.withdrawButton = root.getByRole('button', { name: `Withdraw from ${name}` });
    this.moreActions = root.getByRole('button', { name: `More actions for ${name}` });
  }

  async addFunds(): Promise<FundsDialog> {
    await this.addFundsButton.click();
    return new FundsDialog(this.page, `Add funds to ${this.name}`).waitUntilShown();
  }

  async withdraw(): Promise<FundsDialog> {
    await this.withdrawButton.click();
    return new FundsDialog(this.page, `Withdraw from ${this.name}`).waitUntilShown();
  }

  private async menu(item: 'Fund history' | 'Edit goal' | 'Delete goal') {
    await this.moreActions.click();
    await this.page.getByRole('menuitem', { name: item }).click();
  }

  async edit(): Promise<GoalForm> {
    await this.menu('Edit goal');
    const form = new GoalForm(this.page, 'Edit goal');
    await form.root.waitFor();
    return form;
  }

  async history(): Promise<Locator> {
    await this.menu('Fund history');
    const drawer = this.page.getByRole('dialog', { name: `Fund history: ${this.name}` });
    await drawer.waitFor();
    return drawer;
  }

  /** Asks to delete; answers the danger confirmation dialog. */
  async delete(): Promise<Locator> {
    await this.menu('Delete goal');
    const dialog = this.page.getByRole('dialog', { name: 'Delete goal' });
    await dialog.waitFor();
    return dialog;
  }
}

export class GoalForm {
  readonly root: Locator;
  readonly error: Locator;

  constructor(
    readonly page: Page,
    name: 'New savings goal' | 'Edit goal',
  ) {
    this.root = page.getByRole('form', { name });
    this.error = this.root.getByRole('alert');
  }

  async fill(fields: GoalFields): Promise<GoalForm> {
    const text = (label: string) => this.root.getByRole('textbox', { name: label, exact: true });
    if (fields.name !== undefined) await text('Goal name').fill(fields.name);
    if (fields.targetAmount !== undefined) await text('Target amount').fill(fields.targetAmount);
    if (fields.targetDate !== undefined) await this.root.getByLabel('Target date').fill(fields.targetDate);
    if (fields.category !== undefined) await this.root.getByRole('combobox', { name: 'Category' }).selectOption({ label: fields.category });
    if (fields.priority !== undefined) await this.root.getByRole('combobox', { name: 'Priority' }).selectOption({ label: fields.priority });
    if (fields.alreadySaved !== undefined) await text('Already saved (optional)').fill(fields.alreadySaved);
    if (fields.notes !== undefined) await text('Notes (optional)').fill(fields.notes);
    return this;
  }

  async submit(): Promise<void> {
    await this.root.getByRole('button', { name: /^(Create goal|Save changes)$/ }).click();
  }
}

export class FundsDialog {
  readonly root: Locator;
  readonly amount: Locator;
  readonly note: Locator;
  readonly submitButton: Locator;
  readonly cancelButton: Locator;
  readonly retryButton: Locator;
  readonly error: Locator;

  constructor(
    readonly page: Page,
    readonly title: string,
  ) {
    this.root = page.getByRole('dialog', { name: title });
    this.amount = this.root.getByRole('textbox', { name: 'Amount', exact: true });
    this.note = this.root.getByRole('textbox', { name: 'Note (optional)', exact: true });
    this.submitButton = this.root.getByRole('button', { name: /^(Add funds|Withdraw)$/ });
    this.cancelButton = this.root.getByRole('button', { name: 'Cancel' });
    this.retryButton = this.root.getByRole('button', { name: 'Retry' });
    this.error = this.root.getByRole('alert');
  }

  async waitUntilShown(): Promise<FundsDialog> {
    await this.amount.waitFor();
    return this;
  }

  async submit(amount: string, note?: string): Promise<void> {
    await this.amount.fill(amount);
    if (note !== undefined) await this.note.fill(note);
    await this.submitButton.click();
  }

  /** The message under the amount field (the amount is not a positive number). */
  validationMessage(text: string): Locator {
    return this.root.getByText(text, { exact: true });
  }
}

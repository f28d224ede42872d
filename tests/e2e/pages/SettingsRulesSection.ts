import type { Locator, Page } from 'playwright-core';

/** The Rules section of /settings (src/web/views/settings/RulesSection.tsx). */
export class SettingsRulesSection {
  readonly root: Locator;
  readonly addButton: Locator;
  readonly form: Locator;
  readonly saveButton: Locator;
  readonly cancelButton: Locator;
  readonly runButton: Locator;
  readonly doneButton: Locator;
  readonly list: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: 'Rules' });
    this.addButton = this.root.getByRole('button', { name: 'Add rule' });
    this.form = this.root.getByRole('form', { name: 'Rule' });
    this.saveButton = this.form.getByRole('button', { name: 'Save rule' });
    this.cancelButton = this.form.getByRole('button', { name: 'Cancel' });
    this.runButton = this.root.getByRole('button', { name: 'Run on existing transactions' });
    this.doneButton = this.root.getByRole('button', { name: 'Done' });
    this.list = this.root.getByRole('list', { name: 'Rules in the order they run' });
  }

  async waitUntilLoaded(): Promise<void> {
    await this.addButton.waitFor();
  }

  /** Types the first condition's value (a merchant "is" condition by default). */
  async condition(value: string): Promise<void> {
    await this.form.getByRole('textbox', { name: 'Condition 1 value' }).fill(value);
  }

  async category(name: string): Promise<void> {
    await this.form.getByRole('combobox', { name: 'Category' }).selectOption(name);
  }

  applyButton(count: number): Locator {
    return this.root.getByRole('button', { name: `Apply to ${count} ${count === 1 ? 'transaction' : 'transactions'}` });
  }

  text(text: string): Locator {
    return this.root.getByText(text, { exact: true });
  }
}

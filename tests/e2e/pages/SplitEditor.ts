import type { Locator, Page } from 'playwright-core';

/** The split editor inside the transaction form (src/web/views/transactions/SplitEditor.tsx). */
export class SplitEditor {
  readonly root: Locator;
  readonly remainder: Locator;
  readonly problem: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('form', { name: 'Split transaction' });
    this.remainder = this.root.getByTestId('split-remainder');
    this.problem = this.root.getByRole('alert');
  }

  /** Opens it from the edit form's Split (or Edit split) button. */
  static async openFrom(page: Page, form: Locator): Promise<SplitEditor> {
    await form.getByRole('button', { name: /^(Split|Edit split)$/ }).click();
    const editor = new SplitEditor(page);
    await editor.root.getByRole('textbox', { name: 'Line 1 amount' }).waitFor();
    return editor;
  }

  line(n: number) {
    const field = (what: string) => this.root.getByRole('textbox', { name: `Line ${n} ${what}`, exact: true });
    return {
      category: this.root.getByRole('textbox', { name: `Line ${n} category` }).or(this.root.getByRole('combobox', { name: `Line ${n} category` })).first(),
      amount: field('amount'),
      memo: field('memo'),
      rest: this.root.getByRole('button', { name: `Put the rest in line ${n}` }),
      remove: this.root.getByRole('button', { name: `Remove line ${n}` }),
    };
  }

  /** Types a category by keyboard: the name, then Enter on the first match. */
  async chooseCategory(n: number, name: string): Promise<void> {
    const input = this.line(n).category;
    await input.click();
    await input.fill(name);
    await this.page.getByRole('option', { name, exact: true }).waitFor();
    await this.page.keyboard.press('ArrowDown');
    await this.page.keyboard.press('Enter');
  }
}

import type { Locator, Page } from 'playwright-core';

/** Settings › Tags: the list of tags and its dialogs. */
export class SettingsTagsSection {
  readonly root: Locator;
  readonly list: Locator;
  readonly renameDialog: (name: string) => Locator;
  readonly mergeDialog: (name: string) => Locator;
  readonly deleteDialog: (name: string) => Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: 'Tags' });
    this.list = this.root.getByRole('list', { name: 'Your tags' });
    this.renameDialog = (name) => page.getByRole('dialog', { name: `Rename tag “${name}”` });
    this.mergeDialog = (name) => page.getByRole('dialog', { name: `Merge “${name}”` });
    this.deleteDialog = (name) => page.getByRole('dialog', { name: `Delete tag “${name}”` });
  }

  /** A tag's row, found by its name (the link that opens its transactions). */
  row(name: string): Locator {
    return this.list.getByRole('listitem').filter({ has: this.page.getByRole('link', { name: `${name}: show its transactions`, exact: true }) });
  }

  /** The row of a tag carrying this many transactions, once it shows. */
  async waitForCount(name: string, count: number): Promise<void> {
    await this.row(name).getByText(count === 1 ? '1 transaction' : `${count} transactions`, { exact: true }).waitFor({ timeout: 20_000 });
  }
}

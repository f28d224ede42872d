import type { Locator, Page } from 'playwright-core';

/** docs/product.md §2 reward dialog (src/web/overlays/RewardDialog.tsx): 'Congratulations!', the award, '+N points', 'Awesome!'. */
export class RewardDialog {
  readonly root: Locator;
  readonly awesome: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog', { name: 'Congratulations!' });
    this.awesome = this.root.getByRole('button', { name: 'Awesome!' });
  }

  async waitFor(): Promise<this> {
    await this.root.waitFor();
    return this;
  }

  async points(): Promise<string | null> {
    return this.root.getByText(/^\+\d+ points$/).textContent();
  }

  async close(): Promise<void> {
    await this.awesome.click();
    await this.root.waitFor({ state: 'hidden' });
  }

  /** Closes the dialog if an award opened it (flows that are not about rewards). */
  static async dismissIfOpen(page: Page): Promise<void> {
    const dialog = new RewardDialog(page);
    if (await dialog.root.isVisible()) await dialog.close();
  }
}

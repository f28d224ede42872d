import type { Locator, Page } from 'playwright-core';

/** Mantine notifications (docs/product.md §2: toasts at the top right for 3 seconds), found by their exact text. */
export class Toasts {
  constructor(readonly page: Page) {}

  /** The toast whose message is exactly `text` (a role="alert" notification). */
  withText(text: string): Locator {
    return this.page.getByRole('alert').filter({ has: this.page.getByText(text, { exact: true }) });
  }

  /**
   * Waits for the toast to show; the first match, since the same toast may be shown twice in a row. `timeout`
   * for a toast at the end of a longer chain (a provider round trip) on a loaded machine.
   */
  async waitFor(text: string, timeout?: number): Promise<Locator> {
    const toast = this.withText(text).first();
    await toast.waitFor({ state: 'visible', timeout });
    return toast;
  }
}

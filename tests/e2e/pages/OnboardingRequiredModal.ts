import type { Locator, Page } from 'playwright-core';

/** docs/product.md §2 onboarding-required modal (src/web/overlays/OnboardingRequiredModal.tsx). */
export class OnboardingRequiredModal {
  readonly root: Locator;
  readonly buttons: Locator;
  readonly maybeLaterButton: Locator;
  readonly completeNowButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog', { name: 'Complete Onboarding' });
    this.buttons = this.root.getByRole('button').filter({ hasNotText: /^$/ });
    this.maybeLaterButton = this.root.getByRole('button', { name: 'Maybe Later', exact: true });
    this.completeNowButton = this.root.getByRole('button', { name: 'Complete Now', exact: true });
  }

  /** The sentence the modal says, exactly. */
  message(text: string): Locator {
    return this.root.getByText(text, { exact: true });
  }

  /** The labels of the buttons with text (the header's close icon has none). */
  async buttonLabels(): Promise<string[]> {
    return (await this.buttons.allTextContents()).map((t) => t.trim()).filter(Boolean);
  }

  async maybeLater(): Promise<void> {
    await this.maybeLaterButton.click();
    await this.root.waitFor({ state: 'hidden' });
  }

  async completeNow(): Promise<void> {
    await this.completeNowButton.click();
    await this.root.waitFor({ state: 'hidden' });
  }
}

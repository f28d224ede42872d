import type { Locator, Page } from 'playwright-core';

/** The Subscription section of /settings (src/web/views/settings/SettingsPage.tsx). */
export class SettingsSubscriptionSection {
  readonly root: Locator;
  readonly endTrialButton: Locator;
  readonly confirmation: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: 'Subscription' });
    this.endTrialButton = this.root.getByRole('button', { name: 'End trial now' });
    this.confirmation = page.getByRole('dialog', { name: 'End the free trial now?' });
  }

  /** 'End trial now', then the same button in the warning confirmation. */
  async endTrial(): Promise<void> {
    await this.askToEndTrial();
    await this.confirmEndTrial();
  }

  /** 'End trial now': the warning confirmation opens. */
  async askToEndTrial(): Promise<void> {
    await this.endTrialButton.click();
    await this.confirmation.waitFor();
  }

  /** 'End trial now' in the open confirmation. */
  async confirmEndTrial(): Promise<void> {
    await this.confirmation.getByRole('button', { name: 'End trial now' }).click();
    await this.confirmation.waitFor({ state: 'hidden' });
  }

  /** 'Cancel' in the open confirmation: the trial goes on. */
  async keepTrial(): Promise<void> {
    await this.confirmation.getByRole('button', { name: 'Cancel' }).click();
    await this.confirmation.waitFor({ state: 'hidden' });
  }

  status(label: string): Locator {
    return this.root.getByText(label, { exact: true });
  }
}

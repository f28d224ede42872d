import type { Locator, Page } from 'playwright-core';

export interface TestCard {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

/** The local billing provider's hosted checkout on the API (src/server/routes/billing-pages.ts, markup in services/billing/pages.ts). */
export class HostedCheckoutPage {
  readonly heading: Locator;
  readonly form: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: /^Subscribe to Finu / });
    this.form = page.getByRole('form', { name: 'Payment' });
    this.error = page.getByRole('alert');
  }

  async waitUntilShown(): Promise<HostedCheckoutPage> {
    await this.heading.waitFor();
    return this;
  }

  /** Fills the card and presses Pay (Subscribe during a free trial: nothing is charged until it ends); on success the provider redirects back to the app. */
  async pay(card: TestCard): Promise<void> {
    await this.form.getByLabel('Name on card', { exact: true }).fill(card.name);
    await this.form.getByLabel('Card number', { exact: true }).fill(card.number);
    await this.form.getByLabel('Expiry', { exact: true }).fill(card.expiry);
    await this.form.getByLabel('CVC', { exact: true }).fill(card.cvc);
    await this.form.getByRole('button', { name: /^(Pay .+|Subscribe)$/ }).click();
  }
}

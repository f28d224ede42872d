import type { Locator, Page } from 'playwright-core';
import { HostedCheckoutPage } from './HostedCheckoutPage';

/** The subscription modal the access check opens (src/web/views/subscription/SubscriptionModal.tsx). */
export class SubscriptionModal {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog', { name: 'Choose a plan' });
  }

  /** A plan's card (price, features, its Choose button). */
  plan(name: string): Locator {
    return this.root.getByLabel(`${name} plan`, { exact: true });
  }

  /** Chooses a plan: the browser leaves for the billing provider's hosted checkout. */
  async choose(name: string): Promise<HostedCheckoutPage> {
    await this.root.getByRole('button', { name: `Choose ${name}`, exact: true }).click();
    const checkout = new HostedCheckoutPage(this.page);
    await checkout.waitUntilShown();
    return checkout;
  }
}

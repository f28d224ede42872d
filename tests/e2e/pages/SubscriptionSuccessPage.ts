import type { Locator, Page } from 'playwright-core';

/** /subscription/success?session_id=…, where checkout returns (src/web/views/subscription/SubscriptionSuccessPage.tsx). */
export class SubscriptionSuccessPage {
  readonly subscribedHeading: Locator;
  readonly dashboardLink: Locator;

  constructor(readonly page: Page) {
    this.subscribedHeading = page.getByRole('heading', { name: 'You are subscribed' });
    this.dashboardLink = page.getByRole('link', { name: 'Go to the dashboard' });
  }

  /** The sentence saying which plan is active. */
  activePlan(name: string): Locator {
    return this.page.getByText(new RegExp(`^${name} plan is active until `));
  }
}

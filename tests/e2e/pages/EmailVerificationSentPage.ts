import type { Locator, Page } from 'playwright-core';

/** /email-verification-sent (src/web/views/auth/EmailVerificationSentPage.tsx). */
export class EmailVerificationSentPage {
  readonly heading: Locator;
  readonly resendButton: Locator;
  /** The "a new link is on its way" note shown after resending. */
  readonly resentNote: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Check your inbox', level: 1 });
    this.resendButton = page.getByRole('button', { name: 'Resend verification email' });
    this.resentNote = page.getByRole('status').filter({ hasText: 'A new link is on its way.' });
  }

  /** The sentence naming the address the link went to. */
  sentTo(email: string): Locator {
    return this.page.getByText(`We sent a verification link to ${email}.`);
  }

  async resend(): Promise<EmailVerificationSentPage> {
    await this.resendButton.click();
    return this;
  }
}

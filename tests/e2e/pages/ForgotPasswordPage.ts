import type { Locator, Page } from 'playwright-core';

/** /forgot-password (src/web/views/auth/ForgotPasswordPage.tsx). */
export class ForgotPasswordPage {
  readonly heading: Locator;
  readonly form: Locator;
  readonly email: Locator;
  readonly submitButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Reset your password', level: 1 });
    this.form = page.getByRole('form', { name: 'Send reset link' });
    this.email = this.form.getByRole('textbox', { name: 'Email', exact: true });
    this.submitButton = this.form.getByRole('button', { name: 'Send reset link' });
  }

  async requestResetLink(email: string): Promise<ForgotPasswordPage> {
    await this.email.fill(email);
    await this.submitButton.click();
    return this;
  }
}

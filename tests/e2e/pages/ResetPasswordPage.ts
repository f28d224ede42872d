import type { Locator, Page } from 'playwright-core';
import { LoginPage } from './LoginPage';

/** /reset-password?token=… (src/web/views/auth/ResetPasswordPage.tsx), opened from the emailed link. */
export class ResetPasswordPage {
  readonly heading: Locator;
  readonly form: Locator;
  readonly newPassword: Locator;
  readonly submitButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Choose a new password', level: 1 });
    this.form = page.getByRole('form', { name: 'Reset password' });
    this.newPassword = this.form.getByRole('textbox', { name: 'New password', exact: true });
    this.submitButton = this.form.getByRole('button', { name: 'Reset password' });
  }

  /** Opens the link from the reset mail. */
  static async open(page: Page, link: string): Promise<ResetPasswordPage> {
    await page.goto(link);
    const reset = new ResetPasswordPage(page);
    await reset.heading.waitFor();
    return reset;
  }

  async setNewPassword(password: string): Promise<LoginPage> {
    await this.newPassword.fill(password);
    await this.submitButton.click();
    return new LoginPage(this.page);
  }
}

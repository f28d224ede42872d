import type { Locator, Page } from 'playwright-core';
import { EmailVerificationSentPage } from './EmailVerificationSentPage';

/** /register (src/web/views/auth/RegisterPage.tsx). */
export class RegisterPage {
  readonly heading: Locator;
  readonly form: Locator;
  readonly name: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submitButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Create your account', level: 1 });
    this.form = page.getByRole('form', { name: 'Create account' });
    this.name = this.form.getByRole('textbox', { name: 'Name', exact: true });
    this.email = this.form.getByRole('textbox', { name: 'Email', exact: true });
    this.password = this.form.getByRole('textbox', { name: 'Password', exact: true });
    this.submitButton = this.form.getByRole('button', { name: 'Create account' });
  }

  async goto(): Promise<RegisterPage> {
    await this.page.goto('/register');
    await this.heading.waitFor();
    return this;
  }

  async register({ email, password, name }: { email: string; password: string; name?: string }): Promise<EmailVerificationSentPage> {
    if (name) await this.name.fill(name);
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submitButton.click();
    return new EmailVerificationSentPage(this.page);
  }
}

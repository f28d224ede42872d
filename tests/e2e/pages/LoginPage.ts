import type { Locator, Page } from 'playwright-core';
import { AppShell } from './AppShell';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { RegisterPage } from './RegisterPage';

/** /login (src/web/views/auth/LoginPage.tsx). */
export class LoginPage {
  readonly heading: Locator;
  readonly form: Locator;
  readonly email: Locator;
  /** By role: the label also names Mantine's "Toggle password visibility" button, and required labels end in an asterisk. */
  readonly password: Locator;
  readonly submitButton: Locator;
  readonly forgotPasswordLink: Locator;
  readonly createAccountLink: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Log in', level: 1 });
    this.form = page.getByRole('form', { name: 'Log in' });
    this.email = this.form.getByRole('textbox', { name: 'Email', exact: true });
    this.password = this.form.getByRole('textbox', { name: 'Password', exact: true });
    this.submitButton = this.form.getByRole('button', { name: 'Log in' });
    this.forgotPasswordLink = page.getByRole('link', { name: 'Forgot password?' });
    this.createAccountLink = page.getByRole('link', { name: 'Create an account' });
  }

  async goto(): Promise<LoginPage> {
    await this.page.goto('/login');
    await this.heading.waitFor();
    return this;
  }

  async waitUntilShown(): Promise<LoginPage> {
    await this.form.waitFor();
    return this;
  }

  /** Fills and submits the form; the caller asserts the toast that says how it went. */
  async submit(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submitButton.click();
  }

  async logIn(email: string, password: string): Promise<AppShell> {
    await this.submit(email, password);
    return new AppShell(this.page);
  }

  /** A submission the server refuses: the user stays here. */
  async logInExpectingRefusal(email: string, password: string): Promise<LoginPage> {
    await this.submit(email, password);
    return this;
  }

  async goToForgotPassword(): Promise<ForgotPasswordPage> {
    await this.forgotPasswordLink.click();
    return new ForgotPasswordPage(this.page);
  }

  async goToRegister(): Promise<RegisterPage> {
    await this.createAccountLink.click();
    return new RegisterPage(this.page);
  }
}

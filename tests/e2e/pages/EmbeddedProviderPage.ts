import type { Locator, Page } from 'playwright-core';

/** The embedded OpenID provider's sign-in page (src/server/routes/dev-oidc.ts), standing in for Google. */
export class EmbeddedProviderPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly name: Locator;
  readonly signInButton: Locator;
  readonly cancelButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Local sign-in (stands in for Google)' });
    this.email = page.getByLabel('Email');
    this.name = page.getByLabel('Name');
    this.signInButton = page.getByRole('button', { name: 'Sign in' });
    this.cancelButton = page.getByRole('button', { name: 'Cancel' });
  }

  async waitUntilShown(): Promise<EmbeddedProviderPage> {
    await this.heading.waitFor();
    return this;
  }

  async signIn(email: string, name: string): Promise<void> {
    await this.email.fill(email);
    await this.name.fill(name);
    await this.signInButton.click();
  }
}

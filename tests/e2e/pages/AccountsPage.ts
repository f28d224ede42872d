import type { Locator, Page } from 'playwright-core';

/** /accounts, the money accounts page (src/web/views/accounts/). */
export class AccountsPage {
  readonly heading: Locator;
  readonly emptyState: Locator;
  readonly addAccountButton: Locator;
  readonly transferButton: Locator;
  readonly netWorth: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('main').getByRole('heading', { name: 'Accounts', level: 1 });
    this.emptyState = page.getByRole('heading', { name: 'Add your first account' });
    this.addAccountButton = page.getByRole('button', { name: 'Add account' }).first();
    this.transferButton = page.getByRole('button', { name: 'Transfer', exact: true }).first();
    this.netWorth = page.getByTestId('net-worth');
    this.dialog = page.getByRole('dialog');
  }

  row(name: string): Locator {
    return this.page.getByTestId(`account-${name}`);
  }

  balanceOf(name: string): Locator {
    return this.row(name).getByTestId('balance');
  }

  /** Fills the open account form and saves it. */
  async fillAccount(fields: { name?: string; kind?: string; opening?: string; last4?: string }): Promise<void> {
    const d = this.dialog;
    if (fields.name !== undefined) await d.getByLabel('Name').fill(fields.name);
    if (fields.kind !== undefined) await d.getByLabel('Kind').selectOption(fields.kind);
    if (fields.opening !== undefined) await d.getByLabel(/Opening balance|Amount owed/).fill(fields.opening);
    if (fields.last4 !== undefined) await d.getByLabel('Last four digits').fill(fields.last4);
    await d.getByRole('button', { name: 'Save' }).click();
  }

  async transfer(from: string, to: string, amount: string): Promise<void> {
    await this.transferButton.click();
    const d = this.dialog;
    await d.getByLabel('From').selectOption({ label: from });
    await d.getByLabel('To').selectOption({ label: to });
    await d.getByLabel('Amount').fill(amount);
    await d.getByRole('button', { name: 'Transfer' }).click();
    await d.waitFor({ state: 'hidden' });
  }
}

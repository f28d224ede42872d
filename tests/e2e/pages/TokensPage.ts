import type { Locator, Page } from 'playwright-core';

/** /tokens (src/web/views/tokens/TokensPage.tsx). */
export class TokensPage {
  readonly heading: Locator;
  readonly pointsBalance: Locator;
  readonly finuBalance: Locator;
  readonly walletAddress: Locator;
  readonly convertButton: Locator;
  readonly convertPanel: Locator;
  readonly transferStatus: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Tokens', level: 1 });
    this.pointsBalance = page.getByTestId('points-balance');
    this.finuBalance = page.getByTestId('finu-balance');
    this.walletAddress = page.getByTestId('wallet-address');
    this.convertButton = page.getByRole('button', { name: 'Convert to FINU' });
    this.convertPanel = page.getByRole('region', { name: 'Convert to FINU' });
    this.transferStatus = page.getByTestId('transfer-status');
  }

  async waitUntilLoaded(): Promise<this> {
    await this.heading.waitFor();
    await this.pointsBalance.waitFor();
    return this;
  }

  async convert(points: string, address: 'my wallet' | string): Promise<void> {
    await this.convertButton.click();
    await this.convertPanel.getByLabel('Points to convert').fill(points);
    if (address === 'my wallet') await this.convertPanel.getByRole('button', { name: 'My wallet' }).click();
    else await this.convertPanel.getByLabel('Send to address').fill(address);
    await this.convertPanel.getByRole('button', { name: 'Review' }).click();
  }

  async confirm(): Promise<void> {
    await this.convertPanel.getByRole('button', { name: 'Confirm conversion' }).click();
  }
}

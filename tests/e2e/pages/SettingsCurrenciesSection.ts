import type { Locator, Page } from 'playwright-core';

/** Settings › Currencies: the base currency, the rate table, the rates file and the form that keeps a rate. */
export class SettingsCurrenciesSection {
  readonly root: Locator;
  readonly table: Locator;
  readonly emptyState: Locator;
  readonly fileInput: Locator;
  readonly importResult: Locator;
  readonly addForm: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: 'Currencies' });
    this.table = this.root.getByRole('table', { name: 'Exchange rates, newest first' });
    this.emptyState = this.root.getByTestId('rates-empty');
    // Mantine's FileInput keeps the real <input type="file"> hidden beside its button.
    this.fileInput = this.root.locator('input[type="file"]');
    this.importResult = this.root.getByTestId('rates-imported');
    this.addForm = this.root.getByRole('form', { name: 'Keep a rate you know' });
  }

  /** Picks a rates file (name and text) as the file picker would. */
  async importFile(name: string, text: string): Promise<void> {
    await this.fileInput.setInputFiles({ name, mimeType: name.endsWith('.xml') ? 'application/xml' : 'text/csv', buffer: Buffer.from(text) });
  }

  /** The table's rows as the user reads them (what is displayed at this width): day, from → to, rate, source. */
  async rows(): Promise<string[][]> {
    return this.table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].filter((td) => td.offsetParent !== null).map((td) => td.innerText.trim())));
  }

  async fillRate(values: { day: string; from: string; to: string; rate: string }): Promise<void> {
    await this.addForm.getByLabel('Day').fill(values.day);
    await this.addForm.getByLabel('From').fill(values.from);
    await this.addForm.getByLabel('To').fill(values.to);
    await this.addForm.getByLabel('Rate').fill(values.rate);
  }

  async submitRate(): Promise<void> {
    await this.addForm.getByRole('button', { name: 'Keep rate' }).click();
  }
}

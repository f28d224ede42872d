import type { Locator, Page } from 'playwright-core';

/** Settings › Currencies: the base currency, the rate table, the rates file and the form that keeps a rate. */
export class SettingsCurrenciesSection {
  readonly root: Locator;
  readonly table: Locator;
  readonly emptyState: Locator;
  readonly fileInput: Locator;
  readonly importResult: Locator;
  readonly addForm: Locator;
  readonly mappingForm: Locator;
  readonly preview: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: 'Currencies' });
    this.table = this.root.getByRole('table', { name: 'Exchange rates, newest first' });
    this.emptyState = this.root.getByTestId('rates-empty');
    // Mantine's FileInput keeps the real <input type="file"> hidden beside its button.
    this.fileInput = this.root.locator('input[type="file"]');
    this.importResult = this.root.getByTestId('rates-imported');
    this.addForm = this.root.getByRole('form', { name: 'Keep a rate you know' });
    this.mappingForm = this.root.getByRole('form', { name: /^Which column is which/ });
    this.preview = this.mappingForm.getByRole('table', { name: 'The first lines as they will be read' });
  }

  /** The mapping step's selects as the user reads them: label → the option shown (a fixed currency's code for From/To). */
  async mappingFields(labels: string[]): Promise<Record<string, string>> {
    const shown: Record<string, string> = {};
    for (const label of labels) {
      const select = this.mappingForm.getByLabel(label, { exact: true });
      const text = await select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text ?? '');
      shown[label] = text === 'One currency for the whole file' ? await this.mappingForm.getByLabel(`${label} currency`).inputValue() : text;
    }
    return shown;
  }

  /** Picks an option of one of the mapping step's selects by its text. */
  async mapField(label: string, option: string): Promise<void> {
    await this.mappingForm.getByLabel(label, { exact: true }).selectOption({ label: option });
  }

  /** The preview's lines: "2026-03-02: 1 EUR = 1.0837 USD", or "Cannot be read: …". */
  async previewLines(): Promise<string[]> {
    return this.preview.locator('tbody tr td:nth-child(2)').allInnerTexts();
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

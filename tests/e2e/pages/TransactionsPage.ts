import type { Download, Locator, Page } from 'playwright-core';

export interface TransactionFields {
  type?: 'Expense' | 'Income';
  amount?: string;
  date?: string;
  category?: string;
  description?: string;
  merchant?: string;
  tags?: string[];
  notes?: string;
  /** Paid in another currency (a new entry only): what the shop charged there. */
  paidThere?: { amount: string; currency: string };
}

/** /transactions (src/web/views/transactions/). */
export class TransactionsPage {
  readonly heading: Locator;
  readonly list: Locator;
  readonly rows: Locator;
  readonly loading: Locator;
  readonly emptyState: Locator;
  readonly noMatches: Locator;
  readonly addButton: Locator;
  readonly importButton: Locator;
  readonly exportButton: Locator;
  readonly moreActions: Locator;
  readonly filters: Locator;
  readonly search: Locator;
  readonly sortBy: Locator;
  readonly filtersToggle: Locator;
  readonly clearFilters: Locator;
  readonly footer: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { name: 'Transactions', level: 1 });
    this.list = main.getByRole('list', { name: 'Transactions' });
    // The list's own rows: a split row holds a list of its lines, whose items are not rows.
    this.rows = this.list.locator(':scope > [role="listitem"]');
    this.loading = main.getByRole('status', { name: 'Loading transactions' });
    this.emptyState = main.getByText('No transactions yet', { exact: true });
    this.noMatches = main.getByText('No transactions match these filters', { exact: true });
    this.addButton = main.getByRole('button', { name: 'Add transaction', exact: true });
    this.importButton = main.getByRole('button', { name: 'Import CSV', exact: true });
    this.exportButton = main.getByRole('button', { name: 'Export CSV', exact: true });
    this.moreActions = main.getByRole('button', { name: 'More actions' });
    this.filters = main.getByRole('region', { name: 'Search and filters' });
    this.search = this.filters.getByRole('searchbox', { name: 'Search' });
    this.sortBy = this.filters.getByRole('combobox', { name: 'Sort by' });
    this.filtersToggle = this.filters.getByRole('button', { name: /^Filters/ });
    this.clearFilters = main.getByRole('button', { name: 'Clear filters' }).first();
    this.footer = main.getByText(/^Showing [\d,]+ (of [\d,]+ )?transactions$/);
  }

  /** Resolves once rows, the empty state or the no-matches state are on screen. */
  async waitUntilLoaded(): Promise<TransactionsPage> {
    await this.heading.waitFor();
    await this.list.or(this.emptyState).or(this.noMatches).first().waitFor();
    return this;
  }

  /** One header figure: 'Current balance', 'Income in <Month>', 'Spending in <Month>'. */
  figure(label: string | RegExp): Locator {
    return this.page.getByRole('main').getByRole('region', { name: 'Balance and this month' }).getByRole('group', { name: label });
  }

  row(title: string): TransactionRow {
    return new TransactionRow(this.page, this.rows.filter({ has: this.page.getByText(title, { exact: true }) }), title);
  }

  /** Titles of the rows in the DOM (the visible window of the list), top to bottom. */
  async visibleTitles(): Promise<string[]> {
    return this.rows.evaluateAll((items) =>
      items
        .map((item) => ({ top: item.getBoundingClientRect().top, title: document.getElementById(item.getAttribute('aria-labelledby') ?? '')?.textContent ?? '' }))
        .sort((a, b) => a.top - b.top)
        .map((r) => r.title),
    );
  }

  async openAddForm(): Promise<TransactionForm> {
    if (await this.emptyState.isVisible()) await this.page.getByRole('button', { name: 'Add a transaction' }).click();
    else await this.addButton.click();
    return new TransactionForm(this.page, 'Add transaction').waitUntilShown();
  }

  async openFilters(): Promise<Locator> {
    if ((await this.filtersToggle.getAttribute('aria-expanded')) !== 'true') await this.filtersToggle.click();
    return this.filters;
  }

  async filterByType(type: 'All' | 'Expenses' | 'Income'): Promise<void> {
    const filters = await this.openFilters();
    await filters.getByRole('radiogroup', { name: 'Type' }).getByText(type, { exact: true }).click();
  }

  async openImport(): Promise<ImportWizard> {
    if (await this.emptyState.isVisible()) await this.page.getByRole('button', { name: 'Import a CSV' }).click();
    else await this.importButton.click();
    const wizard = new ImportWizard(this.page);
    await wizard.root.waitFor();
    return wizard;
  }

  async export(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.exportButton.click()]);
    return download;
  }

  async loadDemoData(): Promise<void> {
    if (await this.emptyState.isVisible()) await this.page.getByRole('button', { name: 'Load demo data' }).click();
    else {
      await this.moreActions.click();
      await this.page.getByRole('menuitem', { name: 'Load demo data' }).click();
    }
  }

  /** Asks to remove the demo data; answers the danger confirmation dialog. */
  async removeDemoData(): Promise<Locator> {
    await this.moreActions.click();
    await this.page.getByRole('menuitem', { name: 'Remove demo data' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Remove demo data' });
    await dialog.waitFor();
    return dialog;
  }
}

export class TransactionRow {
  readonly amount: Locator;

  constructor(
    readonly page: Page,
    readonly root: Locator,
    readonly title: string,
  ) {
    // The row's own amount (a direct child): a split row's lines have amounts of their own below it.
    this.amount = root.locator(':scope > span').filter({ hasText: /\d|•/ }).last();
  }

  async edit(): Promise<TransactionForm> {
    await this.root.getByRole('button', { name: `Edit ${this.title}` }).click();
    return new TransactionForm(this.page, 'Edit transaction').waitUntilShown();
  }

  /** Asks to delete; answers the danger confirmation dialog. */
  async delete(): Promise<Locator> {
    await this.root.getByRole('button', { name: `Delete ${this.title}` }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Delete transaction' });
    await dialog.waitFor();
    return dialog;
  }
}

export class TransactionForm {
  readonly root: Locator;
  readonly error: Locator;

  constructor(
    readonly page: Page,
    readonly name: 'Add transaction' | 'Edit transaction',
  ) {
    this.root = page.getByRole('form', { name });
    this.error = this.root.getByRole('alert');
  }

  async waitUntilShown(): Promise<TransactionForm> {
    await this.root.waitFor();
    return this;
  }

  async fill(fields: TransactionFields): Promise<TransactionForm> {
    const text = (label: string) => this.root.getByRole('textbox', { name: label, exact: true });
    if (fields.type) await this.root.getByRole('radiogroup', { name: 'Type' }).getByText(fields.type, { exact: true }).click();
    if (fields.amount !== undefined) await text('Amount').fill(fields.amount);
    if (fields.date !== undefined) await this.root.getByLabel(/^Date/).fill(fields.date);
    if (fields.category !== undefined) {
      const category = this.root.getByRole('combobox', { name: 'Category' });
      await category.click();
      await category.fill(fields.category);
      await this.page.getByRole('option', { name: fields.category, exact: true }).click();
    }
    if (fields.description !== undefined) await text('Description').fill(fields.description);
    if (fields.merchant !== undefined) await text('Merchant or payee').fill(fields.merchant);
    if (fields.tags) {
      const tags = this.root.getByRole('combobox', { name: 'Tags' }).or(this.root.getByRole('textbox', { name: 'Tags' }));
      for (const tag of fields.tags) {
        await tags.fill(tag);
        await tags.press('Enter');
      }
    }
    if (fields.notes !== undefined) await text('Notes').fill(fields.notes);
    if (fields.paidThere) {
      await this.root.getByRole('checkbox', { name: 'Paid in another currency' }).check();
      await text('Amount paid there').fill(fields.paidThere.amount);
      const currency = this.root.getByRole('combobox', { name: 'Currency paid in' });
      await currency.click();
      await currency.fill(fields.paidThere.currency);
      await this.page.getByRole('option', { name: fields.paidThere.currency, exact: true }).click();
    }
    return this;
  }

  async submit(): Promise<void> {
    await this.root.getByRole('button', { name: /^(Add transaction|Save changes)$/ }).click();
  }
}

export class ImportWizard {
  readonly root: Locator;
  readonly fileInput: Locator;
  readonly preview: Locator;
  readonly importButton: Locator;
  readonly progress: Locator;
  readonly finished: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog', { name: 'Import transactions' });
    this.fileInput = this.root.locator('input[type="file"]');
    this.preview = this.root.getByRole('table', { name: 'Preview of the import' });
    this.importButton = this.root.getByRole('button', { name: /^Import [\d,]+ transactions?$/ });
    this.progress = this.root.getByRole('progressbar');
    this.finished = this.root.getByText('Import finished', { exact: true });
    this.error = this.root.getByRole('alert');
  }

  async upload(name: string, content: string | Buffer): Promise<ImportWizard> {
    await this.fileInput.setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8') });
    await this.preview.or(this.error).first().waitFor();
    return this;
  }

  /** Preview rows (status, date, description, category, amount) as text. */
  async previewRows(): Promise<string[][]> {
    return this.preview.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? '')));
  }

  async confirm(): Promise<void> {
    await this.importButton.click();
    await this.finished.waitFor({ timeout: 30_000 });
  }

  async close(): Promise<void> {
    await this.root.getByRole('button', { name: 'View transactions' }).click();
    await this.root.waitFor({ state: 'hidden' });
  }

  /** The account the file goes into (the "Into account" picker). */
  async chooseAccount(name: string): Promise<void> {
    await this.root.getByRole('combobox', { name: 'Into account' }).selectOption({ label: name });
  }

  /** The preview's verdict: "N new, M matched, K skipped". */
  verdict(): Promise<string | null> {
    return this.root.getByRole('status', { name: 'Before importing' }).textContent();
  }

  /** Undoes the finished import; answers the text saying what was removed. */
  async undo(): Promise<string | null> {
    await this.root.getByRole('button', { name: 'Undo import' }).click();
    const undone = this.root.getByRole('status').filter({ hasText: 'Import undone' });
    await undone.waitFor();
    return undone.textContent();
  }
}

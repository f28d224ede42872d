import type { Locator, Page } from 'playwright-core';

/** /bills: the month ahead and the recurring charges found in the history (src/web/views/bills/). */
export class BillsPage {
  readonly heading: Locator;
  readonly billsTotal: Locator;
  readonly suggestions: Locator;
  readonly addItem: Locator;
  /** The recurring item form (in its dialog). */
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('main').getByRole('heading', { name: 'Bills', level: 1 });
    this.billsTotal = page.getByTestId('bills-total');
    this.suggestions = page.getByTestId('suggestion');
    this.addItem = page.getByRole('button', { name: 'Add a recurring item' });
    this.form = page.getByRole('dialog').getByRole('form', { name: 'Recurring item' });
  }

  suggestion(name: string): Locator {
    return this.suggestions.filter({ hasText: name });
  }

}

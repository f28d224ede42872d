import type { Locator, Page } from 'playwright-core';

export interface OnboardingAnswersInput {
  currency: string;
  monthlyIncome: string;
  /** The label of the main goal (e.g. 'Grow my savings'). */
  mainGoal: string;
  /** Labels of the help topics to tick. */
  helpWith: string[];
}

/** /onboarding, the four-step wizard (src/web/views/onboarding/OnboardingPage.tsx). */
export class OnboardingWizard {
  readonly heading: Locator;
  readonly form: Locator;
  readonly currency: Locator;
  readonly monthlyIncome: Locator;
  readonly skipButton: Locator;
  readonly continueButton: Locator;
  readonly finishButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Welcome to Finu', level: 1 });
    this.form = page.getByRole('form', { name: 'Onboarding' });
    this.currency = this.form.getByRole('combobox', { name: /^Which currency do you use day to day\?/ });
    this.monthlyIncome = this.form.getByRole('textbox', { name: /^About how much comes in each month, after tax\?/ });
    this.skipButton = this.form.getByRole('button', { name: 'Skip for now' });
    this.continueButton = this.form.getByRole('button', { name: 'Continue' });
    this.finishButton = this.form.getByRole('button', { name: 'Finish' });
  }

  async waitUntilShown(): Promise<OnboardingWizard> {
    await this.heading.waitFor();
    await this.form.waitFor();
    return this;
  }

  async skip(): Promise<void> {
    await this.skipButton.click();
  }

  /** Answers every step and presses Finish; the caller asserts where the app goes next. */
  async complete(answers: OnboardingAnswersInput): Promise<void> {
    await this.currency.click();
    await this.currency.fill(answers.currency);
    await this.page.getByRole('option', { name: answers.currency, exact: true }).click();
    await this.continueButton.click();
    await this.monthlyIncome.fill(answers.monthlyIncome);
    await this.continueButton.click();
    await this.form.getByRole('radio', { name: answers.mainGoal, exact: true }).check();
    await this.continueButton.click();
    for (const topic of answers.helpWith) await this.form.getByRole('checkbox', { name: topic, exact: true }).check();
    await this.finishButton.click();
  }
}

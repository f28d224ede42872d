import { describe, expect, it } from 'vitest';
import { AppShell } from './pages/AppShell';
import { OnboardingWizard } from './pages/OnboardingWizard';
import { createVerifiedUser } from './support/api';
import { useBrowser } from './support/browser';

const browser = useBrowser();

describe('onboarding after a reload (Chromium against the real app)', () => {
  it('a reload midway opens the wizard at the same step with what was typed, the currency too', async () => {
    const page = browser.page;
    const user = await createVerifiedUser(browser.apiUrl);
    await AppShell.openSignedIn(page, user.token, '/onboarding');
    const wizard = await new OnboardingWizard(page).waitUntilShown();
    await wizard.currency.click();
    await wizard.currency.fill('EUR');
    await page.getByRole('option', { name: 'EUR', exact: true }).click();
    await wizard.continueButton.click();
    await wizard.monthlyIncome.fill('4200');

    await page.reload();
    await new OnboardingWizard(page).waitUntilShown();
    await wizard.monthlyIncome.waitFor();
    expect(await wizard.monthlyIncome.inputValue()).toContain('4,200');
    await wizard.form.getByRole('button', { name: 'Back' }).click();
    expect(await wizard.currency.inputValue()).toContain('EUR');
  });
});

import { strFromU8, unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { AppShell } from './pages/AppShell';
import { TransactionsPage } from './pages/TransactionsPage';
import { Toasts } from './pages/Toasts';
import { callApi as call, createVerifiedUser, linkOf, PASSWORD, uniqueEmail, waitForMail } from './support/api';
import { saveScreenshot, useBrowser } from './support/browser';

const browser = useBrowser();

/** What a new user trips on: each test holds one thing they reach or are told. */
describe('a user who skipped onboarding reaches their own account (Chromium against the real app)', () => {
  it('changes the password and downloads the export from the user menu, without completing onboarding; Settings still sends them to the wizard', async () => {
    const page = browser.page;
    const user = await createVerifiedUser(browser.apiUrl);
    await call(browser.apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'skip' });
    await call(browser.apiUrl, user.token, 'POST', '/subscription/trial/start');
    await call(browser.apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 5.82, date: '2025-05-01', category: 'Dining', description: 'Bäckerei Müller' });
    // No access left either: the account essentials need neither onboarding nor a plan.
    await call(browser.apiUrl, user.token, 'POST', '/subscription/trial/end-now');
    const shell = await AppShell.openSignedIn(page, user.token, '/settings');
    // The route rule stays: /settings redirects to the wizard, which says where the account is.
    await page.waitForURL('**/onboarding');
    await page.getByText(/Your account is always in the menu under your name at the top right/).waitFor();

    await shell.accountMenu.click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const passwordDialog = page.getByRole('dialog', { name: 'Change password' });
    await passwordDialog.getByLabel('Current password').fill(PASSWORD);
    await passwordDialog.getByLabel('New password').fill('quiet harbour lantern 92');
    await passwordDialog.getByRole('button', { name: 'Change password' }).click();
    await new Toasts(page).waitFor('Password changed. Other devices have been signed out.');
    const login = await fetch(`${browser.apiUrl}/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password: 'quiet harbour lantern 92' }) });
    expect(login.status).toBe(200);
    await page.keyboard.press('Escape');
    await passwordDialog.waitFor({ state: 'hidden' });
    // Focus goes back to the menu that opened the dialog.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Account menu: ${user.email}`);

    await shell.accountMenu.click();
    await page.getByRole('menuitem', { name: 'Download or delete my data' }).click();
    const dataDialog = page.getByRole('dialog', { name: 'Your data' });
    await dataDialog.getByRole('button', { name: 'Prepare my data' }).click();
    const downloadButton = dataDialog.getByRole('button', { name: 'Download zip' });
    await downloadButton.waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    expect(strFromU8(files['transactions.csv']!)).toContain('Bäckerei Müller');
    await page.keyboard.press('Escape');

    await shell.accountMenu.click();
    await page.getByRole('menuitem', { name: 'Contact support' }).click();
    const support = page.getByRole('dialog', { name: 'Contact support' });
    await support.getByText(`We reply to you at ${user.email}`, { exact: false }).waitFor();
    await saveScreenshot(page, 'skipped-user-contact-support');
    await page.keyboard.press('Escape');

    await shell.accountMenu.click();
    await page.getByRole('menuitem', { name: 'Sign-in methods' }).click();
    await page.getByRole('dialog', { name: 'Sign-in methods' }).waitFor();
    expect(page.url()).toMatch(/\/onboarding$/);
    const profile = await call<{ onboarding_completed: boolean; onboarding_skipped: boolean }>(browser.apiUrl, (await login.json() as { access_token: string }).access_token, 'GET', '/users/me/profile');
    expect(profile).toMatchObject({ onboarding_completed: false, onboarding_skipped: true });
  });
});

describe('email links never leave a dead end (Chromium against the real app)', () => {
  it('a verification link opened a second time says the address is verified, without a red error', async () => {
    const page = browser.page;
    const user = await createVerifiedUser(browser.apiUrl);
    const link = linkOf(await waitForMail(browser.apiUrl, user.email));
    await page.goto(link);
    await page.waitForURL('**/login');
    await new Toasts(page).waitFor('Your email is already verified. Log in to continue.');
    expect(await page.getByText(/Email verification error/).count()).toBe(0);
  });

  it('/login offers a new verification link, and an unverified user gets one', async () => {
    const page = browser.page;
    const email = uniqueEmail('unverified');
    await fetch(`${browser.apiUrl}/users/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Need a new verification link?' }).click();
    await page.waitForURL('**/email-verification-sent');
    const form = page.getByRole('form', { name: 'Resend verification email' });
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByRole('button', { name: 'Resend verification email' }).click();
    await new Toasts(page).waitFor('Verification email sent!');
    await waitForMail(browser.apiUrl, email, { count: 2 });
  });

  it('a reset link already used says so as the page opens, before a new password is typed', async () => {
    const page = browser.page;
    const user = await createVerifiedUser(browser.apiUrl);
    await fetch(`${browser.apiUrl}/users/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email }) });
    const link = linkOf(await waitForMail(browser.apiUrl, user.email, { count: 2 }));
    const token = new URL(link).searchParams.get('token')!;
    const used = await fetch(`${browser.apiUrl}/users/reset-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, new_password: 'quiet harbour lantern 92' }) });
    expect(used.status).toBe(200);
    await page.goto(link);
    await page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired. Request a new one.' }).waitFor();
    expect(await page.getByRole('form', { name: 'Reset password' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Send me a new link' }).click();
    await page.waitForURL('**/forgot-password');
  });
});

describe('keyboard and screen readers (Chromium against the real app)', () => {
  it('the first tab stop is "Skip to content", which moves the focus to the page', async () => {
    const page = browser.page;
    const user = await createVerifiedUser(browser.apiUrl);
    const shell = await AppShell.openSignedIn(page, user.token, '/dashboard');
    await shell.waitUntilShown();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  });

  it('after a dialog closes the focus is back on the control that opened it', async () => {
    const page = browser.page;
    const user = await createVerifiedUser(browser.apiUrl);
    await call(browser.apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'EUR', monthly_income: 3200, main_goal: 'grow_savings', help_with: [] } });
    await call(browser.apiUrl, user.token, 'POST', '/subscription/trial/start');
    await AppShell.openSignedIn(page, user.token, '/transactions');
    const add = page.getByRole('button', { name: 'Add transaction' });
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Add transaction' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => add.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

describe('categories of one’s own (Chromium against the real app)', () => {
  it("typing 'Pets' in the form's category field offers \"Create 'Pets'\"; the new category shows in the filters, the dashboard and the coach", async () => {
    const page = browser.page;
    const user = await createVerifiedUser(browser.apiUrl);
    await call(browser.apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'EUR', monthly_income: 3200, main_goal: 'grow_savings', help_with: [] } });
    await call(browser.apiUrl, user.token, 'POST', '/subscription/trial/start');
    await AppShell.openSignedIn(page, user.token, '/transactions');
    const transactions = await new TransactionsPage(page).waitUntilLoaded();
    const form = await transactions.openAddForm();
    await form.fill({ amount: '23.40', description: 'Cat food' });
    const category = form.root.getByRole('combobox', { name: 'Category' });
    await category.click();
    await category.fill('Pets');
    await page.getByRole('option', { name: "Create 'Pets'" }).click();
    await expect.poll(() => category.inputValue()).toBe('Pets');
    await form.submit();
    await new Toasts(page).waitFor('Transaction added');

    await transactions.filtersToggle.click();
    await transactions.filters.getByRole('combobox', { name: 'Categories' }).or(transactions.filters.getByRole('textbox', { name: 'Categories' })).first().click();
    await page.getByRole('option', { name: 'Pets', exact: true }).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('main').getByText('Pets', { exact: true }).filter({ visible: true }).first().waitFor({ timeout: 20_000 });

    await page.getByRole('link', { name: 'AI Coach', exact: true }).click();
    await page.getByRole('textbox', { name: 'Message the coach' }).fill('How much did I spend on Pets this month?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const log = page.getByRole('log', { name: 'Messages' });
    await expect.poll(() => log.innerText(), { timeout: 30_000 }).toMatch(/Pets[\s\S]*23\.40|23\.40[\s\S]*Pets/);
  });
});

import { strFromU8, unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { AppShell } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import { callApi as call, createVerifiedUser, readOutbox, type TestUser } from './support/api';
import { saveScreenshot, useBrowser } from './support/browser';

const browser = useBrowser();

async function onboardedUser(apiUrl: string): Promise<TestUser> {
  const user = await createVerifiedUser(apiUrl);
  await call(apiUrl, user.token, 'POST', '/users/me/onboarding', {
    action: 'complete',
    answers: { currency: 'EUR', monthly_income: 3200, main_goal: 'grow_savings', help_with: [] },
  });
  await call(apiUrl, user.token, 'POST', '/subscription/trial/start');
  return user;
}

describe('help centre (Chromium against the real app)', () => {
  it('search finds answers despite typos, links to the screen, and the contact form reaches support', async () => {
    const page = browser.page;
    const user = await onboardedUser(browser.apiUrl);
    await AppShell.openSignedIn(page, user.token, '/help');
    const search = page.getByRole('searchbox', { name: 'Search help' });
    await search.fill('exprot my data');
    await page.getByText(/answers? for “exprot my data”/).waitFor();
    const answer = page.getByRole('button', { name: /How do I download all my data\?/ });
    await answer.click();
    await page.getByRole('link', { name: 'Open Your data' }).click();
    await page.waitForURL('**/settings');
    await page.getByRole('heading', { name: 'Your data' }).waitFor();

    await page.goBack();
    await search.waitFor();
    await search.fill('zzqxj');
    await page.getByText('No answer matches “zzqxj”. Try other words, or write to us below.').waitFor();

    // Every missing field at once, next to the field, in sentence case.
    await page.getByRole('button', { name: 'Send message' }).click();
    const form = page.getByRole('form', { name: 'Contact support' });
    await form.getByText('Choose a topic').waitFor();
    await form.getByText('Subject is required').waitFor();
    await form.getByText('Message must be at least 10 characters').waitFor();

    await form.getByPlaceholder('Choose a topic').click();
    await page.getByRole('option', { name: 'Billing and plans' }).click();
    await form.getByRole('textbox', { name: 'Subject' }).fill('Invoice address');
    await form.getByRole('textbox', { name: 'Message' }).fill('Can the invoice show my company address?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText(`Thanks, your message is on its way. We will reply to ${user.email}.`).waitFor();
    const mail = (await readOutbox(browser.apiUrl, 'support@finu.local')).find((m) => m.subject === '[Support · billing] Invoice address');
    expect(mail?.text).toContain(user.email);
    await saveScreenshot(page, 'help-contact-sent');
  });
});

describe('settings: the account’s whole life (Chromium against the real app)', () => {
  it('theme follows the choice and survives a reload; the sidebar stays collapsed between visits', async () => {
    const page = browser.page;
    const user = await onboardedUser(browser.apiUrl);
    await AppShell.openSignedIn(page, user.token, '/settings');
    await page.getByRole('heading', { name: 'Appearance' }).waitFor();
    const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    expect(await scheme()).toBe('light');
    await page.locator('label', { hasText: 'Dark' }).first().click();
    await expect.poll(scheme).toBe('dark');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Appearance' }).waitFor();
    expect(await scheme()).toBe('dark');
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('label', { hasText: 'Follow the system' }).click();
    await expect.poll(scheme).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(scheme).toBe('light');
  });

  it('downloads all my data as a zip, then deletes the account, which can no longer log in', async () => {
    const page = browser.page;
    const user = await onboardedUser(browser.apiUrl);
    await call(browser.apiUrl, user.token, 'POST', '/transactions', { type: 'expense', amount: 42.5, date: '2025-05-01', category: 'Groceries', description: 'Market' });
    await AppShell.openSignedIn(page, user.token, '/settings');
    await page.getByRole('button', { name: 'Prepare my data' }).click();
    const downloadButton = page.getByRole('button', { name: 'Download zip' });
    await downloadButton.waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toMatch(/^finu-data-\d{4}-\d\d-\d\d\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    expect(strFromU8(files['transactions.csv']!)).toContain('2025-05-01,expense,42.50,EUR,Groceries,Market');
    await saveScreenshot(page, 'settings-export-ready');

    // The custodial wallet goes with the account: the dialog names it and offers the backup first.
    const wallet = await call<{ address: string }>(browser.apiUrl, user.token, 'GET', '/api/wallet/info');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByText(wallet.address).waitFor();
    await dialog.getByRole('link', { name: /Back up the wallet first/ }).waitFor();
    await dialog.getByRole('button', { name: 'Delete everything' }).click();
    await dialog.getByText('Enter your password to confirm').waitFor();
    await dialog.getByLabel('Your password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete everything' }).click();
    await dialog.getByText('Password is incorrect').waitFor();
    await dialog.getByLabel('Your password').fill(user.password);
    await dialog.getByRole('button', { name: 'Delete everything' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Your account has been deleted. A goodbye email is on its way.').waitFor();
    // The login page itself says so, after the toast has gone.
    await page.getByRole('status').filter({ hasText: 'Your account has been deleted, with everything in it.' }).waitFor();
    // The goodbye mail is sent, not kept: the outbox holds nothing of a deleted account.
    expect(await readOutbox(browser.apiUrl, user.email)).toEqual([]);

    await new LoginPage(page).logInExpectingRefusal(user.email, user.password);
    await page.getByText('Incorrect email or password').first().waitFor();
  });
});

describe('hide balances (Chromium against the real app)', () => {
  it("masks the coach's figures too (defect 2)", async () => {
    const page = browser.page;
    const user = await onboardedUser(browser.apiUrl);
    await call(browser.apiUrl, user.token, 'POST', '/transactions', { type: 'income', amount: 2457.5, date: '2025-05-01', category: 'Salary', description: 'Pay' });
    await AppShell.openSignedIn(page, user.token, '/ai-coach');
    await page.getByRole('textbox', { name: 'Message the coach' }).fill('What is my balance?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const log = page.getByRole('log', { name: 'Messages' });
    await expect.poll(() => log.innerText(), { timeout: 20_000 }).toMatch(/€2,457\.50/);
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Hide balances' }).click();
    await expect.poll(() => log.innerText()).toContain('••••');
    expect(await log.innerText()).not.toMatch(/2,457/);
  });
});


describe('dashboard figures explain themselves (Chromium against the real app)', () => {
  it('7 days with a year of history: income compares or says why, savings rate explains an undefined value, the legend sums to the total (defects 5, 6)', async () => {
    const page = browser.page;
    const user = await onboardedUser(browser.apiUrl);
    await call(browser.apiUrl, user.token, 'POST', '/transactions/demo');
    await AppShell.openSignedIn(page, user.token, '/dashboard');
    await page.getByRole('heading', { name: 'Income and spending' }).waitFor({ timeout: 30_000 });
    const card = (label: string) => page.getByText(label, { exact: true }).first().locator('xpath=..');
    const income = await card('Income').innerText();
    const rate = await card('Savings rate').innerText();
    expect(income).not.toContain('No earlier period to compare');
    expect(rate).not.toContain('No earlier period to compare');
    if (rate.includes('—')) expect(rate).toContain('No income in these 7 days, so no rate');
    // Distinct colours per category, and an 'Other categories' row when there are more than six.
    const legend = page.getByRole('heading', { name: 'Spending by category' }).locator('xpath=..');
    const colours = await legend.locator('.mantine-Badge-root').evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
    expect(new Set(colours).size).toBe(colours.length);
  });
});

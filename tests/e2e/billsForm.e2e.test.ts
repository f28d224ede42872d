import { describe, expect, it } from 'vitest';
import { billsOverviewMessages } from '../../machines/billsOverview';
import { recurringFormTexts } from '../../machines/recurringForm';
import type { NotificationSettings, RecurringItem } from '../../src/contract/recurring';
import { AppShell } from './pages/AppShell';
import { BillsPage } from './pages/BillsPage';
import { Toasts } from './pages/Toasts';
import { callApi as api, createVerifiedUser, type TestUser } from './support/api';
import { useBrowser } from './support/browser';

const browser = useBrowser();
/** The page's day (the browser's clock, fixed by the test). */
const TODAY = '2031-05-01';
const CORS = { 'access-control-allow-origin': '*' };

async function billsUser(apiUrl: string): Promise<TestUser> {
  const user = await createVerifiedUser(apiUrl);
  await api(apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'USD', monthly_income: 4000, main_goal: 'grow_savings', help_with: ['goals'] } });
  await api(apiUrl, user.token, 'POST', '/subscription/trial/start');
  await api(apiUrl, user.token, 'POST', '/accounts', { name: 'Checking', kind: 'checking', opening_balance: 3000 });
  return user;
}

describe('the recurring item form on /bills (Chromium against the real app)', () => {
  it('adds an item at 375 px with field messages, keeps the draft through a network failure, edits it, and skips one occurrence', async () => {
    const { page, apiUrl } = browser;
    const user = await billsUser(apiUrl);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.clock.setFixedTime(new Date(`${TODAY}T12:00:00`));
    const bills = new BillsPage(page);
    const toasts = new Toasts(page);
    const items = async () => (await api<{ items: RecurringItem[] }>(apiUrl, user.token, 'GET', '/recurring')).items;

    await AppShell.openSignedIn(page, user.token, '/bills');
    await bills.heading.waitFor();
    await bills.addItem.click();
    const form = bills.form;
    await form.waitFor();

    // Nothing typed: each field says what is wrong; nothing is sent.
    await form.getByRole('textbox', { name: 'Amount' }).fill('12x');
    await form.getByRole('textbox', { name: 'Day' }).fill('32');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Name is required').waitFor();
    await form.getByText('Amount must be a number').waitFor();
    await form.getByText('Day must be from 1 to 31').waitFor();
    expect(await items()).toEqual([]);

    // Filled from the keyboard.
    await form.getByRole('textbox', { name: 'Name' }).fill('Rent');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ACME LETTINGS');
    await form.getByRole('textbox', { name: 'Amount' }).fill('1200');
    await form.getByRole('textbox', { name: 'Day' }).fill('20');
    await form.getByRole('combobox', { name: 'On a weekend' }).selectOption('before');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The network fails: the error with Retry, every field as typed; Retry saves it.
    await page.route(`${apiUrl}/recurring`, (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback()));
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('button', { name: 'Retry' }).waitFor();
    expect(await form.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Rent');
    expect(await form.getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('1200');
    expect(await items()).toEqual([]);
    await page.unroute(`${apiUrl}/recurring`);
    await form.getByRole('button', { name: 'Retry' }).click();
    await toasts.waitFor(recurringFormTexts.created);
    await form.waitFor({ state: 'detached' });
    const [rent] = await items();
    expect(rent).toMatchObject({ name: 'Rent', merchant_pattern: 'ACME LETTINGS', amount: 1200, rrule: 'FREQ=MONTHLY;BYMONTHDAY=20', weekend_shift: 'before', start_date: TODAY });
    const due = page.getByRole('table', { name: 'Due in the next 30 days' });
    await due.getByText('Rent').waitFor();

    // Edit from the page: the form shows the item; a new amount is saved.
    await page.getByRole('button', { name: 'Edit Rent' }).click();
    await form.waitFor();
    expect(await form.getByRole('textbox', { name: 'Merchant pattern' }).inputValue()).toBe('ACME LETTINGS');
    expect(await form.getByRole('textbox', { name: 'Day' }).inputValue()).toBe('20');
    await form.getByRole('textbox', { name: 'Amount' }).fill('1250');
    await form.getByRole('button', { name: 'Save' }).click();
    await toasts.waitFor(recurringFormTexts.updated);
    await expect.poll(async () => (await items())[0]!.amount).toBe(1250);

    // Skip the May rent, then take the skip back.
    await page.getByRole('button', { name: /^Skip Rent on / }).click();
    await toasts.waitFor(billsOverviewMessages.skipped);
    await due.getByRole('cell', { name: 'skipped' }).waitFor();
    await page.getByRole('button', { name: /^Unskip Rent on / }).click();
    await toasts.waitFor(billsOverviewMessages.unskipped);
    await due.getByRole('cell', { name: 'upcoming' }).waitFor();
  });

  it('shows an error with Retry when the API fails on the Bills page, and loads on retry', async () => {
    const { page, apiUrl } = browser;
    const user = await billsUser(apiUrl);
    await page.clock.setFixedTime(new Date(`${TODAY}T12:00:00`));
    const bills = new BillsPage(page);
    await page.route(`${apiUrl}/recurring/month-ahead**`, (route) => route.fulfill({ status: 500, json: { detail: 'Internal server error' }, headers: CORS }));
    await AppShell.openSignedIn(page, user.token, '/bills');
    const failed = page.getByRole('alert').filter({ hasText: 'Bills could not be loaded' });
    await failed.waitFor();
    await page.unroute(`${apiUrl}/recurring/month-ahead**`);
    await failed.getByRole('button', { name: 'Retry' }).click();
    await bills.billsTotal.waitFor();
    await bills.addItem.waitFor();
  });

  it('an item whose rule no preset writes shows it "As set"; choosing a preset and saving replaces the rule', async () => {
    const { page, apiUrl } = browser;
    const user = await billsUser(apiUrl);
    await page.clock.setFixedTime(new Date(`${TODAY}T12:00:00`));
    const { accounts } = await api<{ accounts: { account_id: string }[] }>(apiUrl, user.token, 'GET', '/accounts');
    const quarterly = 'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=10';
    await api(apiUrl, user.token, 'POST', '/recurring', { name: 'Water', merchant_pattern: 'WATER CO', account_id: accounts[0]!.account_id, kind: 'bill', amount: 90, rrule: quarterly, start_date: TODAY });
    const bills = new BillsPage(page);
    await AppShell.openSignedIn(page, user.token, '/bills');
    await bills.heading.waitFor();
    await page.getByRole('button', { name: 'Edit Water' }).click();
    const form = bills.form;
    await form.waitFor();
    const schedule = form.getByRole('combobox', { name: 'Schedule' });
    expect(await schedule.locator('option:checked').textContent()).toBe(`As set (${quarterly})`);
    await schedule.selectOption('month_on_day');
    // The item's own rule stays on offer until the form is saved.
    expect(await schedule.locator('option', { hasText: 'As set' }).count()).toBe(1);
    await form.getByRole('textbox', { name: 'Day' }).fill('10');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(async () => (await api<{ items: RecurringItem[] }>(apiUrl, user.token, 'GET', '/recurring')).items[0]!.rrule).toBe('FREQ=MONTHLY;BYMONTHDAY=10');
    await page.getByRole('button', { name: 'Edit Water' }).click();
    await form.waitFor();
    expect(await schedule.locator('option:checked').textContent()).toBe('Monthly on a day');
    expect(await schedule.locator('option', { hasText: 'As set' }).count()).toBe(0);
  });

  it('Settings › Reminders sets the low-balance threshold, refusing text that is not an amount', async () => {
    const { page, apiUrl } = browser;
    const user = await billsUser(apiUrl);
    await AppShell.openSignedIn(page, user.token, '/settings');
    const form = page.getByRole('form', { name: 'Reminders' });
    const low = form.getByRole('textbox', { name: 'Low balance below' });
    await expect.poll(() => low.isEnabled()).toBe(true);
    expect(await low.inputValue()).toBe('0');
    await low.fill('lots');
    await form.getByRole('button', { name: 'Save reminders' }).click();
    await form.getByText('Low balance below must be a number').waitFor();
    expect((await api<NotificationSettings>(apiUrl, user.token, 'GET', '/notifications/settings')).low_balance).toBe(0);
    await low.fill('250.50');
    await form.getByRole('button', { name: 'Save reminders' }).click();
    await expect.poll(async () => (await api<NotificationSettings>(apiUrl, user.token, 'GET', '/notifications/settings')).low_balance).toBe(250.5);
    await page.reload();
    await expect.poll(() => low.isEnabled()).toBe(true);
    expect(await low.inputValue()).toBe('250.5');
  });

  it('Settings › Reminders saves the days, the emailed kinds, quiet hours, the time zone and the digest, with a message under a bad field', async () => {
    const { page, apiUrl } = browser;
    const user = await billsUser(apiUrl);
    await page.setViewportSize({ width: 375, height: 800 });
    await AppShell.openSignedIn(page, user.token, '/settings');
    const form = page.getByRole('form', { name: 'Reminders' });
    const days = form.getByRole('textbox', { name: 'Days before a bill is due' });
    await expect.poll(() => days.isEnabled()).toBe(true);
    expect(await days.inputValue()).toBe('3');
    await days.fill('5');
    await form.getByRole('checkbox', { name: 'A bill is due soon' }).check();
    await form.getByRole('switch', { name: /Weekly digest/ }).check({ force: true });
    await form.getByRole('switch', { name: /Quiet hours/ }).check({ force: true });
    await form.getByLabel('Quiet from').fill('21:30');
    await form.getByRole('textbox', { name: 'Time zone' }).fill('Mars/Olympus');
    await form.getByRole('button', { name: 'Save reminders' }).click();
    await form.getByText('Time zone must be an IANA time zone like Europe/Paris').waitFor();
    await form.getByRole('textbox', { name: 'Time zone' }).fill('Europe/Paris');
    await form.getByRole('button', { name: 'Save reminders' }).click();
    await new Toasts(page).waitFor('Reminder settings saved');
    expect(await api<NotificationSettings>(apiUrl, user.token, 'GET', '/notifications/settings')).toEqual({
      due_days: 5,
      low_balance: 0,
      email_kinds: ['bill_due'],
      quiet_start: '21:30',
      quiet_end: '07:00',
      time_zone: 'Europe/Paris',
      weekly_digest: true,
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The calendar feed: made (its URL shown once, readable without signing in), then revoked.
    const feed = page.getByRole('region', { name: 'Calendar feed' });
    await feed.getByRole('button', { name: 'Make a feed URL' }).click();
    await new Toasts(page).waitFor('Calendar feed ready: copy its URL now');
    const url = await feed.getByRole('textbox', { name: 'Feed URL (shown once)' }).inputValue();
    expect(url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const ics = await fetch(url);
    expect(ics.status).toBe(200);
    expect(await ics.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
    await feed.getByRole('button', { name: 'Revoke' }).click();
    await new Toasts(page).waitFor('Calendar feed revoked');
    await feed.getByRole('button', { name: 'Make a feed URL' }).waitFor();
    expect((await fetch(url)).status).toBe(404);
  });
});

import { describe, expect, it } from 'vitest';
import type { Account } from '../../src/contract/accounts';
import type { Transaction } from '../../src/contract/transactions';
import type { Forecast, MonthAhead, Notification, Occurrence, RecurringItem, Suggestion } from '../../src/contract/recurring';
import { addDays, addMonths } from '../../src/contract/calendar';
import { coachData } from '../../src/server/services/coach/data';
import { findRecurringCharges, runTool } from '../../src/server/services/coach/tools';
import { mailTo, signUpWithAccess, userClient, useTestApp, type VerifiedUser } from '../support/app';

const app = useTestApp();

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

function client(user: VerifiedUser) {
  const userId = user.userId;
  const { call, ok } = userClient(app, user);
  return {
    userId,
    call,
    account: (body: Record<string, unknown>) => ok<Account>('POST', '/accounts', body, 201),
    tx: (body: Record<string, unknown>) => ok<Transaction>('POST', '/transactions', { category: body.type === 'income' ? 'Salary' : 'Utilities', description: 'x', ...body }, 201),
    item: (body: Record<string, unknown>) => ok<RecurringItem>('POST', '/recurring', body, 201),
  };
}

describe('recurring items', () => {
  it('add, read, change and delete an item; occurrences follow its RFC 5545 schedule', async () => {
    const c = client(await signUpWithAccess(app));
    const checking = await c.account({ name: 'Checking', kind: 'checking', opening_balance: 1000 });
    const rent = await c.item({ name: 'Rent', merchant_pattern: 'Parkside', account_id: checking.account_id, kind: 'bill', amount: 1650, rrule: 'FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1', start_date: '2031-01-31' });
    expect(rent).toMatchObject({ name: 'Rent', kind: 'bill', amount: 1650, weekend_shift: 'none', source: 'manual' });
    const occ = await c.call<{ occurrences: Occurrence[] }>('GET', '/recurring/occurrences?from=2031-01-01&to=2031-04-30');
    expect(occ.body.occurrences.map((o) => o.due_date)).toEqual(['2031-01-31', '2031-02-28', '2031-03-31', '2031-04-30']);
    expect(occ.body.occurrences.every((o) => o.amount === -1650)).toBe(true);

    const changed = await c.call<RecurringItem>('PATCH', `/recurring/${rent.recurring_id}`, { weekend_shift: 'before', end_date: '2031-03-31' });
    expect(changed.status, changed.raw).toBe(200);
    const after = await c.call<{ occurrences: Occurrence[] }>('GET', '/recurring/occurrences?from=2031-01-01&to=2031-12-31');
    // 2031-05-31 is past the end; 2031-01-31 is a Friday; 2031-03-31 a Monday.
    expect(after.body.occurrences.map((o) => o.due_date)).toEqual(['2031-01-31', '2031-02-28', '2031-03-31']);

    expect((await c.call('DELETE', `/recurring/${rent.recurring_id}`)).status).toBe(200);
    expect((await c.call('GET', `/recurring/${rent.recurring_id}`)).status).toBe(404);
  });

  it('refuses bad input with a detail, and never shows one user another’s items', async () => {
    const c = client(await signUpWithAccess(app));
    const other = client(await signUpWithAccess(app));
    const checking = await c.account({ name: 'Checking', kind: 'checking' });
    const theirs = await other.account({ name: 'Theirs', kind: 'checking' });
    const base = { name: 'Gym', merchant_pattern: 'Peak Fitness', account_id: checking.account_id, kind: 'subscription', amount: 39, rrule: 'FREQ=MONTHLY', start_date: '2031-01-05' };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...base, rrule: 'every month' }, /rrule must be an RFC 5545 rule/],
      [{ ...base, amount: -3 }, /amount must be greater than 0/],
      [{ ...base, kind: 'loan' }, /kind must be one of/],
      [{ ...base, start_date: '2031-02-30' }, /start_date must be a real calendar date/],
      [{ ...base, end_date: '2030-01-01' }, /end_date must not be before start_date/],
      [{ ...base, amount_min: 50, amount_max: 20 }, /amount_min must not be more than amount_max/],
      [{ ...base, account_id: theirs.account_id }, /account_id is not one of your accounts/],
      [{ ...base, rrule: 'FREQ=MONTHLY;BYMONTHDAY=40' }, /rrule is not a schedule/],
    ];
    for (const [body, detail] of cases) {
      const res = await c.call<{ detail: string }>('POST', '/recurring', body);
      expect(res.status, res.raw).toBe(422);
      expect(res.body.detail).toMatch(detail);
    }
    const mine = await c.item(base);
    expect((await other.call('GET', `/recurring/${mine.recurring_id}`)).status).toBe(404);
    expect((await other.call('PATCH', `/recurring/${mine.recurring_id}`, { amount: 1 })).status).toBe(404);
    expect((await other.call('DELETE', `/recurring/${mine.recurring_id}`)).status).toBe(404);
    expect((await other.call<{ items: unknown[] }>('GET', '/recurring')).body.items).toEqual([]);
    expect((await c.call('GET', `/recurring/${MISSING_ID}`)).status).toBe(404);
    expect((await c.call('GET', '/recurring/not-an-id')).status).toBe(404);
    expect((await c.call('PUT', `/recurring/${mine.recurring_id}/occurrences/2031-01-06`, { status: 'skipped' })).status).toBe(422);
  });

  it('an occurrence is matched by its payment, missed without one, or skipped', async () => {
    const c = client(await signUpWithAccess(app));
    const checking = await c.account({ name: 'Checking', kind: 'checking', opening_balance: 500 });
    const power = await c.item({ name: 'Electricity', merchant_pattern: 'City Power', account_id: checking.account_id, kind: 'bill', amount: 80, amount_min: 55, amount_max: 140, rrule: 'FREQ=MONTHLY;BYMONTHDAY=8', start_date: '2031-01-08' });
    // Paid two days late, for a winter amount within the range.
    await c.tx({ type: 'expense', amount: 131.2, date: '2031-01-10', merchant: 'City Power', account_id: checking.account_id });
    // Another merchant's payment of the same amount does not count.
    await c.tx({ type: 'expense', amount: 80, date: '2031-02-08', merchant: 'Metro Water', account_id: checking.account_id });
    const skip = await c.call<Occurrence>('PUT', `/recurring/${power.recurring_id}/occurrences/2031-03-08`, { status: 'skipped' });
    expect(skip.status, skip.raw).toBe(200);
    const occ = await c.call<{ occurrences: Occurrence[] }>('GET', '/recurring/occurrences?from=2031-01-01&to=2031-04-30&today=2031-04-20');
    expect(occ.body.occurrences.map((o) => [o.due_date, o.status])).toEqual([
      ['2031-01-08', 'matched'],
      ['2031-02-08', 'missed'],
      ['2031-03-08', 'skipped'],
      ['2031-04-08', 'missed'],
    ]);
    expect(occ.body.occurrences[0]!.transaction_id).toBeTruthy();
    const unskip = await c.call<Occurrence>('PUT', `/recurring/${power.recurring_id}/occurrences/2031-03-08`, { status: 'upcoming' });
    expect(unskip.status, unskip.raw).toBe(200);
    const again = await c.call<{ occurrences: Occurrence[] }>('GET', '/recurring/occurrences?from=2031-03-01&to=2031-03-31&today=2031-04-20');
    expect(again.body.occurrences.map((o) => o.status)).toEqual(['missed']);
  });
});

describe('which rows pay an occurrence', () => {
  it('a row without a merchant pays by its description; a fixed amount takes up to 10 % either way (110.01 for 100 does not pay); an income is paid by income only', async () => {
    const c = client(await signUpWithAccess(app));
    const checking = await c.account({ name: 'Checking', kind: 'checking', opening_balance: 500 });
    await c.item({ name: 'Rent', merchant_pattern: 'Landlord Ltd', account_id: checking.account_id, kind: 'bill', amount: 100, rrule: 'FREQ=MONTHLY;BYMONTHDAY=1', start_date: '2031-01-01' });
    await c.item({ name: 'Salary', merchant_pattern: 'ACME PAYROLL', account_id: checking.account_id, kind: 'income', amount: 1000, rrule: 'FREQ=MONTHLY;BYMONTHDAY=25', start_date: '2031-01-25' });
    // January: 110.00 by description (no merchant) is within 10 %. February: 110.01 is not, 90.00 is.
    await c.tx({ type: 'expense', amount: 110, date: '2031-01-02', description: 'landlord ltd', account_id: checking.account_id });
    await c.tx({ type: 'expense', amount: 110.01, date: '2031-02-01', merchant: 'Landlord Ltd', account_id: checking.account_id });
    await c.tx({ type: 'expense', amount: 90, date: '2031-02-03', merchant: 'LANDLORD LTD', account_id: checking.account_id });
    // An expense to the payroll's name does not pay the income; the income does.
    await c.tx({ type: 'expense', amount: 1000, date: '2031-01-25', merchant: 'ACME PAYROLL', account_id: checking.account_id });
    await c.tx({ type: 'income', amount: 1050, date: '2031-01-24', merchant: 'Acme Payroll', account_id: checking.account_id });
    const occ = await c.call<{ occurrences: Occurrence[] }>('GET', '/recurring/occurrences?from=2031-01-01&to=2031-02-28&today=2031-02-20');
    expect(occ.body.occurrences.map((o) => [o.due_date, o.name, o.status])).toEqual([
      ['2031-01-01', 'Rent', 'matched'],
      ['2031-01-25', 'Salary', 'matched'],
      ['2031-02-01', 'Rent', 'matched'],
      ['2031-02-25', 'Salary', 'upcoming'],
    ]);
    const list = await c.call<{ transactions: { transaction_id: string; amount: number; type: string }[] }>('GET', '/transactions?limit=50');
    const amountOf = (id: string | null) => list.body.transactions.find((t) => t.transaction_id === id);
    expect(occ.body.occurrences.slice(0, 3).map((o) => [amountOf(o.transaction_id)?.type, amountOf(o.transaction_id)?.amount])).toEqual([
      ['expense', 110],
      ['income', 1050],
      ['expense', 90],
    ]);
  });
});

describe('detection from history', () => {
  it('on the demo year: every recurring bill, subscription, income and transfer the generator puts there, and nothing else', async () => {
    const c = client(await signUpWithAccess(app));
    const demo = await c.call<{ date_to: string }>('POST', '/transactions/demo');
    expect(demo.status, demo.raw).toBe(201);
    const res = await c.call<{ suggestions: Suggestion[] }>('GET', `/recurring/suggestions?from=${demo.body.date_to}`);
    expect(res.status, res.raw).toBe(200);
    const found = new Map(res.body.suggestions.map((s) => [s.name, s]));
    // Three or more charges in the demo's year at a steady interval. Left out: the card payment (the
    // card's whole month, more than 60 % apart), Backblaze (once a year), the dentist and courses (twice).
    const expected = {
      'Northwind Analytics': ['income', 'monthly'],
      'Parkside Apartments': ['bill', 'monthly'],
      'City Power & Light': ['bill', 'monthly'],
      'Metro Water': ['bill', 'every two months'],
      FiberNet: ['bill', 'monthly'],
      'Mint Mobile': ['bill', 'monthly'],
      'SafeRoad Insurance': ['bill', 'monthly'],
      'First Community Bank': ['bill', 'monthly'],
      Spotify: ['subscription', 'monthly'],
      Netflix: ['subscription', 'monthly'],
      Apple: ['subscription', 'monthly'],
      'The Daily Ledger': ['subscription', 'monthly'],
      'Peak Fitness': ['subscription', 'monthly'],
      'Metro Transit': ['subscription', 'monthly'],
      'Index Fund Brokerage': ['income', 'quarterly'],
      'Monthly savings': ['transfer', 'monthly'],
      'Car loan payment': ['transfer', 'monthly'],
    };
    expect(Object.fromEntries([...found].map(([name, s]) => [name, [s.kind, s.interval]]))).toEqual(expected);
    // The haircut every five or six weeks, groceries and coffee are not recurring.
    expect(found.has('Barber & Co')).toBe(false);
    expect(found.get('Netflix')).toMatchObject({ amount: 15.49, amount_min: null, rrule: 'FREQ=MONTHLY;BYMONTHDAY=12' });
    expect(found.get('City Power & Light')!.amount_min).toBeLessThan(found.get('City Power & Light')!.amount_max!);

    // Confirm one, dismiss another: neither is suggested again.
    const confirmed = await c.call<RecurringItem>('POST', `/recurring/suggestions/confirm?from=${demo.body.date_to}`, { key: found.get('Netflix')!.key });
    expect(confirmed.status, confirmed.raw).toBe(201);
    expect(confirmed.body).toMatchObject({ name: 'Netflix', source: 'detected', amount: 15.49, kind: 'subscription' });
    expect((await c.call('POST', '/recurring/suggestions/dismiss', { key: found.get('Spotify')!.key })).status).toBe(200);
    const again = await c.call<{ suggestions: Suggestion[] }>('GET', `/recurring/suggestions?from=${demo.body.date_to}`);
    expect(again.body.suggestions.map((s) => s.name)).not.toContain('Netflix');
    expect(again.body.suggestions.map((s) => s.name)).not.toContain('Spotify');
    expect(again.body.suggestions).toHaveLength(15);
    // The confirmed item's last demo charge is matched.
    const occ = await c.call<{ occurrences: Occurrence[] }>('GET', `/recurring/occurrences?from=${confirmed.body.start_date}&to=${confirmed.body.start_date}`);
    expect(occ.body.occurrences.map((o) => o.status)).toEqual(['matched']);
    expect((await c.call('POST', '/recurring/suggestions/confirm', { key: 'expense:nothing' })).status).toBe(404);
  });

  it('flags a price change and a stopped subscription', async () => {
    const c = client(await signUpWithAccess(app));
    const checking = await c.account({ name: 'Checking', kind: 'checking' });
    for (const [date, amount] of [
      ['2031-01-12', 15.49],
      ['2031-02-12', 15.49],
      ['2031-03-12', 15.49],
      ['2031-04-12', 17.99],
    ] as const)
      await c.tx({ type: 'expense', amount, date, merchant: 'Netflix', category: 'Subscriptions', account_id: checking.account_id });
    for (const date of ['2030-10-03', '2030-11-03', '2030-12-03']) await c.tx({ type: 'expense', amount: 11.99, date, merchant: 'Spotify', category: 'Subscriptions', account_id: checking.account_id });
    const res = await c.call<{ suggestions: Suggestion[] }>('GET', '/recurring/suggestions?from=2031-04-20');
    const netflix = res.body.suggestions.find((s) => s.name === 'Netflix')!;
    expect(netflix).toMatchObject({ amount: 17.99, price_change: { from: 15.49, to: 17.99, percent: 16.1 }, stopped: false });
    // Stopped subscriptions are not offered; a confirmed one shows as stopped.
    expect(res.body.suggestions.find((s) => s.name === 'Spotify')).toBeUndefined();
    await c.item({ name: 'Spotify', merchant_pattern: 'spotify', account_id: checking.account_id, kind: 'subscription', amount: 11.99, rrule: 'FREQ=MONTHLY;BYMONTHDAY=3', start_date: '2030-10-03' });
    const list = await c.call<{ items: RecurringItem[] }>('GET', '/recurring?from=2031-04-20');
    expect(list.body.items[0]).toMatchObject({ name: 'Spotify', stopped: true });
  });
});

describe('the month ahead and the forecast', () => {
  it('lists what is due in 30 days with the total, the calendar, safe-to-spend until payday and the 90-day forecast', async () => {
    const c = client(await signUpWithAccess(app));
    const checking = await c.account({ name: 'Checking', kind: 'checking', opening_balance: 2000 });
    await c.item({ name: 'Salary', merchant_pattern: 'Northwind', account_id: checking.account_id, kind: 'income', amount: 3000, rrule: 'FREQ=MONTHLY;BYMONTHDAY=25', start_date: '2031-01-25' });
    await c.item({ name: 'Rent', merchant_pattern: 'Parkside', account_id: checking.account_id, kind: 'bill', amount: 1650, rrule: 'FREQ=MONTHLY;BYMONTHDAY=1', start_date: '2031-01-01' });
    await c.item({ name: 'Netflix', merchant_pattern: 'Netflix', account_id: checking.account_id, kind: 'subscription', amount: 15.49, rrule: 'FREQ=MONTHLY;BYMONTHDAY=12', start_date: '2031-01-12' });
    await c.item({ name: 'Insurance', merchant_pattern: 'SafeRoad', account_id: checking.account_id, kind: 'bill', amount: 600, rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=20', start_date: '2031-02-20' });

    const ahead = await c.call<MonthAhead>('GET', '/recurring/month-ahead?from=2031-01-30');
    expect(ahead.status, ahead.raw).toBe(200);
    expect(ahead.body.to).toBe('2031-02-28');
    expect(ahead.body.occurrences.map((o) => [o.name, o.due_date, o.amount])).toEqual([
      ['Rent', '2031-02-01', -1650],
      ['Netflix', '2031-02-12', -15.49],
      ['Insurance', '2031-02-20', -600],
      ['Salary', '2031-02-25', 3000],
    ]);
    expect(ahead.body.bills_total).toBe(2265.49);
    expect(ahead.body.income_total).toBe(3000);
    expect(ahead.body.days).toContainEqual({ date: '2031-02-12', count: 1, amount: -15.49 });
    expect(ahead.body.safe_to_spend).toEqual({ payday: '2031-02-25', balance: 2000, due_before_payday: 2265.49, amount: -265.49 });

    const fc = await c.call<Forecast>('GET', '/recurring/forecast?from=2031-01-30&threshold=400');
    expect(fc.status, fc.raw).toBe(200);
    const account = fc.body.accounts.find((a) => a.account_id === checking.account_id)!;
    expect(account.days).toHaveLength(90);
    expect(account.first_below_threshold).toBe('2031-02-01');
    expect(account.first_below_zero).toBe('2031-02-20');
    expect(account.lowest).toEqual({ date: '2031-02-20', balance: -265.49 });
    expect(account.days.find((d) => d.date === '2031-02-25')!.balance).toBe(2734.51);

    // The coach's questions read the same figures, each linked to its item.
    const ctx = { data: coachData(app.db, c.userId), currency: 'USD', today: '2031-01-30', now: new Date('2031-01-30T12:00:00Z') };
    const due = await runTool(ctx, 'get_bills_due', JSON.stringify({ before: '2031-02-14' }));
    expect(due).toMatchObject({ until: '2031-02-13', total: 1665.49, bills: [{ name: 'Rent', due_date: '2031-02-01', amount: 1650 }, { name: 'Netflix', due_date: '2031-02-12', amount: 15.49 }] });
    expect((due as { bills: { link: string }[] }).bills[0]!.link).toMatch(/^\/bills\?item=/);
    expect(await runTool(ctx, 'get_balance_on', JSON.stringify({ date: '2031-02-28' }))).toMatchObject({ total_then: 2734.51 });
    expect(await runTool(ctx, 'get_price_changes', '{}')).toMatchObject({ went_up: [], went_down: [] });
  });

  it('a card or loan that is owed is not "going below zero": the forecast flags neither (the low-balance notice reads the same fields)', async () => {
    const c = client(await signUpWithAccess(app));
    const card = await c.account({ name: 'Rewards card', kind: 'credit_card', opening_balance: -924.1, opening_date: '2031-01-01' });
    const loan = await c.account({ name: 'Car loan', kind: 'loan', opening_balance: -14340, opening_date: '2031-01-01' });
    await c.item({ name: 'Card payment', merchant_pattern: 'Card payment', account_id: card.account_id, kind: 'bill', amount: 120, rrule: 'FREQ=MONTHLY;BYMONTHDAY=3', start_date: '2031-02-03' });
    const fc = await c.call<Forecast>('GET', '/recurring/forecast?from=2031-01-30&threshold=400');
    expect(fc.status, fc.raw).toBe(200);
    for (const id of [card.account_id, loan.account_id]) {
      const account = fc.body.accounts.find((a) => a.account_id === id);
      if (!account) continue;
      expect(account, account.name).toMatchObject({ first_below_zero: null, first_below_threshold: null });
    }
    expect(fc.body.accounts.find((a) => a.account_id === card.account_id)!.days.find((d) => d.date === '2031-02-03')!.balance).toBe(-1044.1);
  });
});

describe('notifications', () => {
  it('a bill due in 3 days is told once in the centre and once by email, however often the checks run', async () => {
    const user = await signUpWithAccess(app);
    const c = client(user);
    const checking = await c.account({ name: 'Checking', kind: 'checking', opening_balance: 5000 });
    const settings = await c.call('PATCH', '/notifications/settings', { due_days: 3, email_kinds: ['bill_due'] });
    expect(settings.status, settings.raw).toBe(200);
    const internet = await c.item({ name: 'Home internet', merchant_pattern: 'FiberNet', account_id: checking.account_id, kind: 'bill', amount: 59.99, rrule: 'FREQ=MONTHLY;BYMONTHDAY=14', start_date: '2032-01-14' });
    const mailsBefore = (await mailTo(app, user.email)).length;

    // Four days before: nothing yet. Three days before, twice, and the day after: one notice.
    for (const at of ['2032-03-10T08:00:00Z', '2032-03-11T08:00:00Z', '2032-03-11T09:00:00Z', '2032-03-12T08:00:00Z']) await app.recurringChecks.runAt(new Date(at));
    const list = await c.call<{ notifications: Notification[]; unread: number }>('GET', '/notifications');
    const due = list.body.notifications.filter((n) => n.kind === 'bill_due' && n.link === `/bills?item=${internet.recurring_id}`);
    expect(due.map((n) => n.title)).toEqual(['Home internet is due on 2032-03-14']);
    expect(list.body.unread).toBeGreaterThanOrEqual(1);
    const mails = (await mailTo(app, user.email)).filter((m) => m.subject === 'Home internet is due on 2032-03-14');
    expect(mails).toHaveLength(1);
    expect((await mailTo(app, user.email)).length).toBe(mailsBefore + 1);

    // Read, then dismiss.
    const read = await c.call<Notification>('POST', `/notifications/${due[0]!.notification_id}/read`);
    expect(read.body.read).toBe(true);
    expect((await c.call('DELETE', `/notifications/${due[0]!.notification_id}`)).status).toBe(200);
    const afterDismiss = await c.call<{ notifications: Notification[] }>('GET', '/notifications');
    expect(afterDismiss.body.notifications.find((n) => n.notification_id === due[0]!.notification_id)).toBeUndefined();
    // Another user cannot read or dismiss it.
    const other = client(await signUpWithAccess(app));
    expect((await other.call('POST', `/notifications/${due[0]!.notification_id}/read`)).status).toBe(404);
  });

  it('a missed bill, and a balance forecast below the threshold', async () => {
    const c = client(await signUpWithAccess(app));
    const checking = await c.account({ name: 'Bills account', kind: 'checking', opening_balance: 100 });
    await c.call('PATCH', '/notifications/settings', { low_balance: 50 });
    await c.item({ name: 'Gym', merchant_pattern: 'Peak Fitness', account_id: checking.account_id, kind: 'subscription', amount: 39, rrule: 'FREQ=MONTHLY;BYMONTHDAY=5', start_date: '2033-01-05' });
    await app.recurringChecks.runAt(new Date('2033-01-20T08:00:00Z'));
    const list = await c.call<{ notifications: Notification[] }>('GET', '/notifications');
    expect(list.body.notifications.map((n) => n.kind).sort()).toEqual(['bill_missed', 'low_balance']);
    expect(list.body.notifications.find((n) => n.kind === 'low_balance')!.title).toBe('Bills account may run low on 2033-03-05');
  });

  it('auto-post adds the transaction on the due day, once', async () => {
    const c = client(await signUpWithAccess(app));
    const checking = await c.account({ name: 'Checking', kind: 'checking', opening_balance: 100 });
    await c.item({ name: 'Savings plan', merchant_pattern: 'Monthly savings', account_id: checking.account_id, kind: 'bill', amount: 25, rrule: 'FREQ=MONTHLY;BYMONTHDAY=2', start_date: '2034-01-02', auto_post: true });
    await app.recurringChecks.runAt(new Date('2034-01-02T09:00:00Z'));
    await app.recurringChecks.runAt(new Date('2034-01-02T10:00:00Z'));
    const rows = await c.call<{ transactions: Transaction[] }>('GET', '/transactions?search=Savings%20plan');
    expect(rows.body.transactions.map((t) => [t.date, t.amount])).toEqual([['2034-01-02', 25]]);
  });
});

describe('the coach reads the same detector', () => {
  it('a haircut every six weeks is not a monthly membership, and the coach lists what the Bills page suggests', async () => {
    const user = await signUpWithAccess(app);
    const c = client(user);
    const checking = await c.account({ name: 'Checking', kind: 'checking' });
    for (let i = 0; i < 8; i++) {
      await c.tx({ type: 'expense', amount: 35, date: addDays('2031-01-04', i * 42), merchant: 'Barber & Co', category: 'Personal Care', account_id: checking.account_id });
      await c.tx({ type: 'expense', amount: 15.49, date: `${addMonths('2031-02', i)}-12`, merchant: 'Netflix', category: 'Subscriptions', account_id: checking.account_id });
    }
    const today = '2031-09-20';
    const coach = await findRecurringCharges({ data: coachData(app.db, user.userId), currency: 'USD', today, now: new Date(`${today}T12:00:00Z`) });
    const page = await c.call<{ suggestions: Suggestion[] }>('GET', `/recurring/suggestions?from=${today}`);
    expect(coach.charges.map((ch) => [ch.merchant, ch.interval, ch.monthly_amount])).toEqual([['Netflix', 'monthly', 15.49]]);
    expect(page.body.suggestions.map((s) => s.name)).toEqual(['Netflix']);
  });

  it('an everyday merchant is not steady, and the same name written otherwise (charged monthly) goes with it', async () => {
    const user = await signUpWithAccess(app);
    const c = client(user);
    const checking = await c.account({ name: 'Checking', kind: 'checking' });
    for (let i = 0; i < 150; i++) await c.tx({ type: 'expense', amount: 5, date: addDays('2031-03-01', i), merchant: 'Corner Cafe', category: 'Dining', account_id: checking.account_id });
    for (let i = 0; i < 8; i++) {
      await c.tx({ type: 'expense', amount: 9.99, date: `${addMonths('2031-02', i)}-12`, merchant: 'CORNER CAFE ', category: 'Dining', account_id: checking.account_id });
      await c.tx({ type: 'expense', amount: 15.49, date: `${addMonths('2031-02', i)}-12`, merchant: 'Netflix', category: 'Subscriptions', account_id: checking.account_id });
    }
    const page = await c.call<{ suggestions: Suggestion[] }>('GET', '/recurring/suggestions?from=2031-09-20');
    expect(page.body.suggestions.map((s) => s.name)).toEqual(['Netflix']);
  }, 180_000);
});

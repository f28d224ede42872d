import { describe, expect, it } from 'vitest';
import type { Account } from '../../src/contract/accounts';
import type { Notification, NotificationSettings, RecurringItem } from '../../src/contract/recurring';
import { mailTo, signUpWithAccess, userClient, useTestApp, type VerifiedUser } from '../support/app';

const app = useTestApp();

function client(user: VerifiedUser) {
  const { call, ok } = userClient(app, user);
  return {
    call,
    async account(): Promise<Account> {
      const res = await call<Account>('POST', '/accounts', { name: 'Checking', kind: 'checking', opening_balance: 5000 });
      expect(res.status, res.raw).toBe(201);
      return res.body;
    },
    item: (body: Record<string, unknown>) => ok<RecurringItem>('POST', '/recurring', body, 201),
    async settings(body: Record<string, unknown>): Promise<NotificationSettings> {
      const res = await call<NotificationSettings>('PATCH', '/notifications/settings', body);
      expect(res.status, res.raw).toBe(200);
      return res.body;
    },
    /** The bill reminders shown. */
    async titles(): Promise<string[]> {
      return (await call<{ notifications: Notification[] }>('GET', '/notifications')).body.notifications.filter((n) => n.kind === 'bill_due').map((n) => n.title);
    },
  };
}

const run = (at: string) => app.recurringChecks.runAt(new Date(at));

describe('reminder settings', () => {
  it('reads the defaults, saves quiet hours, a time zone and the digest, refuses bad input with a detail, and keeps each user’s own', async () => {
    const a = client(await signUpWithAccess(app));
    const b = client(await signUpWithAccess(app));
    expect((await a.call<NotificationSettings>('GET', '/notifications/settings')).body).toEqual({ due_days: 3, low_balance: 0, email_kinds: [], quiet_start: null, quiet_end: null, time_zone: 'UTC', weekly_digest: false });
    expect(await a.settings({ quiet_start: '22:00', quiet_end: '07:00', time_zone: 'Europe/Paris', weekly_digest: true, due_days: 5 })).toMatchObject({ quiet_start: '22:00', quiet_end: '07:00', time_zone: 'Europe/Paris', weekly_digest: true, due_days: 5 });
    for (const [body, detail] of [
      [{ time_zone: 'Mars/Olympus' }, /time_zone must be an IANA time zone/],
      [{ quiet_start: '22:00' }, /quiet_start and quiet_end go together/],
      [{ quiet_start: '25:00', quiet_end: '07:00' }, /quiet_start must be a time like 22:00/],
      [{ quiet_start: '07:00', quiet_end: '07:00' }, /must differ/],
      [{ weekly_digest: 'yes' }, /weekly_digest must be true or false/],
    ] as const) {
      const res = await a.call<{ detail: unknown }>('PATCH', '/notifications/settings', body);
      expect([400, 422], res.raw).toContain(res.status);
      expect(JSON.stringify(res.body.detail)).toMatch(detail);
    }
    // Clearing the quiet hours; the other user's settings never changed.
    expect(await a.settings({ quiet_start: null, quiet_end: null })).toMatchObject({ quiet_start: null, quiet_end: null, time_zone: 'Europe/Paris' });
    expect((await b.call<NotificationSettings>('GET', '/notifications/settings')).body).toMatchObject({ quiet_start: null, time_zone: 'UTC', weekly_digest: false, due_days: 3 });
  });
});

describe('quiet hours', () => {
  it('a reminder found in the quiet hours (Paris, 22:00–07:00) waits, unseen and unmailed, and arrives once when they end', async () => {
    const user = await signUpWithAccess(app);
    const c = client(user);
    const checking = await c.account();
    await c.settings({ due_days: 3, email_kinds: ['bill_due'], quiet_start: '22:00', quiet_end: '07:00', time_zone: 'Europe/Paris' });
    await c.item({ name: 'Water', merchant_pattern: 'AquaCo', account_id: checking.account_id, kind: 'bill', amount: 31.5, rrule: 'FREQ=MONTHLY;BYMONTHDAY=14', start_date: '2040-01-14' });
    const mails = async () => (await mailTo(app, user.email)).filter((m) => m.subject === 'Water is due on 2040-03-14');

    // 22:30 and 06:30 in Paris (UTC+1 in March before the change): quiet.
    await run('2040-03-11T21:30:00Z');
    await run('2040-03-12T05:30:00Z');
    expect(await c.titles()).toEqual([]);
    expect(await mails()).toEqual([]);
    // 07:05 in Paris: shown and mailed; later runs add nothing.
    await run('2040-03-12T06:05:00Z');
    await run('2040-03-12T09:00:00Z');
    expect(await c.titles()).toEqual(['Water is due on 2040-03-14']);
    expect(await mails()).toHaveLength(1);
  });

  it('outside the quiet hours a reminder arrives at once', async () => {
    const user = await signUpWithAccess(app);
    const c = client(user);
    const checking = await c.account();
    await c.settings({ email_kinds: ['bill_due'], quiet_start: '22:00', quiet_end: '07:00', time_zone: 'America/New_York' });
    await c.item({ name: 'Phone', merchant_pattern: 'Telco', account_id: checking.account_id, kind: 'bill', amount: 20, rrule: 'FREQ=MONTHLY;BYMONTHDAY=14', start_date: '2041-01-14' });
    // 15:00 UTC is 10:00 in New York.
    await run('2041-03-11T15:00:00Z');
    expect(await c.titles()).toEqual(['Phone is due on 2041-03-14']);
    expect((await mailTo(app, user.email)).filter((m) => m.subject === 'Phone is due on 2041-03-14')).toHaveLength(1);
  });
});

describe('the weekly digest', () => {
  it('on Sunday one email lists what is due Monday to Sunday after, with the total; once a week; not in the quiet hours', async () => {
    const user = await signUpWithAccess(app);
    const c = client(user);
    const checking = await c.account();
    await c.item({ name: 'Rent', merchant_pattern: 'Lettings', account_id: checking.account_id, kind: 'bill', amount: 900, rrule: 'FREQ=MONTHLY;BYMONTHDAY=8', start_date: '2042-01-08' });
    await c.item({ name: 'Streaming', merchant_pattern: 'Streamly', account_id: checking.account_id, kind: 'subscription', amount: 12.5, rrule: 'FREQ=MONTHLY;BYMONTHDAY=12', start_date: '2042-01-12' });
    await c.item({ name: 'Salary', merchant_pattern: 'Employer', account_id: checking.account_id, kind: 'income', amount: 3000, rrule: 'FREQ=MONTHLY;BYMONTHDAY=10', start_date: '2042-01-10' });
    await c.item({ name: 'Insurance', merchant_pattern: 'Insurer', account_id: checking.account_id, kind: 'bill', amount: 40, rrule: 'FREQ=MONTHLY;BYMONTHDAY=20', start_date: '2042-01-20' });
    await c.settings({ weekly_digest: true, quiet_start: '21:00', quiet_end: '08:00', time_zone: 'UTC' });
    const digests = async () => (await mailTo(app, user.email)).filter((m) => /due the week of/.test(m.subject));

    // Saturday 2042-03-08, and Sunday 2042-03-09 at 06:00 (quiet): nothing.
    await run('2042-03-08T12:00:00Z');
    await run('2042-03-09T06:00:00Z');
    expect(await digests()).toEqual([]);
    // Sunday 09:00, twice: one digest for 10–16 March (Streaming on the 12th; not the salary, not rent on the 8th, not insurance on the 20th).
    await run('2042-03-09T09:00:00Z');
    await run('2042-03-09T18:00:00Z');
    const sent = await digests();
    expect(sent.map((m) => m.subject)).toEqual(['1 due the week of 2042-03-10: $12.50']);
    expect(sent[0]!.text).toContain('2042-03-12  Streaming  $12.50');
    expect(sent[0]!.text).not.toContain('Salary');
    // The next Sunday: the week of 17 March (insurance).
    await run('2042-03-16T09:00:00Z');
    expect((await digests()).map((m) => m.subject).sort()).toEqual(['1 due the week of 2042-03-10: $12.50', '1 due the week of 2042-03-17: $40.00']);
    // Turned off: no more.
    await c.settings({ weekly_digest: false });
    await run('2042-03-23T09:00:00Z');
    expect(await digests()).toHaveLength(2);
  });
});

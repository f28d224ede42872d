import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../src/contract/accounts';
import type { Notification } from '../../src/contract/recurring';
import { bearer, createTestApp, createTestDatabase, mailTo, signUpWithAccess, type TestApp, type TestDatabase } from '../support/app';

/**
 * Two API instances on one PostgreSQL run the recurring checks on the test's clock. The first is down
 * when a bill's reminder falls due; the second catches up later; then the first comes back and both
 * run at the same instant. The reminder is in the centre once and in the outbox once.
 * PostgreSQL only: skipped without DATABASE_URL. PGlite cannot host it: it is one Postgres backend inside
 * the process that opened it, so a data directory is opened by one PGlite at a time (two instances on one
 * directory would each keep their own buffers and overwrite each other's pages; there is no postmaster to
 * share them). Two apps in one process over one PGlite object would need the app to take an open PGlite
 * (it opens its own from its config, and closes it when it closes, which the "down" instance does), and
 * they would share one session whose transactions never overlap: the race the lease settles is between
 * sessions, so on PGlite the test would not check what it is for.
 */
describe.skipIf(!process.env.DATABASE_URL)('recurring checks on two API instances sharing PostgreSQL', () => {
  let database: TestDatabase;
  const env = { JWT_SECRET: randomBytes(32).toString('hex') };
  const apps: TestApp[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  }, 120_000);
  afterAll(async () => {
    for (const a of apps) await a.close().catch(() => undefined);
    await database?.drop();
  });

  it('a reminder for a bill due in 3 days appears once in the centre and once in the outbox, with one instance down at the due time', { timeout: 180_000 }, async () => {
    const first = await createTestApp({ database, env });
    const second = await createTestApp({ database, env });
    apps.push(first, second);
    const user = await signUpWithAccess(first.app);
    const call = (app: TestApp, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => app.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
    const account = (await call(first, 'POST', '/accounts', { name: 'Checking', kind: 'checking', opening_balance: 3000 })).json<Account>();
    expect((await call(first, 'PATCH', '/notifications/settings', { due_days: 3, email_kinds: ['bill_due'] })).statusCode).toBe(200);
    const item = await call(first, 'POST', '/recurring', { name: 'Car insurance', merchant_pattern: 'SafeRoad', account_id: account.account_id, kind: 'bill', amount: 118.4, rrule: 'FREQ=MONTHLY;BYMONTHDAY=15', start_date: '2035-01-15' });
    expect(item.statusCode, item.body).toBe(201);
    const mailed = async () => (await mailTo(second.app, user.email)).filter((m) => m.subject.startsWith('Car insurance is due'));

    // The reminder falls due on 12 March (three days before). The first instance goes down before it.
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    // The second was down then too and comes back a day later: it catches up.
    expect(await second.app.recurringChecks.runAt(new Date('2035-03-13T07:00:00Z'))).toBe(true);
    // The first is back; both run at the same instant: the lease lets one through at a time (the other may run after
    // it, as of the same instant), and nothing is told twice.
    const back = await createTestApp({ database, env });
    apps.push(back);
    await Promise.all([back.app.recurringChecks.runAt(new Date('2035-03-13T08:00:00Z')), second.app.recurringChecks.runAt(new Date('2035-03-13T08:00:00Z'))]);
    await back.app.recurringChecks.runAt(new Date('2035-03-14T08:00:00Z'));
    await second.app.recurringChecks.runAt(new Date('2035-03-14T09:00:00Z'));

    for (const app of [back, second]) {
      const list = (await call(app, 'GET', '/notifications')).json<{ notifications: Notification[] }>();
      expect(list.notifications.filter((n) => n.kind === 'bill_due').map((n) => n.title)).toEqual(['Car insurance is due on 2035-03-15']);
    }
    expect((await mailed()).map((m) => m.subject)).toEqual(['Car insurance is due on 2035-03-15']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardAnalytics } from '../../src/contract/dashboard';
import { bearer, createTestApp, signUpWithAccess, type TestApp, type VerifiedUser } from '../support/app';
import { askCoach, coachTools } from '../support/coach';

/**
 * A scheduled entry (dated after today) is listed but counted nowhere until its day comes:
 * the dashboard and the coach agree with the current balance.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const FAR = '2099-12-31';

async function userWith(rows: { type: 'income' | 'expense'; amount: number; date: string; category: string }[]): Promise<VerifiedUser> {
  const u = await signUpWithAccess(t.app);
  for (const row of rows) {
    const res = await t.app.inject({ method: 'POST', url: '/transactions', headers: bearer(u.token), payload: { ...row, description: row.category } });
    expect(res.statusCode).toBe(201);
  }
  return u;
}

const analytics = async (u: VerifiedUser, query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/dashboard/analytics?${query}`, headers: bearer(u.token) });
  expect(res.statusCode).toBe(200);
  return res.json<DashboardAnalytics>();
};

describe('scheduled entries on the dashboard', () => {
  it('all time, and a custom period reaching past today, count only what has happened', async () => {
    const u = await userWith([
      { type: 'income', amount: 100, date: daysAgo(2), category: 'Salary' },
      { type: 'expense', amount: 30, date: daysAgo(1), category: 'Groceries' },
      { type: 'expense', amount: 40, date: FAR, category: 'Shopping' },
    ]);
    const balance = (await t.app.inject({ method: 'GET', url: '/transactions/balance/current', headers: bearer(u.token) })).json<{ balance: number }>().balance;
    expect(balance).toBe(70);

    const all = await analytics(u, 'period=all_time');
    expect(all.totals).toMatchObject({ income: 100, spending: 30, net: 70 });
    expect(all.balance).toBe(balance);

    const custom = await analytics(u, `period=custom&time_unit=months&date_from=${daysAgo(10)}&date_to=${FAR}`);
    expect(custom.totals).toMatchObject({ income: 100, spending: 30, net: 70 });
    expect(custom.balance).toBe(balance);
    expect(custom.recent.map((r) => r.date)).not.toContain(FAR);
  });
});

describe('scheduled entries and the coach (today fixed at 15 June 2025)', () => {
  const TODAY = '2025-06-15';
  const ask = (u: VerifiedUser, question: string) =>
askCoach(coachTools(t.app, u.userId, TODAY), question).then((a) => a.composed.text);

  it('the balance and this month’s spending leave out an entry dated later this month', async () => {
    const u = await userWith([
      { type: 'income', amount: 1000, date: '2025-06-01', category: 'Salary' },
      { type: 'expense', amount: 200, date: '2025-06-10', category: 'Groceries' },
      { type: 'expense', amount: 300, date: '2025-06-25', category: 'Groceries' },
    ]);
    expect(await ask(u, 'What is my balance?')).toContain('**$800.00**');
    const spent = await ask(u, 'How much did I spend on groceries this month?');
    expect(spent).toContain('**$200.00**');
    expect(spent).not.toContain('$500.00');
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, grantPoints, signUpWithAccess, type TestApp, type VerifiedUser } from '../support/app';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => testApp?.close());

type Json = Record<string, unknown>;
const call = (user: VerifiedUser, method: 'GET' | 'POST', url: string, payload?: unknown) => app.inject({ method, url, headers: bearer(user.token), ...(payload === undefined ? {} : { payload: payload as object }) });
const answers = { currency: 'USD', monthly_income: 3000, main_goal: 'build_emergency_fund', help_with: ['budgeting'] };
const txn = { type: 'expense', amount: 12.5, date: '2024-03-14', category: 'Groceries', description: 'Weekly shop' };
const goal = { name: 'Rainy day', target_amount: 1000, target_date: '2030-01-01' };
const balanceOf = async (user: VerifiedUser) => (await call(user, 'GET', '/tokens/balance')).json<{ fin_token_balance: number; total_earned: number }>();
/** Gives a user points straight through the ledger (conversion tests need a known balance). */
const grant = (user: VerifiedUser, points: number, key?: string) => grantPoints(app, user.userId, points, key);
const ADDRESS = '0x1111111111111111111111111111111111111111';

describe('awards: every awarding response carries a reward object', () => {
  it('completing onboarding awards 100 points once; completing again awards nothing', async () => {
    const user = await signUpWithAccess(app);
    const first = await call(user, 'POST', '/users/me/onboarding', { action: 'complete', answers });
    expect(first.statusCode).toBe(200);
    expect(first.json().reward).toEqual({ points: 100, title: 'Welcome aboard!', message: expect.any(String), milestone: true });
    const again = await call(user, 'POST', '/users/me/onboarding', { action: 'complete', answers });
    expect(again.json().reward).toBeUndefined();
    expect((await balanceOf(user)).fin_token_balance).toBe(100);
  });

  it('the first transaction earns 50 + 5; logging is capped at 10 a day; the 10th transaction reaches the first milestone', async () => {
    const user = await signUpWithAccess(app);
    const first = await call(user, 'POST', '/transactions', txn);
    expect(first.statusCode).toBe(201);
    expect(first.json().reward).toMatchObject({ points: 55, title: 'First transaction logged' });
    expect(first.json().transaction_id).toEqual(expect.any(String));
    const rewards: Array<Json | undefined> = [];
    for (let i = 0; i < 11; i++) rewards.push((await call(user, 'POST', '/transactions', txn)).json().reward);
    // 2nd..10th: 5 each (the 10th also the 10-transaction milestone, 50); 11th and 12th: capped.
    expect(rewards.slice(0, 8).every((r) => r?.points === 5)).toBe(true);
    expect(rewards[8]).toMatchObject({ points: 55, title: '10 transactions' });
    expect(rewards[9]).toBeUndefined();
    // Only first-time awards and milestones are worth a dialog; the small repeated ones are a toast.
    expect(first.json().reward.milestone).toBe(true);
    expect(rewards.slice(0, 8).every((r) => r?.milestone === false)).toBe(true);
    expect(rewards[8]).toMatchObject({ milestone: true });
    expect(rewards[10]).toBeUndefined();
    const balance = await balanceOf(user);
    expect(balance.fin_token_balance).toBe(50 + 10 * 5 + 50);
    expect(balance.total_earned).toBe(150);
    const progress = (await call(user, 'GET', '/tokens/milestones/transaction-progress')).json();
    expect(progress).toMatchObject({ transaction_count: 12, next_milestone: 50, previous_milestone: 10 });
    const available = (await call(user, 'GET', '/tokens/rewards/available')).json().rewards as Array<{ id: string; available: boolean; remaining_today: number | null }>;
    expect(available.find((r) => r.id === 'transaction_logged')).toMatchObject({ available: false, remaining_today: 0 });
    expect(available.find((r) => r.id === 'first_transaction')).toMatchObject({ available: false });
    expect(available.find((r) => r.id === 'first_import')).toMatchObject({ available: true });
  });

  it('creating a goal and funding it to 50% and to 100% award the goal and its progress steps once each', async () => {
    const user = await signUpWithAccess(app);
    const created = await call(user, 'POST', '/goals', goal);
    expect(created.statusCode).toBe(201);
    expect(created.json().reward).toMatchObject({ points: 25 });
    const id = created.json().goal_id as string;
    const half = await call(user, 'POST', `/goals/${id}/add-funds`, { amount: 500 });
    expect(half.json().reward).toMatchObject({ points: 10 + 25 + 50, title: 'Halfway there' });
    await call(user, 'POST', `/goals/${id}/withdraw-funds`, { amount: 400 });
    const full = await call(user, 'POST', `/goals/${id}/add-funds`, { amount: 900 });
    // 50% and 25% were paid already: only the funding, 75% and 100%.
    expect(full.json().reward).toMatchObject({ points: 10 + 75 + 150, title: 'Goal reached!' });
    expect((await balanceOf(user)).fin_token_balance).toBe(25 + 85 + 235);
  });

  it('the same event twice (a retried request) never awards twice', async () => {
    const user = await signUpWithAccess(app);
    const event = { type: 'import.committed' as const, importId: 'job-1' };
    const [a, b] = await Promise.all([app.rewards.record(user.userId, event), app.rewards.record(user.userId, event)]);
    expect([a?.points, b?.points].filter(Boolean)).toEqual([75]);
    expect(await app.rewards.record(user.userId, event)).toBeUndefined();
    expect((await balanceOf(user)).fin_token_balance).toBe(75);
  });
});

describe('token endpoints', () => {
  it('balance, the fast fallback, history pages newest first, statistics and daily/weekly earnings agree', async () => {
    const user = await signUpWithAccess(app);
    for (let i = 0; i < 7; i++) await grant(user, 10 + i);
    const balance = await balanceOf(user);
    expect(balance).toMatchObject({ fin_token_balance: 91, total_earned: 91, points_per_finu: 100, min_conversion_points: 100 });
    expect((await call(user, 'GET', '/tokens/balance')).json().recent_activity).toHaveLength(5);
    expect((await call(user, 'GET', '/tokens/balance/fast')).json()).toMatchObject({ fin_token_balance: 91 });
    const defaults = (await call(user, 'GET', '/tokens/history')).json();
    expect(defaults).toMatchObject({ total: 7, limit: 50, offset: 0, has_more: false });
    expect(defaults.history[0].points).toBe(16);
    const page = (await call(user, 'GET', '/tokens/history?limit=3&offset=3')).json();
    expect(page.history.map((h: Json) => h.points)).toEqual([13, 12, 11]);
    expect(page.has_more).toBe(true);
    const stats = (await call(user, 'GET', '/tokens/statistics')).json();
    expect(stats).toMatchObject({ balance: 91, total_earned: 91, earn_count: 7 });
    expect(stats.earned_by_day).toHaveLength(30);
    expect(stats.earned_by_day.at(-1).points).toBe(91);
    const earnings = (await call(user, 'GET', '/tokens/earnings/daily-weekly')).json();
    expect(earnings).toMatchObject({ today: 91, this_week: 91 });
    expect(earnings.last_7_days).toHaveLength(7);
  });

  it('bad history paging is a 422 with a detail', async () => {
    const user = await signUpWithAccess(app);
    for (const q of ['limit=0', 'limit=abc', 'offset=-1', 'limit=1000']) {
      const res = await call(user, 'GET', `/tokens/history?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().detail).toMatch(/limit|offset/);
    }
  });

  it('needs a signed-in user', async () => {
    for (const url of ['/tokens/balance', '/tokens/history', '/api/wallet/info', '/api/rewards/transfer/00000000-0000-4000-8000-000000000000']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

describe('converting points: bad input is refused and nothing is debited', () => {
  it('below the minimum, more than held, non-integer, negative, a bad address, extra fields', async () => {
    const user = await signUpWithAccess(app);
    await grant(user, 250);
    const cases: Array<[unknown, number, RegExp]> = [
      [{ points: 50, to_address: ADDRESS }, 400, /100 points or more/],
      [{ points: 300, to_address: ADDRESS }, 400, /You have 250 points/],
      [{ points: 100.5, to_address: ADDRESS }, 422, /points must be a whole number/],
      [{ points: -100, to_address: ADDRESS }, 422, /points must be greater than 0/],
      [{ points: '100', to_address: ADDRESS }, 422, /points must be a whole number/],
      [{ points: 100, to_address: '0x123' }, 422, /to_address must be an Ethereum address/],
      [{ points: 100, to_address: '0x0000000000000000000000000000000000000000' }, 422, /zero address/],
      [{ points: 100 }, 422, /to_address is required/],
      [{ points: 100, to_address: ADDRESS, gas_price_gwei: -1 }, 422, /gas_price_gwei/],
      [{ points: 100, to_address: ADDRESS, extra: 1 }, 422, /extra/],
    ];
    for (const [payload, status, detail] of cases) {
      const res = await call(user, 'POST', '/api/rewards/convert-points-to-finu', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().detail).toMatch(detail);
    }
    expect((await balanceOf(user)).fin_token_balance).toBe(250);
  });

  it('a conversion is recorded as pending with the points debited; another user’s transfer id is a 404', async () => {
    const user = await signUpWithAccess(app);
    const other = await signUpWithAccess(app);
    await grant(user, 300);
    const res = await call(user, 'POST', '/api/rewards/convert-points-to-finu', { points: 200, to_address: ADDRESS.toUpperCase().replace('0X', '0x') });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'pending', points: 200, amount: '2.0', amount_wei: '2000000000000000000', points_balance: 100, to_address: ADDRESS });
    const id = res.json().transfer_id as string;
    expect((await call(user, 'GET', `/api/rewards/transfer/${id}`)).json()).toMatchObject({ transfer_id: id, status: 'pending' });
    const foreign = await call(other, 'GET', `/api/rewards/transfer/${id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Transfer not found' });
    expect((await call(user, 'GET', '/api/rewards/transfer/not-a-uuid')).statusCode).toBe(422);
    const history = (await call(user, 'GET', '/tokens/history')).json().history as Json[];
    expect(history[0]).toMatchObject({ type: 'spend', points: -200, balance_after: 100, reference: id });
  });

  it('50 concurrent conversions by one user never spend more than they hold', async () => {
    const user = await signUpWithAccess(app);
    await grant(user, 1000);
    const results = await Promise.all(Array.from({ length: 50 }, () => call(user, 'POST', '/api/rewards/convert-points-to-finu', { points: 100, to_address: ADDRESS })));
    const accepted = results.filter((r) => r.statusCode === 202);
    const refused = results.filter((r) => r.statusCode === 400);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    const balance = await balanceOf(user);
    expect(balance.fin_token_balance).toBe(0);
    const history = (await call(user, 'GET', '/tokens/history?limit=200')).json();
    expect(history.history.filter((h: Json) => h.type === 'spend')).toHaveLength(10);
    // The ledger adds up: every entry's balance_after follows from the one before it.
    const entries = [...(history.history as Array<{ points: number; balance_after: number }>)].reverse();
    let running = 0;
    for (const e of entries) {
      running += e.points;
      expect(e.balance_after).toBe(running);
    }
  });

  it('chain reads answer 503 with a detail when no node is configured', async () => {
    const user = await signUpWithAccess(app);
    const res = await call(user, 'GET', '/tokens/onchain-balance');
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toMatch(/token network is not reachable/);
    expect((await call(user, 'GET', `/api/rewards/finu-balance?address=nope`)).statusCode).toBe(422);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyMaxOf, TAKEN_BACK_ON_DELETE } from '../../src/server/services/rewards/rules';
import { bearer, createTestApp, signUpWithAccess, type TestApp, type VerifiedUser } from '../support/app';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => testApp?.close());

interface Activity {
  type: 'earn' | 'spend' | 'refund' | 'revoke';
  reason: string;
  points: number;
  created_at: string;
}

const call = (user: VerifiedUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
const balanceOf = async (user: VerifiedUser) => (await call(user, 'GET', '/tokens/balance')).json<{ fin_token_balance: number; total_earned: number }>();
const history = async (user: VerifiedUser) => (await call(user, 'GET', '/tokens/history?limit=200')).json<{ history: Activity[] }>().history;
/** Points earned (less what was taken back) per UTC day, for the reasons given. */
const netByDay = (entries: Activity[], reasons: readonly string[]) => {
  const days = new Map<string, number>();
  for (const e of entries) if ((e.type === 'earn' || e.type === 'revoke') && reasons.includes(e.reason)) days.set(e.created_at.slice(0, 10), (days.get(e.created_at.slice(0, 10)) ?? 0) + e.points);
  return [...days.values()];
};
const grossByDay = (entries: Activity[], reasons: readonly string[]) => netByDay(entries.filter((e) => e.type === 'earn'), reasons);
const GOAL_RULES = TAKEN_BACK_ON_DELETE.goal;
const GOAL_DAY_CAP = GOAL_RULES.reduce((sum, rule) => sum + dailyMaxOf(rule), 0);
const goal = (amount: number) => ({ name: 'Loop', target_amount: amount, initial_amount: amount, target_date: '2099-01-01' });
const txn = { type: 'expense', amount: 12.5, date: '2024-03-14', category: 'Groceries', description: 'Weekly shop' };

describe('points cannot be farmed by creating and deleting', () => {
  it('twenty create-funded-delete goal rounds earn at most one day’s capped goal points, and nothing once the goals are gone', async () => {
    const user = await signUpWithAccess(app);
    for (let round = 0; round < 20; round++) {
      const created = await call(user, 'POST', '/goals', goal(500));
      expect(created.statusCode).toBe(201);
      expect((await call(user, 'DELETE', `/goals/${created.json().goal_id as string}`)).statusCode).toBe(200);
    }
    const entries = await history(user);
    for (const gross of grossByDay(entries, GOAL_RULES)) expect(gross).toBeLessThanOrEqual(GOAL_DAY_CAP);
    // Every goal was deleted the day it earned its points: they were all taken back.
    for (const net of netByDay(entries, GOAL_RULES)) expect(net).toBe(0);
    expect((await balanceOf(user)).fin_token_balance).toBe(0);
  });

  it('a goal deleted the day it was created gives back what it earned; the history shows the take-back', async () => {
    const user = await signUpWithAccess(app);
    const created = await call(user, 'POST', '/goals', goal(400));
    expect(created.json().reward).toMatchObject({ points: 25 + 25 + 50 + 75 + 150 });
    expect((await balanceOf(user)).fin_token_balance).toBe(325);
    await call(user, 'DELETE', `/goals/${created.json().goal_id as string}`);
    const balance = await balanceOf(user);
    expect(balance).toMatchObject({ fin_token_balance: 0, total_earned: 0 });
    const revoked = (await history(user)).filter((e) => e.type === 'revoke');
    expect(revoked.reduce((sum, e) => sum + e.points, 0)).toBe(-325);
    expect(revoked.every((e) => e.points < 0)).toBe(true);
  });

  it('goal-progress steps are capped per day across several goals; deposits and withdrawals do not pay a step twice', async () => {
    const user = await signUpWithAccess(app);
    const first = await call(user, 'POST', '/goals', goal(100));
    const second = await call(user, 'POST', '/goals', goal(100));
    expect(first.json().reward.points).toBe(325);
    // The second goal is also fully funded, but today's progress steps are used: only the new goal pays.
    expect(second.json().reward.points).toBe(25);
    const id = first.json().goal_id as string;
    await call(user, 'POST', `/goals/${id}/withdraw-funds`, { amount: 100 });
    await call(user, 'POST', `/goals/${id}/add-funds`, { amount: 100 });
    expect((await balanceOf(user)).fin_token_balance).toBe(325 + 25 + 10);
  });

  it('a transaction deleted the day it was logged gives back its logging points; the first-transaction bonus is once ever and stays', async () => {
    const user = await signUpWithAccess(app);
    const created = await call(user, 'POST', '/transactions', txn);
    expect(created.json().reward.points).toBe(55);
    await call(user, 'DELETE', `/transactions/${created.json().transaction_id as string}`);
    expect((await balanceOf(user)).fin_token_balance).toBe(50);
    for (let i = 0; i < 12; i++) {
      const again = await call(user, 'POST', '/transactions', txn);
      await call(user, 'DELETE', `/transactions/${again.json().transaction_id as string}`);
    }
    expect((await balanceOf(user)).fin_token_balance).toBe(50);
    for (const gross of grossByDay(await history(user), ['transaction_logged'])) expect(gross).toBeLessThanOrEqual(dailyMaxOf('transaction_logged'));
  });

  it('/tokens/rewards/available gives each rule’s daily maximum and the day’s total', async () => {
    const user = await signUpWithAccess(app);
    const body = (await call(user, 'GET', '/tokens/rewards/available')).json<{ rewards: Array<{ id: string; max_points_per_day: number; remaining_today: number | null }>; daily_max_points: number }>();
    expect(body.daily_max_points).toBe(body.rewards.reduce((sum, r) => sum + r.max_points_per_day, 0));
    expect(body.rewards.find((r) => r.id === 'goal_progress_100')).toMatchObject({ max_points_per_day: 150, remaining_today: 1 });
  });
});

describe('demo data never earns points', () => {
  it('loading demo data and adding one real transaction pays no milestone; removing it leaves the points as if it had never been loaded', async () => {
    const withDemo = await signUpWithAccess(app);
    const without = await signUpWithAccess(app);
    expect((await call(withDemo, 'POST', '/transactions/demo')).statusCode).toBe(201);
    const real = await call(withDemo, 'POST', '/transactions', txn);
    expect(real.json().reward).toMatchObject({ points: 55, title: 'First transaction logged' });
    expect((await call(withDemo, 'GET', '/tokens/milestones/transaction-progress')).json()).toMatchObject({ transaction_count: 1, previous_milestone: 0, next_milestone: 10 });
    expect((await call(withDemo, 'DELETE', '/transactions/demo')).statusCode).toBe(200);
    await call(without, 'POST', '/transactions', txn);
    const [a, b] = [await balanceOf(withDemo), await balanceOf(without)];
    expect(a.fin_token_balance).toBe(b.fin_token_balance);
    expect(a.total_earned).toBe(b.total_earned);
  });
});

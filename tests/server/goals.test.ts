import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundsResponse, Goal, GoalsSummary, GoalTransactionSummary, GoalTransactionsResponse } from '../../src/contract/goals';
import { planGoal, summarizeGoals } from '../../src/server/services/goalPlan';
import type { GoalRow } from '../../src/server/repositories/goals';
import { bearer, createTestApp, createTestDatabase, signUpWithAccess, type TestApp, type TestDatabase, type VerifiedUser } from '../support/app';

let database: TestDatabase;
let testApp: TestApp;
let app: FastifyInstance;
let user: VerifiedUser;
let other: VerifiedUser;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await createTestApp({ database });
  app = testApp.app;
  // Goals are a premium feature: these users have started their free trial.
  [user, other] = await Promise.all([signUpWithAccess(app), signUpWithAccess(app)]);
});
afterAll(async () => {
  await testApp?.close();
  await untilDisconnected(database?.databaseUrl);
  await database?.drop();
});

/**
 * The concurrency tests open every connection of the pool; pg's pool.end() resolves before those
 * sockets have closed, and dropping the database WITH (FORCE) then kills them mid-goodbye (an uncaught
 * 57P01 in the test run). Wait until PostgreSQL has seen them all leave.
 */
async function untilDisconnected(databaseUrl: string | undefined) {
  if (!databaseUrl) return;
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    for (let i = 0; i < 100; i++) {
      const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0]!.n === 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await admin.end();
  }
}

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json, token = user.token) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function createGoal(fields: Json = {}, token = user.token): Promise<Goal> {
  const res = await call('POST', '/goals', { name: 'Emergency fund', target_amount: 1000, target_date: isoDay(365), ...fields }, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Goal>();
}
const addFunds = (id: string, amount: unknown, note?: string, token = user.token) => call('POST', `/goals/${id}/add-funds`, { amount, ...(note ? { note } : {}) } as Json, token);
const withdraw = (id: string, amount: unknown, note?: string, token = user.token) => call('POST', `/goals/${id}/withdraw-funds`, { amount, ...(note ? { note } : {}) } as Json, token);
const getGoal = async (id: string, token = user.token) => (await call('GET', `/goals/${id}`, undefined, token)).json<Goal>();

describe('goals need a signed-in user', () => {
  it.each([
    ['GET', '/goals'],
    ['POST', '/goals'],
    ['GET', '/goals/progress/summary'],
    ['GET', `/goals/${MISSING_ID}`],
    ['PUT', `/goals/${MISSING_ID}`],
    ['DELETE', `/goals/${MISSING_ID}`],
    ['POST', `/goals/${MISSING_ID}/add-funds`],
    ['POST', `/goals/${MISSING_ID}/withdraw-funds`],
    ['GET', `/goals/${MISSING_ID}/transactions`],
    ['GET', `/goals/${MISSING_ID}/transaction-summary`],
  ] as const)('%s %s without a token answers 401', async (method, url) => {
    const res = await app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Not authenticated' });
  });
});

describe('POST /goals', () => {
  it('creates a goal with the plan: nothing saved, on track on day one, the monthly amount needed', async () => {
    const res = await call('POST', '/goals', {
      name: '  New laptop ',
      target_amount: 1200.5,
      target_date: isoDay(366),
      category: 'electronics',
      priority: 'high',
      notes: 'For work',
    });
    expect(res.statusCode).toBe(201);
    const goal = res.json<Goal>();
    expect(goal).toMatchObject({
      goal_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'New laptop',
      target_amount: 1200.5,
      current_amount: 0,
      remaining_amount: 1200.5,
      progress_percentage: 0,
      target_date: isoDay(366),
      category: 'electronics',
      priority: 'high',
      notes: 'For work',
      status: 'active',
      schedule: 'on_track',
      on_track: true,
      expected_amount: 0,
      days_remaining: 366,
      completed_at: null,
    });
    // 366 days is a little over 12 average months: a little under a twelfth of the target each month.
    expect(goal.monthly_needed).toBeGreaterThan(99);
    expect(goal.monthly_needed).toBeLessThan(100.05);
  });

  it('defaults category to other and priority to medium, and stores empty notes as null', async () => {
    const goal = await createGoal({ notes: '   ' });
    expect(goal).toMatchObject({ category: 'other', priority: 'medium', notes: null });
  });

  it('an initial amount becomes the first deposit of the history', async () => {
    const goal = await createGoal({ initial_amount: 250.25 });
    expect(goal).toMatchObject({ current_amount: 250.25, remaining_amount: 749.75, progress_percentage: 25 });
    const history = (await call('GET', `/goals/${goal.goal_id}/transactions`)).json<GoalTransactionsResponse>();
    expect(history.transactions).toEqual([expect.objectContaining({ type: 'deposit', amount: 250.25, balance_after: 250.25, note: 'Initial amount' })]);
  });

  it.each([
    [{ target_amount: 10, target_date: isoDay(30) }, 'name is required'],
    [{ name: '   ', target_amount: 10, target_date: isoDay(30) }, 'name is required'],
    [{ name: 'x'.repeat(101), target_amount: 10, target_date: isoDay(30) }, 'name must be at most 100 characters'],
    [{ name: 'Trip', target_date: isoDay(30) }, 'target_amount is required'],
    [{ name: 'Trip', target_amount: '100', target_date: isoDay(30) }, 'target_amount must be a number'],
    [{ name: 'Trip', target_amount: 0, target_date: isoDay(30) }, 'target_amount must be greater than 0'],
    [{ name: 'Trip', target_amount: -5, target_date: isoDay(30) }, 'target_amount must be greater than 0'],
    [{ name: 'Trip', target_amount: 10.005, target_date: isoDay(30) }, 'target_amount must have at most two decimal places'],
    [{ name: 'Trip', target_amount: 1e12, target_date: isoDay(30) }, 'target_amount must be less than 100,000,000,000'],
    [{ name: 'Trip', target_amount: 10 }, 'target_date is required'],
    [{ name: 'Trip', target_amount: 10, target_date: '31/12/2030' }, 'target_date must be a date like 2030-12-31'],
    [{ name: 'Trip', target_amount: 10, target_date: '2030-02-30' }, 'target_date must be a real calendar date'],
    [{ name: 'Trip', target_amount: 10, target_date: isoDay(-10) }, 'target_date must be today or later'],
    [{ name: 'Trip', target_amount: 10, target_date: '2150-01-01' }, 'target_date must be on or before 2100-12-31'],
    [{ name: 'Trip', target_amount: 10, target_date: isoDay(30), category: 'yacht' }, 'category must be one of'],
    [{ name: 'Trip', target_amount: 10, target_date: isoDay(30), priority: 'urgent' }, 'priority must be one of low, medium, high'],
    [{ name: 'Trip', target_amount: 10, target_date: isoDay(30), initial_amount: 0 }, 'initial_amount must be greater than 0'],
    [{ name: 'Trip', target_amount: 10, target_date: isoDay(30), notes: 'n'.repeat(501) }, 'notes must be at most 500 characters'],
    [{ name: 'Trip', target_amount: 10, target_date: isoDay(30), current_amount: 5 }, 'current_amount'],
  ])('refuses %j with 422 naming the field', async (payload, detail) => {
    const res = await call('POST', '/goals', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain(detail);
  });
});

describe('GET /goals and GET /goals/{id}', () => {
  it('lists only the user’s goals, newest first', async () => {
    const first = await createGoal({ name: 'First' }, other.token);
    const second = await createGoal({ name: 'Second' }, other.token);
    const list = (await call('GET', '/goals', undefined, other.token)).json<Goal[]>();
    expect(list.map((g) => g.goal_id)).toEqual([second.goal_id, first.goal_id]);
    const mine = (await call('GET', '/goals')).json<Goal[]>();
    expect(mine.some((g) => g.goal_id === first.goal_id)).toBe(false);
  });

  it('answers one goal', async () => {
    const goal = await createGoal({ name: 'Bike' });
    const res = await call('GET', `/goals/${goal.goal_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(goal);
  });

  it('an unknown goal is 404 "Goal not found"; an id that is not a UUID is 422 with a readable detail', async () => {
    const missing = await call('GET', `/goals/${MISSING_ID}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Goal not found' });
    const bad = await call('GET', '/goals/not-a-uuid');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ detail: 'id must be a goal id (a UUID)' });
  });
});

describe('another user’s goal answers 404 on every call and is left unchanged', () => {
  it('read, edit, delete, fund, withdraw, history and summary', async () => {
    const goal = await createGoal({ name: 'Private', initial_amount: 100 });
    const id = goal.goal_id;
    const attempts = [
      call('GET', `/goals/${id}`, undefined, other.token),
      call('PUT', `/goals/${id}`, { name: 'Hacked' }, other.token),
      call('DELETE', `/goals/${id}`, undefined, other.token),
      addFunds(id, 5, undefined, other.token),
      withdraw(id, 5, undefined, other.token),
      call('GET', `/goals/${id}/transactions`, undefined, other.token),
      call('GET', `/goals/${id}/transaction-summary`, undefined, other.token),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Goal not found' });
    }
    expect(await getGoal(id)).toMatchObject({ name: 'Private', current_amount: 100 });
  });
});

describe('PUT /goals/{id}', () => {
  it('edits any subset of the fields and keeps the rest', async () => {
    const goal = await createGoal({ name: 'Car', category: 'car', notes: 'Used car' });
    const res = await call('PUT', `/goals/${goal.goal_id}`, { name: 'Better car', target_amount: 5000, priority: 'low' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ goal_id: goal.goal_id, name: 'Better car', target_amount: 5000, priority: 'low', category: 'car', notes: 'Used car', target_date: goal.target_date });
    expect(await getGoal(goal.goal_id)).toMatchObject({ name: 'Better car', target_amount: 5000 });
  });

  it('lowering the target to what is saved completes the goal; raising it again reopens it', async () => {
    const goal = await createGoal({ initial_amount: 300 });
    const done = (await call('PUT', `/goals/${goal.goal_id}`, { target_amount: 300 })).json<Goal>();
    expect(done).toMatchObject({ status: 'completed', schedule: 'completed', progress_percentage: 100, remaining_amount: 0, monthly_needed: 0, completed_at: expect.any(String) });
    const reopened = (await call('PUT', `/goals/${goal.goal_id}`, { target_amount: 600 })).json<Goal>();
    expect(reopened).toMatchObject({ status: 'active', completed_at: null, progress_percentage: 50 });
  });

  it('the saved amount cannot be edited: it moves only through funds', async () => {
    const goal = await createGoal();
    const res = await call('PUT', `/goals/${goal.goal_id}`, { current_amount: 999 });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain('current_amount');
    expect((await getGoal(goal.goal_id)).current_amount).toBe(0);
  });

  it('a new target date must lie ahead', async () => {
    const goal = await createGoal();
    const res = await call('PUT', `/goals/${goal.goal_id}`, { target_date: isoDay(-30) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: 'target_date must be today or later' });
  });

  it('validation names the field', async () => {
    const goal = await createGoal();
    const res = await call('PUT', `/goals/${goal.goal_id}`, { target_amount: -1 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: 'target_amount must be greater than 0' });
  });
});

describe('DELETE /goals/{id}', () => {
  it('deletes the goal and its history; deleting again is 404', async () => {
    const goal = await createGoal({ initial_amount: 10 });
    const res = await call('DELETE', `/goals/${goal.goal_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Goal deleted successfully', goal_id: goal.goal_id });
    expect((await call('GET', `/goals/${goal.goal_id}`)).statusCode).toBe(404);
    expect((await call('GET', `/goals/${goal.goal_id}/transactions`)).statusCode).toBe(404);
    expect((await call('DELETE', `/goals/${goal.goal_id}`)).statusCode).toBe(404);
  });
});

describe('add and withdraw funds', () => {
  it('adding funds answers the updated goal and the fund transaction as transactionData', async () => {
    const goal = await createGoal({ target_amount: 500 });
    const res = await addFunds(goal.goal_id, 120.5, 'Birthday money');
    expect(res.statusCode).toBe(200);
    const body = res.json<FundsResponse>();
    expect(body.goal).toMatchObject({ goal_id: goal.goal_id, current_amount: 120.5, remaining_amount: 379.5, progress_percentage: 24.1 });
    expect(body.transactionData).toEqual({
      transaction_id: expect.any(String),
      goal_id: goal.goal_id,
      type: 'deposit',
      amount: 120.5,
      balance_after: 120.5,
      note: 'Birthday money',
      created_at: expect.any(String),
    });
    expect(body.goal_reached).toBe(false);
  });

  it('withdrawing answers the updated goal and the withdrawal; the note is optional', async () => {
    const goal = await createGoal({ initial_amount: 200 });
    const res = await withdraw(goal.goal_id, 75.25);
    expect(res.statusCode).toBe(200);
    const body = res.json<FundsResponse>();
    expect(body.goal.current_amount).toBe(124.75);
    expect(body.transactionData).toMatchObject({ type: 'withdrawal', amount: 75.25, balance_after: 124.75, note: null });
  });

  it('a withdrawal larger than the saved amount is refused with a clear detail and nothing changes', async () => {
    const goal = await createGoal({ initial_amount: 50 });
    const res = await withdraw(goal.goal_id, 80);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Cannot withdraw $80.00: only $50.00 is saved in this goal.' });
    expect((await getGoal(goal.goal_id)).current_amount).toBe(50);
    expect((await call('GET', `/goals/${goal.goal_id}/transactions`)).json<GoalTransactionsResponse>().total).toBe(1);

    const empty = await createGoal();
    const none = await withdraw(empty.goal_id, 1);
    expect(none.json()).toEqual({ detail: 'Cannot withdraw $1.00: nothing is saved in this goal yet.' });
  });

  it("the refusal names the amounts in the user's own currency", async () => {
    const euro = await signUpWithAccess(app);
    expect((await call('PUT', '/users/me/profile', { currency: 'EUR' }, euro.token)).statusCode).toBe(200);
    const goal = await createGoal({ initial_amount: 500 }, euro.token);
    const res = await withdraw(goal.goal_id, 1000, undefined, euro.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Cannot withdraw €1,000.00: only €500.00 is saved in this goal.' });
  });

  it('withdrawing everything leaves exactly zero', async () => {
    const goal = await createGoal({ initial_amount: 33.33 });
    expect((await withdraw(goal.goal_id, 33.33)).json<FundsResponse>().goal.current_amount).toBe(0);
  });

  it.each([
    [0, 'amount must be greater than 0'],
    [-10, 'amount must be greater than 0'],
    [1.234, 'amount must have at most two decimal places'],
    ['10', 'amount must be a number'],
    [undefined, 'amount is required'],
  ])('amount %j is refused with 422 "%s"', async (amount, detail) => {
    const goal = await createGoal({ initial_amount: 100 });
    for (const res of [await addFunds(goal.goal_id, amount), await withdraw(goal.goal_id, amount)]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ detail });
    }
    expect((await getGoal(goal.goal_id)).current_amount).toBe(100);
  });

  it('sums of cents stay exact (0.1 + 0.2 is 0.30)', async () => {
    const goal = await createGoal();
    await addFunds(goal.goal_id, 0.1);
    const res = await addFunds(goal.goal_id, 0.2);
    expect(res.json<FundsResponse>().goal.current_amount).toBe(0.3);
  });

  it('the deposit that reaches the target says so and completes the goal; later deposits do not celebrate again', async () => {
    const goal = await createGoal({ target_amount: 100, initial_amount: 60 });
    const first = (await addFunds(goal.goal_id, 39.99)).json<FundsResponse>();
    expect(first.goal_reached).toBe(false);
    const reached = (await addFunds(goal.goal_id, 0.01)).json<FundsResponse>();
    expect(reached.goal_reached).toBe(true);
    expect(reached.goal).toMatchObject({ status: 'completed', schedule: 'completed', on_track: true, progress_percentage: 100, completed_at: expect.any(String) });
    const more = (await addFunds(goal.goal_id, 10)).json<FundsResponse>();
    expect(more.goal_reached).toBe(false);
    expect(more.goal).toMatchObject({ current_amount: 110, progress_percentage: 100, remaining_amount: 0, completed_at: reached.goal.completed_at });
    const below = (await withdraw(goal.goal_id, 20)).json<FundsResponse>();
    expect(below.goal).toMatchObject({ status: 'active', completed_at: null, current_amount: 90 });
  });
});

describe('fund history and its summary', () => {
  it('lists moves newest first with paging and a type filter, and sums them', async () => {
    const goal = await createGoal({ target_amount: 1000 });
    const id = goal.goal_id;
    for (const [kind, amount] of [
      ['add', 100],
      ['add', 50.5],
      ['withdraw', 20],
      ['add', 200],
      ['withdraw', 0.5],
    ] as const) {
      const res = kind === 'add' ? await addFunds(id, amount, `${kind} ${amount}`) : await withdraw(id, amount);
      expect(res.statusCode).toBe(200);
    }
    const all = (await call('GET', `/goals/${id}/transactions`)).json<GoalTransactionsResponse>();
    expect(all).toMatchObject({ goal_id: id, total: 5, limit: 50, offset: 0 });
    expect(all.transactions.map((t) => [t.type, t.amount, t.balance_after])).toEqual([
      ['withdrawal', 0.5, 330],
      ['deposit', 200, 330.5],
      ['withdrawal', 20, 130.5],
      ['deposit', 50.5, 150.5],
      ['deposit', 100, 100],
    ]);

    const page = (await call('GET', `/goals/${id}/transactions?limit=2&offset=1`)).json<GoalTransactionsResponse>();
    expect(page.transactions.map((t) => t.amount)).toEqual([200, 20]);
    expect(page).toMatchObject({ total: 5, limit: 2, offset: 1 });

    const deposits = (await call('GET', `/goals/${id}/transactions?type=deposit`)).json<GoalTransactionsResponse>();
    expect(deposits.total).toBe(3);
    expect(deposits.transactions.every((t) => t.type === 'deposit')).toBe(true);

    const bad = await call('GET', `/goals/${id}/transactions?limit=500`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ detail: 'limit must be at most 100' });

    const summary = (await call('GET', `/goals/${id}/transaction-summary`)).json<GoalTransactionSummary>();
    expect(summary).toEqual({
      goal_id: id,
      total_deposits: 350.5,
      total_withdrawals: 20.5,
      net_amount: 330,
      deposit_count: 3,
      withdrawal_count: 2,
      transaction_count: 5,
      average_deposit: 116.83,
      largest_deposit: 200,
      first_transaction_at: expect.any(String),
      last_transaction_at: expect.any(String),
    });
    expect(summary.first_transaction_at! <= summary.last_transaction_at!).toBe(true);
    expect(summary.net_amount).toBe((await getGoal(id)).current_amount);
  });

  it('a goal without moves has an empty history and a zero summary', async () => {
    const goal = await createGoal();
    expect((await call('GET', `/goals/${goal.goal_id}/transactions`)).json()).toMatchObject({ transactions: [], total: 0 });
    expect((await call('GET', `/goals/${goal.goal_id}/transaction-summary`)).json()).toMatchObject({
      total_deposits: 0,
      total_withdrawals: 0,
      transaction_count: 0,
      average_deposit: 0,
      first_transaction_at: null,
      last_transaction_at: null,
    });
  });
});

describe('GET /goals/progress/summary', () => {
  it('sums saved and target across the user’s goals and counts them by schedule', async () => {
    const fresh = await signUpWithAccess(app);
    const empty = (await call('GET', '/goals/progress/summary', undefined, fresh.token)).json<GoalsSummary>();
    expect(empty).toMatchObject({ total_goals: 0, total_target_amount: 0, total_saved_amount: 0, overall_progress_percentage: 0 });

    await createGoal({ name: 'A', target_amount: 1000, initial_amount: 250 }, fresh.token);
    await createGoal({ name: 'B', target_amount: 500, initial_amount: 600 }, fresh.token); // over-funded
    const summary = (await call('GET', '/goals/progress/summary', undefined, fresh.token)).json<GoalsSummary>();
    expect(summary).toMatchObject({
      total_goals: 2,
      active_goals: 1,
      completed_goals: 1,
      on_track_goals: 1,
      behind_goals: 0,
      overdue_goals: 0,
      total_target_amount: 1500,
      total_saved_amount: 850,
      // The extra 100 in B does not hide A's shortfall: (250 + 500) / 1500.
      total_remaining_amount: 750,
      overall_progress_percentage: 50,
    });
    expect(summary.monthly_needed_total).toBeGreaterThan(60);
  });
});

describe('100 concurrent withdrawals never take a goal below zero', () => {
  it('exactly the withdrawals the balance covers succeed; the rest are refused; the ledger adds up', async () => {
    const goal = await createGoal({ target_amount: 100, initial_amount: 50 });
    const id = goal.goal_id;
    // 100 requests of 0.75 against 50.00: at most 66 fit (49.50), leaving 0.50.
    const results = await Promise.all(Array.from({ length: 100 }, () => withdraw(id, 0.75)));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused.every((r) => r.statusCode === 400 && /^Cannot withdraw \$0\.75: only \$0\.[0-9]{2} is saved in this goal\.$/.test(r.json().detail))).toBe(true);
    expect(ok).toHaveLength(66);

    const taken = ok.reduce((sum, r) => sum + Math.round(r.json<FundsResponse>().transactionData.amount * 100), 0);
    const final = await getGoal(id);
    expect(final.current_amount).toBe((5000 - taken) / 100);
    expect(final.current_amount).toBe(0.5);
    expect(final.current_amount).toBeGreaterThanOrEqual(0);

    // Each success saw the balance the previous one left: the balances after are all different, one step apart.
    const balances = ok.map((r) => Math.round(r.json<FundsResponse>().transactionData.balance_after * 100)).sort((a, b) => b - a);
    expect(balances).toEqual(Array.from({ length: 66 }, (_, i) => 5000 - 75 * (i + 1)));

    const summary = (await call('GET', `/goals/${id}/transaction-summary`)).json<GoalTransactionSummary>();
    expect(summary).toMatchObject({ withdrawal_count: 66, total_withdrawals: 49.5, net_amount: 0.5 });
  });

  it('concurrent deposits and withdrawals all land and the balance equals the ledger', async () => {
    const goal = await createGoal({ target_amount: 10_000, initial_amount: 10 });
    const id = goal.goal_id;
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? addFunds(id, 3) : withdraw(id, 1))));
    const okAmounts = results.filter((r) => r.statusCode === 200).map((r) => r.json<FundsResponse>().transactionData);
    const net = okAmounts.reduce((sum, t) => sum + (t.type === 'deposit' ? 1 : -1) * Math.round(t.amount * 100), 1000);
    const final = await getGoal(id);
    expect(Math.round(final.current_amount * 100)).toBe(net);
    expect(final.current_amount).toBeGreaterThanOrEqual(0);
    const history = (await call('GET', `/goals/${id}/transactions?limit=100`)).json<GoalTransactionsResponse>();
    // Newest first: each move's balance_after follows from the one before it.
    const chronological = [...history.transactions].reverse();
    let balance = 0;
    for (const t of chronological) {
      balance += (t.type === 'deposit' ? 1 : -1) * Math.round(t.amount * 100);
      expect(Math.round(t.balance_after * 100)).toBe(balance);
      expect(balance).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('the on-track rule (straight line from creation to the target date)', () => {
  const row = (fields: Partial<GoalRow>): GoalRow => ({
    id: 'g',
    userId: 'u',
    name: 'Goal',
    targetAmountMinor: 120_000,
    currentAmountMinor: 0,
    targetDate: '2025-12-31',
    category: 'other',
    priority: 'medium',
    notes: null,
    completedAt: null,
    createdAt: new Date('2025-01-01T10:00:00Z'),
    updatedAt: new Date('2025-01-01T10:00:00Z'),
    ...fields,
  });
  const midYear = new Date('2025-07-02T12:00:00Z'); // 182 of 364 days: half the target expected

  it('half way through the time, half the target saved is on track; less is behind', () => {
    expect(planGoal(row({ currentAmountMinor: 60_000 }), midYear)).toMatchObject({ schedule: 'on_track', onTrack: true, expectedMinor: 60_000 });
    expect(planGoal(row({ currentAmountMinor: 59_999 }), midYear)).toMatchObject({ schedule: 'behind', onTrack: false });
  });

  it('monthly needed spreads what is missing over the average months left; under a month left needs all of it', () => {
    const plan = planGoal(row({ currentAmountMinor: 60_000 }), midYear);
    expect(plan.daysRemaining).toBe(182);
    expect(plan.monthlyNeededMinor).toBe(Math.ceil(60_000 / (182 / 30.4375)));
    expect(planGoal(row({ currentAmountMinor: 100_000 }), new Date('2025-12-20T00:00:00Z')).monthlyNeededMinor).toBe(20_000);
  });

  it('past the date unfinished is overdue; reaching the target is completed whatever the date', () => {
    const late = new Date('2026-01-05T00:00:00Z');
    expect(planGoal(row({ currentAmountMinor: 100_000 }), late)).toMatchObject({ schedule: 'overdue', onTrack: false, daysRemaining: -5, monthlyNeededMinor: 20_000 });
    expect(planGoal(row({ currentAmountMinor: 120_000 }), late)).toMatchObject({ schedule: 'completed', onTrack: true, monthlyNeededMinor: 0, progressPercentage: 100 });
  });

  it('the summary counts goals by schedule and caps over-funded goals at their target', () => {
    const summary = summarizeGoals(
      [row({ currentAmountMinor: 60_000 }), row({ currentAmountMinor: 10_000 }), row({ currentAmountMinor: 200_000 })],
      midYear,
    );
    expect(summary).toMatchObject({ total_goals: 3, completed_goals: 1, on_track_goals: 1, behind_goals: 1, total_saved_amount: 2700, total_target_amount: 3600, total_remaining_amount: 1700 });
    expect(summary.overall_progress_percentage).toBe(52.7);
  });
});

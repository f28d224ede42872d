import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilterTotals } from '../../src/contract/transactionTotals';
import { transactions } from '../../src/server/db/schema';
import { bearer, createTestApp, signUpAndVerify, signUpWithAccess, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const get = <T>(token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));

/** A deterministic spread of rows over ~14 months, several categories, merchants, tags and amounts. */
async function seed(userId: string, count: number) {
  let s = 12345;
  const rnd = () => ((s = (s * 1664525 + 1013904223) >>> 0), s / 2 ** 32);
  const cats = ['Groceries', 'Transport', 'Dining', 'Housing'];
  const rows = Array.from({ length: count }, (_, i) => {
    const income = rnd() < 0.2;
    return {
      userId,
      type: income ? ('income' as const) : ('expense' as const),
      amountMinor: 100 + Math.floor(rnd() * 40_000),
      date: daysAgo(Math.floor(rnd() * 420)),
      category: income ? 'Salary' : cats[Math.floor(rnd() * cats.length)]!,
      merchant: rnd() < 0.5 ? 'Corner Shop' : 'Metro',
      description: i % 3 === 0 ? 'weekly coffee beans' : 'seeded',
      tags: i % 4 === 0 ? ['work'] : [],
      source: 'manual' as const,
    };
  });
  await t.app.db.insert(transactions).values(rows);
}

/** The same figures summed over the rows themselves, in cents. */
async function truth(userId: string, where: ReturnType<typeof sql>) {
  const result = (await t.app.db.execute(
    sql`select type, sum(amount_minor)::text as total, count(*)::int as n from transactions where user_id = ${userId} and ${where} group by type`,
  )) as unknown as { rows: { type: string; total: string; n: number }[] };
  const of = (type: string) => result.rows.find((r) => r.type === type);
  const income = Number(of('income')?.total ?? 0);
  const spending = Number(of('expense')?.total ?? 0);
  return { income: income / 100, spending: spending / 100, net: (income - spending) / 100, count: result.rows.reduce((n, r) => n + r.n, 0) };
}

describe('GET /transactions/summary (totals for the current filter)', () => {
  let token: string;
  let userId: string;
  beforeAll(async () => {
    const u = await signUpWithAccess(t.app);
    token = u.token;
    userId = u.userId;
    await seed(userId, 900);
  });

  const cases: [string, string, ReturnType<typeof sql>, FilterTotals['computed_from']][] = [
    ['no filter', '', sql`true`, 'rollups'],
    ['a date range inside months', `?date_from=${daysAgo(200)}&date_to=${daysAgo(17)}`, sql`date between ${daysAgo(200)} and ${daysAgo(17)}`, 'rollups'],
    ['expenses of two categories', '?type=expense&category=transport,dining', sql`type = 'expense' and category in ('Transport', 'Dining')`, 'rollups'],
    ['an amount range', '?amount_min=50&amount_max=150.5', sql`amount_minor between 5000 and 15050`, 'transactions'],
    ['a text search with a date', `?q=coffee&date_from=${daysAgo(90)}`, sql`description like '%coffee%' and date >= ${daysAgo(90)}`, 'transactions'],
    ['a tag', '?tags=work', sql`'work' = any(tags)`, 'transactions'],
  ];

  it.each(cases)('%s: income, spending and net equal the rows, exactly, and the count is the list total', async (_name, query, where, source) => {
    const res = await get<FilterTotals>(token, `/transactions/summary${query}`);
    expect(res.status).toBe(200);
    const expected = await truth(userId, where);
    expect(res.body).toMatchObject({ currency: 'USD', income: expected.income, spending: expected.spending, net: expected.net, transaction_count: expected.count, computed_from: source });
    const list = await get<{ total: number }>(token, `/transactions${query}${query ? '&' : '?'}limit=1`);
    expect(list.body.total).toBe(res.body.transaction_count);
  });

  it('a scheduled entry (dated after today) is listed but not counted, so the totals and the current balance agree', async () => {
    const u = await signUpWithAccess(t.app);
    const post = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/transactions', headers: bearer(u.token), payload: body });
    expect((await post({ type: 'income', amount: 100, date: daysAgo(1), category: 'Salary', description: 'Pay' })).statusCode).toBe(201);
    expect((await post({ type: 'expense', amount: 40, date: '2099-12-31', category: 'Shopping', description: 'Far away' })).statusCode).toBe(201);
    const totals = (await get<FilterTotals>(u.token, '/transactions/summary')).body;
    const balance = (await get<{ balance: number }>(u.token, '/transactions/balance/current')).body;
    expect(totals).toMatchObject({ income: 100, spending: 0, net: 100, transaction_count: 1 });
    expect(totals.net).toBe(balance.balance);
    expect((await get<{ total: number }>(u.token, '/transactions?limit=1')).body.total).toBe(2);
  });

  it('counts only the caller’s rows', async () => {
    const stranger = await signUpWithAccess(t.app);
    expect((await get<FilterTotals>(stranger.token, '/transactions/summary')).body).toMatchObject({ income: 0, spending: 0, net: 0, transaction_count: 0 });
  });

  it('refuses bad filters like the list does (422 naming the field), needs a session and access', async () => {
    const bad = await get<{ detail: string }>(token, `/transactions/summary?date_from=${daysAgo(1)}&date_to=${daysAgo(5)}`);
    expect(bad).toEqual({ status: 422, body: { detail: expect.stringContaining('date_to must be on or after date_from') } });
    expect((await get<{ detail: string }>(token, '/transactions/summary?amount_min=abc')).body.detail).toContain('amount_min must be a number');
    expect((await t.app.inject({ method: 'GET', url: '/transactions/summary' })).statusCode).toBe(401);
    const noAccess = await signUpAndVerify(t.app);
    expect((await get(noAccess.token, '/transactions/summary')).status).toBe(403);
  });
});

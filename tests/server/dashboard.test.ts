import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, dayOf } from '../../src/contract/calendar';
import { DASHBOARD_PERIODS, type DashboardAnalytics } from '../../src/contract/dashboard';
import { categoryColor } from '../../src/contract/categoryColors';
import { DEFAULT_CATEGORIES } from '../../src/contract/transactions';
import type { FilterTotals } from '../../src/contract/transactionTotals';
import { transactions } from '../../src/server/db/schema';
import { bucketStarts, periodRanges } from '../../src/server/services/dashboard';
import { bearer, createTestApp, signUpAndVerify, signUpWithAccess, type TestApp } from '../support/app';

/**
 * The test's own clock: the server's "today" is this day whatever the real date, so periods, month edges
 * and the comparison ranges are the same on every run (a Wednesday in mid-June, noon UTC).
 */
const NOW = new Date('2026-06-17T12:00:00Z');
const today = dayOf(NOW);
const daysAgo = (n: number) => addDays(today, -n);

let t: TestApp;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

/**
 * Users are signed up on the real clock: PostgreSQL checks verification links and sessions against its own
 * now(), which the test's clock does not move. The dashboard is then read on the test's day.
 */
async function onRealClock<T>(make: () => Promise<T>): Promise<T> {
  vi.useRealTimers();
  try {
    return await make();
  } finally {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  }
}

/** A small deterministic random source, so a failing sequence can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const categories = ['Groceries', 'Dining', 'Transport', 'Housing', 'Salary'];
const merchants = ['Lidl', 'Aldi', 'Uber', 'Cafe Rio', null];

async function seed(userId: string, count: number, rnd: () => number) {
  const rows = Array.from({ length: count }, () => {
    const income = rnd() < 0.15;
    return {
      userId,
      type: income ? ('income' as const) : ('expense' as const),
      amountMinor: 100 + Math.floor(rnd() * 50_000),
      date: daysAgo(Math.floor(rnd() * 500)),
      category: income ? 'Salary' : categories[Math.floor(rnd() * 4)]!,
      merchant: merchants[Math.floor(rnd() * merchants.length)] ?? null,
      description: 'seeded',
    };
  });
  await t.app.db.insert(transactions).values(rows);
}

/** The same figures computed from scratch over the transactions table (what the rollups must equal). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function fromScratch(userId: string, start: string, end: string) {
  const totals = await t.app.db.execute(
    sql`select type, sum(amount_minor)::bigint as total, count(*)::int as n from transactions where user_id = ${userId} and date between ${start} and ${end} group by type`,
  );
  const byCategory = await t.app.db.execute(
    sql`select category, sum(amount_minor)::bigint as total from transactions where user_id = ${userId} and type = 'expense' and date between ${start} and ${end} group by category order by category`,
  );
  const byMerchant = await t.app.db.execute(
    sql`select merchant, sum(amount_minor)::bigint as total from transactions where user_id = ${userId} and type = 'expense' and merchant is not null and merchant <> '' and date between ${start} and ${end} group by merchant order by 2 desc, 1 limit 5`,
  );
  const rows = rowsOf<{ type: string; total: string; n: number }>(totals);
  const minor = (type: string) => Number(rows.find((r) => r.type === type)?.total ?? 0);
  return {
    income: minor('income') / 100,
    spending: minor('expense') / 100,
    count: rows.reduce((n, r) => n + Number(r.n), 0),
    categories: rowsOf<{ category: string; total: string }>(byCategory).map((r) => ({ category: r.category, amount: Number(r.total) / 100 })),
    merchants: rowsOf<{ merchant: string; total: string }>(byMerchant).map((r) => ({ merchant: r.merchant, amount: Number(r.total) / 100 })),
  };
}

const get = <T>(token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));

async function analytics(token: string, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/dashboard/analytics${query}`, headers: bearer(token) });
  return res;
}

describe('GET /dashboard/analytics', () => {
  it('answers the spec defaults (7_days by days) for a new user with an empty picture', async () => {
    const u = await onRealClock(() => signUpWithAccess(t.app));
    const res = await analytics(u.token);
    expect(res.statusCode).toBe(200);
    const body = res.json<DashboardAnalytics>();
    expect(body).toMatchObject({ period: '7_days', time_unit: 'days', has_transactions: false, balance: 0, currency: 'USD' });
    expect(body.series).toHaveLength(7);
    expect(body.range).toEqual({ start: daysAgo(6), end: today });
  });

  it('unknown period or time_unit is a 422 naming the allowed values', async () => {
    const u = await onRealClock(() => signUpWithAccess(t.app));
    const bad = await analytics(u.token, '?period=forever');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe('period must be one of 7_days, 30_days, 90_days, 12_months, year_to_date, last_month, all_time, custom');
    const badUnit = await analytics(u.token, '?time_unit=hours');
    expect(badUnit.statusCode).toBe(422);
    expect(badUnit.json().detail).toBe('time_unit must be one of days, weeks, months');
  });

  it('is a premium endpoint: 403 with a detail without trial or plan; 401 without a token', async () => {
    const u = await onRealClock(() => signUpAndVerify(t.app));
    const res = await analytics(u.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/free trial|plan/);
    expect((await t.app.inject({ method: 'GET', url: '/dashboard/analytics' })).statusCode).toBe(401);
  });

  it.each(DASHBOARD_PERIODS.filter((p) => p !== 'custom'))('%s: totals, categories, merchants and every series bucket equal a from-scratch aggregate', async (period) => {
    const u = await onRealClock(() => signUpWithAccess(t.app));
    await seed(u.userId, 400, random(period.length * 7919));
    const body = (await analytics(u.token, `?period=${period}&time_unit=weeks`)).json<DashboardAnalytics>();
    const truth = await fromScratch(u.userId, body.range.start, body.range.end);
    expect(body.totals.income).toBeCloseTo(truth.income, 2);
    expect(body.totals.spending).toBeCloseTo(truth.spending, 2);
    expect(body.totals.transaction_count).toBe(truth.count);
    expect([...body.categories].sort((a, b) => a.category.localeCompare(b.category)).map((c) => ({ category: c.category, amount: c.amount }))).toEqual(truth.categories);
    expect(body.top_merchants.map((m) => ({ merchant: m.merchant, amount: m.amount }))).toEqual(truth.merchants);
    const seriesIncome = body.series.reduce((s, b) => s + b.income, 0);
    const seriesSpending = body.series.reduce((s, b) => s + b.spending, 0);
    expect(seriesIncome).toBeCloseTo(truth.income, 2);
    expect(seriesSpending).toBeCloseTo(truth.spending, 2);
    if (body.previous_range) {
      // Compared only when the history covers the whole previous period.
      const firstDay = rowsOf<{ first: string }>(await t.app.db.execute(sql`select min(date)::text as first from transactions where user_id = ${u.userId}`))[0]!.first;
      if (firstDay <= body.previous_range.start) {
        const before = await fromScratch(u.userId, body.previous_range.start, body.previous_range.end);
        expect(body.previous?.spending).toBeCloseTo(before.spending, 2);
      } else {
        expect(body.previous).toBeNull();
        expect(body.change).toEqual({ income: null, spending: null, net: null, savings_rate: null });
      }
    } else {
      expect(period).toBe('all_time');
    }
    // Every bucket, for every unit, equals a GROUP BY over the transactions in range.
    for (const unit of ['days', 'weeks', 'months'] as const) {
      const byUnit = (await analytics(u.token, `?period=${period}&time_unit=${unit}`)).json<DashboardAnalytics>();
      const trunc = { days: 'day', weeks: 'week', months: 'month' }[unit];
      const buckets = rowsOf<{ bucket: string; income: string; spending: string }>(
        await t.app.db.execute(sql`
          select to_char(greatest(date_trunc(${trunc}, date::timestamp), date_trunc(${trunc}, ${byUnit.range.start}::timestamp)), 'YYYY-MM-DD') as bucket,
                 sum(case when type = 'income' then amount_minor else 0 end)::bigint as income,
                 sum(case when type = 'expense' then amount_minor else 0 end)::bigint as spending
          from transactions where user_id = ${u.userId} and date between ${byUnit.range.start} and ${byUnit.range.end} group by 1`),
      );
      const expected = new Map(buckets.map((b) => [b.bucket, { income: Number(b.income) / 100, spending: Number(b.spending) / 100 }]));
      for (const b of byUnit.series) {
        const want = expected.get(b.bucket) ?? { income: 0, spending: 0 };
        expect({ bucket: b.bucket, income: b.income, spending: b.spending }, `${period} by ${unit}`).toEqual({ bucket: b.bucket, ...want });
      }
      expect(byUnit.series.filter((b) => expected.has(b.bucket))).toHaveLength(expected.size);
    }
  });

  it('rollups equal recomputation after random create, update and delete sequences', async () => {
    const u = await onRealClock(() => signUpWithAccess(t.app));
    const rnd = random(424242);
    await seed(u.userId, 150, rnd);
    for (let round = 0; round < 25; round++) {
      const pick = rnd();
      if (pick < 0.35) await seed(u.userId, 1 + Math.floor(rnd() * 20), rnd);
      else if (pick < 0.7)
        await t.app.db.execute(
          sql`update transactions set amount_minor = amount_minor + ${Math.floor(rnd() * 900)}, date = date - ${Math.floor(rnd() * 3)}::int, category = ${categories[Math.floor(rnd() * 4)]!}, merchant = ${merchants[Math.floor(rnd() * 5)] ?? null}, type = case when random() < 0.1 then 'income' else type end where user_id = ${u.userId} and id in (select id from transactions where user_id = ${u.userId} order by id limit ${1 + Math.floor(rnd() * 15)} offset ${Math.floor(rnd() * 40)})`,
        );
      else await t.app.db.execute(sql`delete from transactions where user_id = ${u.userId} and id in (select id from transactions where user_id = ${u.userId} order by id desc limit ${1 + Math.floor(rnd() * 10)})`);
    }
    const body = (await analytics(u.token, '?period=all_time')).json<DashboardAnalytics>();
    const truth = await fromScratch(u.userId, '1900-01-01', today);
    expect(body.totals.spending).toBeCloseTo(truth.spending, 2);
    expect(body.totals.income).toBeCloseTo(truth.income, 2);
    expect(body.balance).toBeCloseTo(truth.income - truth.spending, 2);
    const merchantRollup = await t.app.db.execute(
      sql`select merchant, sum(total_minor)::bigint as total from transaction_merchant_daily where user_id = ${u.userId} group by merchant order by merchant`,
    );
    const merchantTruth = await t.app.db.execute(
      sql`select merchant, sum(amount_minor)::bigint as total from transactions where user_id = ${u.userId} and type = 'expense' and merchant is not null group by merchant order by merchant`,
    );
    expect(rowsOf(merchantRollup)).toEqual(rowsOf(merchantTruth));
    const empty = await t.app.db.execute(sql`select count(*)::int as n from transaction_merchant_daily where user_id = ${u.userId} and count = 0`);
    expect(rowsOf<{ n: number }>(empty)[0]?.n).toBe(0);
  });

  it('compares with the previous period and warns about categories spending faster than usual', async () => {
    const u = await onRealClock(() => signUpWithAccess(t.app));
    const row = (date: string, category: string, amountMinor: number) => ({ userId: u.userId, type: 'expense' as const, amountMinor, date, category, description: 'x', merchant: 'Shop' });
    // Usual dining: 100.00 in each of the three 30-day periods before; this period: 300.00.
    await t.app.db.insert(transactions).values([row(daysAgo(40), 'Dining', 10_000), row(daysAgo(70), 'Dining', 10_000), row(daysAgo(100), 'Dining', 10_000), row(daysAgo(2), 'Dining', 30_000), row(daysAgo(3), 'Groceries', 5_000), row(daysAgo(40), 'Groceries', 5_000), row(daysAgo(70), 'Groceries', 5_000), row(daysAgo(100), 'Groceries', 5_000), row(daysAgo(119), 'Transport', 500)]);
    const body = (await analytics(u.token, '?period=30_days')).json<DashboardAnalytics>();
    expect(body.totals.spending).toBe(350);
    // The usual needs the whole 90 days before the period (history starts 119 days ago here); 90_days has no such history.
    expect((await analytics(u.token, '?period=90_days')).json<DashboardAnalytics>().warnings).toEqual([]);
    expect(body.previous?.spending).toBe(150);
    // Groceries: 50.00 now, 50.00 usual: no warning.
    expect(body.change.spending).toBe(133.3);
    expect(body.warnings).toEqual([{ category: 'Dining', amount: 300, usual: 100, ratio: 3 }]);
    expect(body.recent[0]).toMatchObject({ date: daysAgo(2), amount: 300, category: 'Dining' });
  });

  it('no comparison with a previous period the history only partly covers (a new user would see +900%)', async () => {
    const u = await onRealClock(() => signUpWithAccess(t.app));
    const row = (date: string, amountMinor: number) => ({ userId: u.userId, type: 'expense' as const, amountMinor, date, category: 'Dining', description: 'x' });
    // 30 days: the previous period is 30–59 days ago; the history starts 40 days ago.
    await t.app.db.insert(transactions).values([row(daysAgo(40), 1_000), row(daysAgo(2), 9_000)]);
    const partial = (await analytics(u.token, '?period=30_days')).json<DashboardAnalytics>();
    expect(partial.previous_range).toEqual({ start: daysAgo(59), end: daysAgo(30) });
    expect(partial.previous).toBeNull();
    expect(partial.change).toEqual({ income: null, spending: null, net: null, savings_rate: null });
    // Once the history reaches back to the start of the previous period, the comparison is there.
    await t.app.db.insert(transactions).values([row(daysAgo(59), 1_000)]);
    const covered = (await analytics(u.token, '?period=30_days')).json<DashboardAnalytics>();
    expect(covered.previous?.spending).toBe(20);
    expect(covered.change.spending).toBe(350);
  });


  it('last month and a custom range: the days asked for, compared with the same number of days before (defect 7)', async () => {
    const u = await onRealClock(() => signUpWithAccess(t.app));
    await seed(u.userId, 300, random(77));
    const [y, m] = today.split('-').map(Number) as [number, number];
    const first = (dy: number, dm: number) => new Date(Date.UTC(dy, dm, 1)).toISOString().slice(0, 10);
    const last = (dy: number, dm: number) => new Date(Date.UTC(dy, dm + 1, 0)).toISOString().slice(0, 10);
    const lm = (await analytics(u.token, '?period=last_month&time_unit=weeks')).json<DashboardAnalytics>();
    expect(lm.range).toEqual({ start: first(y, m - 2), end: last(y, m - 2) });
    expect(lm.previous_range).toEqual({ start: first(y, m - 3), end: last(y, m - 3) });
    const truth = await fromScratch(u.userId, lm.range.start, lm.range.end);
    expect(lm.totals.spending).toBeCloseTo(truth.spending, 2);
    expect(lm.previous?.spending).toBeCloseTo((await fromScratch(u.userId, lm.previous_range!.start, lm.previous_range!.end)).spending, 2);

    const custom = (await analytics(u.token, `?period=custom&date_from=${daysAgo(44)}&date_to=${daysAgo(15)}`)).json<DashboardAnalytics>();
    expect(custom).toMatchObject({ period: 'custom', range: { start: daysAgo(44), end: daysAgo(15) }, previous_range: { start: daysAgo(74), end: daysAgo(45) } });
    expect(custom.series).toHaveLength(30);
    expect(custom.totals.income).toBeCloseTo((await fromScratch(u.userId, daysAgo(44), daysAgo(15))).income, 2);
    expect(custom.history_start).toBe(rowsOf<{ first: string }>(await t.app.db.execute(sql`select min(date)::text as first from transactions where user_id = ${u.userId}`))[0]!.first);
  });

  it.each([
    ['?period=custom', 'date_from is required when period is custom'],
    [`?period=custom&date_from=${daysAgo(3)}&date_to=${daysAgo(9)}`, 'date_to must be on or after date_from'],
    [`?period=7_days&date_from=${daysAgo(3)}`, 'date_from and date_to go with period=custom only'],
    ['?period=custom&date_from=2020-02-30&date_to=2020-03-01', 'date_from must be a real calendar date'],
    ['?period=custom&date_from=2000-01-01&date_to=2020-01-01&time_unit=days', 'time_unit=days would draw more than 1,000 bars for this range: use weeks or months'],
  ])('%s is a 422: %s', async (query, detail) => {
    const u = await onRealClock(() => signUpWithAccess(t.app));
    const res = await analytics(u.token, query);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain(detail);
  });

  it("each category carries its own colour: the user's, the built-in one, or a stable one from the name (defect 6)", async () => {
    const u = await onRealClock(() => signUpWithAccess(t.app));
    const add = (payload: object) => t.app.inject({ method: 'POST', url: '/transactions/categories', headers: bearer(u.token), payload });
    expect((await add({ name: 'Pets', type: 'expense', color: '#D6336C' })).statusCode).toBe(201);
    expect((await add({ name: 'Hobbies', type: 'expense' })).statusCode).toBe(201);
    const row = (category: string, amountMinor: number) => ({ userId: u.userId, type: 'expense' as const, amountMinor, date: daysAgo(1), category, description: 'x' });
    await t.app.db.insert(transactions).values([row('Pets', 5_000), row('Hobbies', 4_000), row('Transport', 3_000)]);
    const body = (await analytics(u.token)).json<DashboardAnalytics>();
    const colour = Object.fromEntries(body.categories.map((c) => [c.category, c.color]));
    expect(colour.Pets).toBe('#d6336c');
    expect(colour.Transport).toBe(DEFAULT_CATEGORIES.find((c) => c.name === 'Transport')!.color);
    expect(colour.Hobbies).toBe(categoryColor('Hobbies'));
    expect(new Set(Object.values(colour)).size).toBe(3);
  });
  it('the dashboard and the transaction filter totals agree for the same days (defect 7)', async () => {
    const from = daysAgo(120);
    const to = daysAgo(3);
    const u = await onRealClock(() => signUpWithAccess(t.app));
    await seed(u.userId, 300, random(5));
    const token = u.token;
    const totals = (await get<FilterTotals>(token, `/transactions/summary?date_from=${from}&date_to=${to}`)).body;
    const dash = (await get<DashboardAnalytics>(token, `/dashboard/analytics?period=custom&date_from=${from}&date_to=${to}`)).body;
    expect({ income: dash.totals.income, spending: dash.totals.spending, net: dash.totals.net, count: dash.totals.transaction_count }).toEqual({
      income: totals.income,
      spending: totals.spending,
      net: totals.net,
      count: totals.transaction_count,
    });
  });

  it("one user never sees another's numbers", async () => {
    const a = await onRealClock(() => signUpWithAccess(t.app));
    const b = await onRealClock(() => signUpWithAccess(t.app));
    await seed(a.userId, 50, random(1));
    const body = (await analytics(b.token, '?period=all_time')).json<DashboardAnalytics>();
    expect(body.has_transactions).toBe(false);
    expect(body.recent).toEqual([]);
  });
});

describe('period arithmetic', () => {
  it('periods end today and the previous period has the same length', () => {
    expect(periodRanges('7_days', '2026-03-10', null)).toEqual({ range: { start: '2026-03-04', end: '2026-03-10' }, previous: { start: '2026-02-25', end: '2026-03-03' } });
    expect(periodRanges('12_months', '2026-03-10', null).range.start).toBe('2025-04-01');
    expect(periodRanges('year_to_date', '2024-02-29', null)).toEqual({ range: { start: '2024-01-01', end: '2024-02-29' }, previous: { start: '2023-01-01', end: '2023-02-28' } });
    expect(periodRanges('all_time', '2026-03-10', '2020-05-01')).toEqual({ range: { start: '2020-05-01', end: '2026-03-10' }, previous: null });
    expect(periodRanges('last_month', '2026-03-10', null)).toEqual({ range: { start: '2026-02-01', end: '2026-02-28' }, previous: { start: '2026-01-01', end: '2026-01-31' } });
    expect(periodRanges('last_month', '2026-01-31', null)).toEqual({ range: { start: '2025-12-01', end: '2025-12-31' }, previous: { start: '2025-11-01', end: '2025-11-30' } });
    expect(periodRanges('custom', '2026-03-10', null, { start: '2026-02-27', end: '2026-03-02' })).toEqual({ range: { start: '2026-02-27', end: '2026-03-02' }, previous: { start: '2026-02-23', end: '2026-02-26' } });
  });

  it('buckets cover the range: days, ISO weeks from Monday, months', () => {
    expect(bucketStarts({ start: '2026-03-04', end: '2026-03-10' }, 'days')).toHaveLength(7);
    expect(bucketStarts({ start: '2026-03-04', end: '2026-03-10' }, 'weeks')).toEqual(['2026-03-02', '2026-03-09']);
    expect(bucketStarts({ start: '2025-11-15', end: '2026-02-01' }, 'months')).toEqual(['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01']);
  });
});

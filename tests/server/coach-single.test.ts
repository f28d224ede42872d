import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewTransaction } from '../../src/server/repositories/transactions';
import { SINGLE_WALK, singleTransaction, type SubsetFilter } from '../../src/server/repositories/transactionStats';
import { createTestApp, signUpWithAccess, type TestApp, type VerifiedUser } from '../support/app';

/**
 * The coach's "the most (least) I spent on a single order at <merchant>" walks the
 * merchant's rows in amount order and stops at the first one of the period, or, when the walk meets
 * none within SINGLE_WALK rows, sorts the period's rows. Either way the answer must be the exact
 * largest (smallest) payment of the period, the latest one on a tie, whatever the merchant's case:
 * checked here against the rows this file inserted, computed in plain JavaScript.
 */
let t: TestApp;
let user: VerifiedUser;
const inserted: NewTransaction[] = [];

const day = (y: number, dayOfYear: number) => new Date(Date.UTC(y, 0, 1) + dayOfYear * 86_400_000).toISOString().slice(0, 10);
const row = (merchant: string, amountMinor: number, date: string, type: 'income' | 'expense' = 'expense'): NewTransaction => ({
  type,
  amountMinor,
  date,
  category: type === 'expense' ? 'Shopping' : 'Refunds',
  description: `Order ${inserted.length}`,
  merchant,
  notes: null,
  tags: [],
  currency: null,
});

beforeAll(async () => {
  t = await createTestApp();
  user = await signUpWithAccess(t.app);
  let seed = 7;
  const next = () => (seed = (seed * 48_271) % 2_147_483_647);
  // Years of large orders before the period: more than the walk reads, so a question about 2024's
  // largest order cannot be answered by the walk and takes the sort of the period's rows.
  for (let i = 0; i < SINGLE_WALK + 500; i++) inserted.push(row(i % 3 ? 'Amazon' : 'AMAZON', 50_000 + (next() % 50_000), day(2019 + (i % 2), i % 360)));
  // 2024: ordinary orders, the merchant's name in three spellings, a tie at the top and one at the bottom on different days.
  for (let i = 0; i < 300; i++) inserted.push(row(['Amazon', 'amazon', 'AMAZON'][i % 3]!, 500 + (next() % 19_000), day(2024, i % 365)));
  inserted.push(row('Amazon', 19_999, day(2024, 40)), row('amazon', 19_999, day(2024, 200)));
  inserted.push(row('AMAZON', 101, day(2024, 10)), row('Amazon', 101, day(2024, 300)));
  // Other merchants and another flow: never part of the answer.
  for (let i = 0; i < 200; i++) inserted.push(row('Target', 100 + (next() % 90_000), day(2024, i % 365)), row('Amazon Marketplace', 30 + (next() % 90_000), day(2024, i % 365)));
  inserted.push(row('Amazon', 25_000, day(2024, 100), 'income'), row('Amazon', 99, day(2024, 120), 'income'));
  await t.app.repos.transactions.insertMany(t.app.db, user.userId, inserted, 'manual');
}, 300_000);
afterAll(async () => t?.close());

/** The answer from the inserted rows themselves. */
function expected(f: SubsetFilter, which: 'largest' | 'smallest') {
  const rows = inserted.filter((r) => r.merchant?.toLowerCase() === f.merchants![0]!.toLowerCase() && r.type === f.type && r.date >= f.from && r.date <= f.to);
  if (!rows.length) return null;
  const best = rows.reduce((a, b) => {
    const better = which === 'largest' ? b.amountMinor > a.amountMinor : b.amountMinor < a.amountMinor;
    return better || (b.amountMinor === a.amountMinor && b.date > a.date) ? b : a;
  });
  return { amountMinor: best.amountMinor, date: best.date };
}

const cases: [string, SubsetFilter][] = [
  ['2024 (the walk meets only older orders: the period is sorted)', { from: '2024-01-01', to: '2024-12-31', type: 'expense', merchants: ['Amazon'] }],
  ['all years (the walk stops at once)', { from: '2019-01-01', to: '2024-12-31', type: 'expense', merchants: ['amazon'] }],
  ['one month of 2024', { from: '2024-03-01', to: '2024-03-31', type: 'expense', merchants: ['AMAZON'] }],
  ['2020', { from: '2020-01-01', to: '2020-12-31', type: 'expense', merchants: ['Amazon'] }],
  ['a year with no orders', { from: '2022-01-01', to: '2022-12-31', type: 'expense', merchants: ['Amazon'] }],
  ['money in from the merchant', { from: '2024-01-01', to: '2024-12-31', type: 'income', merchants: ['Amazon'] }],
];

describe("the largest and smallest single payment at one merchant", () => {
  for (const [name, filter] of cases) {
    for (const which of ['largest', 'smallest'] as const) {
      it(`${which}, ${name}`, { timeout: 60_000 }, async () => {
        const got = await singleTransaction(t.app.db, user.userId, filter, which);
        const want = expected(filter, which);
        expect(got && { amountMinor: got.amountMinor, date: got.date }).toEqual(want);
        if (got) expect(got.merchant?.toLowerCase()).toBe(filter.merchants![0]!.toLowerCase());
      });
    }
  }

  it('a tie at the top of 2024 answers the later day', async () => {
    const got = await singleTransaction(t.app.db, user.userId, { from: '2024-01-01', to: '2024-12-31', type: 'expense', merchants: ['Amazon'] }, 'largest');
    expect(got).toMatchObject({ amountMinor: 19_999, date: day(2024, 200) });
    const least = await singleTransaction(t.app.db, user.userId, { from: '2024-01-01', to: '2024-12-31', type: 'expense', merchants: ['Amazon'] }, 'smallest');
    expect(least).toMatchObject({ amountMinor: 101, date: day(2024, 300) });
  });
});

import { describe, expect, it } from 'vitest';
import { declines, judge, money, moneyFigures, moneyPattern, notMoney, oracle, verdict, count } from './oracle';
import type { Person, Row } from './people';

/** A tiny person worked out by hand: March and the first days of April 2025, today Saturday 5 April. */
const row = (date: string, minor: number, kind: Row['kind'], merchant: string, type: Row['type'] = 'expense'): Row => ({ date, type, minor, bank: merchant.toUpperCase(), category: null, merchant, kind });
const person: Person = {
  key: 'dana',
  about: 'hand-made',
  currency: 'USD',
  loading: 'api',
  trip: { name: 'Lisbon', start: '2025-03-27', end: '2025-03-28' },
  facts: {},
  rows: [
    row('2025-03-01', 100_000, 'rent', 'Landlord'),
    row('2025-03-03', 450, 'coffee', 'Blue Bottle Coffee'),
    row('2025-03-10', 525, 'coffee', 'Starbucks'),
    row('2025-03-12', 2000, 'takeaway', 'Uber Eats'),
    row('2025-03-15', 1200, 'rideshare', 'Uber'),
    row('2025-03-20', 200_000, 'salary', 'Employer', 'income'),
    row('2025-03-22', 5000, 'shopping', 'Amazon'),
    row('2025-03-29', 2000, 'refund', 'Amazon', 'income'),
    { ...row('2025-03-27', 8000, 'lodging', 'Hotel'), trip: 'Lisbon' },
    row('2025-03-30', 1575, 'takeaway', 'Uber Eats'),
    row('2025-04-02', 300, 'coffee', 'Starbucks'),
    row('2025-04-05', 999, 'groceries', 'Safeway'),
  ],
};
const o = oracle(person, '2025-04-05');

describe('the held-out oracle on a hand-made person', () => {
  it('sums, counts and averages by what a row really is', () => {
    const march = o.month(-1);
    expect(march.name).toBe('March');
    expect(o.spent(o.kind('coffee'), march.period)).toBe(975); // 4.50 + 5.25
    expect(o.count(o.kind('coffee'), o.all)).toBe(3);
    expect(o.perVisit(o.kind('coffee'), march.period)).toBe(488); // 9.75 / 2 = 4.875, to the cent
    expect(o.spent(o.kind('takeaway'), march.period)).toBe(3575); // the rides are not takeaway
    expect(o.earned(o.any, march.period)).toBe(202_000);
    expect(o.spent(o.merchant('Amazon'), march.period) - o.earned(o.kind('refund'), march.period)).toBe(3000); // net of the return
    expect(o.largest(o.not(o.kind('rent')), march.period)).toBe(8000);
    expect(o.topMonth(o.kind('coffee'), [0, -1]).month.m).toBe(3);
    expect(o.spent(o.onTrip, o.all)).toBe(8000);
  });

  it('periods: this month ends today; the past N days and last weekend allow each reading', () => {
    expect(o.thisMonth.period).toEqual({ start: '2025-04-01', end: '2025-04-05' });
    expect(o.lastDays(7)).toEqual([
      { start: '2025-03-30', end: '2025-04-05' },
      { start: '2025-03-29', end: '2025-04-05' },
      { start: '2025-03-29', end: '2025-04-04' },
    ]);
    // Today is a Saturday: the weekend before (29–30 March) or the one under way.
    expect(o.lastWeekend()).toEqual([
      { start: '2025-03-29', end: '2025-03-30' },
      { start: '2025-04-05', end: '2025-04-05' },
    ]);
    expect(o.lastWeekend().map((p) => o.spent(o.any, p))).toEqual([1575, 999]);
  });

  it('money is matched as the app writes it, whole figures only', () => {
    expect(moneyPattern(100_000).test('You paid **$1,000.00** in rent')).toBe(true);
    expect(moneyPattern(100_000).test('rent: 1000.00 USD')).toBe(true);
    expect(moneyPattern(100_000).test('about €1,000 a month')).toBe(true);
    expect(moneyPattern(100_000).test('11,000.00')).toBe(false);
    expect(moneyPattern(100_000).test('1,000.001')).toBe(false);
    expect(moneyPattern(488).test('4.88')).toBe(true);
    expect(moneyPattern(488).test('14.88')).toBe(false);
    expect(moneyFigures('£12.50 then 3.10 and 12.5% and 2026')).toEqual(['£12.50', '3.10']);
  });

  it('a figure for a different question is wrong when the answer leads with it', () => {
    const checks = [money(450, 'Blue Bottle'), notMoney(975, 'all coffee')];
    expect(judge('You spent $4.50 at Blue Bottle; all coffee came to $9.75.', checks)).toEqual([]);
    expect(judge('Coffee came to $9.75, of which Blue Bottle $4.50.', checks)).toEqual(['leads with 9.75, the figure for all coffee']);
    expect(judge('Coffee came to $9.75.', checks)).toEqual(['missing Blue Bottle (4.50)', 'states 9.75, the figure for all coffee']);
  });

  it('declining states no figure; counts sit next to their noun', () => {
    expect(verdict("I can't see your credit score: it isn't in your transactions.", declines())).toBeNull();
    expect(verdict('You spent $5.37 at a store.', declines())).toMatch(/states a figure/);
    expect(verdict("That's outside what I can help with.", declines())).toMatch(/cannot tell/);
    expect(verdict('You took 3 Uber rides last month.', count(3, 'rides'))).toBeNull();
    expect(verdict('You ordered twice.', count(2, 'orders'))).toBeNull();
    expect(verdict('3 of your 12 transactions', count(12, 'x'))).toBeNull();
    expect(verdict('In 2025 you spent more', count(2025, 'x'))).toMatch(/missing/);
  });
});

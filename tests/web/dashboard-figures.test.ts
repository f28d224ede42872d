import { describe, expect, it } from 'vitest';
import type { DashboardAnalytics } from '../../src/contract/dashboard';
import { amountChange, netChange, savingsRateLine, spendingLegend } from '../../src/web/views/dashboard/figures';

const money = (n: number) => `$${n.toFixed(2)}`;
const totals = (income: number, spending: number) => ({ income, spending, net: income - spending, savings_rate: income > 0 ? Math.round(((income - spending) / income) * 1000) / 10 : null, transaction_count: 1 });
const week = (now: ReturnType<typeof totals>, before: ReturnType<typeof totals> | null, change: Partial<DashboardAnalytics['change']> = {}) => ({
  period: '7_days' as const,
  range: { start: '2026-11-16', end: '2026-11-22' },
  previous_range: { start: '2026-11-09', end: '2026-11-15' },
  history_start: '2025-11-20',
  totals: now,
  previous: before,
  change: { income: null, spending: null, net: null, savings_rate: null, ...change },
});

describe('dashboard figures explain themselves (defect 5)', () => {
  it('7 days without income in a year of history: the income card and the savings rate say so, never "No earlier period to compare"', () => {
    const a = week(totals(0, 474.2), totals(0, 358.65), { spending: 32.2 });
    expect(amountChange(a, 'income', money).text).toBe('No income in these 7 days or the 7 days before');
    expect(savingsRateLine(a).text).toBe('No income in these 7 days, so no rate');
    expect(amountChange(a, 'spending', money)).toEqual({ text: '32.2% vs the 7 days before', arrow: '▲', tone: 'bad' });
    expect(netChange(a, money)).toEqual({ text: '$115.55 vs the 7 days before', arrow: '▼', tone: 'bad' });
  });

  it('income where the previous period had none: up from $0.00, no percentage', () => {
    const a = week(totals(2500, 400), totals(0, 300));
    expect(amountChange(a, 'income', money)).toEqual({ text: 'Up from $0.00 in the 7 days before', arrow: '▲', tone: 'good' });
    expect(savingsRateLine(a).text).toBe('No income in the 7 days before to compare with');
  });

  it('a history too short to compare says where it starts; all time says since when', () => {
    const a = { ...week(totals(100, 50), null), history_start: '2026-11-12' };
    expect(amountChange(a, 'income', money).text).toMatch(/^Your history starts .*2026: too short to compare with the 7 days before$/);
    expect(netChange({ ...a, period: 'all_time' as const }, money).text).toMatch(/^Since /);
    expect(amountChange({ ...a, totals: totals(0, 50) }, 'income', money).text).toBe('No income in these 7 days');
  });

  it('custom ranges and last month are named as such', () => {
    const a = { ...week(totals(10, 0), totals(0, 0)), period: 'custom' as const, range: { start: '2026-10-01', end: '2026-10-10' } };
    expect(amountChange(a, 'spending', money).text).toBe('No spending in these 10 days or the 10 days before');
    expect(savingsRateLine({ ...a, period: 'last_month' as const, totals: totals(0, 5) }).text).toBe('No income in last month, so no rate');
  });
});

describe('spending legend (defect 6)', () => {
  let n = 0;
  const cat = (category: string, amount: number) => ({ category, amount, share: 0, count: 1, color: `#0000${(++n).toString(16).padStart(2, '0')}` });

  it("past the top categories, one 'Other categories' row (with the built-in 'Other') so the rows add up to the total", () => {
    const cats = [cat('Housing', 900), cat('Groceries', 300), cat('Other', 250), cat('Transport', 200), cat('Dining', 150), cat('Utilities', 100), cat('Shopping', 60), cat('Health', 30), cat('Travel', 10)];
    const total = cats.reduce((s, c) => s + c.amount, 0);
    const rows = spendingLegend(cats, total);
    expect(rows.map((r) => r.name)).toEqual(['Housing', 'Groceries', 'Transport', 'Dining', 'Utilities', 'Shopping', 'Other categories']);
    expect(rows.at(-1)).toMatchObject({ amount: 290, includes: ['Other', 'Health', 'Travel'] });
    expect(rows.reduce((s, r) => s + r.amount, 0)).toBeCloseTo(total, 2);
    expect(new Set(rows.map((r) => r.color)).size).toBe(rows.length);
  });

  it('a few categories are all listed; the built-in Other keeps its name', () => {
    const rows = spendingLegend([cat('Housing', 10), cat('Other', 5)], 15);
    expect(rows.map((r) => [r.name, r.share])).toEqual([
      ['Housing', 66.7],
      ['Other', 33.3],
    ]);
  });
});

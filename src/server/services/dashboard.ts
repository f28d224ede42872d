import { addDays, dayOf, daysBetween } from '../../contract/calendar';
import { categoryColor } from '../../contract/categoryColors';
import type { z } from 'zod';
import { MAX_BUCKETS, type analyticsQuery, type DashboardAnalytics, type DashboardPeriod, type TimeUnit } from '../../contract/dashboard';
import { fromMinor, wholeNumber } from '../../contract/money';
import { notFound, ValidationError } from '../errors';
import type { DashboardRepository, DayRange } from '../repositories/dashboard';
import type { UsersRepository } from '../repositories/users';
import { sumByType, type RollupGroup } from '../repositories/rollups';

const DAY = 86_400_000;

/**
 * The days a period covers, ending today (UTC), and the period before it of the same length;
 * last_month is the previous calendar month (before it, the month before), custom the days given.
 */
export function periodRanges(period: DashboardPeriod, today: string, firstDay: string | null, custom?: DayRange): { range: DayRange; previous: DayRange | null } {
  const back = (days: number): { range: DayRange; previous: DayRange } => {
    const start = addDays(today, -(days - 1));
    return { range: { start, end: today }, previous: { start: addDays(start, -days), end: addDays(start, -1) } };
  };
  const [y, m] = today.split('-').map(Number) as [number, number];
  switch (period) {
    case '7_days':
      return back(7);
    case '30_days':
      return back(30);
    case '90_days':
      return back(90);
    case '12_months': {
      const start = dayOf(new Date(Date.UTC(y, m - 1 - 11, 1)));
      return { range: { start, end: today }, previous: { start: dayOf(new Date(Date.UTC(y, m - 1 - 23, 1))), end: addDays(start, -1) } };
    }
    case 'year_to_date': {
      const start = `${y}-01-01`;
      const lastYearSameDay = dayOf(new Date(Date.UTC(y - 1, m - 1, Math.min(Number(today.slice(8)), new Date(Date.UTC(y - 1, m, 0)).getUTCDate()))));
      return { range: { start, end: today }, previous: { start: `${y - 1}-01-01`, end: lastYearSameDay } };
    }
    case 'last_month': {
      const start = dayOf(new Date(Date.UTC(y, m - 2, 1)));
      return { range: { start, end: addDays(`${today.slice(0, 7)}-01`, -1) }, previous: { start: dayOf(new Date(Date.UTC(y, m - 3, 1))), end: addDays(start, -1) } };
    }
    case 'custom': {
      if (!custom) throw new ValidationError('date_from and date_to are required when period is custom');
      // Totals count what has happened: a range reaching past today ends today (scheduled entries wait for their day).
      const range = { start: custom.start, end: custom.end > today && custom.start <= today ? today : custom.end };
      const days = daysBetween(range.start, range.end);
      return { range, previous: { start: addDays(range.start, -days), end: addDays(range.start, -1) } };
    }
    case 'all_time':
      return { range: { start: firstDay && firstDay < today ? firstDay : today, end: today }, previous: null };
  }
}

/** Every bucket start in the range, so the chart has a point for quiet days too. */
export function bucketStarts(range: DayRange, unit: TimeUnit): string[] {
  const starts: string[] = [];
  let cursor = new Date(`${range.start}T00:00:00Z`);
  if (unit === 'weeks') cursor = new Date(cursor.getTime() - ((cursor.getUTCDay() + 6) % 7) * DAY);
  if (unit === 'months') cursor = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth(), 1));
  const end = Date.parse(`${range.end}T00:00:00Z`);
  while (cursor.getTime() <= end && starts.length <= MAX_BUCKETS) {
    starts.push(dayOf(cursor));
    if (unit === 'days') cursor = new Date(cursor.getTime() + DAY);
    else if (unit === 'weeks') cursor = new Date(cursor.getTime() + 7 * DAY);
    else cursor = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, 1));
  }
  return starts;
}

const pct = (now: number, before: number) => (before === 0 ? null : Math.round(((now - before) / Math.abs(before)) * 1000) / 10);
const rate = (income: number, spending: number) => (income > 0 ? Math.round(((income - spending) / income) * 1000) / 10 : null);

function summarize(groups: RollupGroup[]) {
  const sums = sumByType(groups);
  return { incomeMinor: sums.incomeMinor, spendingMinor: sums.expenseMinor, count: sums.incomeCount + sums.expenseCount, unconverted: sums.unconverted };
}

function totalsOf(t: { incomeMinor: number; spendingMinor: number; count: number }) {
  const income = fromMinor(t.incomeMinor);
  const spending = fromMinor(t.spendingMinor);
  return { income, spending, net: fromMinor(t.incomeMinor - t.spendingMinor), savings_rate: rate(t.incomeMinor, t.spendingMinor), transaction_count: t.count };
}

/** Spending faster than usual: above 125% of the average of the three periods before, by a visible margin. */
export const WARNING_RULE = { ratio: 1.25, minimumMinor: 2_000 } as const;

export async function buildAnalytics(
  repo: DashboardRepository,
  input: { userId: string; period: DashboardPeriod; timeUnit: TimeUnit; currency: string; today?: string; custom?: DayRange },
): Promise<DashboardAnalytics> {
  const today = input.today ?? dayOf(new Date());
  const all = await repo.allTime(input.userId, today);
  const { range, previous } = periodRanges(input.period, today, all.firstDay, input.custom);
  const buckets = bucketStarts(range, input.timeUnit);
  if (buckets.length > MAX_BUCKETS) {
    throw new ValidationError(`time_unit=${input.timeUnit} would draw more than ${wholeNumber(MAX_BUCKETS)} bars for this range: use ${input.timeUnit === 'days' ? 'weeks or months' : 'months'}`);
  }
  // Comparing with a period the history only partly covers would mislead (+900% against a few days of data).
  const comparable = previous !== null && all.firstDay !== null && all.firstDay <= previous.start;
  const usualStart = addDays(range.start, -3 * daysBetween(range.start, range.end));
  // "Usual" needs the whole history it averages over; with less, there is no usual to compare with.
  const usualRange = previous && all.firstDay !== null && all.firstDay <= usualStart ? { start: usualStart, end: addDays(range.start, -1) } : null;

  const [groups, before, series, usual, merchants, goals, recent, ownColors] = await Promise.all([
    repo.byCategory(input.userId, range),
    comparable ? repo.byCategory(input.userId, previous).then(summarize) : Promise.resolve(null),
    repo.series(input.userId, range, input.timeUnit),
    usualRange ? repo.byCategory(input.userId, usualRange, 'expense') : Promise.resolve([]),
    repo.topMerchants(input.userId, range, 5),
    repo.goals(input.userId, 6),
    repo.recent(input.userId, 6, today),
    repo.ownColors(input.userId),
  ]);
  const current = summarize(groups);
  const categories = groups.filter((g) => g.type === 'expense');

  const totals = totalsOf(current);
  const prev = before ? totalsOf(before) : null;
  const byBucket = new Map<string, { income: number; spending: number }>();
  for (const row of series) {
    const entry = byBucket.get(row.bucket) ?? { income: 0, spending: 0 };
    if (row.type === 'income') entry.income += row.totalMinor;
    else entry.spending += row.totalMinor;
    byBucket.set(row.bucket, entry);
  }
  const spendingMinor = current.spendingMinor;
  const usualByCategory = new Map(usual.map((u) => [u.category, u.totalMinor / 3]));

  return {
    period: input.period,
    time_unit: input.timeUnit,
    currency: input.currency,
    range,
    previous_range: previous,
    history_start: all.firstDay,
    totals,
    previous: prev,
    change: {
      income: prev ? pct(totals.income, prev.income) : null,
      spending: prev ? pct(totals.spending, prev.spending) : null,
      net: prev ? pct(totals.net, prev.net) : null,
      savings_rate: prev && totals.savings_rate !== null && prev.savings_rate !== null ? Math.round((totals.savings_rate - prev.savings_rate) * 10) / 10 : null,
    },
    balance: fromMinor(all.incomeMinor - all.spendingMinor),
    series: buckets.map((bucket) => {
      const b = byBucket.get(bucket) ?? { income: 0, spending: 0 };
      return { bucket, income: fromMinor(b.income), spending: fromMinor(b.spending), net: fromMinor(b.income - b.spending) };
    }),
    categories: categories
      .sort((a, b) => b.totalMinor - a.totalMinor || a.category.localeCompare(b.category))
      .map((c) => ({
        category: c.category,
        amount: fromMinor(c.totalMinor),
        share: spendingMinor ? Math.round((c.totalMinor / spendingMinor) * 1000) / 10 : 0,
        count: c.count,
        color: categoryColor(c.category, ownColors.get(c.category.toLowerCase())),
      })),
    top_merchants: merchants.map((m) => ({ merchant: m.merchant, amount: fromMinor(m.totalMinor), count: m.count })),
    goals: goals.map((g) => ({
      goal_id: g.id,
      name: g.name,
      target_amount: fromMinor(g.target),
      current_amount: fromMinor(g.current),
      progress: g.target > 0 ? Math.min(100, Math.round((g.current / g.target) * 1000) / 10) : 0,
      target_date: g.targetDate,
    })),
    warnings: categories
      .map((c) => ({ c, usual: usualByCategory.get(c.category) ?? 0 }))
      .filter(({ c, usual: u }) => u > 0 && c.totalMinor >= u * WARNING_RULE.ratio && c.totalMinor - u >= WARNING_RULE.minimumMinor)
      .sort((a, b) => b.c.totalMinor / b.usual - a.c.totalMinor / a.usual)
      .slice(0, 4)
      .map(({ c, usual: u }) => ({ category: c.category, amount: fromMinor(c.totalMinor), usual: fromMinor(Math.round(u)), ratio: Math.round((c.totalMinor / u) * 100) / 100 })),
    recent: recent.map((t) => ({
      transaction_id: t.id,
      date: t.date,
      type: t.type,
      amount: fromMinor(t.amountMinor),
      currency: t.currency ?? input.currency,
      base_amount: t.baseMinor === null ? null : fromMinor(t.baseMinor),
      category: t.category,
      description: t.description,
      merchant: t.merchant,
    })),
    has_transactions: all.count > 0,
    unconverted_count: current.unconverted,
    balance_unconverted_count: all.unconverted,
  };
}

/** GET /dashboard/analytics for one user: the query as `analyticsQuery` parsed it, in the account currency. */
export async function analyticsFor(
  repos: { users: Pick<UsersRepository, 'findById'>; dashboard: DashboardRepository },
  userId: string,
  q: z.output<typeof analyticsQuery>,
): Promise<DashboardAnalytics> {
  const user = await repos.users.findById(userId);
  if (!user) throw notFound('User not found');
  const custom = q.period === 'custom' && q.date_from && q.date_to ? { start: q.date_from, end: q.date_to } : undefined;
  return buildAnalytics(repos.dashboard, { userId: user.id, period: q.period, timeUnit: q.time_unit, currency: user.currency, custom });
}

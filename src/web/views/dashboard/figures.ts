import { OTHER_CATEGORIES_COLOR } from '../../../contract/categoryColors';
import type { DashboardAnalytics } from '../../../contract/dashboard';
import { formatDay } from '../../format/date';

/**
 * What the dashboard's figures say under their value: a change against the
 * previous period whenever the history covers it, and otherwise why there is none, in the words of
 * the period on screen ("No income in these 7 days"). Pure, so it is tested without a browser.
 */

export interface ChangeLine {
  /** The sentence under the figure. */
  text: string;
  /** Good, bad or neither, for the colour; null when there is no change figure. */
  tone: 'good' | 'bad' | 'neutral' | null;
  /** ▲ or ▼ or = before the text; null when there is no change figure. */
  arrow: '▲' | '▼' | '=' | null;
}

type Analytics = Pick<DashboardAnalytics, 'period' | 'range' | 'previous_range' | 'previous' | 'totals' | 'change' | 'history_start'>;

const dayCount = (r: { start: string; end: string }) => Math.round((Date.parse(`${r.end}T00:00:00Z`) - Date.parse(`${r.start}T00:00:00Z`)) / 86_400_000) + 1;
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** The period on screen and the one before it, as words: 'these 7 days' / 'the 7 days before'. */
export function periodWords(a: Pick<Analytics, 'period' | 'range'>): { current: string; before: string } {
  switch (a.period) {
    case '7_days':
      return { current: 'these 7 days', before: 'the 7 days before' };
    case '30_days':
      return { current: 'these 30 days', before: 'the 30 days before' };
    case '90_days':
      return { current: 'these 90 days', before: 'the 90 days before' };
    case '12_months':
      return { current: 'these 12 months', before: 'the 12 months before' };
    case 'year_to_date':
      return { current: 'this year so far', before: 'the same days last year' };
    case 'last_month':
      return { current: 'last month', before: 'the month before' };
    case 'all_time':
      return { current: 'all your history', before: 'before it' };
    case 'custom':
      return { current: `these ${days(dayCount(a.range))}`, before: `the ${days(dayCount(a.range))} before` };
  }
}

/** Why there is no previous period to compare with. */
function noComparison(a: Analytics): ChangeLine {
  const none = { tone: null, arrow: null } as const;
  if (!a.history_start) return { text: 'No transactions yet', ...none };
  if (a.period === 'all_time') return { text: `Since ${formatDay(a.history_start)}`, ...none };
  return { text: `Your history starts ${formatDay(a.history_start)}: too short to compare with ${periodWords(a).before}`, ...none };
}

const trend = (value: number, goodWhenUp: boolean, text: string): ChangeLine => ({
  text,
  arrow: value > 0 ? '▲' : value < 0 ? '▼' : '=',
  tone: value === 0 ? 'neutral' : value > 0 === goodWhenUp ? 'good' : 'bad',
});

/** Income or spending: a percentage against the previous period, or why there is none. */
export function amountChange(a: Analytics, figure: 'income' | 'spending', money: (n: number) => string): ChangeLine {
  const words = periodWords(a);
  if (!a.previous) {
    if (a.totals[figure] === 0 && a.history_start) return { text: `No ${figure} in ${words.current}`, tone: null, arrow: null };
    return noComparison(a);
  }
  const now = a.totals[figure];
  const before = a.previous[figure];
  if (now === 0 && before === 0) return { text: `No ${figure} in ${words.current} or ${words.before}`, tone: null, arrow: null };
  const goodWhenUp = figure === 'income';
  if (before === 0) return trend(now, goodWhenUp, `Up from ${money(0)} in ${words.before}`);
  const pct = a.change[figure] ?? 0;
  return trend(pct, goodWhenUp, `${Math.abs(pct)}% vs ${words.before}`);
}

/** Net: the difference in money (a percentage of a net that changes sign means nothing). */
export function netChange(a: Analytics, money: (n: number) => string): ChangeLine {
  if (!a.previous) return noComparison(a);
  const diff = Math.round((a.totals.net - a.previous.net) * 100) / 100;
  if (diff === 0) return { text: `Same as ${periodWords(a).before}`, tone: 'neutral', arrow: '=' };
  return trend(diff, true, `${money(Math.abs(diff))} vs ${periodWords(a).before}`);
}

/** Savings rate: undefined without income, said in the period's words. */
export function savingsRateLine(a: Analytics): ChangeLine {
  const words = periodWords(a);
  if (a.totals.savings_rate === null) return { text: `No income in ${words.current}, so no rate`, tone: null, arrow: null };
  if (!a.previous) return noComparison(a);
  if (a.previous.savings_rate === null || a.change.savings_rate === null) return { text: `No income in ${words.before} to compare with`, tone: null, arrow: null };
  const pts = a.change.savings_rate;
  return trend(pts, true, `${Math.abs(pts)} pts vs ${words.before}`);
}

export interface LegendRow {
  name: string;
  amount: number;
  /** Percent of spending, one decimal. */
  share: number;
  color: string;
  /** The categories an 'Other categories' row stands for. */
  includes?: string[];
}

/**
 * The spending legend (defect 6): the largest categories by name and their own colour, then one
 * 'Other categories' row with the rest (and the built-in 'Other'), so the rows add up to the total.
 */
export function spendingLegend(categories: DashboardAnalytics['categories'], total: number, top = 6): LegendRow[] {
  const named = categories.filter((c) => c.category.toLowerCase() !== 'other');
  const shown = named.slice(0, categories.length <= top + 1 ? top + 1 : top);
  const rest = categories.filter((c) => !shown.includes(c));
  const share = (amount: number) => (total > 0 ? Math.round((amount / total) * 1000) / 10 : 0);
  const rows: LegendRow[] = shown.map((c) => ({ name: c.category, amount: c.amount, share: share(c.amount), color: c.color }));
  if (rest.length) {
    const amount = Math.round(rest.reduce((sum, c) => sum + c.amount, 0) * 100) / 100;
    const onlyOther = rest.length === 1 && rest[0]!.category.toLowerCase() === 'other';
    rows.push({ name: onlyOther ? rest[0]!.category : 'Other categories', amount, share: share(amount), color: OTHER_CATEGORIES_COLOR, includes: rest.map((c) => c.category) });
  }
  return rows;
}

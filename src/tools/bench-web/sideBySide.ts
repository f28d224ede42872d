/**
 * The side-by-side table of `npm run bench:web -- --peer actual`: each interaction both apps have, ours
 * against Actual's, p50/p95 over the same runs and the ratio of the p50s (Actual ÷ ours: above 1, ours is faster).
 */
import type { Sample } from './pages';

/** Which of our figures meets which of the peer's (walk name, figure name). */
export interface Pair {
  interaction: string;
  ours: [walk: string, figure: string];
  actual: [walk: string, figure: string];
}

export const PAIRS: Pair[] = [
  { interaction: 'All-accounts register: first paint of rows', ours: ['transactions', 'first paint of rows'], actual: ['register', 'first paint of rows'] },
  { interaction: 'Register: scroll to row 10,000', ours: ['transactions', 'scroll to row 10,000'], actual: ['register', 'scroll to row 10,000'] },
  { interaction: 'Search typed letter by letter: keystroke → paint (slowest)', ours: ['transactions', 'search: keystroke → paint (slowest)'], actual: ['register', 'search: keystroke → paint (slowest)'] },
  { interaction: 'Budget: month on screen', ours: ['budget', 'month on screen'], actual: ['budget', 'month on screen'] },
  { interaction: 'Budget: month switch → the month on screen', ours: ['budget', 'month switch → rows'], actual: ['budget', 'month switch → rows'] },
  { interaction: "Spending report on screen (ours: the dashboard's spending by category; Actual: its Spending analysis)", ours: ['dashboard', 'spending by category on screen'], actual: ['spending', 'spending report on screen'] },
];

/** Our walks the comparison needs (the others are not run beside the peer). */
export const OUR_WALKS = [...new Set(PAIRS.map((p) => p.ours[0]))];

/** Nearest-rank percentile of the finite values (NaN when there are none). */
export const percentile = (values: number[], p: number): number => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
};

export interface SideRow {
  interaction: string;
  ours: { p50: number; p95: number };
  actual: { p50: number; p95: number };
  /** Actual's p50 ÷ ours. */
  ratio: number;
}

export function sideBySide(ours: Record<string, Sample[]>, actual: Record<string, Sample[]>, pairs: Pair[] = PAIRS): SideRow[] {
  const figure = (samples: Record<string, Sample[]>, [walk, name]: [string, string]) => {
    const values = (samples[walk] ?? []).map((s) => s.ms[name]).filter((v): v is number => v !== undefined && Number.isFinite(v));
    return { p50: percentile(values, 50), p95: percentile(values, 95) };
  };
  return pairs.map((p) => {
    const o = figure(ours, p.ours);
    const a = figure(actual, p.actual);
    return { interaction: p.interaction, ours: o, actual: a, ratio: a.p50 / o.p50 };
  });
}

const ms = (v: number) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(1) : Math.round(v).toLocaleString('en-US')) : '—');

export function sideBySideMarkdown(rows: SideRow[]): string {
  const lines = ['| Interaction | Ours p50 / p95 ms | Actual p50 / p95 ms | Actual ÷ ours (p50) |', '|---|---:|---:|---:|'];
  for (const r of rows) {
    const ratio = Number.isFinite(r.ratio) ? `${r.ratio < 10 ? r.ratio.toFixed(2) : r.ratio.toFixed(0)}×` : '—';
    lines.push(`| ${r.interaction} | ${ms(r.ours.p50)} / ${ms(r.ours.p95)} | ${ms(r.actual.p50)} / ${ms(r.actual.p95)} | ${ratio} |`);
  }
  return lines.join('\n');
}

import { describe, expect, it } from 'vitest';
import type { Sample } from '../../src/tools/bench-web/pages';
import { percentile, sideBySide, sideBySideMarkdown, type Pair } from '../../src/tools/bench-web/sideBySide';

/** The table `npm run bench:web -- --peer actual` prints: each pair's p50/p95 on both sides and Actual ÷ ours. */
const sample = (ms: Record<string, number>): Sample => ({ ms, longTasks: 0, longTaskMs: 0, heapMb: 0 });
const pairs: Pair[] = [
  { interaction: 'Register first paint', ours: ['transactions', 'first paint of rows'], actual: ['register', 'first paint of rows'] },
  { interaction: 'Month switch', ours: ['budget', 'switch'], actual: ['budget', 'switch'] },
];

describe('the side-by-side table', () => {
  it('takes nearest-rank percentiles and leaves out runs without the figure', () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([5, 1, 3, 2, 4], 95)).toBe(5);
    expect(percentile([NaN, 7], 50)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('pairs our figure with the peer’s and divides the peer’s p50 by ours', () => {
    const ours = { transactions: [sample({ 'first paint of rows': 200 }), sample({ 'first paint of rows': 100 }), sample({ 'first paint of rows': 300 })] };
    const actual = { register: [sample({ 'first paint of rows': 900 }), sample({ 'first paint of rows': 500 }), sample({ 'first paint of rows': 700 })] };
    const [register, month] = sideBySide(ours, actual, pairs);
    expect(register).toEqual({ interaction: 'Register first paint', ours: { p50: 200, p95: 300 }, actual: { p50: 700, p95: 900 }, ratio: 3.5 });
    // Neither side measured it: no figures, no ratio.
    expect(month!.ours.p50).toBeNaN();
    expect(month!.ratio).toBeNaN();
    expect(sideBySideMarkdown([register!, month!]).split('\n')).toEqual([
      '| Interaction | Ours p50 / p95 ms | Actual p50 / p95 ms | Actual ÷ ours (p50) |',
      '|---|---:|---:|---:|',
      '| Register first paint | 200 / 300 | 700 / 900 | 3.50× |',
      '| Month switch | — / — | — / — | — |',
    ]);
  });
});

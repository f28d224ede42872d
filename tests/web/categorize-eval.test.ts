import { describe, expect, it } from 'vitest';
import { generateYear, MERCHANTS } from '../categorize-eval/generate';
import { evaluate, percent, USER_RULES } from '../categorize-eval/score';

/**
 * The categorization measure (docs/decisions.md, "Rules, learned categories and tags"): two generated
 * years of bank strings for 40 merchants; the person categorizes 2024; rules plus learning must
 * categorize at least 90 % of 2025 right on import (applied, not merely suggested).
 */
describe('categorization that learns, on a generated second year', () => {
  it('is the same two years of 40 merchants on every run, with strings the first year did not show', () => {
    expect(MERCHANTS).toHaveLength(40);
    const [y1, y2] = [generateYear(2024), generateYear(2025)];
    expect(generateYear(2025)).toEqual(y2);
    expect(new Set(y2.map((r) => r.merchant)).size).toBe(40);
    const seen = new Set(y1.map((r) => r.description));
    expect(y2.filter((r) => !seen.has(r.description)).length / y2.length).toBeGreaterThan(0.5);
  });

  it('rules plus learning categorize at least 90 % of 2025 right on import, and apply almost nothing wrong', () => {
    const s = evaluate({ rules: USER_RULES });
    expect(percent(s.applied, s.total)).toBeGreaterThanOrEqual(90);
    expect(percent(s.wrongApplied, s.total)).toBeLessThanOrEqual(2);
  });

  it('learning alone does too; with another seed as well', () => {
    for (const seed of [1, 777]) {
      const s = evaluate({ seed });
      expect(percent(s.applied, s.total), `seed ${seed}`).toBeGreaterThanOrEqual(90);
    }
  });
});

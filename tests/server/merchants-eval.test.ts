import { describe, expect, it } from 'vitest';
import { componentExists, KINDS, loadContractKinds, loadNormalizeMerchant, MISSING_MESSAGE } from '../merchants-eval/component';
import { generateYear } from '../merchants-eval/generate';
import { MERCHANTS } from '../merchants-eval/merchants';
import { judge, rate, score, type Tally } from '../merchants-eval/score';

/**
 * The merchant component against the independent evaluation set (tests/merchants-eval, written without reading
 * the component): clean name and kind both right for at least 95 % of a generated year of bank strings for 40
 * common merchants. Failures print the scores per kind only, never the strings (`npm run eval:merchants -- --show`
 * is for auditing the set).
 */

const percent = (right: number, t: Tally) => `${rate(right, t.total).toFixed(1)} %`;
const scoreLines = (byKind: Map<string, Tally>, overall: Tally) =>
  [...byKind, ['overall', overall] as const].map(([k, t]) => `${k}: name ${percent(t.name, t)}, kind ${percent(t.kind, t)}, both ${percent(t.both, t)} of ${t.total}`).join('\n');

describe('the merchant evaluation set', () => {
  it('is the same year of bank strings for 40 merchants on every run', () => {
    const year = generateYear();
    expect(generateYear()).toEqual(year);
    expect(MERCHANTS).toHaveLength(40);
    expect(new Set(year.map((c) => c.merchant)).size).toBe(40);
    expect(year.length).toBeGreaterThanOrEqual(1000);
    expect(year.every((c) => c.date.startsWith('2025-'))).toBe(true);
  });

  it('scores a normalizer that only tidies the string far below the line, and one that knows every answer at 100 %', () => {
    const year = generateYear();
    const answers = new Map(year.map((c) => [c.raw, c]));
    const tidy = score(judge((raw) => ({ name: raw.replace(/\s+/g, ' ').trim().toLowerCase().replace(/\b\w/g, (ch) => ch.toUpperCase()), kind: null, source: 'fallback', confidence: 0 }), year));
    const knowing = score(judge((raw) => ({ name: answers.get(raw)!.names[0]!, kind: answers.get(raw)!.kinds[0]!, source: 'dictionary', confidence: 1 }), year));
    expect(rate(tidy.overall.both, tidy.overall.total)).toBeLessThan(5);
    expect(knowing.overall.both).toBe(year.length);
  });

  it('expects only kinds the contract defines', async (ctx) => {
    const contractKinds = await loadContractKinds();
    if (!contractKinds) ctx.skip('src/contract/merchants.ts does not exist yet (it comes with the merchants branch)');
    expect([...contractKinds!].sort()).toEqual([...KINDS].sort());
    for (const m of MERCHANTS) for (const k of m.kinds) if (k !== null) expect(contractKinds).toContain(k);
  });
});

describe('normalizeMerchant on the evaluation set', () => {
  it('gives the right clean name and kind for at least 95 % of a generated year of bank strings', async (ctx) => {
    if (!componentExists()) ctx.skip(MISSING_MESSAGE);
    const outcomes = judge(await loadNormalizeMerchant(), generateYear());
    const { overall, byKind } = score(outcomes);
    expect(rate(overall.both, overall.total), scoreLines(byKind, overall)).toBeGreaterThanOrEqual(95);
  });
});

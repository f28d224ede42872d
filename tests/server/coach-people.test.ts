import { describe, expect, it } from 'vitest';
import { runDevSet } from '../coach-eval/dev';
import { runSecondDevSet } from '../coach-eval/dev2';

/**
 * The coach on a person whose merchants are spelled as a US card export spells them (SQ *, TST*, store
 * numbers, marketplace codes, ZELLE PAYMENT TO), with pay and shop payouts that have no merchant column,
 * refunds and bills every one and two months: people's phrasings, follow-ups in one conversation (each
 * answer's saved frame passed back, as the app does), periods, measures, several parts, and questions
 * the data cannot answer. Expected figures come from the generated rows and their labels.
 */
describe('the coach understands people (bank-style merchants, follow-ups, honesty)', () => {
  it('answers every question of the development set with the figures of the question asked', async () => {
    const outcomes = await runDevSet();
    const misses = outcomes.filter((o) => !o.ok).map((o) => o.log);
    expect(misses, misses.join('\n\n')).toEqual([]);
  }, 600_000);

  it('answers a second, differently shaped person (irregular income, reimbursements, a holiday abroad)', async () => {
    const outcomes = await runSecondDevSet();
    const misses = outcomes.filter((o) => !o.ok).map((o) => o.log);
    expect(misses, misses.join('\n\n')).toEqual([]);
  }, 600_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELD_OUT } from '../coach-eval/heldout';
import { CLASSES } from '../coach-eval/questions';
import { rate, score, startEval, type EvalRun, type Outcome } from '../coach-eval/run';
import { WORKING } from '../coach-eval/working';

/**
 * The coach evaluation's threshold: over the generated users, at least 95 % of all the
 * questions (working and held-out together) get every expected figure, and at least 90 % in every
 * class. `npm run eval:coach` prints the table; this keeps it from sliding back.
 */
let run: EvalRun;
beforeAll(async () => {
  run = await startEval();
}, 120_000);
afterAll(async () => {
  await run?.close();
});

const describeFailures = (outcomes: Outcome[]) =>
  outcomes
    .filter((o) => o.failures.length)
    .map((o) => `[${o.question.cls}] ${o.question.user}: ${o.question.turns.join(' → ')} (${o.failures.join('; ')})`)
    .join('\n');

describe('the coach evaluation', () => {
  it('answers at least 95 % of the questions with the right figures, and at least 90 % in every class', async () => {
    const outcomes = await run.ask([...WORKING, ...HELD_OUT]);
    const { byClass, overall } = score(outcomes);
    expect(WORKING.length + HELD_OUT.length).toBeGreaterThanOrEqual(150);
    expect(rate(overall), describeFailures(outcomes)).toBeGreaterThanOrEqual(95);
    for (const c of CLASSES) expect(rate(byClass.get(c)!), `${c}\n${describeFailures(outcomes.filter((o) => o.question.cls === c))}`).toBeGreaterThanOrEqual(90);
  }, 300_000);
});

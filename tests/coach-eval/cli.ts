/**
 * `npm run eval:coach`: asks the built-in coach every evaluation question over the generated
 * users and prints the accuracy per class, for the working questions, the held-out ones and both.
 *
 *   npm run eval:coach                  # working + held-out
 *   npm run eval:coach -- --working     # only the working two thirds (while improving the coach)
 *   npm run eval:coach -- --verbose     # every wrong answer with what it missed
 *   npm run eval:coach -- --held-out    # the independent held-out set (held-out/): scores per class only
 *   npm run eval:coach -- --held-out --show   # the same with every question and answer (auditors only)
 */
import { HELD_OUT } from './heldout';
import { CLASSES } from './questions';
import { rate, score, startEval, type Outcome } from './run';
import { WORKING } from './working';

const argv = process.argv.slice(2);
const workingOnly = argv.includes('--working');
const verbose = argv.includes('--verbose');

const pct = (n: number) => `${n.toFixed(1)} %`;

function table(sets: { name: string; outcomes: Outcome[] }[]) {
  const scores = sets.map((s) => ({ name: s.name, ...score(s.outcomes) }));
  const lines = [`| class | ${scores.map((s) => s.name).join(' | ')} |`, `|---|${scores.map(() => '---:').join('|')}|`];
  for (const c of CLASSES) lines.push(`| ${c} | ${scores.map((s) => `${pct(rate(s.byClass.get(c)!))} (${s.byClass.get(c)!.right}/${s.byClass.get(c)!.total})`).join(' | ')} |`);
  lines.push(`| **overall** | ${scores.map((s) => `**${pct(rate(s.overall))}** (${s.overall.right}/${s.overall.total})`).join(' | ')} |`);
  return lines.join('\n');
}

if (argv.includes('--held-out')) {
  const { runHeldOut, scoreTable } = await import('./held-out/run');
  console.log(scoreTable(await runHeldOut({ show: argv.includes('--show') })));
} else {
  const run = await startEval();
  try {
    const working = await run.ask(WORKING);
    const sets = [{ name: 'working', outcomes: working }];
    if (!workingOnly) {
      const heldOut = await run.ask(HELD_OUT);
      sets.push({ name: 'held-out', outcomes: heldOut }, { name: 'all', outcomes: [...working, ...heldOut] });
    }
    if (verbose) {
      for (const set of sets.slice(0, workingOnly ? 1 : 2)) {
        for (const o of set.outcomes.filter((x) => x.failures.length)) {
          console.log(`\n✗ [${set.name}/${o.question.cls}] ${o.question.user}: ${o.question.turns.join(' → ')}\n  ${o.failures.join('; ')}`);
          o.answers.forEach((a, i) => console.log(`  answer ${i + 1}: ${a.replace(/\n+/g, ' ¶ ').slice(0, 600)}`));
        }
      }
      console.log('');
    }
    console.log(table(sets));
  } finally {
    await run.close();
  }
}

/**
 * `npx tsx tests/coach-eval/dev-cli.ts [--second | --third] [--verbose]`: a development set's answers
 * (misses always, every answer with --verbose). `--third` asks over HTTP and prints the score per class;
 * its misses (expected vs answered) only with --verbose.
 */
import { runDevSet } from './dev';
import { runSecondDevSet } from './dev2';
import { runThirdDevSet } from './dev3';
import { CLASSES } from './held-out/questions';

const verbose = process.argv.includes('--verbose');
if (process.argv.includes('--third')) {
  const result = await runThirdDevSet();
  if (verbose) for (const line of result.log) console.log(line);
  const pct = (s: { right: number; total: number }) => `${s.total ? ((s.right / s.total) * 100).toFixed(1) : '—'} %`;
  console.log('| class | third dev set |\n|---|---:|');
  for (const c of CLASSES) {
    const s = result.byClass.get(c)!;
    console.log(`| ${c} | ${pct(s)} (${s.right}/${s.total}) |`);
  }
  console.log(`| **overall** | **${pct(result.overall)}** (${result.overall.right}/${result.overall.total}) |`);
} else {
  const outcomes = process.argv.includes('--second') ? await runSecondDevSet() : await runDevSet();
  for (const o of outcomes) if (verbose || !o.ok) console.log(o.log);
  console.log(`dev set: ${outcomes.filter((o) => o.ok).length} of ${outcomes.length} right`);
}

/** `npx tsx tests/coach-eval/dev-cli.ts [--second] [--verbose]`: a development set's answers (misses always, every answer with --verbose). */
import { runDevSet } from './dev';
import { runSecondDevSet } from './dev2';

const verbose = process.argv.includes('--verbose');
const outcomes = process.argv.includes('--second') ? await runSecondDevSet() : await runDevSet();
for (const o of outcomes) if (verbose || !o.ok) console.log(o.log);
console.log(`dev set: ${outcomes.filter((o) => o.ok).length} of ${outcomes.length} right`);

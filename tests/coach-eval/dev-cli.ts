/** `npx tsx tests/coach-eval/dev-cli.ts [--verbose]`: the development set's answers (misses always, every answer with --verbose). */
import { runDevSet } from './dev';

const verbose = process.argv.includes('--verbose');
const outcomes = await runDevSet();
for (const o of outcomes) if (verbose || !o.ok) console.log(o.log);
console.log(`dev set: ${outcomes.filter((o) => o.ok).length} of ${outcomes.length} right`);

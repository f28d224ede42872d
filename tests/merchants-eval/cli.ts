/**
 * `npm run eval:merchants`: runs normalizeMerchant over the generated year of bank strings and prints the
 * scores only (name, kind, both right; overall and per kind), so those who change the component never see
 * the strings.
 *
 *   npm run eval:merchants              # scores
 *   npm run eval:merchants -- --show    # also every miss with its string (auditing the set, not tuning to it)
 */
import { loadNormalizeMerchant, MISSING_MESSAGE, componentExists } from './component';
import { generateYear } from './generate';
import { MERCHANTS } from './merchants';
import { judge, score, scoreTable } from './score';

const show = process.argv.slice(2).includes('--show');

if (!componentExists()) {
  console.error(`eval:merchants: ${MISSING_MESSAGE}.`);
  process.exit(1);
}

const normalize = await loadNormalizeMerchant();
const cases = generateYear();
const outcomes = judge(normalize, cases);
const { overall, byKind, byPerson } = score(outcomes);
const REGIONS: Record<string, string> = { us: 'US (San Francisco)', uk: 'UK (London)', eu: 'euro (Amsterdam)' };

if (show) {
  for (const o of outcomes.filter((x) => !x.nameRight || !x.kindRight)) {
    const got = 'error' in o.got ? `threw ${o.got.error}` : `${JSON.stringify(o.got.name)} / ${o.got.kind} (${o.got.source})`;
    console.log(`✗ ${JSON.stringify(o.case.raw)}\n    got ${got}; expected ${o.case.names.map((n) => JSON.stringify(n)).join(' | ')} / ${o.case.kinds.join(' | ')}`);
  }
  console.log('');
}

console.log(`merchant evaluation: ${cases.length} bank strings, ${MERCHANTS.length} merchants, one generated year`);
console.log(scoreTable(overall, byKind));
console.log('');
console.log(scoreTable(overall, new Map([...byPerson].map(([p, t]) => [REGIONS[p] ?? p, t])), 'person'));

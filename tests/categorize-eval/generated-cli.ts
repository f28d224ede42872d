import { evaluate, percent, USER_RULES } from './score';

// npx tsx tests/categorize-eval/generated-cli.ts — the figures docs/decisions.md quotes.
for (const [label, rules] of [['learning alone', []], ['rules + learning', USER_RULES]] as const) {
  const s = evaluate({ rules: [...rules] });
  console.log(
    `${label}: ${s.total} rows of 2025; categorized right on import ${percent(s.applied, s.total)} %, wrong ${percent(s.wrongApplied, s.total)} %, left in Other ${percent(s.leftOther, s.total)} %; top suggestion right ${percent(s.suggested, s.total)} %`,
  );
}

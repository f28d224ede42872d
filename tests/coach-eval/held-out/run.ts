import { createTestApp } from '../../support/app';
import { ask } from './client';
import { loadPerson } from './load';
import { judge, show, type Check } from './oracle';
import { generatePeople } from './people';
import { buildSet, CLASSES, type QuestionClass } from './questions';

/**
 * `npm run eval:coach -- --held-out`: the held-out set against the real API. Loads the three
 * people through signup and import, asks every conversation through the streaming chat endpoint
 * over HTTP, and prints only the score per class (no question, no answer), so whoever changes the
 * coach sees scores alone. `--show` (for someone auditing the set) prints every question, what it
 * expects and the answer.
 *
 * A question is right when the answer passes every check of its turn (oracle.ts `judge`): each
 * expected figure appears (as the app writes money, `moneyPattern`), the answer does not lead with
 * the figure of a wrong reading, a count sits next to its noun, a question the data cannot answer
 * is declined with no figure at all.
 */

const describe = (c: Check) => {
  switch (c.kind) {
    case 'money':
      return `${c.what}: ${c.alts.map(show).join(' or ')}${c.tolerance ? ` (±${c.tolerance / 100})` : ''}`;
    case 'count':
      return `${c.what}: ${c.n}`;
    case 'text':
      return `says ${c.what}`;
    case 'declines':
      return 'declines, no figure';
    case 'not-money':
      return `not ${show(c.minor)} (${c.what})`;
    case 'not-text':
      return `does not say ${c.what}`;
  }
};

export interface HeldOutScore {
  byClass: Map<QuestionClass, { right: number; total: number }>;
  overall: { right: number; total: number };
}

export async function runHeldOut(options: { show: boolean }): Promise<HeldOutScore> {
  const today = new Date().toISOString().slice(0, 10);
  const people = generatePeople(today);
  const { conversations } = buildSet(people, today);
  // The built-in coach unless the environment names an LLM, without the streaming pause.
  const llm = Object.fromEntries(Object.entries(process.env).filter(([k, v]) => k.startsWith('COACH_LLM_') && v)) as Record<string, string>;
  const testApp = await createTestApp({ env: { COACH_STREAM_DELAY_MS: '0', ...llm } });
  const byClass = new Map(CLASSES.map((c) => [c, { right: 0, total: 0 }]));
  const overall = { right: 0, total: 0 };
  try {
    const { app } = testApp;
    const tokens = new Map<string, string>();
    for (const p of people) tokens.set(p.key, (await loadPerson(app, p)).token);
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    if (options.show) for (const p of people) console.log(`${p.key}: ${p.about}; ${p.rows.length} rows, trip ${p.trip.start}..${p.trip.end}`);
    for (const [i, convo] of conversations.entries()) {
      let conversationId: string | null = null;
      if (options.show) console.log(`\n— conversation ${i + 1} (${convo.person})`);
      for (const turn of convo.turns) {
        const answer = await ask(baseUrl, tokens.get(convo.person)!, turn.ask, conversationId);
        conversationId = answer.conversationId;
        const failures = answer.error ? [`no answer: ${answer.error}`] : judge(answer.text, turn.checks);
        const s = byClass.get(turn.cls)!;
        s.total++;
        overall.total++;
        if (!failures.length) {
          s.right++;
          overall.right++;
        }
        if (options.show) {
          console.log(`${failures.length ? '✗' : '✓'} [${turn.cls}] ${turn.ask}`);
          console.log(`   expects: ${turn.checks.map(describe).join('; ')}`);
          console.log(`   answer: ${answer.text.replace(/\s*\n+\s*/g, ' ¶ ').slice(0, 700)}`);
          if (failures.length) console.log(`   wrong: ${failures.join('; ')}`);
        }
      }
    }
  } finally {
    await testApp.close();
  }
  if (new Date().toISOString().slice(0, 10) !== today) console.warn('The day changed (UTC) during the run: the app and the oracle disagree on "today"; run it again.');
  return { byClass, overall };
}

const pct = (s: { right: number; total: number }) => `${s.total ? ((s.right / s.total) * 100).toFixed(1) : '—'} %`;

export function scoreTable(score: HeldOutScore): string {
  const lines = ['| class | held-out set |', '|---|---:|'];
  for (const c of CLASSES) {
    const s = score.byClass.get(c)!;
    lines.push(`| ${c} | ${pct(s)} (${s.right}/${s.total}) |`);
  }
  lines.push(`| **overall** | **${pct(score.overall)}** (${score.overall.right}/${score.overall.total}) |`);
  return lines.join('\n');
}

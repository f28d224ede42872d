/**
 * What the development sets (dev.ts, dev2.ts) share: a seeded random source for their people, and the
 * run itself — the person's rows loaded into a fresh test app, every case asked of the built-in coach,
 * follow-ups in one conversation with each answer's saved frame.
 */
import { eq } from 'drizzle-orm';
import { transactions, users } from '../../src/server/db/schema';
import { builtinCoach } from '../../src/server/services/coach/builtin';
import { coachData } from '../../src/server/services/coach/data';
import type { CoachTurn } from '../../src/server/services/coach/types';
import { createTestApp, signUpAndVerify } from '../support/app';
import { seededRandom } from '../../src/server/seededRandom';

/** The shared seeded generator, under the name the eval files use. */
export { seededRandom as prng };

/** A development person's transaction, with the label its expected figures are computed from. */
export interface DevRow<L extends string = string> {
  date: string;
  type: 'income' | 'expense';
  category: string;
  amountMinor: number;
  merchant: string | null;
  description: string;
  label: L;
}

export interface DevCase<R> {
  turns: string[];
  /** Per turn: figures that must appear, or 'decline' (no money figure at all). */
  expect: (rows: R[]) => (string[] | 'decline')[];
}

export interface DevOutcome {
  turns: string[];
  ok: boolean;
  log: string;
}


/** Loads the rows into a fresh test app (a USD user) and asks every case on `today`. */
export async function runDevCases<R extends DevRow>(rows: R[], cases: DevCase<R>[], today: string): Promise<DevOutcome[]> {
  const { app, close } = await createTestApp();
  try {
    const { userId } = await signUpAndVerify(app);
    await app.db.update(users).set({ currency: 'USD' }).where(eq(users.id, userId));
    for (let i = 0; i < rows.length; i += 500) await app.db.insert(transactions).values(rows.slice(i, i + 500).map(({ label: _l, ...x }) => ({ ...x, userId, notes: null })));
    const engine = builtinCoach({ chunkDelayMs: 0 });
    const outcomes: DevOutcome[] = [];
    for (const c of cases) {
      const expected = c.expect(rows);
      const history: CoachTurn[] = [];
      let ok = true;
      const log: string[] = [];
      for (const [i, turn] of c.turns.entries()) {
        let text = '';
        let meta: Record<string, unknown> | undefined;
        const request = { question: turn, history, profile: { name: null, currency: 'USD', monthlyIncome: null, mainGoal: null, helpWith: [] }, tools: { data: coachData(app.db, userId), currency: 'USD', today, now: new Date(`${today}T12:00:00Z`) } };
        for await (const e of engine.answer(request, new AbortController().signal)) {
          if (e.type === 'text') text += e.text;
          if (e.type === 'meta') meta = e.meta;
        }
        const want = expected[i] ?? [];
        const pass = want === 'decline' ? !/\d+\.\d\d/.test(text) && /can't|cannot|isn't|not linked|don't have/i.test(text) : want.every((f) => text.includes(f));
        ok &&= pass;
        log.push(`  ${pass ? '✓' : '✗'} ${turn}\n    want ${JSON.stringify(want)}\n    got  ${text.replace(/\n+/g, ' ¶ ').slice(0, 500)}`);
        history.push({ role: 'user', content: turn }, { role: 'assistant', content: text, meta: meta ?? null });
      }
      outcomes.push({ turns: c.turns, ok, log: `${ok ? '✓' : '✗'} ${c.turns.join(' → ')}\n${log.join('\n')}` });
    }
    return outcomes;
  } finally {
    await close();
  }
}

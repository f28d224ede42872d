import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { goals, transactions, users } from '../../src/server/db/schema';
import { builtinCoach } from '../../src/server/services/coach/builtin';
import { coachData } from '../../src/server/services/coach/data';
import type { CoachEngine, CoachTurn } from '../../src/server/services/coach/types';
import { createTestApp, signUpAndVerify } from '../support/app';
import { expectations, passes } from './expect';
import { generateUsers, type EvalUser } from './generate';
import { CLASSES, type Question, type QuestionClass } from './questions';

/**
 * Runs questions against the coach in-process: a fresh test app (PGlite, or PostgreSQL with
 * DATABASE_URL), the generated users' rows and goals inserted as they are, and each question
 * (or chat) asked of the engine with the user's own day as "today". An answer is right when
 * every expected figure of every turn appears in it.
 */
export interface Outcome {
  question: Question;
  answers: string[];
  failures: string[];
}

export interface EvalRun {
  ask(questions: Question[]): Promise<Outcome[]>;
  close(): Promise<void>;
}

export async function startEval(engine: CoachEngine = builtinCoach({ chunkDelayMs: 0 })): Promise<EvalRun> {
  const testApp = await createTestApp();
  const app: FastifyInstance = testApp.app;
  const generated = generateUsers();
  const ids = new Map<EvalUser['key'], string>();
  for (const u of generated) {
    const { userId } = await signUpAndVerify(app);
    ids.set(u.key, userId);
    await app.db.update(users).set({ currency: u.currency }).where(eq(users.id, userId));
    const rows = u.rows.map((r) => ({ userId, date: r.date, type: r.type, category: r.category, amountMinor: r.amountMinor, merchant: r.merchant, description: r.description, notes: r.notes }));
    for (let i = 0; i < rows.length; i += 500) await app.db.insert(transactions).values(rows.slice(i, i + 500));
    for (const g of u.goals) {
      await app.db.insert(goals).values({
        userId,
        name: g.name,
        targetAmountMinor: g.targetMinor,
        currentAmountMinor: g.savedMinor,
        targetDate: g.targetDate,
        createdAt: new Date(`${g.createdAt}T09:00:00Z`),
        completedAt: g.savedMinor >= g.targetMinor ? new Date(`${g.createdAt}T09:00:00Z`) : null,
      });
    }
  }
  const byKey = new Map(generated.map((u) => [u.key, u]));

  async function answer(u: EvalUser, question: string, history: CoachTurn[]): Promise<{ text: string; meta: Record<string, unknown> | null }> {
    const userId = ids.get(u.key)!;
    const now = new Date(`${u.today}T12:00:00Z`);
    let text = '';
    const request = {
      question,
      history,
      profile: { name: null, currency: u.currency, monthlyIncome: null, mainGoal: null, helpWith: [] },
      tools: { data: coachData(app.db, userId), currency: u.currency, today: u.today, now },
    };
    let meta: Record<string, unknown> | null = null;
    for await (const event of engine.answer(request, new AbortController().signal)) {
      if (event.type === 'text') text += event.text;
      // What the app saves with an answer (the frame a follow-up inherits) goes back in the history, as the app does.
      if (event.type === 'meta') meta = { ...(meta ?? {}), ...event.meta };
    }
    return { text, meta };
  }

  return {
    async ask(questions) {
      const outcomes: Outcome[] = [];
      for (const question of questions) {
        const u = byKey.get(question.user)!;
        const checks = question.expect(expectations(u));
        const history: CoachTurn[] = [];
        const answers: string[] = [];
        const failures: string[] = [];
        for (const [i, turn] of question.turns.entries()) {
          let text: string;
          let meta: Record<string, unknown> | null = null;
          try {
            ({ text, meta } = await answer(u, turn, history));
          } catch (error) {
            text = '';
            failures.push(`turn ${i + 1} threw: ${(error as Error).message}`);
          }
          answers.push(text);
          for (const check of checks[i] ?? []) {
            const reason = passes(text, check);
            if (reason) failures.push(question.turns.length > 1 ? `turn ${i + 1}: ${reason}` : reason);
          }
          history.push({ role: 'user', content: turn }, { role: 'assistant', content: text, meta });
        }
        outcomes.push({ question, answers, failures });
      }
      return outcomes;
    },
    close: () => testApp.close(),
  };
}

export interface Score {
  right: number;
  total: number;
}

/** Accuracy per class and overall. */
export function score(outcomes: Outcome[]): { byClass: Map<QuestionClass, Score>; overall: Score } {
  const byClass = new Map<QuestionClass, Score>(CLASSES.map((c) => [c, { right: 0, total: 0 }]));
  const overall = { right: 0, total: 0 };
  for (const o of outcomes) {
    const s = byClass.get(o.question.cls)!;
    s.total++;
    overall.total++;
    if (!o.failures.length) {
      s.right++;
      overall.right++;
    }
  }
  return { byClass, overall };
}

export const rate = (s: Score) => (s.total ? (s.right / s.total) * 100 : 100);

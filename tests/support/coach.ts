import type { FastifyInstance } from 'fastify';
import type { Account } from '../../src/contract/accounts';
import { builtinCoach, composeAnswer } from '../../src/server/services/coach/builtin';
import { coachData, type ToolContext } from '../../src/server/services/coach/data';
import type { CoachProfile, CoachTurn } from '../../src/server/services/coach/types';
import { signUpWithAccess, userClient, type VerifiedUser } from './app';

/** The coach's tools over one user's data on a day the test fixes (noon UTC), in the given currency. */
export const coachTools = (app: FastifyInstance, userId: string, today: string, currency = 'USD'): ToolContext => ({
  data: coachData(app.db, userId),
  currency,
  today,
  now: new Date(`${today}T12:00:00Z`),
});

/** A profile with nothing filled in but the currency. */
export const blankProfile = (currency = 'USD'): CoachProfile => ({ name: null, currency, monthlyIncome: null, mainGoal: null, helpWith: [] });

/** One question to the built-in coach, composed whole: the answer (`composed.text`, `composed.tools`) and its frames. */
export const askCoach = (tools: ToolContext, question: string, history: CoachTurn[] = []) =>
  composeAnswer({ question, history, profile: blankProfile(tools.currency), tools });

/** Asks each turn in one conversation with the built-in coach, each answer's metadata (its frame) saved with it as the app saves it; the answers' texts. */
export async function converse(tools: ToolContext, ...turns: string[]): Promise<string[]> {
  const engine = builtinCoach({ chunkDelayMs: 0 });
  const history: CoachTurn[] = [];
  const answers: string[] = [];
  for (const question of turns) {
    let text = '';
    let meta: Record<string, unknown> | null = null;
    for await (const e of engine.answer({ question, history, profile: blankProfile(tools.currency), tools }, new AbortController().signal)) {
      if (e.type === 'text') text += e.text;
      if (e.type === 'meta') meta = { ...(meta ?? {}), ...e.meta };
    }
    answers.push(text);
    history.push({ role: 'user', content: question }, { role: 'assistant', content: text, meta });
  }
  return answers;
}

/**
 * A person for the coach's server tests: a user with access and one checking account, rows added
 * through the API (as the app adds them), and a conversation with the built-in coach on a day the
 * test fixes, each answer's metadata (its frame) saved with it as the app saves it.
 */
export interface CoachPerson {
  user: VerifiedUser;
  account: Account;
  /** Adds an expense; the description is the merchant in capitals unless given (as a bank exports it). */
  spend: (amount: number, date: string, category: string, merchant: string | null, description?: string) => Promise<unknown>;
  /** Adds income; payouts without a merchant column pass `null` and a description. */
  earn: (amount: number, date: string, category: string, merchant: string | null, description?: string) => Promise<unknown>;
  /** Asks each turn in one conversation and returns the answers' texts. */
  chat: (...turns: string[]) => Promise<string[]>;
}

export async function coachPerson(app: FastifyInstance, today: string, options: { currency?: string; openingDate?: string } = {}): Promise<CoachPerson> {
  const currency = options.currency ?? 'USD';
  const user = await signUpWithAccess(app);
  const send = <T>(url: string, payload: object) => userClient(app, user).succeeds<T>('POST', url, payload);
  const account = await send<Account>('/accounts', { name: 'Checking', kind: 'checking', opening_balance: 5000, opening_date: options.openingDate ?? '2025-10-31' });
  const row = (type: 'expense' | 'income') => (amount: number, date: string, category: string, merchant: string | null, description?: string) =>
    send('/transactions', { account_id: account.account_id, type, amount, date, category, description: description ?? (merchant ?? category).toUpperCase(), ...(merchant ? { merchant } : {}) });
  const chat = (...turns: string[]) => converse(coachTools(app, user.userId, today, currency), ...turns);
  return { user, account, spend: row('expense'), earn: row('income'), chat };
}

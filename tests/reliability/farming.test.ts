import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AWARD_RULES, DAILY_MAX_POINTS, dailyMaxOf, type AwardRule } from '../../src/server/services/rewards/rules';
import { bearer, createTestApp, signUpWithAccess, type TestApp, type VerifiedUser } from '../support/app';
import { LONG } from './support/world';

/**
 * Standing proof that points cannot be farmed: whatever a user does in a day, through any route that awards
 * points, the day earns at most the earn table's daily maximum, and no rule pays more than its own daily cap.
 */

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => testApp?.close());

type Action =
  | { do: 'createGoal'; target: number; fundedPct: number }
  | { do: 'deposit'; goal: number; pct: number }
  | { do: 'withdraw'; goal: number; pct: number }
  | { do: 'deleteGoal'; goal: number }
  | { do: 'createTransaction' }
  | { do: 'deleteTransaction'; transaction: number }
  | { do: 'onboarding' }
  | { do: 'loadDemo' }
  | { do: 'removeDemo' };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ do: fc.constant('createGoal' as const), target: fc.integer({ min: 1, max: 5000 }), fundedPct: fc.constantFrom(0, 25, 50, 75, 100, 150) }) },
  { weight: 4, arbitrary: fc.record({ do: fc.constant('deposit' as const), goal: fc.nat(9), pct: fc.integer({ min: 1, max: 120 }) }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('withdraw' as const), goal: fc.nat(9), pct: fc.integer({ min: 1, max: 100 }) }) },
  { weight: 3, arbitrary: fc.record({ do: fc.constant('deleteGoal' as const), goal: fc.nat(9) }) },
  { weight: 4, arbitrary: fc.constant({ do: 'createTransaction' as const }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('deleteTransaction' as const), transaction: fc.nat(19) }) },
  { weight: 1, arbitrary: fc.constant({ do: 'onboarding' as const }) },
  { weight: 1, arbitrary: fc.constant({ do: 'loadDemo' as const }) },
  { weight: 1, arbitrary: fc.constant({ do: 'removeDemo' as const }) },
);

const answers = { currency: 'USD', monthly_income: 3000, main_goal: 'build_emergency_fund', help_with: ['budgeting'] };
const txn = { type: 'expense', amount: 9.99, date: '2024-03-14', category: 'Groceries', description: 'Farm' };

async function play(user: VerifiedUser, actions: Action[]) {
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
  const goals: Array<{ id: string; target: number }> = [];
  const transactions: string[] = [];
  const pick = <T>(list: T[], i: number) => (list.length ? list[i % list.length] : undefined);
  for (const a of actions) {
    switch (a.do) {
      case 'createGoal': {
        const initial = Math.round(a.target * a.fundedPct) / 100;
        const res = await call('POST', '/goals', { name: 'Loop', target_amount: a.target, target_date: '2099-01-01', ...(initial > 0 ? { initial_amount: initial } : {}) });
        if (res.statusCode === 201) goals.push({ id: res.json().goal_id as string, target: a.target });
        break;
      }
      case 'deposit':
      case 'withdraw': {
        const g = pick(goals, a.goal);
        if (g) await call('POST', `/goals/${g.id}/${a.do === 'deposit' ? 'add-funds' : 'withdraw-funds'}`, { amount: Math.max(0.01, Math.round(g.target * a.pct) / 100) });
        break;
      }
      case 'deleteGoal': {
        const g = pick(goals, a.goal);
        if (g) {
          await call('DELETE', `/goals/${g.id}`);
          goals.splice(goals.indexOf(g), 1);
        }
        break;
      }
      case 'createTransaction': {
        const res = await call('POST', '/transactions', txn);
        if (res.statusCode === 201) transactions.push(res.json().transaction_id as string);
        break;
      }
      case 'deleteTransaction': {
        const t = pick(transactions, a.transaction);
        if (t) {
          await call('DELETE', `/transactions/${t}`);
          transactions.splice(transactions.indexOf(t), 1);
        }
        break;
      }
      case 'onboarding':
        await call('POST', '/users/me/onboarding', { action: 'complete', answers });
        break;
      case 'loadDemo':
        await call('POST', '/transactions/demo');
        break;
      case 'removeDemo':
        await call('DELETE', '/transactions/demo');
        break;
    }
  }
  const history = (await call('GET', '/tokens/history?limit=200')).json<{ history: Array<{ type: string; reason: string; points: number; created_at: string }>; total: number }>();
  expect(history.total).toBeLessThanOrEqual(200);
  return history.history;
}

describe('farming: any sequence of actions in a day earns at most the earn table’s daily maximum', () => {
  it(`random action sequences (${LONG ? 'long' : 'short'} run)`, { timeout: 1_200_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: LONG ? 60 : 25 }), async (actions) => {
        const user = await signUpWithAccess(app);
        const entries = (await play(user, actions)).filter((e) => e.type === 'earn');
        const byDay = new Map<string, number>();
        const byDayAndRule = new Map<string, number>();
        for (const e of entries) {
          const day = e.created_at.slice(0, 10);
          byDay.set(day, (byDay.get(day) ?? 0) + e.points);
          byDayAndRule.set(`${day} ${e.reason}`, (byDayAndRule.get(`${day} ${e.reason}`) ?? 0) + e.points);
        }
        for (const points of byDay.values()) expect(points).toBeLessThanOrEqual(DAILY_MAX_POINTS);
        for (const [key, points] of byDayAndRule) {
          const rule = key.split(' ')[1]! as AwardRule;
          expect(rule in AWARD_RULES, `${rule} is in the earn table`).toBe(true);
          expect(points, key).toBeLessThanOrEqual(dailyMaxOf(rule));
        }
      }),
      { numRuns: LONG ? 60 : 12 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/test';
import { goalFundsFlow, goalFundsModel, goalFundsTransitions } from '../models/goalFunds';
import { recordMachineCoverage } from '../support/machine-coverage';
import { fakeGoalsBackend, makeGoal, startGoals } from './support/goals';

const GOAL_ID = 'g1';

/** One system under test per path: the real goals machine (which invokes the real goalFunds machine) on a fake backend. */
async function system() {
  const backend = fakeGoalsBackend([makeGoal({ goal_id: GOAL_ID, name: 'Emergency fund', target_amount: 1000, current_amount: goalFundsFlow.saved })]);
  const goals = startGoals(backend);
  await goals.settled();
  return { backend, goals };
}

const model = createTestModel(goalFundsModel);
const paths = model.getSimplePaths();
const coverage = recordMachineCoverage(import.meta.url, 'node');

describe('model-based paths: one goal fund operation (real goals and goalFunds machines)', () => {
  it('the paths cover every state and every transition of the model', () => {
    const covered = new Set(paths.flatMap((p) => p.steps.slice(1).map((step, i) => `${String(p.steps[i]!.state.value)}:${step.event.type}`)));
    const visited = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...covered].sort()).toEqual(goalFundsTransitions().sort());
    expect([...visited].sort()).toEqual(Object.keys(goalFundsModel.root.states).sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { backend, goals } = await system();
      coverage.path(path.description).attach(goals.actor);
      const funds = () => goals.funds()!;
      const type = (value: string) => funds().send({ type: 'amount.change', value });
      const submit = async () => {
        funds().send({ type: 'funds.submit' });
        await goals.settled();
      };
      const saved = () => goals.goal(GOAL_ID)!.current_amount;
      const fundsState = () => goals.actor.getSnapshot().value as { funds: string };

      await path.test({
        events: {
          OPEN: async () => {
            goals.actor.send({ type: 'goal.withdraw', goalId: GOAL_ID });
          },
          SUBMIT_INVALID: async () => {
            type(goalFundsFlow.invalid);
            await submit();
          },
          SUBMIT_VALID: async () => {
            type(goalFundsFlow.valid);
            await submit();
          },
          SUBMIT_TOO_MUCH: async () => {
            type(goalFundsFlow.tooMuch);
            await submit();
          },
          SUBMIT_OFFLINE: async () => {
            backend.failNext('funds', goalFundsFlow.offlineMessage, 0, true);
            type(goalFundsFlow.valid);
            await submit();
          },
          RETRY: async () => {
            funds().send({ type: 'funds.retry' });
            await goals.settled();
          },
          CANCEL: async () => {
            funds().send({ type: 'funds.cancel' });
            await goals.settled();
          },
        },
        states: {
          closed: () => {
            expect(fundsState().funds).toBe('idle');
            expect(saved()).toBe(goalFundsFlow.saved);
          },
          entering: () => {
            expect(funds().getSnapshot().value).toBe('editing');
            expect(funds().getSnapshot().context).toMatchObject({ amount: '', validationError: null, error: null, direction: 'withdraw', saved: goalFundsFlow.saved });
          },
          invalid: () => {
            expect(funds().getSnapshot().value).toBe('editing');
            expect(funds().getSnapshot().context.validationError).toBe(goalFundsFlow.invalidMessage);
            expect(backend.ledger).toEqual([]);
          },
          refused: () => {
            expect(funds().getSnapshot().value).toBe('failed');
            expect(funds().getSnapshot().context.error?.message).toBe(goalFundsFlow.refusedDetail);
            expect(saved()).toBe(goalFundsFlow.saved);
          },
          failed: () => {
            expect(funds().getSnapshot().value).toBe('failed');
            expect(funds().getSnapshot().context.error?.message).toBe(goalFundsFlow.offlineMessage);
            expect(saved()).toBe(goalFundsFlow.saved);
          },
          succeeded: () => {
            expect(fundsState().funds).toBe('idle');
            expect(goals.lastToast()).toEqual({ kind: 'success', message: goalFundsFlow.successToast });
            expect(saved()).toBe(goalFundsFlow.afterWithdrawal);
          },
          cancelled: () => {
            expect(fundsState().funds).toBe('idle');
            expect(goals.toasts).toEqual([]);
            expect(saved()).toBe(goalFundsFlow.saved);
          },
        },
      });
    });
  }
});

import { describe, expect, it } from 'vitest';
import { goalsTexts } from '../../machines/goals';
import { goalToasts } from '../../src/contract/goals';
import { goalsModel } from '../models/goals';
import { recordMachineCoverage } from '../support/machine-coverage';
import { fakeGoalsBackend, makeGoal, startGoals } from './support/goals';
import { itWalksTheWholeModel, modelPaths, OFFLINE } from './support/model';

const paths = modelPaths(goalsModel);
const coverage = recordMachineCoverage(import.meta.url, 'node');
const bike = { name: 'New bike', target_amount: 800, target_date: '2031-06-30', category: 'other', priority: 'medium' as const };

describe('model-based paths: the goals page (real goals, collection and goalFunds machines)', () => {
  it("the machine's literal toasts are the contract's texts", () => {
    expect([goalsTexts.created, goalsTexts.updated]).toEqual([goalToasts.created, goalToasts.updated]);
  });

  itWalksTheWholeModel(goalsModel, paths);

  for (const path of paths) {
    it(path.description, async () => {
      // Newest first: Holiday, then Emergency fund (the fake names the goals it creates g1, g2…).
      const backend = fakeGoalsBackend([
        makeGoal({ goal_id: 'emergency', name: 'Emergency fund', target_amount: 1000, current_amount: 950 }),
        makeGoal({ goal_id: 'holiday', name: 'Holiday', target_amount: 2000, current_amount: 100 }),
      ]);
      let page!: ReturnType<typeof startGoals>;
      const open = async () => {
        page = startGoals(backend);
        coverage.path(path.description).attach(page.actor);
        await page.settled();
      };
      const send = async (event: Parameters<typeof page.actor.send>[0]) => {
        page.actor.send(event);
        await page.settled();
      };
      const move = async (open: 'goal.deposit' | 'goal.withdraw', goalId: string, amount: string | null, note = '') => {
        await send({ type: open, goalId });
        if (amount === null) page.funds()!.send({ type: 'funds.cancel' });
        else {
          if (note) page.funds()!.send({ type: 'note.change', value: note });
          page.funds()!.send({ type: 'amount.change', value: amount });
          page.funds()!.send({ type: 'funds.submit' });
        }
        await page.settled();
      };
      const s = () => page.actor.getSnapshot();
      const lastToast = () => page.toasts.at(-1);

      await path.test({
        events: {
          OPEN: open,
          OPEN_OFFLINE: async () => {
            backend.failNext('list', OFFLINE, 0, true);
            backend.failNext('summary', OFFLINE, 0, true);
            await open();
          },
          RETRY: () => send({ type: 'goals.retry' }),
          CREATE: async () => {
            await send({ type: 'goal.create' });
            await send({ type: 'form.submit', values: bike });
          },
          CREATE_WITHOUT_TARGET: async () => {
            await send({ type: 'goal.create' });
            await send({ type: 'form.submit', values: { ...bike, target_amount: 0 } });
          },
          CANCEL_FORM: () => send({ type: 'form.close' }),
          EDIT: async () => {
            await send({ type: 'goal.edit', goalId: 'holiday' });
            await send({ type: 'form.submit', values: { ...bike, name: 'Summer in Lisbon', target_amount: 2000 } });
          },
          DEPOSIT_TO_TARGET: () => move('goal.deposit', 'emergency', '50'),
          DEPOSIT: () => move('goal.deposit', 'holiday', '25', 'Birthday money'),
          DEPOSIT_AGAIN_AFTER_A_DROP: async () => {
            backend.failNext('funds', OFFLINE, 0, true);
            await move('goal.deposit', 'holiday', '25', 'Birthday money');
            expect(page.funds()!.getSnapshot().value).toBe('failed');
            // Submitting again (not Retry) from the failure sends the same amount.
            page.funds()!.send({ type: 'funds.submit' });
            await page.settled();
          },
          WITHDRAW_THEN_CANCEL: () => move('goal.withdraw', 'holiday', null),
          DELETE: () => send({ type: 'goal.delete', goalId: 'holiday' }),
          CONFIRM_DELETE: () => send({ type: 'deletion.confirm' }),
          CONFIRM_DELETE_FAILS: async () => {
            backend.failNext('delete', 'Goal not found', 404);
            await send({ type: 'deletion.confirm' });
          },
          CANCEL_DELETE: () => send({ type: 'deletion.cancel' }),
          HISTORY: () => send({ type: 'history.open', goalId: 'emergency' }),
          HISTORY_OFFLINE: async () => {
            backend.failNext('history', OFFLINE, 0, true);
            await send({ type: 'history.open', goalId: 'emergency' });
          },
          HISTORY_CLOSED_BEFORE_IT_LOADS: async () => {
            // A slow connection: the history never answers before the user closes the drawer.
            backend.history = () => new Promise(() => {});
            page.actor.send({ type: 'history.open', goalId: 'emergency' });
            expect(s().matches({ history: 'loading' })).toBe(true);
            await send({ type: 'history.close' });
          },
          RETRY_HISTORY: () => send({ type: 'history.retry' }),
          CLOSE_HISTORY: () => send({ type: 'history.close' }),
        },
        states: {
          opening: () => expect(backend.goals.size).toBe(2),
          listFailed: () => {
            expect(page.list().matches({ list: 'failed' })).toBe(true);
            expect(page.list().context.loadError?.message).toBe(OFFLINE);
            expect(s().context.summary).toBeNull();
          },
          retried: () => expect(page.ids()).toEqual(['holiday', 'emergency']),
          board: () => {
            expect(page.ids()).toEqual(['holiday', 'emergency']);
            expect(s().context.summary).toMatchObject({ total_goals: 2, total_saved_amount: 1050, total_target_amount: 3000 });
          },
          created: () => {
            expect(page.ids()).toHaveLength(3);
            expect(page.goal(page.ids()[0]!)!.name).toBe('New bike');
            expect(lastToast()).toEqual({ kind: 'success', message: goalToasts.created });
            expect(s().context.summary?.total_goals).toBe(3);
            expect(s().matches({ form: 'closed' })).toBe(true);
          },
          formRefused: () => {
            expect(s().matches({ form: 'editing' })).toBe(true);
            expect(s().context.formError?.message).toBe('target_amount must be greater than 0');
          },
          formClosed: () => {
            expect(s().matches({ form: 'closed' })).toBe(true);
            expect(page.ids()).toHaveLength(2);
          },
          updated: () => {
            expect(page.ids()).toEqual(['holiday', 'emergency']);
            expect(page.goal('holiday')!.name).toBe('Summer in Lisbon');
            expect(lastToast()).toEqual({ kind: 'success', message: goalToasts.updated });
          },
          celebrated: () => {
            expect(page.goal('emergency')).toMatchObject({ current_amount: 1000, status: 'completed' });
            expect(page.celebrations.map((g) => g.goal_id)).toEqual(['emergency']);
          },
          deposited: () => {
            expect(page.goal('holiday')!.current_amount).toBe(125);
            expect(backend.ledger.map((t) => [t.amount, t.note])).toEqual([[25, 'Birthday money']]);
            expect(lastToast()).toEqual({ kind: 'success', message: goalToasts.fundsAdded });
            expect(page.celebrations).toEqual([]);
          },
          unchanged: () => {
            expect(s().matches({ funds: 'idle' })).toBe(true);
            expect(page.toasts).toEqual([]);
            expect(backend.ledger).toEqual([]);
          },
          confirmingDelete: () => {
            expect(page.list().matches({ deletion: 'confirming' })).toBe(true);
            expect(page.confirmations.map((c) => c.goal.goal_id)).toEqual(['holiday']);
          },
          deleted: () => {
            expect(page.ids()).toEqual(['emergency']);
            expect(s().context.summary?.total_goals).toBe(1);
          },
          deleteFailed: () => {
            expect(page.ids()).toEqual(['holiday', 'emergency']);
            expect(lastToast()).toEqual({ kind: 'error', message: 'Goal not found' });
          },
          kept: () => {
            expect(page.list().matches({ deletion: 'idle' })).toBe(true);
            expect(backend.goals.has('holiday')).toBe(true);
          },
          historyShown: () => {
            expect(s().matches({ history: 'showing' })).toBe(true);
            expect(s().context.history).toMatchObject({ goalId: 'emergency', total: 0 });
          },
          historyFailed: () => {
            expect(s().matches({ history: 'failed' })).toBe(true);
            expect(s().context.historyError?.message).toBe(OFFLINE);
          },
          historyClosed: () => {
            expect(s().matches({ history: 'closed' })).toBe(true);
            expect(s().context.historyGoalId).toBeNull();
          },
        },
      });
    });
  }
});

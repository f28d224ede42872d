import { createTestModel } from '@xstate/test';
import { describe, expect, it } from 'vitest';
import { budgetFlow, budgetModel, budgetTransitions, type BudgetFlowState } from '../models/budget';
import { recordMachineCoverage } from '../support/machine-coverage';
import { fakeBudgetBackend, startBudget } from './support/budget';

const model = createTestModel(budgetModel);
const paths = model.getSimplePaths();
const coverage = recordMachineCoverage(import.meta.url, 'node');

describe('model-based paths: editing, rollover, a month switch, a target with fill and Undo, and a reorder (the real budget machine)', () => {
  it('the paths cover every state and every transition of the model', () => {
    const covered = new Set(paths.flatMap((p) => p.steps.slice(1).map((step, i) => `${String(p.steps[i]!.state.value)}:${step.event.type}`)));
    const visited = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...covered].sort()).toEqual(budgetTransitions().sort());
    expect([...visited].sort()).toEqual(Object.keys(budgetModel.root.states).sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      const backend = fakeBudgetBackend({
        income: { [budgetFlow.month]: budgetFlow.income },
        spent: [{ month: budgetFlow.month, category: 'Groceries', amount: budgetFlow.spent }],
        assigned: [{ month: budgetFlow.month, category: 'Groceries', amount: budgetFlow.assigned }],
      });
      const b = startBudget(backend, budgetFlow.month);
      coverage.path(path.description).attach(b.actor);
      await b.settled();
      const shows = (state: BudgetFlowState) => {
        const want = budgetFlow.shows[state];
        expect(b.line('Groceries')).toMatchObject({ assigned: want.assigned, available: want.available, carried_in: want.carriedIn, underfunded: want.underfunded });
        expect(b.actor.getSnapshot().context.data?.ready_to_assign).toBe(want.ready);
        expect(b.actor.getSnapshot().context.data?.underfunded).toBe(want.underfunded);
      };
      const everyday = () => b.actor.getSnapshot().context.data?.groups.find((g) => g.name === 'Everyday')?.categories.slice(0, 2).map((c) => c.category);
      const context = () => b.actor.getSnapshot().context;

      await path.test({
        events: {
          EDIT: () => b.send({ type: 'assigned.edit', category: 'Groceries' }),
          TYPE_INVALID: async () => {
            await b.send({ type: 'assigned.change', value: budgetFlow.invalid });
            await b.send({ type: 'assigned.save' });
          },
          SAVE: async () => {
            await b.send({ type: 'assigned.change', value: budgetFlow.valid });
            await b.send({ type: 'assigned.save' });
          },
          CANCEL: () => b.send({ type: 'assigned.cancel' }),
          ROLLOVER_NONE: () => b.send({ type: 'rollover.change', category: 'Groceries', rollover: 'none' }),
          NEXT: () => b.send({ type: 'month.next' }),
          TARGET: async () => {
            await b.send({ type: 'target.open', category: 'Groceries' });
            await b.send({ type: 'target.change', kind: 'monthly', amount: String(budgetFlow.target) });
            await b.send({ type: 'target.submit' });
          },
          FILL: () => b.send({ type: 'budget.fill', category: null, source: 'underfunded' }),
          UNDO: () => b.send({ type: 'budget.undo' }),
          MOVE_DOWN: () => b.send({ type: 'order.category', category: 'Groceries', direction: 1 }),
        },
        states: {
          january: () => {
            expect(context()).toMatchObject({ month: '2025-01', edit: null });
            expect(everyday()).toEqual(budgetFlow.order.before);
            shows('january');
          },
          targeted: () => {
            expect(context().target).toBeNull();
            expect(b.line('Groceries')?.target).toMatchObject({ kind: 'monthly', amount: budgetFlow.target });
            expect(context().undo).toBeNull();
            shows('targeted');
          },
          filled: () => {
            expect(context().undo).toEqual({ amounts: [{ category: 'Groceries', assigned: budgetFlow.assigned }] });
            shows('filled');
          },
          undone: () => {
            expect(context().undo).toBeNull();
            expect(backend.lineOf('2025-01', 'Groceries').assigned).toBe(budgetFlow.assigned);
            shows('undone');
          },
          reordered: () => {
            expect(everyday()).toEqual(budgetFlow.order.after);
            shows('reordered');
          },
          editing: () => {
            expect(context().edit).toEqual({ category: 'Groceries', text: '300.00', error: null });
            shows('editing');
          },
          invalid: () => {
            expect(context().edit?.error).toBe(budgetFlow.invalidMessage);
            expect(backend.lineOf('2025-01', 'Groceries').assigned).toBe(budgetFlow.assigned);
            shows('invalid');
          },
          edited: () => {
            expect(context().edit).toBeNull();
            shows('edited');
          },
          januaryNoRollover: () => {
            expect(b.line('Groceries')?.rollover).toBe('none');
            shows('januaryNoRollover');
          },
          february: () => {
            expect(context().month).toBe('2025-02');
            shows('february');
          },
          februaryAfterEdit: () => {
            expect(context().month).toBe('2025-02');
            shows('februaryAfterEdit');
          },
          februaryNoRollover: () => {
            expect(context().month).toBe('2025-02');
            shows('februaryNoRollover');
          },
        },
      });
    });
  }
});

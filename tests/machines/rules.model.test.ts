import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/test';
import { rulesFlow, rulesModel, rulesTransitions } from '../models/rules';
import { recordMachineCoverage } from '../support/machine-coverage';
import { fakeRulesBackend, startRules } from './support/rules';

const model = createTestModel(rulesModel);
const paths = model.getSimplePaths();
const coverage = recordMachineCoverage(import.meta.url, 'node');

describe('model-based paths: adding a rule and running it (the real rules machine)', () => {
  it('the paths cover every state and every transition of the model', () => {
    const covered = new Set(paths.flatMap((p) => p.steps.slice(1).map((step, i) => `${String(p.steps[i]!.state.value)}:${step.event.type}`)));
    const visited = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...covered].sort()).toEqual(rulesTransitions().sort());
    expect([...visited].sort()).toEqual(Object.keys(rulesModel.root.states).sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      const backend = fakeRulesBackend([
        { id: 't1', description: rulesFlow.rows[0], category: 'Other' },
        { id: 't2', description: rulesFlow.rows[1], category: 'Other' },
        { id: 't3', description: rulesFlow.other, category: 'Other' },
      ]);
      const rules = startRules(backend);
      coverage.path(path.description).attach(rules.actor);
      await rules.settled();
      const categories = () => backend.state.rows.map((r) => r.category);

      await path.test({
        events: {
          ADD: async () => {
            rules.send({ type: 'rule.new' });
          },
          SAVE_INVALID: async () => {
            rules.send({ type: 'condition.change', index: 0, key: 'value', value: rulesFlow.merchant });
            rules.send({ type: 'rule.save' });
            await rules.settled();
          },
          SAVE_VALID: async () => {
            rules.send({ type: 'condition.change', index: 0, key: 'value', value: rulesFlow.merchant });
            rules.send({ type: 'action.change', key: 'category', value: rulesFlow.category });
            rules.send({ type: 'rule.save' });
            await rules.settled();
          },
          CANCEL: async () => {
            rules.send({ type: 'rule.cancel' });
          },
          RUN: async () => {
            rules.send({ type: 'rule.preview' });
            await rules.settled();
          },
          APPLY: async () => {
            rules.send({ type: 'rule.apply' });
            await rules.settled();
          },
          DONE: async () => {
            rules.send({ type: 'rule.done' });
          },
        },
        states: {
          list: () => {
            expect(rules.value()).toBe('list');
            expect(rules.context().rules).toEqual([]);
          },
          editing: () => {
            expect(rules.value()).toBe('editing');
            expect(rules.context().draft.conditions).toEqual([{ field: 'merchant', op: 'is', value: '', value2: '' }]);
          },
          invalid: () => {
            expect(rules.value()).toBe('editing');
            expect(rules.context().errors.actions).toBe(rulesFlow.invalidMessage);
            expect(backend.state.calls).not.toContain('save');
          },
          saved: () => {
            expect(rules.value()).toBe('saved');
            expect(rules.toasts).toEqual([{ kind: 'success', message: rulesFlow.savedToast }]);
          },
          previewed: () => {
            expect(rules.value()).toBe('previewed');
            expect(rules.context().preview).toMatchObject({ matched: 2, changed: 2 });
            expect(categories()).toEqual(['Other', 'Other', 'Other']);
          },
          applied: () => {
            expect(rules.value()).toBe('list');
            expect(rules.toasts.at(-1)).toEqual({ kind: 'success', message: rulesFlow.appliedToast });
            expect(categories()).toEqual(['Dining', 'Dining', 'Other']);
            expect(rules.context().rules).toHaveLength(1);
          },
          kept: () => {
            expect(rules.value()).toBe('list');
            expect(rules.context().rules).toHaveLength(1);
            expect(categories()).toEqual(['Other', 'Other', 'Other']);
          },
          cancelled: () => {
            expect(rules.value()).toBe('list');
            expect(rules.context().rules).toEqual([]);
            expect(backend.state.calls).not.toContain('save');
          },
        },
      });
    });
  }
});

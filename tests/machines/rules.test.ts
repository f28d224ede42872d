import { describe, expect, it } from 'vitest';
import { checkRule, draftOf, emptyDraft, movedOrder } from '../../machines/rules';
import { fakeRulesBackend, startRules } from './support/rules';

const rows = [
  { id: 't1', description: 'SQ *BLUE BOTTLE 0341', category: 'Other' },
  { id: 't2', description: 'BLUE BOTTLE COFFEE SF', category: 'Other' },
  { id: 't3', description: 'SHELL OIL', category: 'Other' },
];

async function withRule() {
  const backend = fakeRulesBackend(rows);
  const rules = startRules(backend);
  await rules.settled();
  rules.send({ type: 'rule.new' });
  rules.send({ type: 'condition.change', index: 0, key: 'value', value: 'Blue Bottle' });
  rules.send({ type: 'action.change', key: 'category', value: 'Dining' });
  rules.send({ type: 'rule.save' });
  await rules.settled();
  return { backend, rules };
}

describe('the rule form’s rules (the contract’s, as the server checks them)', () => {
  it('reads amounts as typed, tags comma-separated, and names each problem where it shows', () => {
    const d = emptyDraft();
    d.conditions = [
      { field: 'amount', op: 'between', value: '1,5', value2: '' },
      { field: 'description', op: 'matches', value: '(', value2: '' },
    ];
    d.tags = ' Coffee , treat ,';
    const { body, errors } = checkRule(d);
    expect(body.actions).toEqual({ tags: ['Coffee', 'treat'] });
    expect(errors).toMatchObject({ conditions: expect.stringMatching(/value2/) });
    expect(checkRule({ ...emptyDraft(), category: 'Dining' }).errors).toEqual({ 'conditions.0.value': 'Value is required' });
  });

  it('a saved rule comes back into the form as it was', () => {
    const rule = { rule_id: 'r', name: 'Fuel', position: 0, match: 'any' as const, conditions: [{ field: 'amount' as const, op: 'between' as const, value: 10, value2: 20 }], actions: { category: 'Transport', tags: ['car', 'fuel'] }, enabled: true, created_at: '', updated_at: '' };
    expect(draftOf(rule)).toEqual({ name: 'Fuel', match: 'any', conditions: [{ field: 'amount', op: 'between', value: '10', value2: '20' }], category: 'Transport', merchant: '', tags: 'car, fuel', notes: '' });
    expect(checkRule(draftOf(rule)).body).toEqual({ name: 'Fuel', match: 'any', conditions: rule.conditions, actions: rule.actions });
  });

  it('choosing another field resets the condition’s operator and values', async () => {
    const rules = startRules(fakeRulesBackend());
    await rules.settled();
    rules.send({ type: 'rule.new' });
    rules.send({ type: 'condition.change', index: 0, key: 'op', value: 'matches' });
    rules.send({ type: 'condition.change', index: 0, key: 'value', value: 'x' });
    rules.send({ type: 'condition.change', index: 0, key: 'field', value: 'amount' });
    expect(rules.context().draft.conditions).toEqual([{ field: 'amount', op: 'equals', value: '', value2: '' }]);
    rules.send({ type: 'condition.add' });
    rules.send({ type: 'condition.remove', index: 0 });
    expect(rules.context().draft.conditions).toEqual([{ field: 'merchant', op: 'is', value: '', value2: '' }]);
  });
});

describe('the rules machine', () => {
  it('a refused save shows the server’s detail; no Retry for a refusal, Retry after a network failure', async () => {
    const backend = fakeRulesBackend();
    const rules = startRules(backend);
    await rules.settled();
    rules.send({ type: 'rule.new' });
    rules.send({ type: 'condition.change', index: 0, key: 'value', value: 'x' });
    rules.send({ type: 'action.change', key: 'notes', value: 'n' });
    backend.failNext('save', "actions.category 'Nope' is not a known category", 422);
    rules.send({ type: 'rule.save' });
    await rules.settled();
    expect(rules.value()).toBe('saveFailed');
    expect(rules.context().error?.message).toMatch(/not a known category/);
    expect(rules.actor.getSnapshot().can({ type: 'rule.retry' })).toBe(false);
    rules.send({ type: 'action.change', key: 'notes', value: 'm' });
    expect(rules.value()).toBe('editing');
    backend.failNext('save', 'Network error. Please check your connection.');
    rules.send({ type: 'rule.save' });
    await rules.settled();
    rules.send({ type: 'rule.retry' });
    await rules.settled();
    expect(rules.value()).toBe('saved');
    expect(rules.context().rules).toHaveLength(1);
    expect(rules.toasts).toEqual([{ kind: 'success', message: 'Rule saved' }]);
  });

  it('runs a listed rule on existing transactions; a failed preview can be tried again; apply toasts the count', async () => {
    const { backend, rules } = await withRule();
    rules.send({ type: 'rule.done' });
    backend.failNext('preview', 'Network error. Please check your connection.');
    rules.send({ type: 'rule.run', ruleId: 'r1' });
    await rules.settled();
    expect(rules.value()).toBe('runFailed');
    rules.send({ type: 'rule.preview' });
    await rules.settled();
    expect(rules.context().preview).toMatchObject({ matched: 2, changed: 2 });
    rules.send({ type: 'rule.apply' });
    await rules.settled();
    expect(rules.value()).toBe('list');
    expect(rules.toasts.at(-1)).toEqual({ kind: 'success', message: '2 transactions updated' });
    expect(backend.state.rows.map((r) => r.category)).toEqual(['Dining', 'Dining', 'Other']);
  });

  it('edits, moves and deletes rules; an unknown id does nothing', async () => {
    const { backend, rules } = await withRule();
    rules.send({ type: 'rule.done' });
    rules.send({ type: 'rule.new' });
    rules.send({ type: 'condition.change', index: 0, key: 'value', value: 'Shell' });
    rules.send({ type: 'action.change', key: 'category', value: 'Groceries' });
    rules.send({ type: 'rule.save' });
    await rules.settled();
    rules.send({ type: 'rule.done' });
    rules.send({ type: 'rule.move', ruleId: 'r2', by: -1 });
    await rules.settled();
    expect(rules.context().rules.map((r) => r.rule_id)).toEqual(['r2', 'r1']);
    expect(movedOrder(rules.context().rules, 'r2', -1)).toEqual(['r2', 'r1']);
    rules.send({ type: 'rule.edit', ruleId: 'r1' });
    expect(rules.context().draft.category).toBe('Dining');
    rules.send({ type: 'draft.name', value: 'Coffee' });
    rules.send({ type: 'rule.save' });
    await rules.settled();
    rules.send({ type: 'rule.done' });
    expect(rules.context().rules.find((r) => r.rule_id === 'r1')?.name).toBe('Coffee');
    rules.send({ type: 'rule.delete', ruleId: 'nope' });
    expect(rules.value()).toBe('list');
    rules.send({ type: 'rule.delete', ruleId: 'r2' });
    await rules.settled();
    expect(rules.context().rules.map((r) => r.rule_id)).toEqual(['r1']);
    expect(backend.state.rules.map((r) => r.rule_id)).toEqual(['r1']);
    expect(rules.toasts.at(-1)).toEqual({ kind: 'success', message: 'Rule deleted' });
  });

  it('a failed load offers Try again', async () => {
    const backend = fakeRulesBackend();
    backend.failNext('load', 'Failed to fetch rules');
    const rules = startRules(backend);
    await rules.settled();
    expect(rules.value()).toBe('loadFailed');
    rules.send({ type: 'rules.retry' });
    await rules.settled();
    expect(rules.value()).toBe('list');
  });
});

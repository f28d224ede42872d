import { createActor, fromPromise, waitFor } from 'xstate';
import type { Rule, RulePreview, SaveRuleRequest } from '../../../src/contract/autoRules';
import { saveRuleRequest } from '../../../src/contract/autoRules';
import { rulesMachine } from '../../../machines/rules';
import type { Toast } from '../../../machines/types';

interface Row {
  id: string;
  description: string;
  category: string;
}

/**
 * A stand-in for the rules API that keeps rules and rows in memory: a rule's preview and apply look at
 * `merchant contains` and `description contains` conditions only (enough for the machine's tests).
 */
export function fakeRulesBackend(rows: Row[] = []) {
  const state = { rules: [] as Rule[], rows: rows.map((r) => ({ ...r })), calls: [] as string[], failNext: null as null | { call: string; error: { message: string; status?: number } } };
  let n = 0;
  const fail = (call: string) => {
    state.calls.push(call);
    if (state.failNext?.call === call) {
      const e = state.failNext.error;
      state.failNext = null;
      throw e;
    }
  };
  const matches = (rule: Rule, r: Row) => rule.conditions.some((c) => (c.field === 'merchant' || c.field === 'description') && r.description.toLowerCase().includes(String(c.value).toLowerCase().split(' ').slice(0, 2).join(' ')));
  const toRule = (id: string, body: SaveRuleRequest, position: number): Rule => {
    const p = saveRuleRequest.parse(body);
    return { rule_id: id, name: p.name, position, match: p.match, conditions: p.conditions, actions: p.actions, enabled: p.enabled, created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z' };
  };
  const preview = (id: string): RulePreview => {
    const rule = state.rules.find((r) => r.rule_id === id)!;
    const hit = state.rows.filter((r) => matches(rule, r));
    const change = hit.filter((r) => rule.actions.category && r.category !== rule.actions.category);
    return {
      matched: hit.length,
      changed: change.length,
      split: 0,
      transferred: 0,
      rows: change.map((r) => ({ transaction_id: r.id, date: '2025-03-01', description: r.description, amount: 5, type: 'expense', before: { category: r.category, merchant: null, tags: [], notes: null }, after: { category: rule.actions.category!, merchant: null, tags: [], notes: null } })),
    };
  };
  const actors = {
    loadRules: fromPromise(async () => {
      fail('load');
      return { rules: [...state.rules], categories: ['Dining', 'Groceries', 'Other'], accounts: [] as { id: string; name: string }[] };
    }),
    saveRule: fromPromise<Rule, { ruleId: string | null; body: SaveRuleRequest }>(async ({ input }) => {
      fail('save');
      const rule = toRule(input.ruleId ?? `r${++n}`, input.body, input.ruleId ? state.rules.findIndex((r) => r.rule_id === input.ruleId) : state.rules.length);
      state.rules = input.ruleId ? state.rules.map((r) => (r.rule_id === input.ruleId ? rule : r)) : [...state.rules, rule];
      return rule;
    }),
    deleteRule: fromPromise<void, { ruleId: string }>(async ({ input }) => {
      fail('delete');
      state.rules = state.rules.filter((r) => r.rule_id !== input.ruleId);
    }),
    reorderRules: fromPromise<Rule[], { ruleIds: string[] }>(async ({ input }) => {
      fail('reorder');
      state.rules = input.ruleIds.map((id, i) => ({ ...state.rules.find((r) => r.rule_id === id)!, position: i }));
      return [...state.rules];
    }),
    previewRule: fromPromise<RulePreview, { ruleId: string }>(async ({ input }) => {
      fail('preview');
      return preview(input.ruleId);
    }),
    applyRule: fromPromise<{ updated: number }, { ruleId: string }>(async ({ input }) => {
      fail('apply');
      const rule = state.rules.find((r) => r.rule_id === input.ruleId)!;
      let updated = 0;
      for (const r of state.rows)
        if (matches(rule, r) && rule.actions.category && r.category !== rule.actions.category) {
          r.category = rule.actions.category;
          updated++;
        }
      return { updated };
    }),
  };
  return { state, actors, failNext: (call: string, message: string, status?: number) => (state.failNext = { call, error: { message, status } }) };
}

/** The real rules machine on the fake backend, with its toasts collected. */
export function startRules(backend: ReturnType<typeof fakeRulesBackend>) {
  const toasts: Toast[] = [];
  const actor = createActor(rulesMachine.provide({ actors: backend.actors, actions: { notify: (_, t: Toast) => void toasts.push(t) } })).start();
  return {
    actor,
    toasts,
    send: actor.send,
    settled: () => waitFor(actor, (s) => !s.hasTag('busy')),
    context: () => actor.getSnapshot().context,
    value: () => actor.getSnapshot().value,
  };
}

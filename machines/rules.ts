import { assign, fromPromise, setup } from 'xstate';
import { type Rule, type RuleCondition, type RulePreview, type SaveRuleRequest, RULE_AMOUNT_OPS, RULE_TEXT_OPS, autoRuleMessages, saveRuleRequest } from '../src/contract/autoRules';
import { readAmount } from '../src/contract/money';
import { ruleErrors } from '../src/contract/messages';
import { isRetryable, toFailure, type CallFailure, type Toast } from './types';

export type ConditionField = RuleCondition['field'];

/** One condition as typed: the value fields are text until the rule is checked. */
export interface ConditionDraft {
  field: ConditionField;
  op: string;
  value: string;
  value2: string;
}

/** The rule form as typed. Tags are typed comma-separated. */
export interface RuleDraft {
  name: string;
  match: 'all' | 'any';
  conditions: ConditionDraft[];
  category: string;
  merchant: string;
  tags: string;
  notes: string;
}
export type ActionField = 'category' | 'merchant' | 'tags' | 'notes';

/** The operators each field offers, the first being the default. */
export const OPS_OF: Record<ConditionField, readonly string[]> = {
  merchant: RULE_TEXT_OPS,
  description: RULE_TEXT_OPS,
  notes: RULE_TEXT_OPS,
  amount: RULE_AMOUNT_OPS,
  type: ['is'],
  account: ['is'],
  date: ['between'],
  kind: ['is'],
};
/** Whether an operator takes a second value ("between"). */
export const takesTwo = (op: string) => op === 'between';

const newCondition = (field: ConditionField = 'merchant'): ConditionDraft => ({ field, op: OPS_OF[field][0]!, value: field === 'type' ? 'expense' : '', value2: '' });
export const emptyDraft = (): RuleDraft => ({ name: '', match: 'all', conditions: [newCondition()], category: '', merchant: '', tags: '', notes: '' });

export function draftOf(rule: Rule): RuleDraft {
  return {
    name: rule.name,
    match: rule.match,
    conditions: rule.conditions.map((c) => ({ field: c.field, op: c.op, value: String(c.value), value2: 'value2' in c && c.value2 !== undefined ? String(c.value2) : '' })),
    category: rule.actions.category ?? '',
    merchant: rule.actions.merchant ?? '',
    tags: (rule.actions.tags ?? []).join(', '),
    notes: rule.actions.notes ?? '',
  };
}

/** The draft as the request body, and each field's problem under the contract's rule (the server's). */
export function checkRule(draft: RuleDraft): { body: SaveRuleRequest; errors: Record<string, string> } {
  const conditions = draft.conditions.map((c) => {
    const number = (t: string) => readAmount(t) ?? (t.trim() === '' ? undefined : Number.NaN);
    const value = c.field === 'amount' ? number(c.value) : c.value;
    const two = takesTwo(c.op) ? (c.field === 'amount' ? number(c.value2) : c.value2) : undefined;
    return { field: c.field, op: c.op, value, ...(two !== undefined ? { value2: two } : {}) };
  }) as SaveRuleRequest['conditions'];
  const tags = draft.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const actions: SaveRuleRequest['actions'] = {
    ...(draft.category.trim() ? { category: draft.category.trim() } : {}),
    ...(draft.merchant.trim() ? { merchant: draft.merchant.trim() } : {}),
    ...(tags.length ? { tags } : {}),
    ...(draft.notes.trim() ? { notes: draft.notes.trim() } : {}),
  };
  const body: SaveRuleRequest = { name: draft.name.trim(), match: draft.match, conditions, actions };
  return { body, errors: ruleErrors(saveRuleRequest, body, { actions: 'Actions', conditions: 'Conditions' }) };
}

export interface RulesData {
  rules: Rule[];
  /** The category names a rule can set. */
  categories: string[];
  /** The money accounts a condition can name. */
  accounts: { id: string; name: string }[];
}

export interface RulesContext extends RulesData {
  /** The rule being edited (null: a new one). */
  editingId: string | null;
  draft: RuleDraft;
  errors: Record<string, string>;
  error: CallFailure | null;
  /** The rule whose preview is shown or asked for. */
  current: Rule | null;
  preview: RulePreview | null;
  /** The rule being deleted. */
  pendingId: string | null;
}

export type RulesEvent =
  | { type: 'rules.retry' }
  | { type: 'rule.new' }
  | { type: 'rule.edit'; ruleId: string }
  | { type: 'rule.run'; ruleId: string }
  | { type: 'rule.delete'; ruleId: string }
  | { type: 'rule.move'; ruleId: string; by: -1 | 1 }
  | { type: 'draft.name'; value: string }
  | { type: 'draft.match'; value: 'all' | 'any' }
  | { type: 'condition.add' }
  | { type: 'condition.remove'; index: number }
  | { type: 'condition.change'; index: number; key: keyof ConditionDraft; value: string }
  | { type: 'action.change'; key: ActionField; value: string }
  | { type: 'rule.save' }
  | { type: 'rule.retry' }
  | { type: 'rule.cancel' }
  | { type: 'rule.preview' }
  | { type: 'rule.apply' }
  | { type: 'rule.done' };

type DraftEvent = Extract<RulesEvent, { type: 'draft.name' | 'draft.match' | 'condition.add' | 'condition.remove' | 'condition.change' | 'action.change' }>;

/** The draft after one edit; choosing another field resets the condition's operator and values. */
export function editDraft(draft: RuleDraft, event: DraftEvent): RuleDraft {
  switch (event.type) {
    case 'draft.name':
      return { ...draft, name: event.value };
    case 'draft.match':
      return { ...draft, match: event.value };
    case 'condition.add':
      return { ...draft, conditions: [...draft.conditions, newCondition()] };
    case 'condition.remove':
      return { ...draft, conditions: draft.conditions.filter((_, i) => i !== event.index) };
    case 'condition.change':
      return {
        ...draft,
        conditions: draft.conditions.map((c, i) => (i !== event.index ? c : event.key === 'field' ? newCondition(event.value as ConditionField) : { ...c, [event.key]: event.value })),
      };
    case 'action.change':
      return { ...draft, [event.key]: event.value };
  }
}

export const rulesTexts = { loadFailed: autoRuleMessages.fetchRules, saved: autoRuleMessages.ruleSaved, deleted: autoRuleMessages.ruleDeleted, applied: autoRuleMessages.applied } as const;

const replaceRule = (rules: Rule[], rule: Rule) => (rules.some((r) => r.rule_id === rule.rule_id) ? rules.map((r) => (r.rule_id === rule.rule_id ? rule : r)) : [...rules, rule]);
/** The ids in their new order after moving one up or down. */
export function movedOrder(rules: Rule[], ruleId: string, by: -1 | 1): string[] {
  const ids = rules.map((r) => r.rule_id);
  const at = ids.indexOf(ruleId);
  const to = at + by;
  if (at < 0 || to < 0 || to >= ids.length) return ids;
  [ids[at], ids[to]] = [ids[to]!, ids[at]!];
  return ids;
}


/**
 * Settings › Rules: the user's categorization rules in the order they run. A rule is added or edited
 * in a form checked by the contract's rule (the server's), saved, and can then be previewed on the
 * existing transactions (how many it would change, the first rows before and after) and applied.
 */
export const rulesMachine = setup({
  types: {
    context: {} as RulesContext,
    events: {} as RulesEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** GET /rules and the category names. */
    loadRules: fromPromise<RulesData>(async () => {
      throw new Error('loadRules not provided');
    }),
    /** POST /rules, or PUT /rules/{id}. */
    saveRule: fromPromise<Rule, { ruleId: string | null; body: SaveRuleRequest }>(async () => {
      throw new Error('saveRule not provided');
    }),
    /** DELETE /rules/{id}. */
    deleteRule: fromPromise<void, { ruleId: string }>(async () => {
      throw new Error('deleteRule not provided');
    }),
    /** PUT /rules/order. */
    reorderRules: fromPromise<Rule[], { ruleIds: string[] }>(async () => {
      throw new Error('reorderRules not provided');
    }),
    /** GET /rules/{id}/preview. */
    previewRule: fromPromise<RulePreview, { ruleId: string }>(async () => {
      throw new Error('previewRule not provided');
    }),
    /** POST /rules/{id}/apply. */
    applyRule: fromPromise<{ updated: number }, { ruleId: string }>(async () => {
      throw new Error('applyRule not provided');
    }),
  },
  actions: {
    notify: (_, _toast: Toast) => {},
    edit: assign(({ context, event }) => {
      const draft = editDraft(context.draft, event as DraftEvent);
      return { draft, errors: {} };
    }),
  },
  guards: {
    valid: ({ context }) => Object.keys(checkRule(context.draft).errors).length === 0,
    retryable: ({ context }) => isRetryable(context.error),
    known: ({ context, event }) => 'ruleId' in event && context.rules.some((r) => r.rule_id === event.ruleId),
  },
}).createMachine({
  id: 'rules',
  description: 'Settings › Rules: list, add, edit, reorder and delete categorization rules; preview and apply one on existing transactions.',
  context: () => ({ rules: [], categories: [], accounts: [], editingId: null, draft: emptyDraft(), errors: {}, error: null, current: null, preview: null, pendingId: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetches the rules and the categories a rule can set.',
      tags: ['busy'],
      invoke: {
        src: 'loadRules',
        onDone: { target: 'list', description: 'The rules show in the order they run.', actions: assign(({ event }) => ({ rules: event.output.rules, categories: event.output.categories, accounts: event.output.accounts, error: null })) },
        onError: { target: 'loadFailed', description: "The server's detail, or 'Failed to fetch rules'.", actions: assign({ error: ({ event }) => toFailure(event.error, rulesTexts.loadFailed) }) },
      },
    },
    loadFailed: {
      description: 'The rules could not be fetched: the message and Try again.',
      on: { 'rules.retry': { target: 'loading', description: 'Fetches again.' } },
    },
    list: {
      description: 'The rules in order, each with its conditions, actions and buttons; Add rule opens an empty form.',
      on: {
        'rule.new': { target: 'editing', description: 'Opens the form with one condition on the merchant.', actions: assign(() => ({ editingId: null, draft: emptyDraft(), errors: {}, error: null })) },
        'rule.edit': {
          guard: 'known',
          target: 'editing',
          description: 'Opens the form with the rule as saved.',
          actions: assign(({ context, event }) => ({ editingId: event.ruleId, draft: draftOf(context.rules.find((r) => r.rule_id === event.ruleId)!), errors: {}, error: null })),
        },
        'rule.run': {
          guard: 'known',
          target: 'previewing',
          description: 'Run on existing transactions: previews what the rule would change.',
          actions: assign(({ context, event }) => ({ current: context.rules.find((r) => r.rule_id === event.ruleId)!, preview: null, error: null })),
        },
        'rule.delete': { guard: 'known', target: 'deleting', description: 'Deletes the rule (rows it changed keep their changes).', actions: assign({ pendingId: ({ event }) => event.ruleId }) },
        'rule.move': { guard: 'known', target: 'reordering', description: 'Moves the rule up or down one place: the one above runs first.' },
      },
    },
    deleting: {
      description: 'Deletes the rule.',
      tags: ['busy'],
      invoke: {
        src: 'deleteRule',
        input: ({ context }) => ({ ruleId: context.pendingId! }),
        onDone: {
          target: 'list',
          description: "The rule leaves the list; a toast says 'Rule deleted'.",
          actions: [assign({ rules: ({ context }) => context.rules.filter((r) => r.rule_id !== context.pendingId), pendingId: null }), { type: 'notify', params: { kind: 'success', message: 'Rule deleted' } }],
        },
        onError: { target: 'loading', description: "Refused or failed: the server's detail as a toast, and the list is fetched again.", actions: { type: 'notify', params: ({ event }) => ({ kind: 'error', message: toFailure(event.error, autoRuleMessages.deleteRule).message }) } },
      },
    },
    reordering: {
      description: 'Saves the new order.',
      tags: ['busy'],
      invoke: {
        src: 'reorderRules',
        input: ({ context, event }) => ({ ruleIds: movedOrder(context.rules, (event as { ruleId: string }).ruleId, (event as { by: -1 | 1 }).by) }),
        onDone: { target: 'list', description: 'The list shows the saved order.', actions: assign({ rules: ({ event }) => event.output }) },
        onError: { target: 'list', description: "Refused or failed: the server's detail as a toast; the order stays.", actions: { type: 'notify', params: ({ event }) => ({ kind: 'error', message: toFailure(event.error, autoRuleMessages.reorderRules).message }) } },
      },
    },
    editing: {
      description: 'The form: name, all or any, the conditions, and what the rule sets. Saving checks it with the contract’s rule first.',
      on: {
        'draft.name': { description: 'Names the rule (optional; the list shows its conditions otherwise).', actions: 'edit' },
        'draft.match': { description: 'All conditions, or any one of them.', actions: 'edit' },
        'condition.add': { description: 'Adds a condition on the merchant.', actions: 'edit' },
        'condition.remove': { description: 'Removes a condition.', actions: 'edit' },
        'condition.change': { description: "Changes a condition's field, operator or value; another field resets its operator and values.", actions: 'edit' },
        'action.change': { description: 'Changes what the rule sets: category, merchant name, tags (comma-separated) or notes.', actions: 'edit' },
        'rule.save': [
          { guard: 'valid', target: 'saving', description: 'The rule passes the contract’s rule: it is sent.' },
          { description: "Refused by the contract's rule: the first problem of each part shows ('Actions must set at least one of category, merchant, tags or notes'); nothing is sent.", actions: assign({ errors: ({ context }) => checkRule(context.draft).errors }) },
        ],
        'rule.cancel': { target: 'list', description: 'Closes the form without saving.' },
      },
    },
    saving: {
      description: 'Sends the rule; the server refuses an unknown category or a pattern it cannot read.',
      tags: ['busy'],
      invoke: {
        src: 'saveRule',
        input: ({ context }) => ({ ruleId: context.editingId, body: checkRule(context.draft).body }),
        onDone: {
          target: 'saved',
          description: "Saved: a toast says 'Rule saved'; the list holds it; the form offers to run it on existing transactions.",
          actions: [assign(({ context, event }) => ({ rules: replaceRule(context.rules, event.output), current: event.output, error: null })), { type: 'notify', params: { kind: 'success', message: 'Rule saved' } }],
        },
        onError: { target: 'saveFailed', description: "Refused or failed: the server's detail, or 'Failed to save the rule'.", actions: assign({ error: ({ event }) => toFailure(event.error, autoRuleMessages.saveRule) }) },
      },
    },
    saveFailed: {
      description: "The server's detail shows above the form. Editing goes back to the form; Retry is offered only when sending again can help.",
      on: {
        'draft.name': { target: 'editing', description: 'Editing the name clears the failure.', actions: 'edit' },
        'draft.match': { target: 'editing', description: 'Changing all/any clears the failure.', actions: 'edit' },
        'condition.add': { target: 'editing', description: 'Adding a condition clears the failure.', actions: 'edit' },
        'condition.remove': { target: 'editing', description: 'Removing a condition clears the failure.', actions: 'edit' },
        'condition.change': { target: 'editing', description: 'Correcting a condition clears the failure.', actions: 'edit' },
        'action.change': { target: 'editing', description: 'Correcting what the rule sets clears the failure.', actions: 'edit' },
        'rule.retry': { guard: 'retryable', target: 'saving', description: 'Sends the same rule again (network or server failure only).' },
        'rule.save': { target: 'saving', description: 'Saving again sends the same rule.' },
        'rule.cancel': { target: 'list', description: 'Closes the form without saving.' },
      },
    },
    saved: {
      description: "The rule is saved. 'Run on existing transactions' previews it; Done closes the form.",
      on: {
        'rule.preview': { target: 'previewing', description: 'Previews the rule on the existing transactions.', actions: assign({ preview: null, error: null }) },
        'rule.done': { target: 'list', description: 'Closes the form; the rule runs on new imports from now on.' },
      },
    },
    previewing: {
      description: 'Counts the rows the rule matches and would change, and fetches the first of them.',
      tags: ['busy'],
      invoke: {
        src: 'previewRule',
        input: ({ context }) => ({ ruleId: context.current!.rule_id }),
        onDone: { target: 'previewed', description: 'Shows "N transactions match, M would change" and the first rows before and after.', actions: assign({ preview: ({ event }) => event.output }) },
        onError: { target: 'runFailed', description: "Refused or failed: the server's detail, or 'Failed to preview the rule'.", actions: assign({ error: ({ event }) => toFailure(event.error, autoRuleMessages.previewRule) }) },
      },
    },
    previewed: {
      description: 'The preview shows. Apply changes the rows (offered when some would change); Done closes it.',
      on: {
        'rule.apply': { target: 'applying', description: 'Applies the rule to every row it would change.' },
        'rule.done': { target: 'list', description: 'Closes the preview without changing anything.' },
      },
    },
    applying: {
      description: 'Applies the rule to the existing transactions, in one change on the server.',
      tags: ['busy'],
      invoke: {
        src: 'applyRule',
        input: ({ context }) => ({ ruleId: context.current!.rule_id }),
        onDone: { target: 'list', description: "Applied: a toast says 'N transactions updated'.", actions: { type: 'notify', params: ({ event }) => ({ kind: 'success', message: rulesTexts.applied(event.output.updated) }) } },
        onError: { target: 'runFailed', description: "Refused or failed: the server's detail, or 'Failed to apply the rule'.", actions: assign({ error: ({ event }) => toFailure(event.error, autoRuleMessages.applyRule) }) },
      },
    },
    runFailed: {
      description: "The preview or apply failed: the server's detail; Try again previews again, Done closes.",
      on: {
        'rule.preview': { target: 'previewing', description: 'Previews again (an apply is never repeated without a new preview).', actions: assign({ preview: null, error: null }) },
        'rule.done': { target: 'list', description: 'Closes without changing anything more.' },
      },
    },
  },
});

import type { RuleActions, RuleCondition, RuleMatch } from '../../../contract/autoRules';
import type { MerchantKind } from '../../../contract/merchants';
import { toMinor } from '../../../contract/money';
import { TRANSACTION_LIMITS, type TransactionType } from '../../../contract/transactions';
import { normalizeMerchant } from '../merchants';

/** A pattern's confidence from which its kind is taken as certain (a strong keyword: "ROSE CITY COFFEE"). */
const SURE_KIND = 0.6;

/** What a rule reads of a row: the stored fields, in storage terms (minor units). */
export interface RuleInput {
  description: string;
  merchant: string | null;
  notes: string | null;
  amountMinor: number;
  type: TransactionType;
  accountId: string | null;
  date: string;
}

export interface StoredRule {
  id: string;
  name: string;
  match: RuleMatch;
  conditions: RuleCondition[];
  actions: RuleActions;
  enabled: boolean;
}

/** What the rules decided for one row: each field set by the first rule that sets it; tags add up. */
export interface RuleOutcome {
  category?: string;
  merchant?: string;
  notes?: string;
  tags: string[];
  /** The rules that matched, in order. */
  ruleIds: string[];
  /** The rule that set the category. */
  categoryRule?: StoredRule;
}

/** The string the merchant component reads for a row: its bank description, or the payee typed in. */
export const labelOf = (r: { description: string; merchant: string | null }) => (r.description.trim() !== '' ? r.description : (r.merchant ?? ''));

/**
 * The clean merchant name and kind of a label, memoised (an import meets the same string many times).
 * `sure`: the kind comes from the dictionary or a clear pattern, not from a weak word or a processor.
 */
export function merchantReader(max = 50_000) {
  const seen = new Map<string, { name: string; kind: MerchantKind | null; sure: boolean }>();
  return (label: string) => {
    let hit = seen.get(label);
    if (!hit) {
      const m = label.trim() === '' ? { name: '', kind: null, source: 'fallback', confidence: 0 } : normalizeMerchant(label);
      hit = { name: m.name, kind: m.kind, sure: m.kind !== null && (m.source === 'dictionary' || m.confidence >= SURE_KIND) };
      if (seen.size >= max) seen.clear();
      seen.set(label, hit);
    }
    return hit;
  };
}
export type MerchantReader = ReturnType<typeof merchantReader>;

const patterns = new Map<string, RegExp>();
function pattern(p: string): RegExp {
  let re = patterns.get(p);
  if (!re) {
    re = new RegExp(p, 'i');
    if (patterns.size > 1000) patterns.clear();
    patterns.set(p, re);
  }
  return re;
}

/** A text condition on one value, as SQL reads it (case-insensitive; a missing value matches nothing). */
export function textMatches(op: 'is' | 'contains' | 'matches', value: string, actual: string | null): boolean {
  if (actual === null) return false;
  if (op === 'is') return actual.toLowerCase() === value.toLowerCase();
  if (op === 'contains') return actual.toLowerCase().includes(value.toLowerCase());
  return pattern(value).test(actual);
}

/** The merchant a condition reads: the row's payee, or the clean name of its description when it has none. */
export const merchantOf = (r: RuleInput, read: MerchantReader) => r.merchant ?? read(labelOf(r)).name;

export function conditionHolds(c: RuleCondition, r: RuleInput, read: MerchantReader): boolean {
  switch (c.field) {
    case 'merchant':
      return textMatches(c.op, c.value, merchantOf(r, read));
    case 'description':
      return textMatches(c.op, c.value, r.description);
    case 'notes':
      return textMatches(c.op, c.value, r.notes);
    case 'amount': {
      const v = toMinor(c.value);
      if (c.op === 'equals') return r.amountMinor === v;
      if (c.op === 'greater') return r.amountMinor > v;
      if (c.op === 'less') return r.amountMinor < v;
      return r.amountMinor >= v && r.amountMinor <= toMinor(c.value2 ?? c.value);
    }
    case 'type':
      return r.type === c.value;
    case 'account':
      return r.accountId !== null && r.accountId.toLowerCase() === c.value.toLowerCase();
    case 'date':
      return r.date >= c.value && r.date <= c.value2;
    case 'kind':
      return read(labelOf(r)).kind === c.value;
  }
}

export const ruleMatches = (rule: StoredRule, r: RuleInput, read: MerchantReader) =>
  rule.match === 'all' ? rule.conditions.every((c) => conditionHolds(c, r, read)) : rule.conditions.some((c) => conditionHolds(c, r, read));

/**
 * Runs the enabled rules, in order, on one row. A category goes only to rows of its own type (a
 * refund from a coffee shop stays income). `categoryType` gives a category's type.
 */
export function runRules(rules: StoredRule[], r: RuleInput, read: MerchantReader, categoryType: (name: string) => TransactionType | undefined): RuleOutcome {
  const out: RuleOutcome = { tags: [], ruleIds: [] };
  for (const rule of rules) {
    if (!rule.enabled || !ruleMatches(rule, r, read)) continue;
    out.ruleIds.push(rule.id);
    const a = rule.actions;
    if (a.category !== undefined && out.category === undefined && categoryType(a.category) === r.type) {
      out.category = a.category;
      out.categoryRule = rule;
    }
    if (a.merchant !== undefined && out.merchant === undefined) out.merchant = a.merchant;
    if (a.notes !== undefined && out.notes === undefined) out.notes = a.notes;
    for (const t of a.tags ?? []) if (!out.tags.includes(t)) out.tags.push(t);
  }
  return out;
}

/** A row's tags with the rules' added, at most the per-row limit. */
export const withTags = (tags: string[], add: string[]) => [...tags, ...add.filter((t) => !tags.includes(t))].slice(0, TRANSACTION_LIMITS.tags);

import * as z from 'zod/mini';
import { isUuid, required, atMost, calendarDate, money, text } from './fields';
import { MERCHANT_KINDS } from './merchants';
import { CUSTOM_CATEGORY_COLORS } from './categoryColors';
import { SPLIT_LIMITS } from './splits';
import { TRANSACTION_LIMITS, TRANSACTION_TYPES, categoryName, tagValue } from './transactions';

/**
 * Categorization rules, learned suggestions and tags: the user's own rules ("when the payee contains
 * BLUE BOTTLE, set category Coffee"), what the history suggests for a row no rule decides, first-class
 * tags with colours, and bulk changes on selected transactions. Shared by the API, the rules machine
 * and the Settings section.
 */

// ---------------------------------------------------------------------------------------------
// Constants

/** Text fields a condition reads. `merchant` is the row's payee, or the clean merchant name of its description when it has none. */
export const RULE_TEXT_FIELDS = ['merchant', 'description', 'notes'] as const;
export const RULE_TEXT_OPS = ['is', 'contains', 'matches'] as const;
export const RULE_AMOUNT_OPS = ['equals', 'between', 'greater', 'less'] as const;
export const RULE_MATCH = ['all', 'any'] as const;
export type RuleTextField = (typeof RULE_TEXT_FIELDS)[number];
export type RuleTextOp = (typeof RULE_TEXT_OPS)[number];
export type RuleAmountOp = (typeof RULE_AMOUNT_OPS)[number];
export type RuleMatch = (typeof RULE_MATCH)[number];

export const RULE_LIMITS = {
  rules: 200,
  conditions: 10,
  value: 200,
  /** Rows a preview lists (it counts them all). */
  previewRows: 20,
  bulkIds: 500,
  /** Rows one apply splits or marks as transfers (newest first; each is its own write). */
  structuralRows: 5000,
  tagColors: CUSTOM_CATEGORY_COLORS,
} as const;

/** A learned category at or above this confidence is applied on import; below it is only suggested. */
export const LEARN_APPLY_CONFIDENCE = 0.8;
/** Corrections of one merchant to one category before a rule is offered. */
export const OFFER_AFTER_CORRECTIONS = 2;

export const autoRuleMessages = {
  fetchRules: 'Failed to fetch rules',
  saveRule: 'Failed to save the rule',
  deleteRule: 'Failed to delete the rule',
  reorderRules: 'Failed to reorder the rules',
  previewRule: 'Failed to preview the rule',
  applyRule: 'Failed to apply the rule',
  fetchTags: 'Failed to fetch tags',
  saveTag: 'Failed to save the tag',
  bulk: 'Failed to change the selected transactions',
  ruleSaved: 'Rule saved',
  offerFailed: 'Failed to create the rule',
  offerDismissed: 'Not offered again',
  ruleDeleted: 'Rule deleted',
  applied: (n: number) => `${n} ${n === 1 ? 'transaction' : 'transactions'} updated`,
} as const;

// ---------------------------------------------------------------------------------------------
// Rules

const shortText = (field: string) => text(field, z.trim(), z.minLength(1, `${field} is required`), atMost(field, RULE_LIMITS.value));

/** A pattern both JavaScript and PostgreSQL read the same way: the common subset, no look-around or back-references. */
export function patternProblem(pattern: string): string | null {
  if (/\(\?[=!<]|\\[1-9]|\\k</.test(pattern)) return 'value must not use look-around or back-references';
  try {
    new RegExp(pattern, 'i');
    return null;
  } catch {
    return 'value must be a valid regular expression';
  }
}

const accountId = z.string({ error: 'value must be an account id' }).check(z.refine(isUuid, 'value must be an account id (a UUID)'));

export const ruleCondition = z.discriminatedUnion('field', [
  z.strictObject({
    field: z.enum(RULE_TEXT_FIELDS, { error: required('field', 'merchant, description, notes, amount, type, account, date or kind') }),
    op: z.enum(RULE_TEXT_OPS, { error: required('op', 'is, contains or matches') }),
    value: shortText('value'),
  }),
  z.strictObject({
    field: z.literal('amount'),
    op: z.enum(RULE_AMOUNT_OPS, { error: required('op', 'equals, between, greater or less') }),
    value: money('value'),
    value2: z.optional(money('value2')),
  }),
  z.strictObject({ field: z.literal('type'), op: z.literal('is'), value: z.enum(TRANSACTION_TYPES, { error: "value must be 'income' or 'expense'" }) }),
  z.strictObject({ field: z.literal('account'), op: z.literal('is'), value: accountId }),
  z.strictObject({ field: z.literal('date'), op: z.literal('between'), value: calendarDate('value'), value2: calendarDate('value2') }),
  z.strictObject({ field: z.literal('kind'), op: z.literal('is'), value: z.enum(MERCHANT_KINDS, { error: 'value must be a merchant kind' }) }),
]);
export type RuleCondition = z.output<typeof ruleCondition>;

/**
 * One line of a rule's split: a fixed `amount`, a `percent` of the row, or neither (the line takes what
 * the others leave; at most one such line).
 */
export const ruleSplitLine = z.strictObject({
  category: categoryName('actions.split.category'),
  amount: z.optional(money('actions.split.amount')),
  percent: z.optional(
    z.number({ error: 'actions.split.percent must be a number' }).check(z.positive('actions.split.percent must be greater than 0'), z.lte(100, 'actions.split.percent must be at most 100')),
  ),
  memo: z.optional(text('actions.split.memo', z.trim(), atMost('actions.split.memo', SPLIT_LIMITS.memo))),
});
export type RuleSplitLine = z.output<typeof ruleSplitLine>;

export const ruleActions = z.strictObject({
  category: z.optional(categoryName('actions.category')),
  merchant: z.optional(text('actions.merchant', z.trim(), z.minLength(1, 'actions.merchant must not be empty'), atMost('actions.merchant', TRANSACTION_LIMITS.merchant))),
  tags: z.optional(z.array(tagValue).check(z.maxLength(TRANSACTION_LIMITS.tags, `actions.tags must have at most ${TRANSACTION_LIMITS.tags} entries`))),
  notes: z.optional(text('actions.notes', z.trim(), atMost('actions.notes', TRANSACTION_LIMITS.notes))),
  /** Divides a matching row into these lines (rows already split, transfers and lines are left alone). */
  split: z.optional(
    z.array(ruleSplitLine).check(z.minLength(SPLIT_LIMITS.minLines, `actions.split must have at least ${SPLIT_LIMITS.minLines} lines`), z.maxLength(SPLIT_LIMITS.maxLines, `actions.split must have at most ${SPLIT_LIMITS.maxLines} lines`)),
  ),
  /** Marks a matching row as a transfer with this account: linked to the other leg there, or a new leg when there is none. */
  transfer_account_id: z.optional(z.string({ error: 'actions.transfer_account_id must be an account id' }).check(z.refine(isUuid, 'actions.transfer_account_id must be an account id (a UUID)'))),
}).check(z.meta({
  description: 'What a matching row gets: a category, merchant, tags or notes; or a split into lines; or a transfer with one of your accounts (not with a category or split)',
  examples: [{ category: 'Groceries' }, { merchant: 'Costco', tags: ['bulk'] }, { split: [{ category: 'Groceries', percent: 70 }, { category: 'Household' }] }],
}));
export type RuleActions = z.output<typeof ruleActions>;

/** What a rule's split lines cannot say by shape: one way to read each line, one rest line, percentages that fit. */
export function splitActionProblem(lines: RuleSplitLine[]): string | null {
  if (lines.some((l) => l.amount !== undefined && l.percent !== undefined)) return 'actions.split: a line has an amount or a percent, not both';
  const rest = lines.filter((l) => l.amount === undefined && l.percent === undefined).length;
  if (rest > 1) return 'actions.split: only one line may take the rest (no amount or percent)';
  const percent = lines.reduce((n, l) => n + (l.percent ?? 0), 0);
  if (percent > 100 + 1e-9) return 'actions.split: the percentages add up to more than 100';
  if (rest === 0 && lines.every((l) => l.percent !== undefined) && Math.abs(percent - 100) > 1e-9) return 'actions.split: the percentages must add up to 100 (or leave one line without an amount to take the rest)';
  return null;
}

/**
 * A rule's split of one row (amounts in minor units), or null when the lines do not fit it: fixed amounts
 * first, percentages of the whole rounded to the cent, the rest to the rest line (or the rounding left
 * over to the last percentage line); every line must come out above 0 and the lines add up exactly.
 */
export function splitByRule(totalMinor: number, lines: RuleSplitLine[]): { category: string; amountMinor: number; memo: string | null }[] | null {
  const out = lines.map((l) => ({ category: l.category, amountMinor: l.amount !== undefined ? Math.round(l.amount * 100) : l.percent !== undefined ? Math.round((totalMinor * l.percent) / 100) : 0, memo: l.memo || null }));
  const left = totalMinor - out.reduce((n, l) => n + l.amountMinor, 0);
  const restAt = lines.findIndex((l) => l.amount === undefined && l.percent === undefined);
  const lastPercent = lines.findLastIndex((l) => l.percent !== undefined);
  if (restAt >= 0) out[restAt]!.amountMinor = left;
  else if (left !== 0 && lines.every((l) => l.percent !== undefined) && Math.abs(left) < lines.length) out[lastPercent]!.amountMinor += left;
  else if (left !== 0) return null;
  return out.every((l) => l.amountMinor > 0) ? out : null;
}

/** The checks a condition's shape cannot say: a between needs its second value in order, a pattern must compile. */
export function conditionProblem(c: RuleCondition): string | null {
  if (c.field === 'amount' && c.op === 'between' && (c.value2 === undefined || c.value2 < c.value)) return 'amount between needs value2 at least value';
  if (c.field === 'date' && c.value2 < c.value) return 'date between needs value2 on or after value';
  if ((c.field === 'merchant' || c.field === 'description' || c.field === 'notes') && c.op === 'matches') return patternProblem(c.value);
  return null;
}

export const saveRuleRequest = z
  .strictObject({
    name: z._default(text('name', z.trim(), atMost('name', 80)), ''),
    match: z._default(z.enum(RULE_MATCH, { error: "match must be 'all' or 'any'" }), 'all'),
    conditions: z.array(ruleCondition).check(z.minLength(1, 'conditions must have at least one condition'), z.maxLength(RULE_LIMITS.conditions, `conditions must have at most ${RULE_LIMITS.conditions} entries`)),
    actions: ruleActions,
    enabled: z._default(z.boolean({ error: 'enabled must be true or false' }), true),
  })
  .check(
    z.refine((r) => Object.values(r.actions).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0)), { message: 'actions must set at least one of category, merchant, tags or notes', path: ['actions'] }),
    z.superRefine((r, ctx) => {
      const a = r.actions;
      const problem = a.split ? splitActionProblem(a.split) : null;
      if (problem) ctx.issues.push({ code: 'custom', message: problem, path: ['actions', 'split'], input: a.split });
      if (a.transfer_account_id !== undefined && (a.split !== undefined || a.category !== undefined))
        ctx.issues.push({ code: 'custom', message: 'actions.transfer_account_id cannot go with a category or a split: a transfer is filed as Transfer', path: ['actions', 'transfer_account_id'], input: a.transfer_account_id });
      r.conditions.forEach((c, i) => {
        const problem = conditionProblem(c);
        if (problem) ctx.issues.push({ code: 'custom', message: problem, path: ['conditions', i], input: c });
      });
    }),
  );
export type SaveRuleRequest = z.input<typeof saveRuleRequest>;

export const rule = z.object({
  rule_id: z.string(),
  name: z.string(),
  position: z.number(),
  match: z.enum(RULE_MATCH),
  conditions: z.array(ruleCondition),
  actions: ruleActions,
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Rule = z.output<typeof rule>;
export const ruleList = z.object({ rules: z.array(rule) });
export const ruleIdParams = z.object({ id: z.string() });
export const reorderRulesRequest = z.strictObject({ rule_ids: z.array(z.string()).check(z.maxLength(RULE_LIMITS.rules, 'rule_ids has too many entries')) });

/** One row a rule would change, before and after. */
export const previewRow = z.object({
  transaction_id: z.string(),
  date: z.string(),
  description: z.string(),
  amount: z.number(),
  type: z.enum(TRANSACTION_TYPES),
  before: z.object({ category: z.string(), merchant: z.nullable(z.string()), tags: z.array(z.string()), notes: z.nullable(z.string()) }),
  after: z.object({ category: z.string(), merchant: z.nullable(z.string()), tags: z.array(z.string()), notes: z.nullable(z.string()) }),
});
/** `split` and `transferred`: the matched rows the rule's split or transfer action would change (they are not in `rows`). */
export const rulePreview = z.object({ matched: z.number(), changed: z.number(), split: z.number(), transferred: z.number(), rows: z.array(previewRow) });
export type RulePreview = z.output<typeof rulePreview>;
export const ruleApplied = z.object({ updated: z.number(), split: z.number(), transferred: z.number() });

// ---------------------------------------------------------------------------------------------
// Suggestions (a row being typed in, or a row of an import)

export const suggestRequest = z.strictObject({
  description: z._default(text('description', z.trim(), atMost('description', TRANSACTION_LIMITS.description)), ''),
  merchant: z.optional(z.nullable(text('merchant', z.trim(), atMost('merchant', TRANSACTION_LIMITS.merchant)))),
  notes: z.optional(z.nullable(text('notes', atMost('notes', TRANSACTION_LIMITS.notes)))),
  amount: z.optional(money('amount')),
  type: z._default(z.enum(TRANSACTION_TYPES, { error: "type must be 'income' or 'expense'" }), 'expense'),
  date: z.optional(calendarDate('date')),
  account_id: z.optional(z.string()),
});
export type SuggestRequest = z.input<typeof suggestRequest>;

export const SUGGESTION_SOURCES = ['rule', 'learned'] as const;
export const suggestion = z.object({
  category: z.nullable(z.string()),
  merchant: z.nullable(z.string()),
  tags: z.array(z.string()),
  notes: z.nullable(z.string()),
  source: z.nullable(z.enum(SUGGESTION_SOURCES)),
  rule_id: z.nullable(z.string()),
  confidence: z.number(),
  /** Why, in a sentence the form shows ("Rule “Coffee”", "12 of your 13 Starbucks rows are Coffee"). */
  why: z.nullable(z.string()),
  /** True when a learned category is sure enough to be applied without asking. */
  confident: z.boolean(),
});
export type Suggestion = z.output<typeof suggestion>;

/** A rule worth offering: the user moved one merchant to one category at least twice. */
export const ruleOffer = z.object({ merchant: z.string(), category: z.string(), corrections: z.number() });
export const ruleOfferList = z.object({ offers: z.array(ruleOffer) });
export type RuleOffer = z.output<typeof ruleOffer>;
/** `category` given: only that merchant/category pair is not offered again; without it, no rule for the merchant at all. */
export const dismissOfferRequest = z.strictObject({
  merchant: text('merchant', z.trim(), z.minLength(1, 'merchant is required'), atMost('merchant', TRANSACTION_LIMITS.merchant)),
  category: z.optional(categoryName('category')),
});
export type DismissOfferRequest = z.input<typeof dismissOfferRequest>;
/** The row just re-filed by hand: is a rule worth offering for its merchant? */
export const ruleOfferQuery = z.object({ transaction_id: z.string({ error: 'transaction_id is required' }) });
export const ruleOfferAnswer = z.object({ offer: z.nullable(ruleOffer) });
/** The question the list asks after a row is re-filed ("Always file Costco as Groceries?"). */
export const ruleOfferText = (o: Pick<RuleOffer, 'merchant' | 'category'>) => `Always file ${o.merchant} as ${o.category}?`;
/** The rule an accepted offer creates through the rules API: the merchant is exactly it, file it in the category. */
export const offeredRule = (o: Pick<RuleOffer, 'merchant' | 'category'>): SaveRuleRequest => ({ name: `${o.merchant} → ${o.category}`, conditions: [{ field: 'merchant', op: 'is', value: o.merchant }], actions: { category: o.category } });

// ---------------------------------------------------------------------------------------------
// Tags

const tagColor = z.nullable(z.enum(RULE_LIMITS.tagColors, { error: `color must be one of ${RULE_LIMITS.tagColors.join(', ')}` }));
export const tagParams = z.object({ name: z.string() });
export const tagsQuery = z.object({ date_from: z.optional(calendarDate('date_from')), date_to: z.optional(calendarDate('date_to')) });
export const createTagRequest = z.strictObject({ name: tagValue, color: z._default(tagColor, null) });
export const updateTagRequest = z
  .strictObject({ name: z.optional(tagValue), color: z.optional(tagColor) })
  .check(z.refine((b) => b.name !== undefined || b.color !== undefined, 'send name or color'));
export const mergeTagRequest = z.strictObject({ into: tagValue });
/** A tag with what it covers in the period asked (all time by default): a report by tag. */
export const tag = z.object({ name: z.string(), color: z.nullable(z.string()), transaction_count: z.number(), income: z.number(), expense: z.number() });
export const tagList = z.object({ tags: z.array(tag) });
export type Tag = z.output<typeof tag>;
export type UpdateTagRequest = z.input<typeof updateTagRequest>;

const rowsOf = (n: number) => (n === 1 ? '1 transaction' : `${n} transactions`);
/** What the tags screen says before a tag is deleted or merged, and after a change. */
export const tagTexts = {
  deleteConfirmation: (name: string, count: number) =>
    count === 0 ? `Delete the tag “${name}”? No transaction carries it.` : `Delete the tag “${name}”? It comes off ${rowsOf(count)}; the transactions stay.`,
  mergeConfirmation: (name: string, into: string, count: number) => `Merge “${name}” into “${into}”? ${rowsOf(count)} will carry “${into}” instead, and “${name}” will be gone.`,
  added: (name: string) => `Tag “${name}” added`,
  renamed: (name: string) => `Renamed to “${name}”`,
  recoloured: (name: string) => `Colour of “${name}” saved`,
  merged: (into: string) => `Merged into “${into}”`,
  deleted: (name: string) => `Tag “${name}” deleted`,
  rows: rowsOf,
} as const;
/** The transactions list filtered by one tag (the list reads `?tags=`). */
export const tagListPath = (name: string) => `/transactions?tags=${encodeURIComponent(name)}`;

// ---------------------------------------------------------------------------------------------
// Bulk changes on selected transactions

export const BULK_ACTIONS = ['categorize', 'add_tags', 'remove_tags', 'delete', 'mark_cleared', 'mark_uncleared'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const bulkRequest = z
  .strictObject({
    transaction_ids: z.array(z.string()).check(z.minLength(1, 'transaction_ids must name at least one transaction'), z.maxLength(RULE_LIMITS.bulkIds, `transaction_ids must have at most ${RULE_LIMITS.bulkIds} entries`)),
    action: z.enum(BULK_ACTIONS, { error: `action must be one of ${BULK_ACTIONS.join(', ')}` }),
    category: z.optional(categoryName()),
    tags: z.optional(z.array(tagValue).check(z.maxLength(TRANSACTION_LIMITS.tags, `tags must have at most ${TRANSACTION_LIMITS.tags} entries`))),
    confirm_reconciled: z.optional(z.boolean()),
  })
  .check(
    z.refine((b) => b.action !== 'categorize' || b.category !== undefined, { message: 'category is required to categorize', path: ['category'] }),
    z.refine((b) => !(b.action === 'add_tags' || b.action === 'remove_tags') || (b.tags?.length ?? 0) > 0, { message: 'tags are required to add or remove tags', path: ['tags'] }),
  );
export type BulkRequest = z.input<typeof bulkRequest>;
export const bulkResult = z.object({ updated: z.number(), skipped: z.number() });

import type { z } from 'zod/mini';
import {
  OFFER_AFTER_CORRECTIONS,
  RULE_LIMITS,
  splitByRule,
  type bulkRequest,
  type createTagRequest,
  type Rule,
  type RuleOffer,
  type RulePreview,
  type saveRuleRequest,
  type Suggestion,
  type suggestRequest,
  type Tag,
  type updateTagRequest,
} from '../../../contract/autoRules';
import { fromMinor, toMinor } from '../../../contract/money';
import { TRANSFER_CATEGORY, TRANSFER_MATCH_DAYS } from '../../../contract/accounts';
import { FALLBACK_CATEGORY, type TransactionType } from '../../../contract/transactions';
import { conflict, notFound, unprocessable } from '../../errors';
import type { AccountsRepository } from '../../repositories/accounts';
import type { AutoRulesRepository, CompiledCondition, CompiledRule, RuleRow } from '../../repositories/autoRules';
import type { FinishedRow, ImportRowActions } from '../../repositories/importActions';
import type { NewTransaction, TransactionRow, TransactionsRepository } from '../../repositories/transactions';
import type { RewardsService } from '../rewards';
import { reconciledChange } from '../accounts/service';
import { isDefaultCategory, loadCategories, type Categories } from '../transactions/categories';
import { knownCategory } from '../transactions/service';
import { conditionHolds, labelOf, merchantOf, merchantReader, runRules, withTags, type MerchantReader, type RuleInput, type StoredRule } from './engine';
import { learnFrom, type LearnedModel } from './learn';

/** A rule already files this merchant (its condition is exactly the merchant) in this category. */
const covered = (rules: RuleRow[], merchant: string, category: string) =>
  rules.some((r) => r.actions.category === category && r.conditions.some((c) => c.field === 'merchant' && c.op === 'is' && c.value.toLowerCase() === merchant.toLowerCase()));
type StructuralRows = Awaited<ReturnType<AutoRulesRepository['actionRows']>>;
const ruleNotFound = () => notFound('Rule not found');
const tagNotFound = () => notFound('Tag not found');

const toRule = (r: RuleRow): Rule => ({
  rule_id: r.id,
  name: r.name,
  position: r.position,
  match: r.match,
  conditions: r.conditions,
  actions: r.actions,
  enabled: r.enabled,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});
const toStored = (r: RuleRow): StoredRule => ({ id: r.id, name: r.name, match: r.match, conditions: r.conditions, actions: r.actions, enabled: r.enabled });

const typeOf = (categories: Categories) => {
  const types = new Map(categories.list.map((c) => [c.name, c.type]));
  return (name: string): TransactionType | undefined => types.get(name);
};
/** PostgreSQL refused a pattern JavaScript took (its regex dialect differs at the edges): the rule's fault, not the server's. */
async function patternSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '2201B') throw unprocessable('A pattern of this rule is not a regular expression the database accepts: edit the rule');
    throw err;
  }
}
const isFallback = (category: string, type: TransactionType) => category === FALLBACK_CATEGORY[type];

/** Builds a user's learned model from their grouped history (rows still in Other teach nothing). */
export async function loadModel(repo: AutoRulesRepository, userId: string, read: MerchantReader, categories: Promise<Categories>): Promise<LearnedModel> {
  const [groups, known] = await Promise.all([repo.history(userId), categories]);
  const type = typeOf(known);
  return learnFrom(groups, read, isFallback, (category, t) => type(category) === t);
}

/**
 * Rules, learned suggestions, tags and bulk changes of one user. The rules run in order on every
 * imported row and on a row being typed (as a suggestion); a rule's preview and apply run in SQL over
 * all of the user's rows, the merchant component's part worked out once per distinct label.
 */
export function autoRulesService(deps: { repo: AutoRulesRepository; transactions: TransactionsRepository; accounts?: AccountsRepository; rewards?: Pick<RewardsService, 'takeBack'> }) {
  const { repo, transactions } = deps;

  async function checkedRule(userId: string, b: z.output<typeof saveRuleRequest>) {
    const actions = { ...b.actions };
    if (actions.category !== undefined) actions.category = knownCategory(await loadCategories(transactions, userId), actions.category, 'actions.category');
    if (actions.split !== undefined) {
      const categories = await loadCategories(transactions, userId);
      actions.split = actions.split.map((l, i) => ({ ...l, category: knownCategory(categories, l.category, `actions.split[${i}].category`) }));
      if (new Set(actions.split.map((l) => typeOf(categories)(l.category))).size > 1) throw unprocessable('actions.split: the lines must all be income categories or all expense categories');
    }
    if (actions.transfer_account_id !== undefined) {
      const account = await deps.accounts?.get(userId, actions.transfer_account_id);
      if (!account || account.closed) throw unprocessable('actions.transfer_account_id is not one of your open accounts');
      actions.transfer_account_id = account.id;
    }
    if (actions.tags !== undefined) actions.tags = [...new Set(actions.tags)];
    if (actions.tags?.length === 0) delete actions.tags;
    return { name: b.name, match: b.match, conditions: b.conditions, actions, enabled: b.enabled };
  }

  async function mustGet(userId: string, id: string) {
    const row = await repo.rules.get(userId, id);
    if (!row) throw ruleNotFound();
    return row;
  }

  /** The rule in SQL terms: derived conditions (a merchant without payee, a kind) with the labels they hold for. */
  async function compile(userId: string, row: RuleRow): Promise<CompiledRule> {
    const categories = await loadCategories(transactions, userId);
    const category = row.actions.category;
    if (category !== undefined && !categories.resolve(category)) throw conflict(`The rule's category '${category}' no longer exists: edit the rule first`);
    const derived = row.conditions.some((c) => c.field === 'merchant' || c.field === 'kind');
    const labels = derived ? await repo.distinctLabels(userId) : [];
    const read = merchantReader();
    const conditions: CompiledCondition[] = row.conditions.map((c) => {
      if (c.field !== 'merchant' && c.field !== 'kind') return c;
      // The row has no payee: the condition reads the clean name (or kind) of its label.
      const probe = (l: string): RuleInput => ({ description: l, merchant: null, notes: null, amountMinor: 0, type: 'expense', accountId: null, date: '' });
      return { ...c, labels: labels.filter((l) => conditionHolds(c, probe(l), read)) };
    });
    return { match: row.match, conditions, actions: row.actions, categoryType: category ? typeOf(categories)(categories.resolve(category)!) : undefined };
  }

  /**
   * A rule's split and transfer actions on the rows they fit, one row at a time through the same
   * storage as by hand (a split is checked by the database; a link recounts both accounts). `dryRun`
   * only counts. Rows of the other type than the split's categories, or whose amount the split's
   * fixed amounts do not fit, are left alone; a transfer links the other leg in the account when
   * one matches (same amount the other way, ±3 days), or adds it there (same currency only).
   */
  async function structural(userId: string, row: RuleRow, compiled: CompiledRule, dryRun: boolean, read?: StructuralRows): Promise<{ split: number; transferred: number }> {
    const a = row.actions;
    if (a.split === undefined && a.transfer_account_id === undefined) return { split: 0, transferred: 0 };
    const rows = read ?? (await patternSafe(() => repo.actionRows(userId, compiled, RULE_LIMITS.structuralRows)));
    let split = 0;
    let transferred = 0;
    if (a.split !== undefined) {
      const categories = await loadCategories(transactions, userId);
      const names = a.split.map((l) => categories.resolve(l.category));
      if (names.some((n) => n === undefined)) throw conflict(`The rule's split category '${a.split[names.indexOf(undefined)]!.category}' no longer exists: edit the rule first`);
      const lines = a.split.map((l, i) => ({ ...l, category: names[i]! }));
      const type = typeOf(categories)(lines[0]!.category);
      const own = [...new Set(lines.map((l) => l.category).filter((c) => !isDefaultCategory(c)))];
      for (const r of rows) {
        const parts = r.type === type ? splitByRule(r.amountMinor, lines) : null;
        if (!parts) continue;
        if (!dryRun) {
          const done = await transactions.split(userId, r.id, parts, own);
          if (done === 'category_gone' || !done) continue;
        }
        split++;
      }
    }
    if (a.transfer_account_id !== undefined && deps.accounts) {
      const accounts = deps.accounts;
      const target = await accounts.get(userId, a.transfer_account_id);
      if (!target || target.closed) throw conflict("The rule's transfer account is closed or gone: edit the rule first");
      const currencies = new Map<string, string | undefined>();
      const currencyOf = async (id: string) => {
        if (!currencies.has(id)) currencies.set(id, (await accounts.get(userId, id))?.currency);
        return currencies.get(id);
      };
      for (const r of rows) {
        if (r.accountId === target.id) continue;
        const other = (await accounts.transfers.candidates(userId, r, TRANSFER_MATCH_DAYS)).find((c) => c.accountId === target.id);
        if (!other && (await currencyOf(r.accountId)) !== target.currency) continue;
        if (!dryRun) {
          let otherId = other?.id;
          if (!otherId) {
            const full = await transactions.get(userId, r.id);
            if (!full) continue;
            const leg = await accounts.insert(userId, {
              accountId: target.id,
              type: r.type === 'income' ? 'expense' : 'income',
              amountMinor: r.amountMinor,
              baseAmountMinor: full.baseAmountMinor,
              date: r.date,
              category: TRANSFER_CATEGORY,
              description: full.description,
              merchant: null,
              notes: null,
              tags: [],
              currency: null,
            });
            otherId = leg.id;
          }
          await accounts.transfers.link(userId, [r.id, otherId]);
          await accounts.recount(userId, [r.accountId, target.id]);
        }
        transferred++;
      }
    }
    return { split, transferred };
  }

  /** What the rules and then the history say about one row. */
  function decide(rules: StoredRule[], model: LearnedModel | null, read: MerchantReader, categoryType: (n: string) => TransactionType | undefined, r: RuleInput, out = runRules(rules, r, read, categoryType)): Suggestion {
    const base = { merchant: out.merchant ?? null, tags: out.tags, notes: out.notes ?? null };
    if (out.category !== undefined) {
      const rule = out.categoryRule!;
      return { ...base, category: out.category, source: 'rule', rule_id: rule.id, confidence: 1, why: rule.name ? `Rule “${rule.name}”` : 'One of your rules', confident: true };
    }
    const learned = model?.predict({ description: r.description, merchant: out.merchant ?? r.merchant, type: r.type, amountMinor: r.amountMinor || undefined });
    if (learned) return { ...base, category: learned.category, source: 'learned', rule_id: out.ruleIds[0] ?? null, confidence: Math.round(learned.confidence * 100) / 100, why: learned.why, confident: learned.confident };
    return { ...base, category: null, source: out.ruleIds.length ? 'rule' : null, rule_id: out.ruleIds[0] ?? null, confidence: 0, why: null, confident: false };
  }

  return {
    list: async (userId: string) => ({ rules: (await repo.rules.list(userId)).map(toRule) }),

    async create(userId: string, b: z.output<typeof saveRuleRequest>): Promise<Rule> {
      if ((await repo.rules.count(userId)) >= RULE_LIMITS.rules) throw conflict(`You can have at most ${RULE_LIMITS.rules} rules: delete one first`);
      return toRule(await repo.rules.create(userId, await checkedRule(userId, b)));
    },

    async update(userId: string, id: string, b: z.output<typeof saveRuleRequest>): Promise<Rule> {
      await mustGet(userId, id);
      const row = await repo.rules.update(userId, id, await checkedRule(userId, b));
      if (!row) throw ruleNotFound();
      return toRule(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.rules.remove(userId, id))) throw ruleNotFound();
    },

    async reorder(userId: string, ids: string[]) {
      if (new Set(ids).size !== ids.length) throw unprocessable('rule_ids must not repeat a rule');
      await repo.rules.reorder(userId, ids);
      return { rules: (await repo.rules.list(userId)).map(toRule) };
    },

    async preview(userId: string, id: string): Promise<RulePreview> {
      const row = await mustGet(userId, id);
      const compiled = await compile(userId, row);
      const p = await patternSafe(() => repo.preview(userId, compiled, RULE_LIMITS.previewRows));
      const more = await structural(userId, row, compiled, true);
      return {
        matched: p.matched,
        changed: p.changed,
        split: more.split,
        transferred: more.transferred,
        rows: p.rows.map((r) => ({ transaction_id: r.id, date: r.date, description: r.description, amount: fromMinor(r.amountMinor), type: r.type, before: r.before, after: r.after })),
      };
    },

    /** Runs the rule on existing rows: the plain fields in one statement, then splits and transfers (read before, so a changed merchant does not hide a row). */
    async apply(userId: string, id: string) {
      const row = await mustGet(userId, id);
      const compiled = await compile(userId, row);
      const hasStructural = row.actions.split !== undefined || row.actions.transfer_account_id !== undefined;
      const rows = hasStructural ? await patternSafe(() => repo.actionRows(userId, compiled, RULE_LIMITS.structuralRows)) : [];
      const updated = await patternSafe(() => repo.apply(userId, compiled));
      const more = await structural(userId, row, compiled, false, rows);
      return { updated, split: more.split, transferred: more.transferred };
    },

    /** The form's suggestion for a row being typed in: rules first, then the history. */
    async suggest(userId: string, b: z.output<typeof suggestRequest>): Promise<Suggestion> {
      const read = merchantReader(1000);
      const loading = loadCategories(transactions, userId);
      const [rows, categories, model] = await Promise.all([repo.rules.list(userId), loading, loadModel(repo, userId, read, loading)]);
      const input: RuleInput = {
        description: b.description,
        merchant: b.merchant ?? null,
        notes: b.notes ?? null,
        amountMinor: b.amount !== undefined ? toMinor(b.amount) : 0,
        type: b.type,
        accountId: b.account_id ?? null,
        date: b.date ?? '',
      };
      const s = decide(rows.map(toStored), model, read, typeOf(categories), input);
      // The merchant the form would show: the rule's, or the clean name of the bank string.
      return { ...s, merchant: s.merchant ?? (input.merchant === null && input.description ? merchantOf(input, read) || null : null) };
    },

    /**
     * For the import runner: a function that finishes each new row before it is written. Rules set
     * merchant, notes and tags on every row; the category (a rule's, or a confident learned one)
     * only on rows whose file gave none (they would land in Other). The first matching rule that
     * splits or transfers says what to do with the row once written (the runner does it in the batch's
     * transaction): a split only where its lines fit the row's type and amount.
     */
    async categorizer(userId: string): Promise<(row: NewTransaction) => FinishedRow> {
      const read = merchantReader();
      const loading = loadCategories(transactions, userId);
      const [rows, categories, model] = await Promise.all([repo.rules.list(userId), loading, loadModel(repo, userId, read, loading)]);
      const rules = rows.map(toStored).filter((r) => r.enabled);
      const byId = new Map(rules.map((r) => [r.id, r]));
      const categoryType = typeOf(categories);
      const structuralOf = (row: NewTransaction, ruleIds: string[]): ImportRowActions | null => {
        for (const id of ruleIds) {
          const a = byId.get(id)!.actions;
          if (a.transfer_account_id !== undefined) return a.transfer_account_id === row.accountId ? null : { transferTo: a.transfer_account_id };
          if (a.split === undefined) continue;
          const lines = a.split.map((l) => ({ ...l, category: categories.resolve(l.category) }));
          if (lines.some((l) => l.category === undefined || categoryType(l.category) !== row.type)) return null;
          const parts = splitByRule(row.amountMinor, lines as typeof a.split);
          return parts ? { split: parts } : null;
        }
        return null;
      };
      return (row) => {
        const input: RuleInput = { description: row.description, merchant: row.merchant, notes: row.notes, amountMinor: row.amountMinor, type: row.type, accountId: row.accountId ?? null, date: row.date };
        const matched = runRules(rules, input, read, categoryType);
        const s = decide(rules, isFallback(row.category, row.type) ? model : null, read, categoryType, input, matched);
        const next = { ...row };
        if (s.merchant !== null) next.merchant = s.merchant;
        if (s.notes !== null) next.notes = s.notes;
        if (s.tags.length) next.tags = withTags(row.tags, s.tags);
        if (s.category !== null && isFallback(row.category, row.type) && (s.source === 'rule' || s.confident)) next.category = s.category;
        return { row: next, actions: matched.ruleIds.length ? structuralOf(next, matched.ruleIds) : null };
      };
    },

    /** A category changed by hand: counted against the row's merchant, so a second same move offers a rule. */
    async corrected(userId: string, before: TransactionRow, after: TransactionRow): Promise<void> {
      if (before.category === after.category || after.kind !== 'standard') return;
      const name = after.merchant ?? merchantReader(1)(labelOf(after)).name;
      if (name) await repo.corrections.record(userId, name, after.category);
    },

    /** Rules worth offering: a merchant moved to one category twice, with no rule yet that sets it. */
    async offers(userId: string) {
      const [found, rules] = await Promise.all([repo.corrections.offers(userId, OFFER_AFTER_CORRECTIONS), repo.rules.list(userId)]);
      const seen = new Set<string>();
      const offers = found.filter((o) => {
        const key = o.merchant.toLowerCase();
        if (seen.has(key) || covered(rules, o.merchant, o.category)) return false;
        seen.add(key);
        return true;
      });
      return { offers: offers.map((o) => ({ merchant: o.merchant, category: o.category, corrections: o.count })) };
    },

    dismissOffer: (userId: string, merchant: string, category?: string) => repo.corrections.dismiss(userId, merchant, category),

    /**
     * After a row was re-filed by hand: a rule worth offering for its merchant, or null. Offered when the
     * merchant has other rows (so a rule would matter), no rule already files it there, and the user has
     * not dismissed this merchant/category pair. The merchant is the one a rule's merchant condition reads.
     */
    async offerFor(userId: string, transactionId: string): Promise<{ offer: RuleOffer | null }> {
      const row = await transactions.get(userId, transactionId);
      if (!row) throw notFound('Transaction not found');
      if (row.kind !== 'standard' || row.parentId || row.split || isFallback(row.category, row.type)) return { offer: null };
      const merchant = (row.merchant ?? merchantReader(1)(labelOf(row)).name).trim();
      if (!merchant) return { offer: null };
      const [rules, pair] = await Promise.all([repo.rules.list(userId), repo.corrections.pair(userId, merchant, row.category)]);
      if (pair.dismissed || covered(rules, merchant, row.category)) return { offer: null };
      if (!(await repo.merchantHasOtherRows(userId, merchant, row.id))) return { offer: null };
      return { offer: { merchant, category: row.category, corrections: pair.count } };
    },

    // -------------------------------------------------------------------------------------------
    // Tags

    async tags(userId: string, dateFrom?: string, dateTo?: string): Promise<{ tags: Tag[] }> {
      const rows = await repo.tags.list(userId, dateFrom, dateTo);
      return { tags: rows.map((r) => ({ name: r.name, color: r.color, transaction_count: r.count, income: fromMinor(r.incomeMinor), expense: fromMinor(r.expenseMinor) })) };
    },

    async createTag(userId: string, b: z.output<typeof createTagRequest>): Promise<Tag> {
      if (await repo.tags.exists(userId, b.name)) throw conflict(`A tag named '${b.name}' already exists`);
      if (!(await repo.tags.create(userId, b.name, b.color))) throw conflict(`A tag named '${b.name}' already exists`);
      return { name: b.name, color: b.color, transaction_count: 0, income: 0, expense: 0 };
    },

    /** Renames (to a name not in use) and/or recolours a tag. */
    async updateTag(userId: string, name: string, b: z.output<typeof updateTagRequest>) {
      const from = name.trim().toLowerCase();
      if (!(await repo.tags.exists(userId, from))) throw tagNotFound();
      let current = from;
      if (b.name !== undefined && b.name !== from) {
        if (await repo.tags.exists(userId, b.name)) throw conflict(`A tag named '${b.name}' already exists: merge into it instead`);
        await repo.tags.move(userId, from, b.name);
        current = b.name;
      }
      if (b.color !== undefined) await repo.tags.setColor(userId, current, b.color);
      return this.tag(userId, current);
    },

    /** Every row tagged `name` carries `into` instead; `name` is gone. */
    async mergeTag(userId: string, name: string, into: string) {
      const from = name.trim().toLowerCase();
      if (from === into) throw unprocessable('into must be another tag');
      if (!(await repo.tags.exists(userId, from))) throw tagNotFound();
      if (!(await repo.tags.exists(userId, into))) throw unprocessable(`into '${into}' is not one of your tags`);
      await repo.tags.move(userId, from, into);
      return this.tag(userId, into);
    },

    async removeTag(userId: string, name: string): Promise<void> {
      const key = name.trim().toLowerCase();
      if (!(await repo.tags.exists(userId, key))) throw tagNotFound();
      await repo.tags.remove(userId, key);
    },

    async tag(userId: string, name: string): Promise<Tag> {
      const found = (await this.tags(userId)).tags.find((t) => t.name === name);
      if (!found) throw tagNotFound();
      return found;
    },

    // -------------------------------------------------------------------------------------------
    // Bulk changes on selected transactions

    /**
     * One change on the selected rows. Rows that are not the user's are not counted; transfer legs,
     * valuations and adjustments keep their category (skipped); reconciled rows need confirm_reconciled
     * to be deleted; deleting a transfer leg deletes both legs.
     */
    async bulk(userId: string, b: z.output<typeof bulkRequest>) {
      const rows = await repo.bulk.rows(userId, [...new Set(b.transaction_ids)]);
      const ids = rows.map((r) => r.id);
      const missing = new Set(b.transaction_ids).size - rows.length;
      switch (b.action) {
        case 'categorize': {
          const categories = await loadCategories(transactions, userId);
          const category = knownCategory(categories, b.category!);
          const type = typeOf(categories)(category);
          const fit = rows.filter((r) => r.kind === 'standard' && r.type === type).map((r) => r.id);
          const updated = await repo.bulk.update(userId, fit, { category });
          return { updated, skipped: missing + rows.length - updated };
        }
        case 'add_tags':
        case 'remove_tags': {
          const tags = [...new Set(b.tags!)];
          const updated = await repo.bulk.update(userId, ids, b.action === 'add_tags' ? { addTags: tags } : { removeTags: tags });
          return { updated, skipped: missing + rows.length - updated };
        }
        case 'mark_cleared':
        case 'mark_uncleared': {
          const updated = await repo.bulk.update(userId, ids, { cleared: b.action === 'mark_cleared' });
          return { updated, skipped: missing + rows.length - updated };
        }
        case 'delete': {
          if (!b.confirm_reconciled && rows.some((r) => r.reconciled)) throw reconciledChange();
          const deleted = await repo.bulk.remove(userId, ids);
          for (const id of deleted) await deps.rewards?.takeBack(userId, 'transaction', id);
          return { updated: deleted.length, skipped: missing };
        }
      }
    },
  };
}
export type AutoRulesService = ReturnType<typeof autoRulesService>;

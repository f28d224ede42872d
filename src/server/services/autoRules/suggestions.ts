import type { z } from 'zod/mini';
import { OFFER_AFTER_CORRECTIONS, splitByRule, type RuleOffer, type Suggestion, type suggestRequest } from '../../../contract/autoRules';
import { toMinor } from '../../../contract/money';
import type { TransactionType } from '../../../contract/transactions';
import { notFound } from '../../errors';
import type { FinishedRow, ImportRowActions } from '../../repositories/importActions';
import type { NewTransaction, TransactionRow } from '../../repositories/transactions';
import { loadCategories } from '../transactions/categories';
import { labelOf, merchantOf, merchantReader, runRules, withTags, type MerchantReader, type RuleInput, type StoredRule } from './engine';
import type { LearnedModel } from './learn';
import { covered, isFallback, loadModel, toStored, typeOf, type AutoRulesDeps } from './common';

/**
 * What the rules and the learned history say about a row: the form's suggestion, the import runner's
 * finishing step, and the rule offered after a row is re-filed by hand.
 */
export function suggestionActions(deps: AutoRulesDeps) {
  const { repo, transactions } = deps;

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
  };
}

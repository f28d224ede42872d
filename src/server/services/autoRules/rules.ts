import type { z } from 'zod/mini';
import { RULE_LIMITS, splitByRule, type Rule, type RulePreview, type saveRuleRequest } from '../../../contract/autoRules';
import { fromMinor } from '../../../contract/money';
import { TRANSFER_CATEGORY, TRANSFER_MATCH_DAYS } from '../../../contract/accounts';
import { conflict, unprocessable } from '../../errors';
import type { CompiledCondition, CompiledRule, RuleRow } from '../../repositories/autoRules';
import { isDefaultCategory, loadCategories } from '../transactions/categories';
import { knownCategory } from '../transactions/service';
import { conditionHolds, merchantReader, type RuleInput } from './engine';
import { patternSafe, ruleNotFound, toRule, typeOf, type AutoRulesDeps, type StructuralRows } from './common';

/**
 * The rules themselves: checked on save, listed, reordered, and run over the user's existing rows
 * (preview and apply in SQL; splits and transfers one row at a time).
 */
export function ruleActions(deps: AutoRulesDeps) {
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
  };
}

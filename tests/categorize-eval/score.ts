import type { SaveRuleRequest } from '../../src/contract/autoRules';
import { saveRuleRequest } from '../../src/contract/autoRules';
import { FALLBACK_CATEGORY, type TransactionType } from '../../src/contract/transactions';
import { merchantReader, runRules, type StoredRule } from '../../src/server/services/autoRules/engine';
import { learnFrom, type HistoryGroup } from '../../src/server/services/autoRules/learn';
import { DEFAULT_CATEGORIES } from '../../src/contract/categories';
import { generateYear, type Row } from './generate';

/**
 * Rules plus learning on the second year after the person categorized the first, with the server's
 * own engine (the same functions the import runner calls): the model is built from the first year
 * grouped as the database groups it, and each second-year row gets what an import would give it.
 */

/** Rules a person writes for the merchants they split by product (what the rule offers lead to). */
export const USER_RULES: SaveRuleRequest[] = [
  { name: 'Prime', conditions: [{ field: 'description', op: 'contains', value: 'prime' }], actions: { category: 'Subscriptions' } },
  { name: 'Costco petrol', conditions: [{ field: 'description', op: 'contains', value: 'costco gas' }], actions: { category: 'Transport' } },
];

export interface Score {
  total: number;
  /** Rows an import would categorize right (a rule's category or a confident learned one). */
  applied: number;
  /** Rows whose category, applied or only suggested, is right. */
  suggested: number;
  /** Rows an import would categorize wrong (applied and not the person's). */
  wrongApplied: number;
  /** Rows left in Other for the person to decide. */
  leftOther: number;
}

export function group(rows: Row[]): HistoryGroup[] {
  const by = new Map<string, HistoryGroup>();
  for (const r of rows) {
    const key = `${r.description}\u0000${r.category}\u0000${r.type}`;
    const g = by.get(key) ?? { description: r.description, merchant: null, category: r.category, type: r.type, count: 0, amountMinor: 0 };
    g.count++;
    g.amountMinor += r.amountMinor;
    by.set(key, g);
  }
  return [...by.values()];
}

export function evaluate(options: { rules?: SaveRuleRequest[]; seed?: number } = {}): Score {
  const year1 = generateYear(2024, options.seed);
  const year2 = generateYear(2025, options.seed);
  const read = merchantReader();
  const types = new Map<string, TransactionType>(DEFAULT_CATEGORIES.map((c) => [c.name, c.type]));
  const rules: StoredRule[] = (options.rules ?? []).map((r, i) => {
    const p = saveRuleRequest.parse(r);
    return { id: String(i), name: p.name, match: p.match, conditions: p.conditions, actions: p.actions, enabled: true };
  });
  const model = learnFrom(group(year1), read, (c, t) => c === FALLBACK_CATEGORY[t]);
  const s: Score = { total: year2.length, applied: 0, suggested: 0, wrongApplied: 0, leftOther: 0 };
  for (const r of year2) {
    const input = { description: r.description, merchant: null, notes: null, amountMinor: r.amountMinor, type: r.type, accountId: null, date: r.date };
    const byRule = runRules(rules, input, read, (n) => types.get(n));
    const learned = byRule.category === undefined ? model.predict({ description: r.description, merchant: null, type: r.type, amountMinor: r.amountMinor }) : null;
    const top = byRule.category ?? learned?.category;
    const applied = byRule.category ?? (learned?.confident ? learned.category : undefined);
    if (top === r.category) s.suggested++;
    if (applied === undefined) s.leftOther++;
    else if (applied === r.category) s.applied++;
    else s.wrongApplied++;
  }
  return s;
}

export const percent = (n: number, total: number) => Math.round((1000 * n) / total) / 10;

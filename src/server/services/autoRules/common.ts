import type { AutoRulesRepository, RuleRow } from '../../repositories/autoRules';
import type { AccountsRepository } from '../../repositories/accounts';
import type { TransactionsRepository } from '../../repositories/transactions';
import type { Rule } from '../../../contract/autoRules';
import { FALLBACK_CATEGORY, type TransactionType } from '../../../contract/transactions';
import { notFound, unprocessable } from '../../errors';
import type { RewardsService } from '../rewards';
import type { Categories } from '../transactions/categories';
import type { MerchantReader, StoredRule } from './engine';
import { learnFrom, type LearnedModel } from './learn';

/** What the rules service is built from (plugins/services.ts). */
export type AutoRulesDeps = { repo: AutoRulesRepository; transactions: TransactionsRepository; accounts?: AccountsRepository; rewards?: Pick<RewardsService, 'takeBack'> };

/** A rule already files this merchant (its condition is exactly the merchant) in this category. */
export const covered = (rules: RuleRow[], merchant: string, category: string) =>
  rules.some((r) => r.actions.category === category && r.conditions.some((c) => c.field === 'merchant' && c.op === 'is' && c.value.toLowerCase() === merchant.toLowerCase()));
export type StructuralRows = Awaited<ReturnType<AutoRulesRepository['actionRows']>>;
export const ruleNotFound = () => notFound('Rule not found');
export const tagNotFound = () => notFound('Tag not found');

export const toRule = (r: RuleRow): Rule => ({
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
export const toStored = (r: RuleRow): StoredRule => ({ id: r.id, name: r.name, match: r.match, conditions: r.conditions, actions: r.actions, enabled: r.enabled });

export const typeOf = (categories: Categories) => {
  const types = new Map(categories.list.map((c) => [c.name, c.type]));
  return (name: string): TransactionType | undefined => types.get(name);
};
/** PostgreSQL refused a pattern JavaScript took (its regex dialect differs at the edges): the rule's fault, not the server's. */
export async function patternSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '2201B') throw unprocessable('A pattern of this rule is not a regular expression the database accepts: edit the rule');
    throw err;
  }
}
export const isFallback = (category: string, type: TransactionType) => category === FALLBACK_CATEGORY[type];

/** Builds a user's learned model from their grouped history (rows still in Other teach nothing). */
export async function loadModel(repo: AutoRulesRepository, userId: string, read: MerchantReader, categories: Promise<Categories>): Promise<LearnedModel> {
  const [groups, known] = await Promise.all([repo.history(userId), categories]);
  const type = typeOf(known);
  return learnFrom(groups, read, isFallback, (category, t) => type(category) === t);
}

import { autoRuleMessages, offeredRule, type BulkRequest, type Rule, type RuleOffer, type RulePreview, type SaveRuleRequest, type Suggestion, type SuggestRequest, type Tag, type UpdateTagRequest } from '../../contract/autoRules';
import type { ApiCall } from './client';

const rulePath = (id: string) => `/rules/${encodeURIComponent(id)}`;
const tagPath = (name: string) => `/tags/${encodeURIComponent(name)}`;

/** Rules, suggestions, tags and bulk changes; failures carry the server's detail, else the call's default. */
export function autoRulesApi(call: ApiCall) {
  return {
    list: (signal?: AbortSignal) => call<{ rules: Rule[] }>('/rules', { defaultMessage: autoRuleMessages.fetchRules, signal, silent: true }),
    create: (body: SaveRuleRequest) => call<Rule>('/rules', { method: 'POST', body, defaultMessage: autoRuleMessages.saveRule }),
    update: (id: string, body: SaveRuleRequest) => call<Rule>(rulePath(id), { method: 'PUT', body, defaultMessage: autoRuleMessages.saveRule }),
    remove: (id: string) => call<{ message: string }>(rulePath(id), { method: 'DELETE', defaultMessage: autoRuleMessages.deleteRule }),
    reorder: (ruleIds: string[]) => call<{ rules: Rule[] }>('/rules/order', { method: 'PUT', body: { rule_ids: ruleIds }, defaultMessage: autoRuleMessages.reorderRules }),
    preview: (id: string) => call<RulePreview>(`${rulePath(id)}/preview`, { defaultMessage: autoRuleMessages.previewRule }),
    apply: (id: string) => call<{ updated: number }>(`${rulePath(id)}/apply`, { method: 'POST', defaultMessage: autoRuleMessages.applyRule }),
    suggest: (body: SuggestRequest) => call<Suggestion>('/rules/suggest', { method: 'POST', body, defaultMessage: autoRuleMessages.fetchRules }),
    offerFor: (transactionId: string) => call<{ offer: RuleOffer | null }>(`/rules/offer?transaction_id=${encodeURIComponent(transactionId)}`, { defaultMessage: autoRuleMessages.fetchRules, silent: true }),
    acceptOffer: (offer: RuleOffer) => call<Rule>('/rules', { method: 'POST', body: offeredRule(offer), defaultMessage: autoRuleMessages.offerFailed }),
    dismissOffer: (offer: RuleOffer) => call<{ message: string }>('/rules/offers/dismiss', { method: 'POST', body: { merchant: offer.merchant, category: offer.category }, defaultMessage: autoRuleMessages.saveRule, silent: true }),
    tags: (signal?: AbortSignal) => call<{ tags: Tag[] }>('/tags', { defaultMessage: autoRuleMessages.fetchTags, signal }),
    createTag: (name: string) => call<Tag>('/tags', { method: 'POST', body: { name }, defaultMessage: autoRuleMessages.saveTag }),
    updateTag: (name: string, patch: UpdateTagRequest) => call<Tag>(tagPath(name), { method: 'PATCH', body: patch, defaultMessage: autoRuleMessages.saveTag }),
    mergeTag: (name: string, into: string) => call<Tag>(`${tagPath(name)}/merge`, { method: 'POST', body: { into }, defaultMessage: autoRuleMessages.saveTag }),
    removeTag: (name: string) => call<{ message: string }>(tagPath(name), { method: 'DELETE', defaultMessage: autoRuleMessages.saveTag }),
    bulk: (body: BulkRequest) => call<{ updated: number; skipped: number }>('/transactions/bulk', { method: 'POST', body, defaultMessage: autoRuleMessages.bulk }),
  };
}
export type AutoRulesApi = ReturnType<typeof autoRulesApi>;

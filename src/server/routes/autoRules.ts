import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  bulkRequest,
  bulkResult,
  dismissOfferRequest,
  reorderRulesRequest,
  rule,
  ruleApplied,
  ruleIdParams,
  ruleList,
  ruleOfferAnswer,
  ruleOfferList,
  ruleOfferQuery,
  rulePreview,
  saveRuleRequest,
  suggestion,
  suggestRequest,
} from '../../contract/autoRules';
import { areaSchemas, premiumRoutes } from '../routeSchema';

const schema = areaSchemas({ tags: ['rules and tags'], errors: [401, 403, 404, 409, 422] });
const done = z.object({ message: z.string() });

/**
 * /rules (categorization rules, their preview and apply, suggestions for a row being typed, rules worth
 * offering) and /transactions/bulk (a change on selected rows); /tags is routes/tags.ts. A premium area
 * like the transactions it changes.
 */
export default async function autoRulesRoutes(fastify: FastifyInstance) {
  const app = premiumRoutes(fastify);
  const rules = fastify.autoRules;

  app.get('/rules', { schema: schema({ summary: 'The rules, in the order they run', response: { 200: ruleList } }) }, async (request) => rules.list(request.userId));

  app.post(
    '/rules',
    {
      schema: schema({
        summary: 'Add a rule (it runs after the others)',
        description: 'Conditions on the merchant, description, notes (is, contains, matches), amount (equals, between, greater, less), type, account, date range or merchant kind, all or any of them; actions set a category, merchant name, notes or add tags.',
        body: saveRuleRequest,
        response: { 201: rule },
      }),
    },
    async (request, reply) => {
      reply.code(201);
      return rules.create(request.userId, request.body);
    },
  );

  app.put(
    '/rules/order',
    { schema: schema({ summary: 'Put the rules in this order (the first runs first)', body: reorderRulesRequest, response: { 200: ruleList } }) },
    async (request) => rules.reorder(request.userId, request.body.rule_ids),
  );

  app.put(
    '/rules/:id',
    { schema: schema({ summary: 'Change a rule', params: ruleIdParams, body: saveRuleRequest, response: { 200: rule } }) },
    async (request) => rules.update(request.userId, request.params.id, request.body),
  );

  app.delete(
    '/rules/:id',
    { schema: schema({ summary: 'Delete a rule (rows it changed keep their changes)', params: ruleIdParams, response: { 200: done } }) },
    async (request) => {
      await rules.remove(request.userId, request.params.id);
      return { message: 'Rule deleted' };
    },
  );

  app.get(
    '/rules/:id/preview',
    { schema: schema({ summary: 'What running the rule on existing transactions would change: counts and the first rows, before and after', params: ruleIdParams, response: { 200: rulePreview } }) },
    async (request) => rules.preview(request.userId, request.params.id),
  );

  app.post(
    '/rules/:id/apply',
    { schema: schema({ summary: 'Run the rule on existing transactions', params: ruleIdParams, response: { 200: ruleApplied } }) },
    async (request) => rules.apply(request.userId, request.params.id),
  );

  app.post(
    '/rules/suggest',
    {
      schema: schema({
        summary: 'What the rules, then the history, suggest for a row being typed in',
        description: '`confident` is true when a learned category is sure enough to be applied on import; the form shows the suggestion either way, with `why`.',
        body: suggestRequest,
        response: { 200: suggestion },
      }),
    },
    async (request) => rules.suggest(request.userId, request.body),
  );

  app.get('/rules/offers', { schema: schema({ summary: 'Rules worth offering: a merchant moved to the same category by hand at least twice', response: { 200: ruleOfferList } }) }, async (request) =>
    rules.offers(request.userId),
  );

  app.get(
    '/rules/offer',
    {
      schema: schema({
        summary: 'After a row was re-filed by hand: a rule worth offering for its merchant ("Always file Costco as Groceries?"), or null',
        description: 'Offered when the merchant has other rows, no rule already files it in that category, and the pair was not dismissed.',
        querystring: ruleOfferQuery,
        response: { 200: ruleOfferAnswer },
      }),
    },
    async (request) => rules.offerFor(request.userId, request.query.transaction_id),
  );

  app.post(
    '/rules/offers/dismiss',
    { schema: schema({ summary: 'Stop offering a rule for this merchant (for this category only when `category` is sent)', body: dismissOfferRequest, response: { 200: done } }) },
    async (request) => {
      await rules.dismissOffer(request.userId, request.body.merchant, request.body.category);
      return { message: 'Offer dismissed' };
    },
  );

  // ------------------------------------------------------------------------------------------
  // Bulk

  app.post(
    '/transactions/bulk',
    {
      schema: schema({
        summary: 'One change on selected transactions: categorize, add or remove tags, delete, mark cleared or uncleared',
        description: 'Rows that are not yours, and rows a change does not fit (a category on a transfer leg or of the other type), are counted in `skipped`.',
        body: bulkRequest,
        response: { 200: bulkResult },
      }),
    },
    async (request) => rules.bulk(request.userId, request.body),
  );
}

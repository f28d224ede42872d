import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkoutRequest,
  checkoutResponse,
  confirmRequest,
  plansResponse,
  portalResponse,
  subscriptionStatus,
  trialStartResponse,
  updateRequest,
} from '../../contract/subscription';
import { areaSchemas } from '../routeSchema';

const tags = ['subscription'];
const schema = areaSchemas({ tags, errors: [400, 401, 404, 409, 422] });
const publicSchema = areaSchemas({ tags, errors: [], signedIn: false });

/** The subscription calls ([spec:7-subscription]): the rules are services/subscription.ts, the same on the local provider and on Stripe. */
export default async function subscriptionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { subscriptions } = fastify;

  app.get('/subscription/plans', { schema: publicSchema({ summary: 'Plans on offer, with prices and trial length', response: { 200: plansResponse } }) }, async () => subscriptions.plans());

  app.register(async (authed) => {
    const r = authed.withTypeProvider<ZodTypeProvider>();
    authed.addHook('onRequest', fastify.authenticate);

    r.get('/subscription/status', { schema: schema({ summary: 'Access, trial and plan of the signed-in user', response: { 200: subscriptionStatus } }) }, async (request) =>
      subscriptions.status(request.userId),
    );
    r.post('/subscription/trial/start', { schema: schema({ summary: 'Start the free trial (once per user, ever)', response: { 200: trialStartResponse } }) }, async (request) =>
      subscriptions.startTrial(request.userId),
    );
    r.post(
      '/subscription/trial/end-now',
      { schema: schema({ summary: 'End the free trial now (to try what happens after it)', response: { 200: subscriptionStatus } }) },
      async (request) => subscriptions.endTrialNow(request.userId),
    );
    r.post(
      '/subscription/create-checkout-session',
      {
        schema: schema({
          summary: 'Start a checkout for a plan; open the returned url',
          description: 'During the free trial the first payment is taken when the trial ends (its days are kept).',
          body: checkoutRequest,
          response: { 200: checkoutResponse },
        }),
      },
      async (request) => subscriptions.checkout(request.userId, request.body.plan_id),
    );
    r.post(
      '/subscription/confirm',
      { schema: schema({ summary: 'Confirm a completed checkout and activate the subscription (idempotent)', body: confirmRequest, response: { 200: subscriptionStatus } }) },
      async (request) => subscriptions.confirm(request.userId, request.body.session_id),
    );
    r.post(
      '/subscription/cancel',
      { schema: schema({ summary: 'Cancel at the end of the paid period (access continues until then)', response: { 200: subscriptionStatus } }) },
      async (request) => subscriptions.cancel(request.userId),
    );
    r.post('/subscription/portal', { schema: schema({ summary: 'A link to the billing portal (change plan, cancel)', response: { 200: portalResponse } }) }, async (request) =>
      subscriptions.portal(request.userId),
    );
    r.post(
      '/subscription/update',
      { schema: schema({ summary: 'Switch plan and/or payment method', body: updateRequest, response: { 200: subscriptionStatus } }) },
      async (request) => subscriptions.update(request.userId, request.body.planId, request.body.paymentMethod),
    );
  });

  // Provider webhooks (Stripe): the raw body is needed for the signature check.
  app.register(async (hooks) => {
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    hooks.post('/subscription/webhook', { schema: { tags, summary: 'Billing provider webhook (Stripe-Signature checked)', hide: false } }, async (request) =>
      subscriptions.webhook(String(request.body ?? ''), request.headers['stripe-signature'] as string | undefined),
    );
  });
}

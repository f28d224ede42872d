import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../contract/schemas/errors';
import {
  checkoutRequest,
  checkoutResponse,
  confirmRequest,
  plansResponse,
  portalResponse,
  subscriptionStatus,
  trialStartResponse,
  updateRequest,
} from '../../contract/schemas/subscription';
import { badRequest, conflict, notFound } from '../errors';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

/** The subscription calls ([spec:7-subscription]). Works the same on the local provider and on Stripe. */
export default async function subscriptionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { repos, billing } = fastify;
  const planOr404 = (id: string) => {
    const plan = fastify.plans.find((p) => p.id === id);
    if (!plan) throw notFound(`Unknown plan '${id}'. Plans: ${fastify.plans.map((p) => p.id).join(', ')}`);
    return plan;
  };
  const tags = ['subscription'];
  const security = [{ bearerAuth: [] }];

  app.get('/subscription/plans', { schema: { tags, summary: 'Plans on offer, with prices and trial length', response: { 200: plansResponse } } }, async () => ({
    plans: fastify.plans,
    trial_days: fastify.config.billing.trialDays,
    currency: fastify.config.billing.currency,
  }));

  app.register(async (authed) => {
    const r = authed.withTypeProvider<ZodTypeProvider>();
    authed.addHook('onRequest', fastify.authenticate);

    r.get('/subscription/status', { schema: { tags, security, summary: 'Access, trial and plan of the signed-in user', response: { 200: subscriptionStatus, ...errors } } }, async (request) =>
      fastify.subscriptionStatus(request.userId),
    );

    r.post(
      '/subscription/trial/start',
      { schema: { tags, security, summary: 'Start the free trial (once per user, ever)', response: { 200: trialStartResponse, ...errors } } },
      async (request) => {
        const started = await repos.subscriptions.startTrialOnce(request.userId, billing.kind, fastify.config.billing.trialDays);
        if (!started) throw conflict('The free trial has already been used. Choose a plan to continue.');
        const status = await fastify.subscriptionStatus(request.userId);
        return { status: 'started' as const, trial: status.trial, message: `Your ${fastify.config.billing.trialDays}-day free trial has started` };
      },
    );

    r.post(
      '/subscription/trial/end-now',
      { schema: { tags, security, summary: 'End the free trial now (to try what happens after it)', response: { 200: subscriptionStatus, ...errors } } },
      async (request) => {
        const row = await repos.subscriptions.endTrialNow(request.userId);
        if (!row?.trialStartedAt) throw badRequest('There is no trial to end');
        return fastify.subscriptionStatus(request.userId);
      },
    );

    r.post(
      '/subscription/create-checkout-session',
      { schema: { tags, security, summary: 'Start a checkout for a plan; open the returned url', body: checkoutRequest, response: { 200: checkoutResponse, ...errors } } },
      async (request) => {
        const plan = planOr404(request.body.plan_id);
        const user = await repos.users.findById(request.userId);
        if (!user) throw notFound('User not found');
        const row = await repos.subscriptions.find(request.userId);
        // Paying twice is never what a user wants: a running subscription changes plan instead.
        if ((await fastify.subscriptionStatus(request.userId)).status === 'active') throw conflict('You already have an active subscription. Switch plans from Settings → Manage billing.');
        return billing.createCheckout({ userId: user.id, email: user.email, plan, customerId: row?.customerId ?? null });
      },
    );

    r.post(
      '/subscription/confirm',
      { schema: { tags, security, summary: 'Confirm a completed checkout and activate the subscription (idempotent)', body: confirmRequest, response: { 200: subscriptionStatus, ...errors } } },
      async (request) => {
        const bought = await billing.confirm({ userId: request.userId, sessionId: request.body.session_id });
        await repos.subscriptions.upsert(request.userId, billing.kind, bought);
        return fastify.subscriptionStatus(request.userId);
      },
    );

    r.post(
      '/subscription/cancel',
      { schema: { tags, security, summary: 'Cancel at the end of the paid period (access continues until then)', response: { 200: subscriptionStatus, ...errors } } },
      async (request) => {
        const row = await repos.subscriptions.find(request.userId);
        const status = await fastify.subscriptionStatus(request.userId);
        if (!row || (status.status !== 'active' && status.status !== 'canceled')) throw badRequest('There is no paid subscription to cancel');
        await repos.subscriptions.upsert(request.userId, billing.kind, await billing.cancel(row));
        return fastify.subscriptionStatus(request.userId);
      },
    );

    r.post('/subscription/portal', { schema: { tags, security, summary: 'A link to the billing portal (change plan, cancel)', response: { 200: portalResponse, ...errors } } }, async (request) =>
      billing.portal({ userId: request.userId, row: await repos.subscriptions.find(request.userId) }),
    );

    r.post(
      '/subscription/update',
      { schema: { tags, security, summary: 'Switch plan and/or payment method', body: updateRequest, response: { 200: subscriptionStatus, ...errors } } },
      async (request) => {
        const plan = planOr404(request.body.planId);
        const row = await repos.subscriptions.find(request.userId);
        const status = await fastify.subscriptionStatus(request.userId);
        if (!row || (status.status !== 'active' && status.status !== 'canceled')) throw badRequest('Subscribe first: there is no paid subscription to change');
        await repos.subscriptions.upsert(request.userId, billing.kind, await billing.update(row, plan, request.body.paymentMethod));
        return fastify.subscriptionStatus(request.userId);
      },
    );
  });

  // Provider webhooks (Stripe): the raw body is needed for the signature check.
  app.register(async (hooks) => {
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    hooks.post('/subscription/webhook', { schema: { tags, summary: 'Billing provider webhook (Stripe-Signature checked)', hide: false } }, async (request) => {
      if (!billing.webhook) throw notFound('This billing provider has no webhooks');
      const outcome = await billing.webhook(String(request.body ?? ''), request.headers['stripe-signature'] as string | undefined);
      if (outcome) {
        const userId = outcome.userId ?? (outcome.subscriptionId ? (await repos.subscriptions.findByProviderSubscription(outcome.subscriptionId))?.userId : undefined);
        if (userId && (await repos.users.findById(userId))) await repos.subscriptions.upsert(userId, billing.kind, outcome.update);
      }
      return { received: true };
    });
  });
}

import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { Plan } from '../../../contract/subscription';
import type { BillingConfig } from '../../config';
import { badRequest, DomainError, notFound, UpstreamError } from '../../errors';
import type { BillingProvider, ProviderSubscription, WebhookOutcome } from './types';

type StripeConfig = NonNullable<BillingConfig['stripe']>;

/** Stripe statuses after which the customer has not paid for the rest of the period. */
const accessEndsNow = new Set<Stripe.Subscription.Status>(['canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused']);

/** Stripe Checkout refuses a `trial_end` closer than this (plus a minute for the request's way there). */
const TRIAL_END_MIN_AHEAD_MS = 48 * 3_600_000 + 60_000;

export const PROVIDER_FAILED = 'The billing provider could not complete the request. Please try again later.';

/** Stripe Checkout, Billing Portal and webhooks; selected when STRIPE_SECRET_KEY is set. */
export function stripeBilling(config: StripeConfig, deps: { appUrl: string; plans: Plan[]; log?: { error(obj: object, msg: string): void } }): BillingProvider {
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  // Loaded only when Stripe is configured: the SDK is about 20 MB of a server's memory (docs/performance.md).
  const StripeSdk = createRequire(import.meta.url)('stripe') as typeof Stripe;
  const stripe = new StripeSdk(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
  const priceOf = (planId: string) => (planId === 'yearly' ? config.priceYearly : config.priceMonthly);
  const planOfPrice = (priceId: string | undefined) => (priceId === config.priceYearly ? 'yearly' : priceId === config.priceMonthly ? 'monthly' : undefined);

  /**
   * Stripe's own status codes must not reach our client as-is (a 401 for a revoked key would sign the user
   * out, [spec:8-message]): a refused or failed call is a 502 with a generic detail, the reason goes to the log.
   */
  async function stripeCall<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof DomainError) throw error;
      deps.log?.error({ err: error }, 'Stripe request failed');
      throw new UpstreamError(PROVIDER_FAILED);
    }
  }
  const isMissing = (error: unknown) => error instanceof StripeSdk.errors.StripeError && (error.code === 'resource_missing' || error.statusCode === 404);

  function fromSubscription(sub: Stripe.Subscription): ProviderSubscription {
    const item = sub.items.data[0];
    const end = (item as { current_period_end?: number } | undefined)?.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end ?? 0;
    const pm = sub.default_payment_method;
    const card = pm && typeof pm === 'object' && pm.card ? `${pm.card.brand[0]!.toUpperCase()}${pm.card.brand.slice(1)} •••• ${pm.card.last4}` : null;
    // Ended, unpaid or never paid: access stops now, not at the end of a period nobody paid for.
    const accessUntil = accessEndsNow.has(sub.status) ? Math.min(end, sub.ended_at ?? Math.floor(Date.now() / 1000)) : end;
    return {
      // A price we do not know (an older price, one set in the Stripe dashboard): its billing interval says which plan.
      planId: planOfPrice(item?.price.id) ?? (item?.price.recurring?.interval === 'year' ? 'yearly' : 'monthly'),
      status: sub.status === 'active' || sub.status === 'trialing' ? 'active' : sub.status === 'past_due' ? 'past_due' : 'canceled',
      currentPeriodEnd: new Date(accessUntil * 1000),
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      paymentMethod: card,
      customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
      subscriptionId: sub.id,
    };
  }

  const retrieveSubscription = (id: string) => stripeCall(() => stripe.subscriptions.retrieve(id, { expand: ['default_payment_method'] }));

  return {
    kind: 'stripe',
    async createCheckout({ userId, email, plan, customerId, trialEndsAt }) {
      // Checkout takes a trial end only 48 hours or more ahead; a trial closer to its end is billed from now.
      const trialEnd = trialEndsAt && trialEndsAt.getTime() >= Date.now() + TRIAL_END_MIN_AHEAD_MS ? Math.floor(trialEndsAt.getTime() / 1000) : undefined;
      const session = await stripeCall(() => stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: priceOf(plan.id), quantity: 1 }],
        client_reference_id: userId,
        ...(customerId ? { customer: customerId } : email ? { customer_email: email } : {}),
        metadata: { user_id: userId, plan_id: plan.id },
        subscription_data: { metadata: { user_id: userId, plan_id: plan.id }, ...(trialEnd ? { trial_end: trialEnd } : {}) },
        success_url: `${deps.appUrl}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${deps.appUrl}/settings`,
      }));
      if (!session.url) throw badRequest('Stripe did not return a checkout URL');
      return { session_id: session.id, url: session.url };
    },
    async confirm({ userId, sessionId }) {
      const session = await stripeCall(() => stripe.checkout.sessions.retrieve(sessionId).catch((error: unknown) => (isMissing(error) ? undefined : Promise.reject(error))));
      if (!session || session.client_reference_id !== userId) throw notFound('Checkout session not found');
      if (session.status !== 'complete' || !session.subscription) throw badRequest('Payment for this checkout session has not been completed');
      const subscriptionId = typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
      return fromSubscription(await retrieveSubscription(subscriptionId));
    },
    async cancel(row) {
      if (!row.subscriptionId) throw badRequest('There is no paid subscription to cancel');
      const id = row.subscriptionId;
      return fromSubscription(await stripeCall(() => stripe.subscriptions.update(id, { cancel_at_period_end: true, expand: ['default_payment_method'] })));
    },
    async cancelNow(row) {
      if (!row.subscriptionId || !row.subscriptionId.startsWith('sub_')) return;
      const id = row.subscriptionId;
      await stripeCall(() => stripe.subscriptions.cancel(id).catch((error: unknown) => (isMissing(error) ? undefined : Promise.reject(error))));
    },
    async portal({ row }) {
      if (!row?.customerId) throw badRequest('The billing portal opens once you have subscribed');
      const customer = row.customerId;
      const session = await stripeCall(() => stripe.billingPortal.sessions.create({ customer, return_url: `${deps.appUrl}/settings` }));
      return { url: session.url };
    },
    async update(row, plan, paymentMethod) {
      if (!row.subscriptionId) throw badRequest('There is no paid subscription to change');
      const current = await retrieveSubscription(row.subscriptionId);
      const item = current.items.data[0];
      const id = row.subscriptionId;
      const updated = await stripeCall(() => stripe.subscriptions.update(id, {
        items: item ? [{ id: item.id, price: priceOf(plan.id) }] : [{ price: priceOf(plan.id) }],
        cancel_at_period_end: false,
        proration_behavior: 'create_prorations',
        ...(paymentMethod ? { default_payment_method: paymentMethod } : {}),
        expand: ['default_payment_method'],
      }));
      return fromSubscription(updated);
    },
    async webhook(rawBody, signature): Promise<WebhookOutcome | null> {
      if (!config.webhookSecret) throw badRequest('Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
      } catch {
        throw badRequest('Invalid Stripe signature');
      }
      switch (event.type) {
        case 'checkout.session.completed': {
          const session = event.data.object;
          if (!session.subscription || !session.client_reference_id) return null;
          const id = typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
          return { userId: session.client_reference_id, update: fromSubscription(await retrieveSubscription(id)) };
        }
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          const sub = event.data.object;
          const update = fromSubscription(sub);
          if (event.type === 'customer.subscription.deleted') update.status = 'canceled';
          return { userId: sub.metadata?.user_id, subscriptionId: sub.id, update };
        }
        default:
          return null;
      }
    },
  };
}

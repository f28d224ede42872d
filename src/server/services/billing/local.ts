import type { Plan } from '../../../contract/subscription';
import { badRequest, notFound } from '../../errors';
import type { SubscriptionsRepository } from '../../repositories/subscriptions';
import { firstPeriodEnd } from './plans';
import type { BillingProvider, ProviderSubscription } from './types';

/**
 * The embedded provider: a hosted checkout page on the API with a test card, and a portal page.
 * Pages live in routes/billing-pages.ts (their markup in billing/pages.ts); the payment rules are in services/subscription.ts.
 */
export function localBilling(deps: {
  apiUrl: string;
  plans: Plan[];
  repo: SubscriptionsRepository;
  signPortalToken(userId: string): Promise<string>;
}): BillingProvider {
  const planById = (id: string) => deps.plans.find((p) => p.id === id);
  return {
    kind: 'local',
    async createCheckout({ userId, plan }) {
      const session = await deps.repo.createCheckout(userId, plan.id);
      return { session_id: session.id, url: `${deps.apiUrl}/billing/checkout/${session.id}` };
    },
    async confirm({ userId, sessionId }): Promise<ProviderSubscription> {
      const session = await deps.repo.findCheckout(sessionId);
      if (!session || session.userId !== userId) throw notFound('Checkout session not found');
      if (session.status !== 'paid' || !session.paidAt) throw badRequest('Payment for this checkout session has not been completed');
      // Confirming again (a reload of the success page, an older checkout) must not undo a later cancel, plan change or purchase.
      const current = await deps.repo.find(userId);
      if (current?.subscriptionId && current.planId && current.currentPeriodEnd && current.status !== 'none') {
        const latest = current.subscriptionId === session.id ? session : await deps.repo.findCheckout(current.subscriptionId);
        if (latest?.paidAt && latest.paidAt >= session.paidAt) {
          const { planId, status, currentPeriodEnd, cancelAtPeriodEnd, paymentMethod, subscriptionId } = current;
          return { planId, status, currentPeriodEnd, cancelAtPeriodEnd, paymentMethod, subscriptionId };
        }
      }
      const plan = planById(session.planId);
      if (!plan) throw badRequest('The plan of this checkout session no longer exists');
      return { planId: plan.id, status: 'active', currentPeriodEnd: firstPeriodEnd(session.paidAt, current?.trialEndsAt ?? null, plan.interval), cancelAtPeriodEnd: false, paymentMethod: session.paymentMethod, subscriptionId: session.id };
    },
    async cancel() {
      return { cancelAtPeriodEnd: true };
    },
    // Nothing is charged again: the local provider keeps no state beyond the user's rows.
    async cancelNow() {},
    async portal({ userId }) {
      return { url: `${deps.apiUrl}/billing/portal?token=${encodeURIComponent(await deps.signPortalToken(userId))}` };
    },
    async update(_row, plan, paymentMethod) {
      // Local billing does not prorate: the new plan applies from now, the paid period stays.
      return { planId: plan.id, cancelAtPeriodEnd: false, ...(paymentMethod ? { paymentMethod } : {}) };
    },
  };
}

/** Test cards of the local checkout page (the same numbers Stripe's test mode uses). */
export const testCards = { success: '4242424242424242', declined: '4000000000000002' } as const;

export function describeCard(number: string): string {
  return `Visa •••• ${number.slice(-4)}`;
}

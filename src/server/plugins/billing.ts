import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Plan, SubscriptionStatus } from '../../contract/subscription';
import { localBilling } from '../services/billing/local';
import { plansFrom } from '../services/billing/plans';
import { stripeBilling } from '../services/billing/stripe';
import type { BillingProvider } from '../services/billing/types';
import { subscriptionService, type SubscriptionService } from '../services/subscription';

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingProvider;
    plans: Plan[];
    /** The subscription service: plans, trial, checkout, cancel, status and access. */
    subscriptions: SubscriptionService;
    /** The user's subscription status (the service's `status`). */
    subscriptionStatus(userId: string): Promise<SubscriptionStatus>;
    /** preHandler for premium endpoints: 403 with a detail when the user has no trial or paid access. */
    requireAccess(request: FastifyRequest): Promise<void>;
  }
}

export { NO_ACCESS, NO_ACCESS_YET, SUBSCRIPTION_ENDED } from '../services/subscription';

export default fp(
  async function billingPlugin(app: FastifyInstance) {
    const plans = plansFrom(app.config.billing);
    const stripe = app.config.billing.stripe;
    const provider = stripe
      ? stripeBilling(stripe, { appUrl: app.config.appUrl, plans, log: app.log })
      : localBilling({ apiUrl: app.config.apiUrl, plans, repo: app.repos.subscriptions, signPortalToken: (userId) => app.signScopedToken(userId, 'billing-portal', 3600) });
    const subscriptions = subscriptionService({
      repo: app.repos.subscriptions,
      users: app.repos.users,
      billing: provider,
      plans,
      trialDays: app.config.billing.trialDays,
      currency: app.config.billing.currency,
      // The row comes from the auth cache (kept in step by the database's announcements); the time is now.
      current: async (userId) => (await app.authCache.get(userId)).subscription,
    });
    app.decorate('billing', provider);
    app.decorate('plans', plans);
    app.decorate('subscriptions', subscriptions);
    app.decorate('subscriptionStatus', subscriptions.status);
    app.decorate('requireAccess', (request: FastifyRequest) => subscriptions.requireAccess(request.userId));
  },
  { name: 'billing', dependencies: ['repositories', 'auth'] },
);

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Plan, SubscriptionStatus } from '../../contract/schemas/subscription';
import { forbidden } from '../errors';
import { localBilling } from '../services/billing/local';
import { plansFrom } from '../services/billing/plans';
import { statusOf } from '../services/billing/status';
import { stripeBilling } from '../services/billing/stripe';
import type { BillingProvider } from '../services/billing/types';

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingProvider;
    plans: Plan[];
    subscriptionStatus(userId: string): Promise<SubscriptionStatus>;
    /** preHandler for premium endpoints: 403 with a detail when the user has no trial or paid access. */
    requireAccess(request: FastifyRequest): Promise<void>;
  }
}

export const NO_ACCESS = 'Your free trial has ended. Choose a plan to keep using this feature.';
export const NO_ACCESS_YET = 'Start your free trial or choose a plan to use this feature.';
export const SUBSCRIPTION_ENDED = 'Your subscription has ended. Choose a plan to keep using this feature.';

export default fp(
  async function billingPlugin(app: FastifyInstance) {
    const plans = plansFrom(app.config.billing);
    const stripe = app.config.billing.stripe;
    const provider = stripe
      ? stripeBilling(stripe, { appUrl: app.config.appUrl, plans, log: app.log })
      : localBilling({ apiUrl: app.config.apiUrl, plans, repo: app.repos.subscriptions, signPortalToken: (userId) => app.signScopedToken(userId, 'billing-portal', 3600) });
    app.decorate('billing', provider);
    app.decorate('plans', plans);
    app.decorate('subscriptionStatus', async (userId: string) => statusOf(await app.repos.subscriptions.find(userId), plans, provider.kind));
    app.decorate('requireAccess', async (request: FastifyRequest) => {
      // The subscription row comes from the auth cache (kept in step by the database's announcements); the time is now.
      const status = statusOf((await app.authCache.get(request.userId)).subscription, plans, provider.kind);
      if (status.has_access) return;
      // A paid period that ran out is not a trial that ended: say which one.
      throw forbidden(status.current_period_end ? SUBSCRIPTION_ENDED : status.trial.has_used_trial || status.status === 'expired' ? NO_ACCESS : NO_ACCESS_YET);
    });
  },
  { name: 'billing', dependencies: ['repositories', 'auth'] },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Plan } from '../../contract/subscription';
import { localBilling } from '../services/billing/local';
import { plansFrom } from '../services/billing/plans';
import { stripeBilling } from '../services/billing/stripe';
import type { BillingProvider } from '../services/billing/types';

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingProvider;
    plans: Plan[];
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
    app.decorate('billing', provider);
    app.decorate('plans', plans);
  },
  { name: 'billing', dependencies: ['repositories', 'auth'] },
);

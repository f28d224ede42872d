import type { Plan, SubscriptionStatus } from '../../contract/subscription';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import type { SubscriptionRow, SubscriptionsRepository } from '../repositories/subscriptions';
import type { UsersRepository } from '../repositories/users';
import { describeCard, testCards } from './billing/local';
import { statusOf } from './billing/status';
import type { BillingProvider } from './billing/types';

export const NO_ACCESS = 'Your free trial has ended. Choose a plan to keep using this feature.';
export const NO_ACCESS_YET = 'Start your free trial or choose a plan to use this feature.';
export const SUBSCRIPTION_ENDED = 'Your subscription has ended. Choose a plan to keep using this feature.';

export interface SubscriptionDeps {
  repo: SubscriptionsRepository;
  users: Pick<UsersRepository, 'findById'>;
  billing: BillingProvider;
  plans: Plan[];
  trialDays: number;
  currency: string;
  /** The user's subscription row as access is decided from (the auth cache, kept in step with the database). */
  current(userId: string): Promise<SubscriptionRow | undefined>;
  now?: () => Date;
}

/** What the local provider's payment form sends. */
export interface CardFields {
  card_number?: string;
  expiry?: string;
  cvc?: string;
}

/**
 * A user's subscription: the plans, the free trial, checkout, cancel, plan changes and the provider's
 * webhooks, the same on the local provider and on Stripe. The one place status and access are computed
 * (`statusOf` over the row the auth cache holds, at the time of the call).
 */
export function subscriptionService(deps: SubscriptionDeps) {
  const { repo, billing, plans } = deps;
  const now = deps.now ?? (() => new Date());
  const planOr404 = (id: string) => {
    const plan = plans.find((p) => p.id === id);
    if (!plan) throw notFound(`Unknown plan '${id}'. Plans: ${plans.map((p) => p.id).join(', ')}`);
    return plan;
  };
  const status = async (userId: string): Promise<SubscriptionStatus> => statusOf(await deps.current(userId), plans, billing.kind, now());
  const isPaid = (s: SubscriptionStatus) => s.status === 'active' || s.status === 'canceled';
  /** The row of a user with a paid subscription (active, or cancelled and running to its end), else 400. */
  const paidRow = async (userId: string, detail: string) => {
    const row = await repo.find(userId);
    if (!row || !isPaid(await status(userId))) throw badRequest(detail);
    return row;
  };
  const save = (userId: string, patch: Parameters<SubscriptionsRepository['upsert']>[2]) => repo.upsert(userId, billing.kind, patch);

  const service = {
    plans: () => ({ plans, trial_days: deps.trialDays, currency: deps.currency }),
    status,

    /** Throws 403 with the reason when the user has neither a trial nor a paid period running. */
    async requireAccess(userId: string): Promise<void> {
      const s = await status(userId);
      if (s.has_access) return;
      // A paid period that ran out is not a trial that ended: say which one.
      throw forbidden(s.current_period_end ? SUBSCRIPTION_ENDED : s.trial.has_used_trial || s.status === 'expired' ? NO_ACCESS : NO_ACCESS_YET);
    },

    async startTrial(userId: string) {
      const started = await repo.startTrialOnce(userId, billing.kind, deps.trialDays);
      if (!started) throw conflict('The free trial has already been used. Choose a plan to continue.');
      return { status: 'started' as const, trial: (await status(userId)).trial, message: `Your ${deps.trialDays}-day free trial has started` };
    },

    async endTrialNow(userId: string) {
      const row = await repo.endTrialNow(userId);
      if (!row?.trialStartedAt) throw badRequest('There is no trial to end');
      return status(userId);
    },

    /**
     * A checkout for a plan. Subscribing during the free trial keeps its days: the provider bills from the
     * day the trial ends (Stripe: `trial_end`; the local provider: the first period starts then).
     */
    async checkout(userId: string, planId: string) {
      const plan = planOr404(planId);
      const user = await deps.users.findById(userId);
      if (!user) throw notFound('User not found');
      const row = await repo.find(userId);
      // Paying twice is never what a user wants: a running subscription changes plan instead.
      const current = await status(userId);
      if (current.status === 'active') throw conflict('You already have an active subscription. Switch plans from Settings → Manage billing.');
      const trialEndsAt = current.trial.active ? (row?.trialEndsAt ?? null) : null;
      return billing.createCheckout({ userId: user.id, email: user.email, plan, customerId: row?.customerId ?? null, trialEndsAt });
    },

    /** Activates the subscription a completed checkout bought (idempotent). */
    async confirm(userId: string, sessionId: string) {
      await save(userId, await billing.confirm({ userId, sessionId }));
      return status(userId);
    },

    async cancel(userId: string) {
      const row = await paidRow(userId, 'There is no paid subscription to cancel');
      await save(userId, await billing.cancel(row));
      return status(userId);
    },

    async resume(userId: string) {
      await paidRow(userId, 'There is no paid subscription to resume');
      await save(userId, { cancelAtPeriodEnd: false });
      return status(userId);
    },

    async portal(userId: string) {
      return billing.portal({ userId, row: await repo.find(userId) });
    },

    async update(userId: string, planId: string, paymentMethod?: string) {
      const plan = planOr404(planId);
      const row = await paidRow(userId, 'Subscribe first: there is no paid subscription to change');
      await save(userId, await billing.update(row, plan, paymentMethod));
      return status(userId);
    },

    /** A provider's webhook: verified by the provider, applied to the user it concerns. */
    async webhook(rawBody: string, signature: string | undefined) {
      if (!billing.webhook) throw notFound('This billing provider has no webhooks');
      const outcome = await billing.webhook(rawBody, signature);
      if (outcome) {
        const userId = outcome.userId ?? (outcome.subscriptionId ? (await repo.findByProviderSubscription(outcome.subscriptionId))?.userId : undefined);
        if (userId && (await deps.users.findById(userId))) await save(userId, outcome.update);
      }
      return { received: true };
    },

    /** The local provider's checkout page: its session, plan, and when the first payment is taken (null: now). */
    async localCheckout(sessionId: string) {
      const session = await repo.findCheckout(sessionId);
      const plan = session && plans.find((p) => p.id === session.planId);
      if (!session || !plan) return { state: 'missing' as const };
      if (session.status === 'paid') return { state: 'paid' as const, session };
      if (session.expiresAt < now()) return { state: 'expired' as const };
      const current = await status(session.userId);
      const firstPayment = current.trial.active && current.trial.ends_at ? new Date(current.trial.ends_at) : null;
      return { state: 'open' as const, session, plan, firstPayment };
    },

    /**
     * Pays a local checkout with a test card; a card error is answered as text for the form. Paying
     * activates at once, as a provider's webhook would, so access does not wait for the return trip.
     */
    async payLocalCheckout(sessionId: string, fields: CardFields) {
      const checkout = await service.localCheckout(sessionId);
      if (checkout.state !== 'open') return checkout;
      const error = cardError(fields, now());
      if (error) return { ...checkout, error };
      const paid = await repo.markCheckoutPaid(sessionId, describeCard((fields.card_number ?? '').replace(/[\s-]/g, '')));
      if (paid) await service.confirm(paid.userId, paid.id);
      return { state: 'paid' as const, session: checkout.session };
    },

    /**
     * A change asked for on the local provider's portal page: cancel, resume or switch plan. Like the page,
     * it is for a paid subscription only (a trial has nothing to cancel or switch); the answer is what the
     * page says after it, '' when nothing was done.
     */
    async localPortalAction(userId: string, action: string, planId: string | undefined): Promise<string> {
      if (!isPaid(await status(userId))) return '';
      if (action === 'cancel') {
        await service.cancel(userId);
        return 'Your subscription is cancelled. You keep access until the end of the period.';
      }
      if (action === 'resume') {
        await service.resume(userId);
        return 'Your subscription will renew.';
      }
      const plan = action === 'plan' ? plans.find((p) => p.id === planId) : undefined;
      if (!plan) return '';
      await service.update(userId, plan.id);
      return `You are now on the ${plan.name} plan.`;
    },
  };
  return service;
}

export type SubscriptionService = ReturnType<typeof subscriptionService>;

/** What is wrong with a test card, in the words the local checkout page shows; null when it pays. */
function cardError(fields: CardFields, now: Date): string | null {
  const card = (fields.card_number ?? '').replace(/[\s-]/g, '');
  const expiry = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(fields.expiry ?? '');
  const expYear = expiry ? Number(expiry[2]!.length === 2 ? `20${expiry[2]}` : expiry[2]) : 0;
  const expMonth = expiry ? Number(expiry[1]) : 0;
  if (!expiry || expMonth < 1 || expMonth > 12 || expYear < now.getUTCFullYear() || (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1)) return 'Enter an expiry date in the future, as MM/YY.';
  if (!/^\d{3,4}$/.test(fields.cvc ?? '')) return 'Enter the 3 or 4 digit CVC.';
  if (card === testCards.declined) return 'Your card was declined. Try another card.';
  if (card !== testCards.success) return 'Use the test card 4242 4242 4242 4242 (this is test mode: no real payment is taken).';
  return null;
}

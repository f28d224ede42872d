import type { Plan } from '../../../contract/subscription';
import type { SubscriptionRow } from '../../repositories/subscriptions';

/** What a provider says about a user's paid subscription; stored in the subscriptions row. */
export interface ProviderSubscription {
  planId: string;
  status: 'active' | 'past_due' | 'canceled';
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  paymentMethod?: string | null;
  customerId?: string | null;
  subscriptionId?: string | null;
}

export interface WebhookOutcome {
  /** Our user (from checkout metadata) or the provider's subscription id to find them by. */
  userId?: string;
  subscriptionId?: string;
  update: Partial<ProviderSubscription>;
}

/** One interface, one file per implementation (local.ts, stripe.ts), chosen at start-up. */
export interface BillingProvider {
  readonly kind: 'local' | 'stripe';
  /** `trialEndsAt`: a free trial still running; the first payment is taken when it ends. */
  createCheckout(input: { userId: string; email: string | null; plan: Plan; customerId: string | null; trialEndsAt: Date | null }): Promise<{ session_id: string; url: string }>;
  /** Checks a completed checkout belongs to the user and answers the subscription it bought. */
  confirm(input: { userId: string; sessionId: string }): Promise<ProviderSubscription>;
  cancel(row: SubscriptionRow): Promise<Partial<ProviderSubscription>>;
  /** Ends the subscription at once, no further charge (the account is being deleted). */
  cancelNow(row: SubscriptionRow): Promise<void>;
  portal(input: { userId: string; row: SubscriptionRow | undefined }): Promise<{ url: string }>;
  update(row: SubscriptionRow, plan: Plan, paymentMethod: string | undefined): Promise<Partial<ProviderSubscription>>;
  /** Verifies and reads a provider webhook; null when the event does not concern us. */
  webhook?(rawBody: string, signature: string | undefined): Promise<WebhookOutcome | null>;
}

import type { Plan, SubscriptionStatus } from '../../../contract/subscription';
import type { SubscriptionRow } from '../../repositories/subscriptions';

const DAY = 86_400_000;

/** The one rule of who has access: an active trial, or a paid period that has not ended. */
export function statusOf(row: SubscriptionRow | undefined, plans: Plan[], provider: 'local' | 'stripe', now = new Date()): SubscriptionStatus {
  const trialEndsAt = row?.trialEndsAt ?? null;
  const paidUntil = row?.currentPeriodEnd ?? null;
  const paid = Boolean(row && (row.status === 'active' || row.status === 'past_due' || row.status === 'canceled') && paidUntil && paidUntil > now);
  const trialActive = Boolean(!paid && trialEndsAt && trialEndsAt > now);
  let status: SubscriptionStatus['status'] = 'none';
  if (paid) status = row!.cancelAtPeriodEnd || row!.status === 'canceled' ? 'canceled' : 'active';
  else if (trialActive) status = 'trialing';
  else if (row?.trialStartedAt || row?.currentPeriodEnd) status = 'expired';
  return {
    has_access: paid || trialActive,
    trial: {
      active: trialActive,
      has_used_trial: Boolean(row?.trialStartedAt),
      ends_at: trialEndsAt ? trialEndsAt.toISOString() : null,
      days_left: trialActive ? Math.ceil((trialEndsAt!.getTime() - now.getTime()) / DAY) : 0,
    },
    status,
    plan: plans.find((p) => p.id === row?.planId) ?? null,
    current_period_end: paidUntil ? paidUntil.toISOString() : null,
    cancel_at_period_end: Boolean(row?.cancelAtPeriodEnd),
    payment_method: row?.paymentMethod ?? null,
    provider,
  };
}

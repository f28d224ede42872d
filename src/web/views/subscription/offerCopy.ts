import type { SubscriptionStatus } from '../../../contract/subscription';
import { formatLongDate as longDate } from '../../format/date';

const KEEP = 'Pick a plan to keep your dashboard, transactions, goals and rewards.';

/** The plan picker's opening line, following the real subscription state (defect 3: it said "ended" mid-trial). */
export function offerCopy(status: SubscriptionStatus | undefined, trialDays: number | undefined): string {
  if (!status) return 'Loading your plan…';
  const days = status.trial.days_left;
  switch (status.status) {
    case 'trialing':
      return `Your free trial has ${days} ${days === 1 ? 'day' : 'days'} left (until ${longDate(status.trial.ends_at)}). Subscribing now keeps them: your first payment is taken when the trial ends.`;
    case 'active':
      return `You are on the ${status.plan?.name ?? 'paid'} plan until ${longDate(status.current_period_end)}. You can switch plans here.`;
    case 'canceled':
      return `Your subscription is cancelled; you keep access until ${longDate(status.current_period_end)}. ${KEEP}`;
    case 'expired':
      return status.current_period_end
        ? `Your subscription has ended. ${KEEP} The AI coach stays available with a daily message allowance.`
        : `Your free trial has ended. ${KEEP} The AI coach stays available with a daily message allowance.`;
    default:
      return status.trial.has_used_trial
        ? `Your free trial has ended. ${KEEP} The AI coach stays available with a daily message allowance.`
        : `Start with a free trial of ${trialDays ?? 14} days, then pick a plan.`;
  }
}

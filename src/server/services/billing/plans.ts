import type { Plan } from '../../../contract/subscription';
import type { BillingConfig } from '../../config';

const features = [
  'Unlimited AI coach conversations',
  'Dashboard analytics and reports',
  'Transactions with CSV import and export',
  'Savings goals with progress tracking',
  'Reward points and FINU tokens',
];

/** The plans on offer, from configuration (prices, currency, trial length). */
export function plansFrom(billing: BillingConfig): Plan[] {
  const monthlyForAYear = billing.monthlyPrice * 12;
  const saving = monthlyForAYear > billing.yearlyPrice ? Math.round((1 - billing.yearlyPrice / monthlyForAYear) * 100) : 0;
  return [
    { id: 'monthly', name: 'Monthly', price: billing.monthlyPrice, currency: billing.currency, interval: 'month', trial_days: billing.trialDays, features, badge: null },
    { id: 'yearly', name: 'Yearly', price: billing.yearlyPrice, currency: billing.currency, interval: 'year', trial_days: billing.trialDays, features, badge: saving > 0 ? `Save ${saving}%` : null },
  ];
}

export function periodEnd(from: Date, interval: Plan['interval']): Date {
  const end = new Date(from);
  if (interval === 'month') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

/** The end of the first paid period: a free trial still running when the user paid keeps its days, so the period starts when it ends. */
export function firstPeriodEnd(paidAt: Date, trialEndsAt: Date | null, interval: Plan['interval']): Date {
  return periodEnd(trialEndsAt && trialEndsAt > paidAt ? trialEndsAt : paidAt, interval);
}

import type { z } from 'zod';
import type { checkoutResponse, plansResponse, portalResponse, subscriptionStatus, trialStartResponse } from '../../contract/subscription';
import type { ApiCall } from './client';

type Status = z.infer<typeof subscriptionStatus>;

/** The subscription calls ([spec:7-subscription]). */
export function subscriptionApi(call: ApiCall) {
  return {
    status: () => call<Status>('/subscription/status', { defaultMessage: 'Failed to fetch subscription status' }),
    plans: () => call<z.infer<typeof plansResponse>>('/subscription/plans', { defaultMessage: 'Failed to fetch plans' }),
    createCheckout: (planId: string) =>
      call<z.infer<typeof checkoutResponse>>('/subscription/create-checkout-session', { method: 'POST', body: { plan_id: planId }, defaultMessage: 'Failed to start checkout' }),
    cancel: () => call<Status>('/subscription/cancel', { method: 'POST', defaultMessage: 'Failed to cancel subscription' }),
    portal: () => call<z.infer<typeof portalResponse>>('/subscription/portal', { method: 'POST', defaultMessage: 'Failed to open the billing portal' }),
    startTrial: () => call<z.infer<typeof trialStartResponse>>('/subscription/trial/start', { method: 'POST', defaultMessage: 'Failed to start the free trial' }),
    endTrialNow: () => call<Status>('/subscription/trial/end-now', { method: 'POST', defaultMessage: 'Failed to end the trial' }),
    confirm: (sessionId: string) => call<Status>('/subscription/confirm', { method: 'POST', body: { session_id: sessionId }, defaultMessage: 'Failed to confirm the subscription' }),
    update: (planId: string, paymentMethod?: string) =>
      call<Status>('/subscription/update', { method: 'POST', body: { planId, ...(paymentMethod ? { paymentMethod } : {}) }, defaultMessage: 'Failed to update the subscription' }),
  };
}
export type SubscriptionApi = ReturnType<typeof subscriptionApi>;

import { z } from 'zod';
import { subscriptionStates } from '../subscription';
import { text } from './fields';
export * from '../subscription';


export const plan = z
  .object({
    id: z.string(),
    name: z.string(),
    price: z.number().describe('Price per interval, in the plan currency'),
    currency: z.string(),
    interval: z.enum(['month', 'year']),
    trial_days: z.number().int(),
    features: z.array(z.string()),
    badge: z.string().nullable(),
  })
  .meta({ id: 'Plan' });

export const plansResponse = z.object({ plans: z.array(plan), trial_days: z.number().int(), currency: z.string() });

export const subscriptionStatus = z
  .object({
    has_access: z.boolean(),
    trial: z.object({
      active: z.boolean(),
      has_used_trial: z.boolean(),
      ends_at: z.string().nullable(),
      days_left: z.number().int(),
    }),
    status: z.enum(subscriptionStates).describe('none: never subscribed; trialing; active; canceled (access until current_period_end); expired'),
    plan: plan.nullable(),
    current_period_end: z.string().nullable(),
    cancel_at_period_end: z.boolean(),
    payment_method: z.string().nullable(),
    provider: z.enum(['local', 'stripe']),
  })
  .meta({ id: 'SubscriptionStatus' });

export const trialStartResponse = z.object({ status: z.literal('started'), trial: subscriptionStatus.shape.trial, message: z.string() });
export const checkoutRequest = z.object({ plan_id: text('plan_id').min(1, 'plan_id is required').max(64) });
export const checkoutResponse = z.object({ session_id: z.string(), url: z.string() });
export const confirmRequest = z.object({ session_id: text('session_id').min(1, 'session_id is required').max(255) });
export const portalResponse = z.object({ url: z.string() });
export const updateRequest = z.object({
  planId: text('planId').min(1, 'planId is required').max(64),
  paymentMethod: text('paymentMethod').max(255).optional(),
});

import * as z from 'zod/mini';
import { text } from './fields';

export const subscriptionStates = ['none', 'trialing', 'active', 'canceled', 'expired'] as const;

export const plan = z
  .object({
    id: z.string(),
    name: z.string(),
    price: z.number().register(z.globalRegistry, { description: 'Price per interval, in the plan currency' }),
    currency: z.string(),
    interval: z.enum(['month', 'year']),
    trial_days: z.number().check(z.int()),
    features: z.array(z.string()),
    badge: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'Plan' });

export const plansResponse = z.object({ plans: z.array(plan), trial_days: z.number().check(z.int()), currency: z.string() });

export const subscriptionStatus = z
  .object({
    has_access: z.boolean(),
    trial: z.object({
      active: z.boolean(),
      has_used_trial: z.boolean(),
      ends_at: z.nullable(z.string()),
      days_left: z.number().check(z.int()),
    }),
    status: z.enum(subscriptionStates).register(z.globalRegistry, { description: 'none: never subscribed; trialing; active; canceled (access until current_period_end); expired' }),
    plan: z.nullable(plan),
    current_period_end: z.nullable(z.string()),
    cancel_at_period_end: z.boolean(),
    payment_method: z.nullable(z.string()),
    provider: z.enum(['local', 'stripe']),
  })
  .register(z.globalRegistry, { id: 'SubscriptionStatus' });

export const trialStartResponse = z.object({ status: z.literal('started'), trial: subscriptionStatus.shape.trial, message: z.string() });
export const checkoutRequest = z.object({ plan_id: text('plan_id').check(z.minLength(1, 'plan_id is required'), z.maxLength(64)) });
export const checkoutResponse = z.object({ session_id: z.string(), url: z.string() });
export const confirmRequest = z.object({ session_id: text('session_id').check(z.minLength(1, 'session_id is required'), z.maxLength(255)) });
export const portalResponse = z.object({ url: z.string() });
export const updateRequest = z.object({
  planId: text('planId').check(z.minLength(1, 'planId is required'), z.maxLength(64)),
  paymentMethod: z.optional(text('paymentMethod').check(z.maxLength(255))),
});

export type Plan = z.infer<typeof plan>;
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;
export type PlansResponse = z.infer<typeof plansResponse>;
export type CheckoutResponse = z.infer<typeof checkoutResponse>;
export type PortalResponse = z.infer<typeof portalResponse>;

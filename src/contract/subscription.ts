import type { z } from 'zod';
import type { checkoutResponse, plan, plansResponse, portalResponse, subscriptionStatus } from './schemas/subscription';

export type Plan = z.infer<typeof plan>;

export const subscriptionStates = ['none', 'trialing', 'active', 'canceled', 'expired'] as const;
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;
export type PlansResponse = z.infer<typeof plansResponse>;
export type CheckoutResponse = z.infer<typeof checkoutResponse>;
export type PortalResponse = z.infer<typeof portalResponse>;

import type { z } from 'zod';
import type { plan, subscriptionStatus } from './schemas/subscription';

export type Plan = z.infer<typeof plan>;

export const subscriptionStates = ['none', 'trialing', 'active', 'canceled', 'expired'] as const;
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;

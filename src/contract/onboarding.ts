import type { z } from 'zod';
import type { onboardingAnswers, onboardingRequest } from './schemas/onboarding';

/** What the onboarding wizard learns; the coach and the dashboard read it from the profile. */
export const mainGoals = ['build_emergency_fund', 'pay_off_debt', 'save_for_purchase', 'grow_savings', 'spend_less', 'understand_spending'] as const;
export const helpTopics = ['budgeting', 'saving', 'debt', 'investing_basics', 'spending_insights', 'goals', 'subscriptions'] as const;
export type OnboardingAnswers = z.infer<typeof onboardingAnswers>;
export type OnboardingRequest = z.infer<typeof onboardingRequest>;

import { z } from 'zod';
import { currencyCode } from './auth';

/** What the onboarding wizard learns; the coach and the dashboard read it from the profile. */
export const mainGoals = ['build_emergency_fund', 'pay_off_debt', 'save_for_purchase', 'grow_savings', 'spend_less', 'understand_spending'] as const;
export const helpTopics = ['budgeting', 'saving', 'debt', 'investing_basics', 'spending_insights', 'goals', 'subscriptions'] as const;

export const onboardingAnswers = z.object({
  currency: currencyCode,
  monthly_income: z.number({ error: 'monthly_income must be a number' }).min(0, 'monthly_income cannot be negative').max(10_000_000, 'monthly_income is too large'),
  main_goal: z.enum(mainGoals, { error: `main_goal must be one of ${mainGoals.join(', ')}` }),
  help_with: z.array(z.enum(helpTopics, { error: `help_with entries must be among ${helpTopics.join(', ')}` })).max(helpTopics.length).default([]),
});
export type OnboardingAnswers = z.infer<typeof onboardingAnswers>;

export const onboardingRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('complete'), answers: onboardingAnswers }),
  z.object({ action: z.literal('skip') }),
], { error: "action must be 'complete' (with answers) or 'skip'" });
export type OnboardingRequest = z.infer<typeof onboardingRequest>;

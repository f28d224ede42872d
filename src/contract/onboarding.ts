import * as z from 'zod/mini';
import { currencyCode } from './auth';

/** What the onboarding wizard learns; the coach and the dashboard read it from the profile. */
export const mainGoals = ['build_emergency_fund', 'pay_off_debt', 'save_for_purchase', 'grow_savings', 'spend_less', 'understand_spending'] as const;
export const helpTopics = ['budgeting', 'saving', 'debt', 'investing_basics', 'spending_insights', 'goals', 'subscriptions'] as const;

export const onboardingAnswers = z.object({
  currency: currencyCode,
  monthly_income: z.number({ error: 'monthly_income must be a number' }).check(z.gte(0, 'monthly_income cannot be negative'), z.lte(10_000_000, 'monthly_income is too large')),
  main_goal: z.enum(mainGoals, { error: `main_goal must be one of ${mainGoals.join(', ')}` }),
  help_with: z._default(z.array(z.enum(helpTopics, { error: `help_with entries must be among ${helpTopics.join(', ')}` })).check(z.maxLength(helpTopics.length)), []),
});

export const onboardingRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('complete'), answers: onboardingAnswers }),
  z.object({ action: z.literal('skip') }),
], { error: "action must be 'complete' (with answers) or 'skip'" });

export type OnboardingAnswers = z.infer<typeof onboardingAnswers>;
export type OnboardingRequest = z.infer<typeof onboardingRequest>;

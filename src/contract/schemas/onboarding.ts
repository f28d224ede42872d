import { z } from 'zod';
import { currencyCode } from './auth';
import { helpTopics, mainGoals } from '../onboarding';
export * from '../onboarding';


export const onboardingAnswers = z.object({
  currency: currencyCode,
  monthly_income: z.number({ error: 'monthly_income must be a number' }).min(0, 'monthly_income cannot be negative').max(10_000_000, 'monthly_income is too large'),
  main_goal: z.enum(mainGoals, { error: `main_goal must be one of ${mainGoals.join(', ')}` }),
  help_with: z.array(z.enum(helpTopics, { error: `help_with entries must be among ${helpTopics.join(', ')}` })).max(helpTopics.length).default([]),
});

export const onboardingRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('complete'), answers: onboardingAnswers }),
  z.object({ action: z.literal('skip') }),
], { error: "action must be 'complete' (with answers) or 'skip'" });

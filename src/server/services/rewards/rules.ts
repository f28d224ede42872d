import { POINTS_PER_FINU } from '../../../contract/rewards';

/**
 * The award rules, in one table so they are easy to tune (docs/decisions.md, "Rewards", mirrors it).
 * once: at most one award ever; perDay: at most this many awards per UTC day; perReference: once per
 * goal (or other reference), and at most perDay of them a day. Every rule is bounded per day, so no loop of
 * actions earns more in a day than DAILY_MAX_POINTS. Every award also has an idempotency key, so the same event never pays twice.
 */
export const AWARD_RULES = {
  onboarding_completed: { points: 100, limit: { once: true }, title: 'Welcome aboard!', message: 'You completed onboarding. Your money plan starts here.', how: 'Complete onboarding' },
  first_transaction: { points: 50, limit: { once: true }, title: 'First transaction logged', message: 'Every budget starts with the first entry. Nice start!', how: 'Add your first transaction' },
  transaction_logged: { points: 5, limit: { perDay: 10 }, title: 'Transaction logged', message: 'Keeping your records up to date pays off.', how: 'Log a transaction (up to 10 a day)' },
  first_import: { points: 75, limit: { once: true }, title: 'First import', message: 'You imported your bank history. Now the coach can see the whole picture.', how: 'Import a CSV file of transactions' },
  goal_created: { points: 25, limit: { perDay: 3 }, title: 'New savings goal', message: 'A goal with a date is a plan. Good luck!', how: 'Create a savings goal (up to 3 a day)' },
  goal_funded: { points: 10, limit: { perDay: 5 }, title: 'Money set aside', message: 'You added money to a goal. Small steps add up.', how: 'Add money to a goal (up to 5 a day)' },
  goal_progress_25: { points: 25, limit: { perReference: true, perDay: 1 }, title: 'A quarter of the way', message: 'Your goal is 25% funded.', how: 'Reach 25% of a goal (one goal a day)' },
  goal_progress_50: { points: 50, limit: { perReference: true, perDay: 1 }, title: 'Halfway there', message: 'Your goal is 50% funded.', how: 'Reach 50% of a goal (one goal a day)' },
  goal_progress_75: { points: 75, limit: { perReference: true, perDay: 1 }, title: 'Almost there', message: 'Your goal is 75% funded.', how: 'Reach 75% of a goal (one goal a day)' },
  goal_progress_100: { points: 150, limit: { perReference: true, perDay: 1 }, title: 'Goal reached!', message: 'You fully funded a savings goal. Well done!', how: 'Fully fund a goal (one goal a day)' },
  daily_streak: { points: 10, limit: { perDay: 1 }, title: 'Streak bonus', message: 'You looked after your money two days or more in a row.', how: 'Be active on consecutive days' },
  first_conversation: { points: 50, limit: { once: true }, title: 'First chat with your coach', message: 'Ask the coach anything about your money, any time.', how: 'Ask the AI coach your first question' },
  first_budget: { points: 50, limit: { once: true }, title: 'First budget set', message: 'Every dollar has a job now. Your budget starts here.', how: 'Assign money to a category in your budget' },
  budget_month_kept: { points: 100, limit: { perReference: true, perDay: 1 }, title: 'Month kept within budget', message: 'No category went over its budget last month. Well done!', how: 'End a budgeted month with no category over budget (once a month)' },
  transaction_milestone: { points: 0, limit: { perReference: true, perDay: 1 }, title: 'Milestone reached', message: 'transactions logged. Great record keeping!', how: 'Reach 10, 50, 100, 250, 500 and 1,000 transactions (one milestone a day; demo data does not count)' },
} as const satisfies Record<string, { points: number; limit: { once: true } | { perDay: number } | { perReference: true; perDay: number }; title: string; message: string; how: string }>;

export type AwardRule = keyof typeof AWARD_RULES;

/** Transaction-count milestones and their points. */
export const TRANSACTION_MILESTONES = [
  { count: 10, points: 50 },
  { count: 50, points: 100 },
  { count: 100, points: 150 },
  { count: 250, points: 250 },
  { count: 500, points: 500 },
  { count: 1000, points: 1000 },
] as const;

export const GOAL_PROGRESS_STEPS = [25, 50, 75, 100] as const;

/** The most points one rule can pay in one UTC day. */
export function dailyMaxOf(rule: AwardRule): number {
  const { points, limit } = AWARD_RULES[rule];
  if ('once' in limit) return points;
  const each = rule === 'transaction_milestone' ? Math.max(...TRANSACTION_MILESTONES.map((m) => m.points)) : points;
  return limit.perDay * each;
}

/** The most points any sequence of actions can earn in one UTC day: the table's daily caps added up. */
export const DAILY_MAX_POINTS = (Object.keys(AWARD_RULES) as AwardRule[]).reduce((sum, rule) => sum + dailyMaxOf(rule), 0);

/**
 * What is taken back when an item is deleted on the UTC day its points were earned (creating and deleting
 * it again must not pay): the rules whose awards name the item as their reference.
 */
export const TAKEN_BACK_ON_DELETE = {
  goal: ['goal_created', 'goal_funded', 'goal_progress_25', 'goal_progress_50', 'goal_progress_75', 'goal_progress_100'],
  transaction: ['transaction_logged'],
} as const satisfies Record<string, readonly AwardRule[]>;

/** 1 point in the token's smallest unit (18 decimals). */
export const WEI_PER_POINT = 10n ** 18n / BigInt(POINTS_PER_FINU);

import * as z from 'zod/mini';
import { DEFAULT_CATEGORIES } from './categories';
import { MAX_AMOUNT, hasAtMostTwoDecimals, isRealMonth, required, text } from './fields';

/**
 * Monthly category budgets: constants, the wire shapes (zod/mini, so the web's forms use the same
 * rules), their types and the texts, in one file. Amounts are decimals with two places; activity is
 * signed (spending is negative), so available = carried in + assigned + activity.
 */

/** envelope: every dollar gets a job ("ready to assign"); tracking: a limit per category, income beside their sum. */
export const BUDGET_MODES = ['envelope', 'tracking'] as const;
export type BudgetMode = (typeof BUDGET_MODES)[number];

/** What a category's available amount at the end of a month carries into the next. */
export const ROLLOVERS = ['none', 'surplus', 'full'] as const;
export type Rollover = (typeof ROLLOVERS)[number];
export const DEFAULT_ROLLOVER: Rollover = 'surplus';

export const ROLLOVER_LABELS: Record<Rollover, string> = {
  none: 'No rollover',
  surplus: 'Roll over what is left',
  full: 'Roll over everything (overspending too)',
};
export const BUDGET_MODE_LABELS: Record<BudgetMode, string> = { envelope: 'Envelope', tracking: 'Tracking' };

/** Where a category without a group of the user's (or one the categories list does not know) is shown. */
export const UNGROUPED = 'Other';
const DEFAULT_GROUP_OF = new Map(DEFAULT_CATEGORIES.map((c) => [c.name.toLowerCase(), c.group as string]));
/** A category's group when the user's categories list does not say: the built-in one's, else "Other". */
export const defaultBudgetGroup = (category: string) => DEFAULT_GROUP_OF.get(category.trim().toLowerCase()) ?? UNGROUPED;

/** Quick fills: an amount taken from last month's assigned, or the average spent over the months before. */
export const FILL_SOURCES = ['last_month', 'average_3', 'average_6', 'average_12', 'underfunded', 'next_months'] as const;
export type FillSource = (typeof FILL_SOURCES)[number];
export const FILL_LABELS: Record<FillSource, string> = {
  last_month: 'Last month’s amount',
  average_3: 'Average spent, 3 months',
  average_6: 'Average spent, 6 months',
  average_12: 'Average spent, 12 months',
  underfunded: 'Fill underfunded targets',
  next_months: 'Copy to the next months',
};
/** How many months "copy to the next months" fills when the call does not say. */
export const DEFAULT_COPY_MONTHS = 3;
export const MAX_COPY_MONTHS = 12;

/** A category's target: the same amount every month, an amount saved by a month, or a share of the month's income. */
export const TARGET_KINDS = ['monthly', 'by_date', 'income_share'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];
export const TARGET_LABELS: Record<TargetKind | 'none', string> = {
  none: 'No target',
  monthly: 'Amount each month',
  by_date: 'Amount by a month',
  income_share: 'Share of income',
};

/**
 * What a target asks of one month, in cents: monthly, its amount; by a month, what is still missing
 * (amount − carried in) spread over the months left including this one (nothing after that month);
 * a share of income, that percent of the month's income. Underfunded = what it asks − assigned, never below 0.
 */
export function targetNeedMinor(
  target: { kind: TargetKind; amountMinor: number | null; byMonth: string | null; percent: number | null },
  month: string,
  carriedInMinor: number,
  incomeMinor: number,
): number {
  if (target.kind === 'monthly') return Math.max(0, target.amountMinor ?? 0);
  if (target.kind === 'income_share') return Math.max(0, Math.round((incomeMinor * (target.percent ?? 0)) / 100));
  const by = target.byMonth ?? month;
  if (by < month) return 0;
  const left = (Number(by.slice(0, 4)) - Number(month.slice(0, 4))) * 12 + Number(by.slice(5, 7)) - Number(month.slice(5, 7)) + 1;
  return Math.max(0, Math.ceil(((target.amountMinor ?? 0) - carriedInMinor) / left));
}

export const BUDGET_MESSAGES = {
  filled: 'Budget filled',
  assigned: 'Budget saved',
  moved: 'Money moved',
  rollover: 'Rollover changed',
  mode: 'Budget mode changed',
  loadFailed: 'Failed to fetch budget',
  saveFailed: 'Failed to save budget',
  target: 'Target saved',
  undone: 'Fill undone',
  order: 'Order saved',
} as const;

/** Spending reaching these percents of what a category had for the month sends one budget alert each. */
export const BUDGET_ALERT_THRESHOLDS = [80, 100] as const;

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** A budget alert's title and body; amounts come formatted in the user's currency (over: null when not overspent). */
export function budgetAlertText(category: string, month: string, threshold: number, money: { spent: string; had: string; over: string | null }): { title: string; body: string } {
  const when = `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
  const title = threshold < 100 ? `${category} is at ${threshold}% of its budget` : money.over ? `${category} is over budget` : `${category} has used all of its budget`;
  return { title, body: `${category}: ${money.spent} spent of ${money.had} in ${when}${money.over ? `, ${money.over} over` : ''}.` };
}

/** A signed amount with at most two decimals (an assigned amount may be 0; a move is positive). */
const amount = (field: string, min: number) =>
  z.number({ error: required(field, 'a number') }).check(
    z.refine((n) => Number.isFinite(n) && n >= min && n < MAX_AMOUNT, min === 0 ? `${field} must be 0 or more, below 100,000,000,000` : `${field} must be greater than 0, below 100,000,000,000`),
    z.refine(hasAtMostTwoDecimals, `${field} must have at most two decimal places`),
    z.refine((n) => min === 0 || Math.round(n * 100) >= 1, `${field} must be at least 0.01`),
    z.meta({ multipleOf: 0.01 }),
  );

const month = (field: string) =>
  z.string({ error: required(field, 'a month like 2026-05') }).check(z.refine(isRealMonth, `${field} must be a month like 2026-05 (YYYY-MM)`));

const categoryName = (field: string) => text(field, z.trim(), z.minLength(1, `${field} is required`), z.maxLength(60, `${field} must be at most 60 characters`));

export const budgetMonthParams = z.object({ month: month('month') });

export const assignRequest = z.strictObject({ category: categoryName('category'), assigned: amount('assigned', 0) });
export const moveRequest = z.strictObject({ from: categoryName('from'), to: categoryName('to'), amount: amount('amount', 0.01) });
export const rolloverRequest = z.strictObject({
  category: categoryName('category'),
  rollover: z.enum(ROLLOVERS, { error: `rollover must be one of ${ROLLOVERS.join(', ')}` }),
});
export const fillRequest = z.strictObject({
  category: z.optional(categoryName('category')).check(z.describe('One category; omit for every category shown')),
  source: z.enum(FILL_SOURCES, { error: `source must be one of ${FILL_SOURCES.join(', ')}` }),
  months: z
    .optional(
      z.number({ error: 'months must be a whole number from 1 to 12' }).check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= MAX_COPY_MONTHS, 'months must be a whole number from 1 to 12')),
    )
    .check(z.describe('next_months only: how many months after this one get this month’s amounts (3 when left out)')),
});
export const amountsRequest = z.strictObject({
  amounts: z
    .array(z.strictObject({ category: categoryName('category'), assigned: amount('assigned', 0) }), { error: 'amounts must be a list of { category, assigned }' })
    .check(z.minLength(1, 'amounts must hold at least one category'), z.maxLength(500, 'amounts must hold at most 500 categories')),
});
export const targetRequest = z
  .strictObject({
    category: categoryName('category'),
    kind: z.enum([...TARGET_KINDS, 'none'], { error: `kind must be one of ${[...TARGET_KINDS, 'none'].join(', ')}` }),
    amount: z.optional(amount('amount', 0.01)),
    by_month: z.optional(month('by_month')),
    percent: z.optional(
      z.number({ error: 'percent must be a number' }).check(z.refine((n) => Number.isFinite(n) && n > 0 && n <= 100 && Math.round(n * 100) === n * 100, 'percent must be greater than 0 and at most 100, with at most two decimals')),
    ),
  })
  .check(
    z.refine((b) => b.kind === 'none' || b.kind === 'income_share' || b.amount !== undefined, { message: 'amount is required for this target', path: ['amount'] }),
    z.refine((b) => b.kind !== 'by_date' || b.by_month !== undefined, { message: 'by_month is required for a target by a month', path: ['by_month'] }),
    z.refine((b) => b.kind !== 'income_share' || b.percent !== undefined, { message: 'percent is required for a share of income', path: ['percent'] }),
  );
export const modeRequest = z.strictObject({ mode: z.enum(BUDGET_MODES, { error: `mode must be one of ${BUDGET_MODES.join(', ')}` }) });

export type AssignRequest = z.infer<typeof assignRequest>;
export type MoveRequest = z.infer<typeof moveRequest>;
export type RolloverRequest = z.infer<typeof rolloverRequest>;
export type ModeRequest = z.infer<typeof modeRequest>;
export type FillRequest = z.infer<typeof fillRequest>;
export type AmountsRequest = z.infer<typeof amountsRequest>;
export type TargetRequest = z.infer<typeof targetRequest>;

export const budgetTarget = z.object({
  kind: z.enum(TARGET_KINDS),
  amount: z.nullable(z.number()),
  by_month: z.nullable(z.string()),
  percent: z.nullable(z.number()),
});
export type BudgetTarget = z.infer<typeof budgetTarget>;

export const budgetCategory = z.object({
  category: z.string(),
  group: z.string(),
  rollover: z.enum(ROLLOVERS),
  carried_in: z.number().check(z.describe('What the month before carried into this one (negative: overspending carried)')),
  assigned: z.number().check(z.describe('Assigned this month (envelope) or the limit (tracking)')),
  activity: z.number().check(z.describe('Signed: spending is negative, refunds positive')),
  available: z.number().check(z.describe('carried_in + assigned + activity; negative is overspent')),
  overspent: z.number().check(z.describe('How much spending went past what was available, 0 when within it')),
  spent_percent: z.number().check(z.describe('Spending as a percent of carried_in + assigned (0 when nothing was set), one decimal')),
  target: z.nullable(budgetTarget),
  needed: z.number().check(z.describe('What the target asks of this month (0 without a target)')),
  underfunded: z.number().check(z.describe('needed − assigned, never below 0')),
});
export type BudgetCategory = z.infer<typeof budgetCategory>;

export const budgetGroup = z.object({
  name: z.string(),
  group_id: z.nullable(z.string()).check(z.describe('The category group (its order is set with PUT /transactions/category-groups/order); null for categories in no group')),
  assigned: z.number(),
  activity: z.number(),
  available: z.number(),
  categories: z.array(budgetCategory),
});
export type BudgetGroup = z.infer<typeof budgetGroup>;

export const budgetMonth = z
  .object({
    month: z.string(),
    mode: z.enum(BUDGET_MODES),
    income: z.number().check(z.describe('Income of the month on on-budget accounts (transfers never count)')),
    assigned: z.number(),
    activity: z.number(),
    available: z.number(),
    overspent: z.number(),
    ready_to_assign: z.nullable(z.number()).check(z.describe('Envelope mode: what is left to give a job; null in tracking mode')),
    income_minus_limits: z.nullable(z.number()).check(z.describe('Tracking mode: income less the sum of limits; null in envelope mode')),
    underfunded: z.number().check(z.describe('Sum of the categories’ underfunded amounts')),
    groups: z.array(budgetGroup),
    unconverted_count: z.int().check(z.describe('Rows of the month in an account of another currency with no rate for their day: left out of activity and income, never counted 1:1')),
  })
  .check(z.meta({ id: 'BudgetMonth', description: 'One month of the category budget' }));
export type BudgetMonth = z.infer<typeof budgetMonth>;

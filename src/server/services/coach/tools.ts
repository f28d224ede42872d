import { z } from 'zod';
import { recurringTools } from './recurring';
import { budgetBillTools } from './budgetsBills';
import { isDay } from '../../../contract/calendar';
import { accountToolArgs, getAccounts, getNetWorth, getTransfersInto } from './accounts';
import type { ToolContext } from './data';
import { ToolArgumentError, answerQuestion, checkAffordability, compareSpendingToUsual, findRecurringCharges, getBalance, getCashFlow, getGoals, getIncome, getMonthSummary, getSpending, getTopMerchants, queryTransactions } from './tool-functions';

/**
 * The coach's tools: small functions over one user's data, answering decimals in the user's
 * currency and the period they cover. The built-in coach calls them directly; the LLM engine
 * offers the same functions as OpenAI tools (JSON schema from the same zod schemas).
 */
export type { ToolContext } from './data';
export { ToolArgumentError, answerQuestion, checkAffordability, compareSpendingToUsual, findRecurringCharges, getBalance, getCashFlow, getGoals, getIncome, getMonthSummary, getSpending, getTopMerchants, queryTransactions, type Verdict } from './tool-functions';


const day = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be YYYY-MM-DD`)
    .refine((v) => v >= '1900-01-01' && isDay(v), `${field} must be a real date from 1900`);
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM').describe('A calendar month, YYYY-MM');
const range = {
  start_date: day('start_date').optional().describe('First day, YYYY-MM-DD (inclusive)'),
  end_date: day('end_date').optional().describe('Last day, YYYY-MM-DD (inclusive)'),
};

const subjectArgs = z
  .object({
    category: z.string().max(60).optional().describe('One of the user’s categories, e.g. Groceries'),
    merchant: z.string().max(120).optional().describe('A merchant name'),
    words: z.string().max(60).optional().describe('Words of transaction descriptions or notes, e.g. "electricity" (the Transactions page search)'),
  })
  .refine((v) => [v.category, v.merchant, v.words].filter(Boolean).length === 1, 'give exactly one of category, merchant or words');

// ---------------------------------------------------------------------------------------------
// The same functions as LLM tools

interface ToolSpec<S extends z.ZodType> {
  description: string;
  args: S;
  run: (ctx: ToolContext, args: z.output<S>) => Promise<unknown>;
}
const tool = <S extends z.ZodType>(spec: ToolSpec<S>) => spec;

export const coachTools = {
  answer_question: tool({
    description:
      'Reads a question about amounts the way the built-in coach does (categories, merchants and description words of this user, tolerant of typos and plurals; periods; several parts; comparisons; largest/smallest single transaction; counts; averages; the usual month; shares) and returns the figures of every part with their periods, and a ready answer. Call it first for any question about spending or income.',
    args: z.object({ question: z.string().min(1).max(500).describe('The user’s question, as written'), previous_question: z.string().max(500).optional().describe('The user’s previous question in this chat, for follow-ups like "is that usual?"') }),
    run: answerQuestion,
  }),
  query_transactions: tool({
    description:
      'One measure of some subjects over one period, or two periods to compare: total, count, average (per month of the period), usual (average of the 3 full months before this one), largest or smallest single transaction, share of all spending. Subjects: categories, merchants or words of descriptions/notes; none means everything.',
    args: z.object({
      measure: z.enum(['total', 'count', 'average', 'usual', 'largest', 'smallest', 'share']),
      flow: z.enum(['expense', 'income']).optional().describe('Spending (default) or income'),
      subjects: z.array(subjectArgs).max(5).optional(),
      periods: z
        .array(z.object({ start_date: day('start_date'), end_date: day('end_date') }))
        .max(2)
        .optional()
        .describe('One period, or two to compare (default: this month so far)'),
    }),
    run: queryTransactions,
  }),
  get_spending: tool({
    description: 'Spending in a period (default: this month so far), in total or for one category or merchant, with the usual monthly amount of the three full months before.',
    args: z.object({ ...range, category: z.string().max(60).optional().describe('A spending category, e.g. Groceries'), merchant: z.string().max(120).optional().describe('A merchant name') }),
    run: getSpending,
  }),
  get_income: tool({ description: 'Income in a period (default: last month), by category.', args: z.object(range), run: getIncome }),
  get_balance: tool({ description: 'The balance (all income minus all spending recorded), totals, and what is saved in goals.', args: z.object({}), run: getBalance }),
  get_cash_flow: tool({
    description: 'Income, spending, net and savings rate for a period (default: last month), plus monthly averages over the last three full months.',
    args: z.object(range),
    run: getCashFlow,
  }),
  compare_spending_to_usual: tool({
    description: 'Spending by category in the last N days (default 30) against the average of the three periods of N days before; lists categories above usual.',
    args: z.object({ days: z.number().int().min(7).max(365).optional().describe('Length of the period in days (default 30)') }),
    run: compareSpendingToUsual,
  }),
  get_goals: tool({
    description: 'Savings goals: saved, target, progress, whether on track, monthly amount needed, the pace of the last 90 days and when the goal is reached at that pace.',
    args: z.object({ name: z.string().max(100).optional().describe('Part of a goal name, to look at one goal') }),
    run: getGoals,
  }),
  check_affordability: tool({
    description: 'Whether a purchase of an amount fits in a month (default this month): balance now plus the average monthly net until then, against one month of spending kept as a cushion.',
    args: z.object({ amount: z.number().positive().max(1e11).describe('Price in the user currency'), month: month.optional() }),
    run: checkAffordability,
  }),
  find_recurring_charges: tool({ description: 'Subscriptions and other recurring charges found in the last months of spending.', args: z.object({}), run: findRecurringCharges }),
  get_month_summary: tool({
    description: 'A month at a glance (default this month so far): income, spending, savings rate, top categories and merchants, comparison with the same days of the month before, goals.',
    args: z.object({ month: month.optional() }),
    run: getMonthSummary,
  }),
  get_accounts: tool({
    description: 'The money accounts (checking, savings, cards, loans, property) with their balance today; for cards and loans what is owed as a positive figure.',
    args: accountToolArgs.get_accounts,
    run: getAccounts,
  }),
  get_net_worth: tool({
    description: 'Assets minus liabilities at the end of each month (default the last 13), with each account’s line and the change over the series. Transfers between own accounts never move it.',
    args: accountToolArgs.get_net_worth,
    run: getNetWorth,
  }),
  get_transfers_into: tool({
    description: 'Money moved into one account by transfers from the person’s other accounts in a period (default this year so far). Transfers are never spending.',
    args: accountToolArgs.get_transfers_into,
    run: getTransfersInto,
  }),
  get_top_merchants: tool({
    description: 'The merchants with the most spending in a period (default this month so far).',
    args: z.object({ ...range, limit: z.number().int().min(1).max(20).optional() }),
    run: getTopMerchants,
  }),
  ...recurringTools,
  ...budgetBillTools,
};
export type CoachToolName = keyof typeof coachTools;

export interface ToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** The tools in the OpenAI chat-completions format. */
export function toolDefinitions(): ToolDefinition[] {
  return Object.entries(coachTools).map(([name, spec]) => {
    const { $schema: _drop, ...parameters } = z.toJSONSchema(spec.args, { io: 'input' }) as Record<string, unknown>;
    return { type: 'function', function: { name, description: spec.description, parameters } };
  });
}

/** Runs a tool by name with JSON arguments (from an LLM): a result object, or `{error}` the model can read. */
export async function runTool(ctx: ToolContext, name: string, rawArguments: string): Promise<unknown> {
  const spec = (coachTools as Record<string, ToolSpec<z.ZodType>>)[name];
  if (!spec) return { error: `Unknown tool ${name}. Available: ${Object.keys(coachTools).join(', ')}` };
  let parsedJson: unknown;
  try {
    parsedJson = rawArguments.trim() ? JSON.parse(rawArguments) : {};
  } catch {
    return { error: 'Arguments must be a JSON object' };
  }
  const parsed = spec.args.safeParse(parsedJson ?? {});
  if (!parsed.success) return { error: parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ') };
  try {
    return await spec.run(ctx, parsed.data);
  } catch (error) {
    if (error instanceof ToolArgumentError) return { error: error.message };
    throw error;
  }
}

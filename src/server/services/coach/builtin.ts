import { answerAccountQuestion, recogniseAccountQuestion } from './accounts';
import { answerBudgetBillQuestion, followBudgetBill, recogniseBudgetBillQuestion, type BudgetBillQuestion } from './budgetsBills';
import { builtInCategoryNames, recognise, type Intent } from './intents';
import { money } from './format';
import { addDays } from './period';
import { findRecurringCharges, type ToolContext } from './tools';
import { planQuestion, runPlan } from './plans';
import { CANT_TELL, cantTellAnswer, writePlanAnswer } from './plan-write';
import type { CoachEngine, CoachEvent, CoachRequest } from './types';
import { goalNamed, type Plan, type PlanPart } from './understand';

import { affordabilityAnswer, balanceAnswer, goalsAnswer, incomeAnswer, merchantsAnswer, overspendingAnswer, recurringAnswer, savingsRateAnswer, spendingAnswer, summaryAnswer, tipsAnswer, type Composed } from './builtin-answers';
export interface BuiltinOptions {
  /** Pause between streamed pieces, so an answer reads like it is being written (0 in tests). */
  chunkDelayMs: number;
}

/**
 * The built-in coach: no network, deterministic. It recognises the question's intent, calls the
 * same tool functions an LLM would, writes the answer from their results (figures in the user's
 * currency, the period covered, a next step) and streams it a few words at a time.
 */
export function builtinCoach(options: BuiltinOptions): CoachEngine {
  return {
    name: 'builtin',
    async *answer(request: CoachRequest, signal: AbortSignal): AsyncIterable<CoachEvent> {
      const { intent, composed, plan, budgetBill } = await composeAnswer(request);
      for (const name of composed.tools) yield { type: 'tool', name };
      yield { type: 'meta', meta: { engine: 'builtin', intent: plan ? 'plan' : intent.kind, tools: composed.tools, ...(plan ? { plan: planSummary(plan), frame: frameOf(plan) } : {}), ...(budgetBill ? { budget_bill: budgetBill } : {}) } };
      for (const piece of pieces(composed.text)) {
        if (signal.aborted) return;
        yield { type: 'text', text: piece };
        if (options.chunkDelayMs > 0 && request.paced !== false) await sleep(options.chunkDelayMs, signal);
      }
    },
  };
}

/** Two words (with their spacing) per piece; Markdown markers stay with their word. */
export function pieces(text: string): string[] {
  const tokens = text.match(/\S+\s*|\s+/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += 2) out.push(tokens.slice(i, i + 2).join(''));
  return out;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** What a plan asked, for the answer's metadata. */
function planSummary(plan: Plan) {
  return plan.parts.map((p) => ({
    measure: p.measure,
    flow: p.flow,
    subjects: p.subjects.map((s) => (s.kind === 'words' ? `words:${s.phrase}` : `${s.kind}:${s.name}`)),
    periods: p.periods.map((x) => `${x.start}..${x.end}`),
  }));
}

/** What a follow-up may inherit from this answer (saved with it, so it survives switching conversations). */
export function frameOf(plan: Plan): PlanPart[] {
  return plan.parts.map((p) => ({
    ...p,
    // Keep the saved frame bounded: a kind of merchant may hold many bank spellings.
    subjects: p.subjects.map((s) => (s.kind === 'group' ? { ...s, merchants: s.merchants.slice(0, 200), descriptions: s.descriptions.slice(0, 200) } : s)),
  }));
}

/** The frame of the conversation's latest answer, when the built-in coach saved one. */
function lastFrame(request: CoachRequest): PlanPart[] | undefined {
  const turn = [...request.history].reverse().find((t) => t.role === 'assistant');
  const frame = turn?.meta?.frame;
  return Array.isArray(frame) && frame.length ? (frame as PlanPart[]) : undefined;
}

/** Kinds of question the intent rules answer better than a plan when the plan names nothing specific. */
const INTENT_FIRST = new Set<Intent['kind']>(['recurring', 'overspending', 'savings_rate', 'summary', 'tips']);
const GOAL_LEFT = /\b(need|needed|left|to go|missing|still|save|saved|saving|target|far|close|reach|put (?:away|aside|in)|remaining)\b/;
const SPEND_VERB = /\b(spend|spent|spending|cost|costs|paid|bought)\b/;

/**
 * The answer of the built-in coach: greetings, securities and affordability by the intent rules;
 * a goal the question names; otherwise the question's plan (understand.ts) run through the
 * repositories, or "I can't tell" when it names something the data does not have; what is left
 * (summaries, recurring charges, cutting back, tips) by the intent rules.
 */
export async function composeAnswer(request: CoachRequest): Promise<{ intent: Intent; composed: Composed; plan?: Plan; budgetBill?: BudgetBillQuestion }> {
  const ctx = request.tools;
  const since = addDays(ctx.today, -730);
  const [names, goals] = await Promise.all([ctx.data.names(since), ctx.data.goals()]);
  const categories = [...new Set([...names.categories.map((c) => c.name), ...builtInCategoryNames])];
  const goalNames = goals.map((g) => g.name);
  const intent = recognise(request.question, { categories, merchants: names.merchants, goals: goalNames }, ctx.today);
  const hasData = names.categories.length > 0;
  // A balance forecast from the bills set up is not a guess about spending ("how much will I have left on the 30th").
  // A budget or bill answer's question is its frame: "and dining?" after "how much is left for groceries?".
  const previousBudgetBill = [...request.history].reverse().find((turn) => turn.role === 'assistant')?.meta?.budget_bill as BudgetBillQuestion | undefined;
  const budgetBill = recogniseBudgetBillQuestion(request.question, categories, ctx.today) ?? (previousBudgetBill ? followBudgetBill(previousBudgetBill, request.question, categories, ctx.today) : null);
  if (budgetBill?.kind === 'balance_on' || budgetBill?.kind === 'price_changes') {
    return { intent: { kind: 'general', period: null }, budgetBill, composed: await answerBudgetBillQuestion(budgetBill, ctx) };
  }
  // What the data cannot answer gets an honest sentence, never a figure for another question.
  const outside = cannotAnswer(request.question);
  if (outside) return { intent: { kind: 'general', period: null }, composed: { text: outside, tools: [] } };
  if (['greeting', 'thanks', 'securities', 'affordability'].includes(intent.kind)) return { intent, composed: await answerFor(intent, ctx, request, hasData) };

  // The budget of a month and the bills ahead (a goal named without the word "budget" stays a goal question).
  if (budgetBill && !(budgetBill.kind === 'budget_left' && goalNamed(request.question, goalNames) && !/\bbudget/i.test(request.question))) {
    return { intent: { kind: 'general', period: null }, budgetBill, composed: await answerBudgetBillQuestion(budgetBill, ctx, () => findRecurringCharges(ctx)) };
  }

  // A balance of one account, what is owed, net worth, money moved between accounts.
  const accountQuestion = recogniseAccountQuestion(request.question, await ctx.data.accounts(), ctx.today);
  if (!accountQuestion && UNLINKED.test(request.question.toLowerCase()) && !CAME_IN.test(request.question.toLowerCase())) {
    return { intent: { kind: 'general', period: null }, composed: { text: `I can't tell that: that account isn't linked here, so I don't see its balance. Only the transactions in Finu are.\n\n${CAN_DO}\n\n**Next step:** add the account under **Accounts** to track it here.`, tools: [] } };
  }
  if (accountQuestion) {
    const tool = { account_balance: 'get_accounts', owed: 'get_accounts', net_worth: 'get_net_worth', moved: 'get_transfers_into' }[accountQuestion.kind];
    return { intent: { kind: 'balance' }, composed: { text: await answerAccountQuestion(accountQuestion, ctx), tools: [tool] } };
  }

  const t = request.question.toLowerCase();
  const goal = goalNamed(request.question, goalNames);
  if ((goal && GOAL_LEFT.test(t) && !SPEND_VERB.test(t)) || (intent.kind === 'goals' && !SPEND_VERB.test(t))) {
    const goalIntent: Intent = { kind: 'goals', name: goal ?? (intent.kind === 'goals' ? intent.name : null) };
    return { intent: goalIntent, composed: await answerFor(goalIntent, ctx, request, hasData) };
  }

  if (hasData) {
    const previous = [...request.history].reverse().find((turn) => turn.role === 'user')?.content;
    const plan = await planQuestion(ctx, request.question, previous, names, lastFrame(request));
    const onlyBalance = plan.parts.length === 1 && plan.parts[0]!.measure === 'balance';
    if (plan.isQuery && !onlyBalance && (plan.explicitOwn || !INTENT_FIRST.has(intent.kind))) {
      // ("Give me some tips" after another question asks for tips, not for the figure of the question before.)
      // Words the plan cannot explain ("my cat's vet bills"): no figure for a different question.
      if (plan.unknown.length && !plan.parts.some((p) => p.measure === 'balance')) {
        return { intent, plan, composed: { text: cantTellAnswer(plan.unknown, names.categories.filter((c) => c.type === 'expense').map((c) => c.name)), tools: ['answer_question'] } };
      }
      const only = plan.parts.length === 1 ? plan.parts[0]! : null;
      if (only && !only.subjects.length && /\b(most|biggest|largest|top|main|highest)\b/.test(t) && /\bcategor(?:y|ies)\b/.test(t)) {
        // "Which category did I spend the most on?": the categories, not one transaction.
        const categoriesIntent: Intent = { kind: 'spending', period: only.periods[0] ?? null, category: null, merchant: null, merchants: false };
        return { intent: categoriesIntent, composed: await answerFor(categoriesIntent, ctx, request, hasData) };
      }
      if (only && !only.subjects.length && /\bmost\b/.test(t) && (/^(who|where)\b/.test(t) || /\b(merchants?|shops?|stores?)\b/.test(t))) {
        // "Who did I spend the most with?": the merchants, not one transaction.
        const merchantsIntent: Intent = { kind: 'spending', period: only.periods[0] ?? null, category: null, merchant: null, merchants: true };
        return { intent: merchantsIntent, composed: await answerFor(merchantsIntent, ctx, request, hasData) };
      }
      if (only && only.measure === 'total' && only.flow === 'income' && !only.subjects.length && only.periods.length <= 1 && !plan.notes.length && !only.exclude?.length) {
        // Plain income: the income answer lists where it came from.
        const incomeIntent: Intent = { kind: 'income', period: only.periods[0] ?? null };
        return { intent: incomeIntent, composed: await answerFor(incomeIntent, ctx, request, hasData) };
      }
      const results = await runPlan(ctx, plan);
      // The period an answer took by default is the one a follow-up steps back from ("and the month before?").
      plan.parts.forEach((p, i) => {
        const used = results[i]?.rows[0]?.period;
        if (!p.periods.length && used && !['usual', 'top_month', 'interval'].includes(p.measure)) p.periods = [used];
      });
      return { intent, plan, composed: { text: writePlanAnswer(plan, results, ctx.currency), tools: ['answer_question'] } };
    }
  }
  return { intent, composed: await answerFor(intent, ctx, request, hasData) };
}

export { CANT_TELL };

const CAN_DO = 'What I can tell you from your transactions: what you spent or received, on what and where, over any period, with counts, averages and comparisons.';
/** Questions about things Finu never receives: said plainly, with what the coach can do instead. */
const OUTSIDE: [RegExp, string][] = [
  [/\bcredit (?:score|rating|report|history|file)\b|\bfico\b|\bexperian\b|\bequifax\b|\btransunion\b/, "I can't tell your credit score: Finu doesn't receive anything from credit bureaus, so I have no score or credit report to read."],
  [/\b401\s?\(?k\)?s?\b|\b403\s?\(?b\)?\b|\b(?:roth\s+)?iras?\b|\bisas?\b|\bpension (?:pot|fund|plan|balance|account)\b|\bmy pension\b|\bbrokerage\b|\bportfolio\b|\binvestment (?:account|returns?|performance|balance)s?\b|\bmy investments?\b|\bretirement (?:account|savings|fund)s?\b|\bsuperannuation\b/, "I can't tell that: that account isn't linked here, so I don't see its balance, contributions or returns. Only the transactions in Finu are."],
  [/\bcredit (?:limit|line)s?\b|\bavailable credit\b|\bspending limit\b|\bhow much credit\b/, "I can't tell your credit limit: your card issuer sets it and Finu only sees the transactions themselves, not the card's terms."],
  [/\binterest rates?\b|\bapr\b|\bapy\b|\bmortgage rate\b/, "I can't tell the interest rate: your bank or card statement has it, and Finu only sees the transactions themselves."],
  [/\b(?:how much )?tax (?:will|do|would|should) i (?:owe|get back|pay)\b|\btax (?:refund|return|bill) (?:will|be|this)\b|\bmy tax (?:refund|return)\b/, "I can't tell what your tax will come to: that depends on rules and figures Finu doesn't have (your full income, allowances, deductions)."],
  [/\b(?:worth|value) (?:of )?(?:my )?(?:house|home|car|flat|apartment|property)\b|\b(?:house|home|car|flat|apartment|property) (?:is )?worth\b/, "I can't tell what it is worth: Finu sees your transactions, not market values."],
  [/\bhow much (?:did|do) (?:i|we) tip\b|\btips? (?:did|do) i (?:leave|give)\b/, "I can't tell the tips on their own: a tip is part of the payment the bank records, not a separate line."],
  [/\bwhat (?:exactly )?(?:did|items did|things did) (?:i|we) (?:buy|order|get|purchase)\b|\bwhich (?:items|products|things) (?:did|have) (?:i|we)\b/, "I can't tell which items you bought: the bank records one line per payment, with the shop and the amount, not what was in the basket."],
  [/\b(?:my (?:partner|wife|husband|boyfriend|girlfriend|spouse|roommate|flatmate|housemate|son|daughter|kids?|children|mum|mom|dad|parents?|friends?|brother|sister|boss)|(?:his|her|their))(?:'s|’s)? (?:[a-z]+ )?(?:spend\w*|income|salary|earn\w*|account|pay|savings|budget)\b|\bhow much (?:does|did) my (?:partner|wife|husband|boyfriend|girlfriend|spouse|roommate|flatmate|son|daughter|mum|mom|dad) (?:spend|earn|make)\b/, "I can't tell anyone else's money: I only see the transactions in your own Finu account."],
  [/\b(?:meal )?swipes?\b|\b(?:points|miles|rewards?|credits|vouchers?)\b.*\b(?:left|remaining|do i have|have i got)\b|\b(?:left|remaining) (?:on|in) (?:my|the) (?:meal plan|dining plan|gift cards?|transit card|metro ?card|oyster card|prepaid card|rewards?|loyalty)\b|\bgift card\b.*\b(?:balance|left)\b/, "I can't tell that: a meal plan, gift card, pass or rewards balance is kept by whoever issued it, and Finu only sees the payments that went through your accounts."],
  [/^(?:and |so |but |ok |okay )?(?:will|would|is|are|does|do)\b.*\b(?:get|gets|be|being|going to be)\s+(?:renewed|approved|accepted|extended|cancell?ed|raised|increased|promoted|hired|denied|rejected|reinstated|renewed next)\b|\bwill (?:i|we) (?:get|be) (?:a |the |my )?(?:raise|promotion|bonus|approved|accepted|hired|renewed)\b|\b(?:am i|are we) (?:eligible|qualified)\b|\b(?:do|will|would) (?:i|we) qualify\b/, "I can't tell that: it depends on a decision someone else will make, which Finu has no way to see. I answer from what already happened in your accounts."],
  [/\b(?:cash|money) (?:in my (?:wallet|purse|pocket)|on hand)\b|\bin my (?:wallet|purse)\b/, "I can't tell the cash in your wallet: I only see what went through the accounts whose transactions are in Finu."],
  [/\b(?:gross|before tax|pre-tax|pretax|before deductions)\b/, "I can't tell your pay before tax: only what reached your account is recorded, not the payslip's deductions."],
  [/\bhow much (?:will|am i going to|are we going to|would) (?:i|we)? ?(?:spend|earn|make)\b.*\bnext (?:month|year|week|quarter)\b|\bpredict\b|\bforecast\b|\b(?:will|going to|'ll)\b(?!.*\b(?:afford|goal|reach|save for|saving for|have enough)\b).*\b(?:be|cost|come to|run)\b.*\bnext (?:month|year|week|quarter)\b|\bhow much (?:will|am i going to|are we going to|is it going to|'ll) (?:i |we |it )?(?:spend|earn|make|get paid|receive|be paid|cost)\b(?!.*\b(?:at (?:this|the current|my current|that) (?:rate|pace)|if i keep|afford|goals?|left|balance)\b)|\bwill (?:my|the|our) [a-z' ]{1,30}\b(?:go up|go down|increase|decrease|rise|fall|drop|be higher|be lower|be more|be less)\b/, "I can't tell what you will spend: I answer from what already happened, not guesses about the future. I can give your usual month, which is the best guide."],
];

/** Money that came in from something ("what came in from the pension"): payments the transactions show, not a balance. */
const CAME_IN = /\b(?:came|come|comes|coming) in\b|\b(?:paid|pays|pay|paying) (?:me|us)\b|\breceived?\b|\bgot from\b|\bdeposits?\b|\bpaid out\b/;
/** An account's balance or debt that no linked account answers. */
const UNLINKED = /\b(?:balance|owe|owing|outstanding|left|in)\b.*\b(?:student loans?|car loan|auto loan|personal loan|mortgage|pension|savings account at|account at|hsa|fsa)\b|\b(?:student loan|car loan|auto loan|mortgage) (?:balance|payoff)\b/;

/** An honest answer when the question asks for something the data cannot have, else null. */
function cannotAnswer(question: string): string | null {
  const t = question.toLowerCase();
  if (/\bnet worth\b/.test(t)) return null;
  const hit = OUTSIDE.find(([re]) => re.test(t));
  return hit ? `${hit[1]}\n\n${CAN_DO}\n\n**Next step:** ask me about your spending or income, e.g. "What did I spend last month?"` : null;
}

const NO_DATA =
  "I don't see any transactions in your account yet, so I can't answer that from your numbers. **Next step:** add a few transactions (or load the demo data) on the Transactions page, then ask me again.";

async function answerFor(intent: Intent, ctx: ToolContext, request: CoachRequest, hasData: boolean): Promise<Composed> {
  const m = (amount: number) => money(amount, ctx.currency);
  const needsData = !['greeting', 'thanks', 'securities', 'off_topic', 'goals', 'tips'].includes(intent.kind);
  if (needsData && !hasData) return { text: NO_DATA, tools: [] };

  switch (intent.kind) {
    case 'greeting': {
      const hello = request.profile.name ? `Hi ${request.profile.name.split(' ')[0]}!` : 'Hi!';
      return {
        text: `${hello} I'm your Finu coach. I answer from your own transactions and goals, in ${ctx.currency}. You can ask me things like:\n\n- How much did I spend on groceries last month?\n- Am I on track for my goals?\n- Where can I cut back?\n- Can I afford a 1,200 laptop in March?\n- Summarise this month\n\n**Next step:** pick one of those, or ask about any category, merchant or month.`,
        tools: [],
      };
    }
    case 'thanks':
      return { text: "You're welcome! **Next step:** ask me for a summary of this month whenever you want a quick check-in.", tools: [] };
    case 'securities':
      return {
        text: "I can't tell you whether to buy or sell a specific stock, fund or cryptocurrency: that is personal investment advice, and I'd be guessing about prices nobody can predict.\n\nWhat I can help with is the groundwork that makes investing safer:\n\n- an emergency fund of three to six months of spending,\n- paying off high-interest debt first,\n- knowing how much you can set aside each month without touching it.\n\n**Next step:** ask me \"What is my savings rate?\" to see how much you could invest each month, and consider a licensed financial adviser for specific investments.",
        tools: [],
      };
    case 'off_topic':
      return {
        text: "That's outside what I can help with: I'm a personal finance coach, so I stick to your money: spending, income, savings goals, subscriptions and budgeting.\n\n**Next step:** try \"Summarise this month\" or \"Where can I cut back?\"",
        tools: [],
      };
    case 'spending':
      return intent.merchants && !intent.category && !intent.merchant ? merchantsAnswer(ctx, intent.period, m) : spendingAnswer(ctx, intent, m);
    case 'income':
      return incomeAnswer(ctx, intent.period, m);
    case 'balance':
      return balanceAnswer(ctx, m);
    case 'savings_rate':
      return savingsRateAnswer(ctx, intent.period, m);
    case 'overspending':
      return overspendingAnswer(ctx, m);
    case 'goals':
      return goalsAnswer(ctx, intent.name, m);
    case 'affordability':
      return affordabilityAnswer(ctx, intent, m);
    case 'recurring':
      return recurringAnswer(ctx, m);
    case 'summary':
      return summaryAnswer(ctx, intent.period, m);
    case 'tips':
      return tipsAnswer(ctx, hasData, m);
    case 'general': {
      // A question not understood gets no figure: a figure for another question reads as an answer to this one.
      const when = intent.period ? ` ${intent.period.phrase}` : '';
      return {
        text: `I'm not sure what you're asking, so I won't guess with a figure. I can answer questions like these:\n\n- How much did I spend on groceries${when || ' last month'}?\n- What did I earn${when || ' this year'}, after refunds?\n- Which category did I spend the most on${when || ' this month'}?\n- Summarise${when || ' this month'}\n\n**Next step:** ask again naming what you want to know (spent, received, how many, on what or where) and the period.`,
        tools: [],
      };
    }
  }
}


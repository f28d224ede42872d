import { addMonths, monthFrom } from '../../../contract/calendar';
import { fromMinor, toMinor } from '../../../contract/money';
import { WARNING_RULE } from '../dashboard';
import { planGoal } from '../goalPlan';
import { DETECTION_INTERVALS } from '../../../contract/recurring';
import { detectRecurring } from '../recurring/detect';
import { DETECTION_LOOKBACK_DAYS } from '../recurring/service';
import type { ToolContext } from './data';
import { shareOf } from './format';
import { planQuestion, runPart, runPlan, subjectLabel } from './plans';
import { writePlanAnswer } from './plan-write';
import type { Subject } from './understand';
import { addDays, explicitPeriod, lastDays, lastMonth, monthEnd, monthPeriod, monthStart, monthsUntil, previousFullMonths, thisMonth, type Period } from './period';

/** The coach's tool functions over one user's data; `tools.ts` offers them to the LLM engine with their argument schemas. */


export class ToolArgumentError extends Error {}
/** The period of tool arguments, or the tool's default one. */
function periodOf(args: { start_date?: string; end_date?: string }, fallback: Period, today: string): Period {
  if (!args.start_date && !args.end_date) return fallback;
  const end = args.end_date ?? (args.start_date! > today ? args.start_date! : today);
  const start = args.start_date ?? fallback.start;
  if (start > end) throw new ToolArgumentError('start_date must be on or before end_date');
  if (Date.parse(end) - Date.parse(start) > 3700 * 86_400_000) throw new ToolArgumentError('the period can be at most ten years');
  return explicitPeriod(start, end);
}

const amounts = (minor: number) => fromMinor(minor);
const periodOut = (p: Period) => ({ start: p.start, end: p.end, label: p.label });
const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;
const yyyyMm = (dayText: string) => dayText.slice(0, 7);

/**
 * "Usual" is one figure per subject wherever the coach quotes it: the average of the three full
 * calendar months before the current one, whatever period the question is about.
 */
function usualMonths(today: string): Period {
  return previousFullMonths(today, 3);
}

/** Average monthly income and spending over the full months before this one that have data (at most 3). */
async function monthlyAverages(ctx: ToolContext) {
  const window = previousFullMonths(ctx.today, 3);
  const [byMonth, balance] = await Promise.all([ctx.data.monthly(window), ctx.data.balance(ctx.today)]);
  const firstMonth = balance.firstDay ? yyyyMm(balance.firstDay) : null;
  const months: { month: string; income: number; spending: number; net: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const key = addMonths(window.start, i);
    if (!firstMonth || key < firstMonth) continue;
    const m = byMonth.get(key) ?? { incomeMinor: 0, spendingMinor: 0 };
    months.push({ month: key, income: amounts(m.incomeMinor), spending: amounts(m.spendingMinor), net: amounts(m.incomeMinor - m.spendingMinor) });
  }
  const n = Math.max(1, months.length);
  const sumMinor = (pick: (m: (typeof months)[number]) => number) => months.reduce((s, m) => s + toMinor(pick(m)), 0);
  const income = Math.round(sumMinor((m) => m.income) / n);
  const spending = Math.round(sumMinor((m) => m.spending) / n);
  return {
    window,
    months,
    monthsWithData: months.length,
    incomeMinor: income,
    spendingMinor: spending,
    // The average of the months' nets (not the difference of two rounded averages).
    netMinor: Math.round(sumMinor((m) => m.net) / n),
    balance,
  };
}

/** The monthly averages as the tools answer them. */
function averagesOut(a: Awaited<ReturnType<typeof monthlyAverages>>) {
  return { period: periodOut(a.window), months_with_data: a.monthsWithData, income: amounts(a.incomeMinor), spending: amounts(a.spendingMinor), net: amounts(a.netMinor) };
}

// ---------------------------------------------------------------------------------------------
// The functions

export async function getSpending(ctx: ToolContext, args: { start_date?: string; end_date?: string; category?: string; merchant?: string }) {
  const period = periodOf(args, thisMonth(ctx.today), ctx.today);
  const usualPeriod = usualMonths(ctx.today);
  const [categories, usualCategories] = await Promise.all([ctx.data.byCategory(period, 'expense'), ctx.data.byCategory(usualPeriod, 'expense')]);
  const allMinor = categories.reduce((s, c) => s + c.totalMinor, 0);
  const allCount = categories.reduce((s, c) => s + c.count, 0);
  let totalMinor = allMinor;
  let count = allCount;
  let usualMinor = usualCategories.reduce((s, c) => s + c.totalMinor, 0);
  let category: string | null = null;
  let merchant: string | null = null;
  if (args.merchant) {
    const [found, usual] = await Promise.all([ctx.data.merchantTotal(period, args.merchant), ctx.data.merchantTotal(usualPeriod, args.merchant)]);
    merchant = found.count ? found.merchant : usual.count ? usual.merchant : args.merchant;
    totalMinor = found.totalMinor;
    count = found.count;
    usualMinor = usual.totalMinor;
  } else if (args.category) {
    const found = categories.find((c) => same(c.category, args.category!));
    const usual = usualCategories.find((c) => same(c.category, args.category!));
    category = found?.category ?? usual?.category ?? args.category;
    totalMinor = found?.totalMinor ?? 0;
    count = found?.count ?? 0;
    usualMinor = usual?.totalMinor ?? 0;
  }
  return {
    period: periodOut(period),
    currency: ctx.currency,
    category,
    merchant,
    total: amounts(totalMinor),
    transaction_count: count,
    all_spending: amounts(allMinor),
    share_of_all_spending: category || merchant ? shareOf(totalMinor, allMinor) : 100,
    usual_per_month: amounts(Math.round(usualMinor / 3)),
    usual_period: periodOut(usualPeriod),
    by_category:
      category || merchant
        ? []
        : categories.slice(0, 8).map((c) => ({ category: c.category, amount: amounts(c.totalMinor), count: c.count, share: shareOf(c.totalMinor, allMinor) })),
  };
}

export async function getIncome(ctx: ToolContext, args: { start_date?: string; end_date?: string }) {
  const period = periodOf(args, lastMonth(ctx.today), ctx.today);
  const categories = await ctx.data.byCategory(period, 'income');
  const totalMinor = categories.reduce((s, c) => s + c.totalMinor, 0);
  return {
    period: periodOut(period),
    currency: ctx.currency,
    total: amounts(totalMinor),
    transaction_count: categories.reduce((s, c) => s + c.count, 0),
    by_category: categories.slice(0, 8).map((c) => ({ category: c.category, amount: amounts(c.totalMinor), count: c.count, share: shareOf(c.totalMinor, totalMinor) })),
  };
}

export async function getBalance(ctx: ToolContext) {
  const [balance, goals] = await Promise.all([ctx.data.balance(ctx.today), ctx.data.goals()]);
  return {
    currency: ctx.currency,
    balance: amounts(balance.balanceMinor),
    total_income: amounts(balance.incomeMinor),
    total_spending: amounts(balance.spendingMinor),
    transaction_count: balance.transactionCount,
    first_transaction_day: balance.firstDay,
    as_of: ctx.today,
    saved_in_goals: amounts(goals.reduce((s, g) => s + g.currentAmountMinor, 0)),
  };
}

export async function getCashFlow(ctx: ToolContext, args: { start_date?: string; end_date?: string }) {
  const period = periodOf(args, lastMonth(ctx.today), ctx.today);
  const [totals, averages] = await Promise.all([ctx.data.totals(period), monthlyAverages(ctx)]);
  const rate = (income: number, spending: number) => (income > 0 ? Math.round(((income - spending) / income) * 1000) / 10 : null);
  return {
    period: periodOut(period),
    currency: ctx.currency,
    income: amounts(totals.incomeMinor),
    spending: amounts(totals.spendingMinor),
    net: amounts(totals.incomeMinor - totals.spendingMinor),
    savings_rate: rate(totals.incomeMinor, totals.spendingMinor),
    monthly_average: { ...averagesOut(averages), savings_rate: rate(averages.incomeMinor, averages.spendingMinor) },
  };
}

export async function compareSpendingToUsual(ctx: ToolContext, args: { days?: number }) {
  const days = args.days ?? 30;
  const period = lastDays(ctx.today, days);
  const usualPeriod = explicitPeriod(addDays(period.start, -3 * days), addDays(period.start, -1));
  const [now, before] = await Promise.all([ctx.data.byCategory(period, 'expense'), ctx.data.byCategory(usualPeriod, 'expense')]);
  const usualOf = new Map(before.map((c) => [c.category, c.totalMinor / 3]));
  const names = new Set([...now.map((c) => c.category), ...before.map((c) => c.category)]);
  const rows = [...names].map((name) => {
    const amountMinor = now.find((c) => c.category === name)?.totalMinor ?? 0;
    const usualMinor = Math.round(usualOf.get(name) ?? 0);
    return {
      category: name,
      amountMinor,
      usualMinor,
      above: usualMinor > 0 && amountMinor >= usualMinor * WARNING_RULE.ratio && amountMinor - usualMinor >= WARNING_RULE.minimumMinor,
    };
  });
  rows.sort((a, b) => b.amountMinor - b.usualMinor - (a.amountMinor - a.usualMinor) || a.category.localeCompare(b.category));
  const out = (r: (typeof rows)[number]) => ({
    category: r.category,
    amount: amounts(r.amountMinor),
    usual: amounts(r.usualMinor),
    difference: amounts(r.amountMinor - r.usualMinor),
    ratio: r.usualMinor > 0 ? Math.round((r.amountMinor / r.usualMinor) * 100) / 100 : null,
  });
  return {
    period: periodOut(period),
    usual_period: periodOut(usualPeriod),
    rule: `above usual means at least ${Math.round(WARNING_RULE.ratio * 100)}% of the average of the three periods before, and ${fromMinor(WARNING_RULE.minimumMinor)} more`,
    currency: ctx.currency,
    total: amounts(rows.reduce((s, r) => s + r.amountMinor, 0)),
    usual_total: amounts(rows.reduce((s, r) => s + r.usualMinor, 0)),
    above_usual: rows.filter((r) => r.above).map(out),
    largest: [...rows].sort((a, b) => b.amountMinor - a.amountMinor).filter((r) => r.amountMinor > 0).slice(0, 5).map(out),
  };
}

export async function getGoals(ctx: ToolContext, args: { name?: string }) {
  const since = new Date(ctx.now.getTime() - 90 * 86_400_000);
  const [rows, net90] = await Promise.all([ctx.data.goals(), ctx.data.goalNetSince(since)]);
  const wanted = args.name?.trim().toLowerCase();
  const matching = wanted
    ? rows.filter((g) => {
        const name = g.name.toLowerCase();
        return name.includes(wanted) || wanted.includes(name) || wanted.split(/\s+/).some((w) => w.length > 3 && name.includes(w));
      })
    : rows;
  const [ty, tm] = [Number(ctx.today.slice(0, 4)), Number(ctx.today.slice(5, 7)) - 1];
  const goals = matching.map((g) => {
    const plan = planGoal(g, ctx.now);
    const saved90 = net90.get(g.id) ?? 0;
    const paceMinor = Math.max(0, Math.round(saved90 / 3));
    const monthsToReach = plan.remainingMinor === 0 ? 0 : paceMinor > 0 ? Math.ceil(plan.remainingMinor / paceMinor) : null;
    const projected = monthsToReach === null ? null : monthFrom(ty, tm + monthsToReach);
    return {
      name: g.name,
      target: amounts(g.targetAmountMinor),
      saved: amounts(g.currentAmountMinor),
      remaining: amounts(plan.remainingMinor),
      progress_percentage: plan.progressPercentage,
      target_date: g.targetDate,
      schedule: plan.schedule,
      on_track: plan.onTrack,
      expected_by_now: amounts(plan.expectedMinor),
      monthly_needed: amounts(plan.monthlyNeededMinor),
      saved_last_90_days: amounts(saved90),
      monthly_pace: amounts(paceMinor),
      months_to_reach_at_pace: monthsToReach,
      projected_month_at_pace: projected,
    };
  });
  return { currency: ctx.currency, as_of: ctx.today, total_goals: rows.length, matched: wanted ? goals.length : undefined, goals };
}

export type Verdict = 'comfortable' | 'tight' | 'not_yet';

export async function checkAffordability(ctx: ToolContext, args: { amount: number; month?: string }) {
  const [y, m0] = args.month ? [Number(args.month.slice(0, 4)), Number(args.month.slice(5, 7)) - 1] : [Number(ctx.today.slice(0, 4)), Number(ctx.today.slice(5, 7)) - 1];
  if (monthEnd(y, m0) < ctx.today) throw new ToolArgumentError('month must be this month or later');
  const amountMinor = toMinor(args.amount);
  const [averages, goals] = await Promise.all([monthlyAverages(ctx), ctx.data.goals()]);
  const monthsAhead = monthsUntil(ctx.today, y, m0);
  const balanceMinor = averages.balance.balanceMinor;
  const availableMinor = balanceMinor + averages.netMinor * monthsAhead;
  const cushionMinor = averages.spendingMinor;
  const goalMonthlyMinor = goals.reduce((s, g) => s + planGoal(g, ctx.now).monthlyNeededMinor, 0);
  const verdict: Verdict = availableMinor - amountMinor >= cushionMinor ? 'comfortable' : availableMinor >= amountMinor ? 'tight' : 'not_yet';
  const shortfallMinor = Math.max(0, amountMinor - availableMinor);
  const monthsAtPace = shortfallMinor > 0 && averages.netMinor > 0 ? Math.ceil(shortfallMinor / averages.netMinor) : null;
  return {
    currency: ctx.currency,
    amount: amounts(amountMinor),
    month: `${y}-${String(m0 + 1).padStart(2, '0')}`,
    month_period: periodOut(monthPeriod(y, m0, ctx.today)),
    months_ahead: monthsAhead,
    balance_now: amounts(balanceMinor),
    monthly_average: averagesOut(averages),
    projected_available: amounts(availableMinor),
    cushion_one_month_spending: amounts(cushionMinor),
    left_after_purchase: amounts(availableMinor - amountMinor),
    goal_contributions_per_month: amounts(goalMonthlyMinor),
    verdict,
    shortfall: amounts(shortfallMinor),
    extra_saving_per_month_needed: monthsAhead > 0 && shortfallMinor > 0 ? amounts(Math.ceil(shortfallMinor / monthsAhead)) : null,
    months_to_afford_at_current_pace: monthsAtPace === null ? null : monthsAhead + monthsAtPace,
  };
}

/**
 * Recurring: the Bills page's detector (services/recurring/detect.ts) over the same 400 days, so the
 * two never disagree: three or more charges at a steady interval, amounts within tolerance, still charging.
 * Each is a bill or a subscription, with what it costs a month whatever its interval.
 */
export async function findRecurringCharges(ctx: ToolContext) {
  const window = explicitPeriod(addDays(ctx.today, -DETECTION_LOOKBACK_DAYS), ctx.today);
  const period = { ...window, label: `the last 13 months (${window.label})` };
  const found = detectRecurring(await ctx.data.recurringCharges(window.start), ctx.today).filter((d) => d.type === 'expense' && (d.kind === 'bill' || d.kind === 'subscription') && !d.stopped);
  const perDays = Object.fromEntries(DETECTION_INTERVALS.map((i) => [i.name, i.days]));
  const charges = found
    .map((d) => ({ ...d, monthlyMinor: Math.round((d.amountMinor * 30.44) / perDays[d.interval]!) }))
    .sort((a, b) => b.monthlyMinor - a.monthlyMinor || a.payee.localeCompare(b.payee));
  const sum = (kind?: 'bill' | 'subscription') => charges.filter((c) => !kind || c.kind === kind).reduce((s, c) => s + c.monthlyMinor, 0);
  return {
    period: periodOut(period),
    currency: ctx.currency,
    rule: 'the same merchant three or more times at a steady interval (weekly, fortnightly, monthly, every two months, quarterly, yearly), amounts within 5 % (a bill: within 60 %), charged within one and a half intervals',
    charges: charges.map((c) => ({
      merchant: c.payee,
      category: c.category,
      kind: c.kind as 'bill' | 'subscription',
      interval: c.interval,
      amount: amounts(c.amountMinor),
      monthly_amount: amounts(c.monthlyMinor),
      yearly_cost: amounts(c.monthlyMinor * 12),
      months_seen: c.charges,
      last_charged: c.lastDate,
      next_due: c.nextDue,
      price_change: c.priceChange ? { from: amounts(c.priceChange.fromMinor), to: amounts(c.priceChange.toMinor), percent: c.priceChange.percent } : null,
    })),
    total_monthly: amounts(sum()),
    total_yearly: amounts(sum() * 12),
    subscriptions_monthly: amounts(sum('subscription')),
    bills_monthly: amounts(sum('bill')),
  };
}

export async function getMonthSummary(ctx: ToolContext, args: { month?: string }) {
  const [y, m0] = args.month ? [Number(args.month.slice(0, 4)), Number(args.month.slice(5, 7)) - 1] : [Number(ctx.today.slice(0, 4)), Number(ctx.today.slice(5, 7)) - 1];
  if (monthStart(y, m0) > ctx.today) throw new ToolArgumentError('month must not be in the future');
  const period = monthPeriod(y, m0, ctx.today);
  const days = Math.round((Date.parse(period.end) - Date.parse(period.start)) / 86_400_000);
  // The same days of the month before, so a month in progress is compared like for like.
  const prevStart = monthStart(y, m0 - 1);
  const prevEnd = [addDays(prevStart, days), monthEnd(y, m0 - 1)].sort()[0]!;
  const previous = explicitPeriod(prevStart, prevEnd);
  const [{ totals, spending: categories }, prevTotals, merchants, goals] = await Promise.all([
    ctx.data.totalsAndSpending(period),
    ctx.data.totals(previous),
    ctx.data.topMerchants(period, 3),
    getGoals(ctx, {}),
  ]);
  const rate = totals.incomeMinor > 0 ? Math.round(((totals.incomeMinor - totals.spendingMinor) / totals.incomeMinor) * 1000) / 10 : null;
  return {
    period: periodOut(period),
    compared_with: periodOut(previous),
    currency: ctx.currency,
    income: amounts(totals.incomeMinor),
    spending: amounts(totals.spendingMinor),
    net: amounts(totals.incomeMinor - totals.spendingMinor),
    savings_rate: rate,
    transaction_count: totals.incomeCount + totals.spendingCount,
    previous: { income: amounts(prevTotals.incomeMinor), spending: amounts(prevTotals.spendingMinor) },
    spending_change_percent: prevTotals.spendingMinor > 0 ? Math.round(((totals.spendingMinor - prevTotals.spendingMinor) / prevTotals.spendingMinor) * 1000) / 10 : null,
    top_categories: categories.slice(0, 3).map((c) => ({ category: c.category, amount: amounts(c.totalMinor), share: shareOf(c.totalMinor, totals.spendingMinor) })),
    top_merchants: merchants.map((m) => ({ merchant: m.merchant, amount: amounts(m.totalMinor), count: m.count })),
    goals: { total: goals.goals.length, on_track: goals.goals.filter((g) => g.schedule === 'on_track' || g.schedule === 'completed').length, behind: goals.goals.filter((g) => g.schedule === 'behind' || g.schedule === 'overdue').length },
  };
}

export async function getTopMerchants(ctx: ToolContext, args: { start_date?: string; end_date?: string; limit?: number }) {
  const period = periodOf(args, thisMonth(ctx.today), ctx.today);
  const merchants = await ctx.data.topMerchants(period, args.limit ?? 5);
  return { period: periodOut(period), currency: ctx.currency, merchants: merchants.map((m) => ({ merchant: m.merchant, amount: amounts(m.totalMinor), count: m.count })) };
}

/**
 * The built-in coach's reading of a question, run: the plan (measures, subjects, periods, what it
 * corrected or assumed) and every part's figures, plus the answer the built-in coach would write.
 */
export async function answerQuestion(ctx: ToolContext, args: { question: string; previous_question?: string }) {
  const plan = await planQuestion(ctx, args.question, args.previous_question);
  if (!plan.isQuery) return { understood: false, note: 'Not a question about amounts in the transactions; use the other tools (goals, affordability, recurring charges, summaries).' };
  if (plan.unknown.length) {
    return { understood: false, cant_tell: `Nothing in the user's categories, merchants or transaction descriptions matches ${plan.unknown.map((w) => `"${w}"`).join(', ')}. Say: "I can't tell that from your data yet", and what you can answer instead.` };
  }
  const results = await runPlan(ctx, plan);
  return {
    understood: true,
    currency: ctx.currency,
    notes: plan.notes,
    parts: plan.parts.map((p, i) => ({ measure: p.measure, flow: p.flow, subjects: p.subjects.map(subjectLabel), result: results[i] })),
    answer: writePlanAnswer(plan, results, ctx.currency),
  };
}

/** One plan part given explicitly (by an LLM): a measure of some subjects over one period or two to compare. */
export async function queryTransactions(
  ctx: ToolContext,
  args: { measure: 'total' | 'count' | 'average' | 'usual' | 'largest' | 'smallest' | 'share'; flow?: 'expense' | 'income'; subjects?: { category?: string; merchant?: string; words?: string }[]; periods?: { start_date: string; end_date: string }[] },
) {
  const flow = args.flow ?? 'expense';
  const subjects: Subject[] = (args.subjects ?? []).map((s) =>
    s.category
      ? { kind: 'category', name: s.category, flow }
      : s.merchant
        ? { kind: 'merchant', name: s.merchant }
        : { kind: 'words', phrase: s.words!, tsquery: (s.words!.match(/[\p{L}\p{N}]+/gu) ?? ['']).map((w) => `${w}:*`).join(' & ') },
  );
  if (subjects.some((s) => s.kind === 'words' && s.tsquery === ':*')) throw new ToolArgumentError('words must contain letters or digits');
  // Category names take the user's stored spelling.
  if (subjects.some((s) => s.kind === 'category')) {
    const known = await ctx.data.byCategory(previousFullMonths(ctx.today, 24), flow);
    for (const s of subjects) if (s.kind === 'category') s.name = known.find((c) => same(c.category, s.name))?.category ?? s.name;
  }
  const periods = (args.periods ?? []).map((p) => periodOf(p, thisMonth(ctx.today), ctx.today));
  return { currency: ctx.currency, ...(await runPart(ctx, { measure: args.measure, flow, subjects, periods })) };
}

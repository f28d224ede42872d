import type { Intent } from './intents';
import { dayName, listOf, monthName, percent } from './format';
import { lastMonth, thisMonth, type Period } from './period';
import { checkAffordability, compareSpendingToUsual, findRecurringCharges, getBalance, getCashFlow, getGoals, getIncome, getMonthSummary, getSpending, getTopMerchants, type ToolContext } from './tools';
import { listLink } from './plans';

/** The built-in coach's answers to the intents a plan does not cover: balance, savings rate, goals, affordability, recurring charges, a month's summary, tips. */

export interface Composed {
  text: string;
  tools: string[];
}



type Money = (amount: number) => string;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const periodRange = (p: { start: string; end: string }) => ({ start_date: p.start, end_date: p.end });

export async function spendingAnswer(ctx: ToolContext, intent: Extract<Intent, { kind: 'spending' }>, m: Money): Promise<Composed> {
  const period = intent.period ?? thisMonth(ctx.today);
  const result = await getSpending(ctx, { ...periodRange(period), category: intent.category ?? undefined, merchant: intent.merchant ?? undefined });
  const what = result.merchant ? `at **${result.merchant}**` : result.category ? `on **${result.category}**` : 'in total';
  const lines: string[] = [];
  if (result.transaction_count === 0) {
    lines.push(`You spent nothing ${what.replace(/\*\*/g, '')} ${period.phrase}.`);
  } else {
    // The figure opens the list filtered to the same rows, as a plan's figures do (a merchant's bank spellings cannot be).
    const link = result.merchant ? null : listLink(result.category ? { kind: 'category', name: result.category, flow: 'expense' } : null, { flow: 'expense' }, period);
    const figure = `**${m(result.total)}**`;
    lines.push(
      `You spent ${link ? `[${figure}](${link})` : figure} ${what} ${period.phrase}, across ${result.transaction_count} transaction${result.transaction_count === 1 ? '' : 's'}.`,
    );
  }
  if (result.category || result.merchant) {
    if (result.total > 0 && result.all_spending > 0) lines.push(`That is ${percent(result.share_of_all_spending)} of everything you spent in that period (${m(result.all_spending)}).`);
    if (result.usual_per_month > 0) lines.push(`For comparison, you usually spend about ${m(result.usual_per_month)} a month there (average of ${result.usual_period.label}).`);
  } else if (result.by_category.length) {
    const top = result.by_category.slice(0, 3).map((c) => `${c.category} ${m(c.amount)} (${percent(c.share)})`);
    lines.push(`Biggest categories: ${listOf(top)}.`);
    if (result.usual_per_month > 0) lines.push(`Your usual month is about ${m(result.usual_per_month)} (average of ${result.usual_period.label}).`);
  }
  const next = result.category
    ? `**Next step:** if ${result.category} feels high, set yourself a weekly limit of about ${m(Math.max(1, Math.round(((result.usual_per_month || result.total) * 0.9) / 4.345)))} and check back next week.`
    : result.merchant
      ? `**Next step:** ask me "What are my recurring charges?" to see whether ${result.merchant} is one of them.`
      : '**Next step:** ask "Where can I cut back?" to see which categories run above your usual.';
  return { text: `${lines.join(' ')}\n\n${next}`, tools: ['get_spending'] };
}

export async function merchantsAnswer(ctx: ToolContext, periodIn: Period | null, m: Money): Promise<Composed> {
  const period = periodIn ?? thisMonth(ctx.today);
  const result = await getTopMerchants(ctx, { ...periodRange(period), limit: 5 });
  if (!result.merchants.length) return { text: `I found no spending with a merchant ${period.phrase}.\n\n**Next step:** add merchants to your transactions so I can tell you where the money goes.`, tools: ['get_top_merchants'] };
  const rows = result.merchants.map((x, i) => `${i + 1}. **${x.merchant}**: ${m(x.amount)} (${x.count} payment${x.count === 1 ? '' : 's'})`);
  return {
    text: `Where your money went ${period.phrase}, by merchant:\n\n${rows.join('\n')}\n\n**Next step:** ask "What are my recurring charges?" to spot subscriptions among them.`,
    tools: ['get_top_merchants'],
  };
}

export async function incomeAnswer(ctx: ToolContext, periodIn: Period | null, m: Money): Promise<Composed> {
  const period = periodIn ?? lastMonth(ctx.today);
  const result = await getIncome(ctx, periodRange(period));
  if (result.transaction_count === 0) {
    return { text: `I found no income recorded ${period.phrase}.\n\n**Next step:** add your salary or other income as transactions so I can work out your savings rate.`, tools: ['get_income'] };
  }
  const sources = result.by_category.map((c) => `${c.category} ${m(c.amount)}`);
  return {
    text: `Your income ${period.phrase} was **${m(result.total)}**, from ${listOf(sources)}.\n\n**Next step:** ask "What is my savings rate?" to see how much of it you kept.`,
    tools: ['get_income'],
  };
}

export async function balanceAnswer(ctx: ToolContext, m: Money): Promise<Composed> {
  const result = await getBalance(ctx);
  const since = result.first_transaction_day ? ` since ${dayName(result.first_transaction_day)}` : '';
  const goals = result.saved_in_goals > 0 ? ` Separately, you have ${m(result.saved_in_goals)} put aside in your savings goals.` : '';
  const next =
    result.balance < 0
      ? '**Next step:** your spending is above your income overall. Ask "Where can I cut back?" to find the quickest wins.'
      : '**Next step:** ask "Can I afford …?" before your next big purchase, and I will check it against this balance.';
  return {
    text: `Your balance is **${m(result.balance)}** as of ${dayName(result.as_of)}: ${m(result.total_income)} of income minus ${m(result.total_spending)} of spending recorded${since}.${goals}\n\n${next}`,
    tools: ['get_balance'],
  };
}

export async function savingsRateAnswer(ctx: ToolContext, periodIn: Period | null, m: Money): Promise<Composed> {
  const period = periodIn ?? lastMonth(ctx.today);
  const result = await getCashFlow(ctx, periodRange(period));
  const avg = result.monthly_average;
  const lines: string[] = [];
  if (result.savings_rate === null) {
    lines.push(`I found no income ${period.phrase}, so there is no savings rate to work out (you spent ${m(result.spending)}).`);
  } else {
    lines.push(
      `${capitalise(period.phrase)} you earned ${m(result.income)} and spent ${m(result.spending)}, so you kept **${m(result.net)}**: a savings rate of **${percent(result.savings_rate)}**.`,
    );
  }
  if (avg.savings_rate !== null && avg.months_with_data > 1) lines.push(`Over ${avg.period.label} your average is ${percent(avg.savings_rate)} (${m(avg.net)} a month).`);
  const rate = result.savings_rate ?? avg.savings_rate;
  const next =
    rate === null
      ? '**Next step:** record your income so I can track how much you keep each month.'
      : rate < 10
        ? `**Next step:** aim for 10% first: that means keeping about ${m(Math.max(0, result.income * 0.1 - result.net))} more a month. Ask "Where can I cut back?" for ideas.`
        : rate < 20
          ? '**Next step:** a common target is 20%. Moving a fixed amount to a goal on payday makes it automatic.'
          : '**Next step:** you are saving well. Make sure an emergency fund of three months of spending comes first, then put the rest towards your goals.';
  return { text: `${lines.join(' ')}\n\n${next}`, tools: ['get_cash_flow'] };
}

export async function overspendingAnswer(ctx: ToolContext, m: Money): Promise<Composed> {
  const [comparison, recurring] = await Promise.all([compareSpendingToUsual(ctx, { days: 30 }), findRecurringCharges(ctx)]);
  const parts: string[] = [];
  parts.push(`In ${comparison.period.label} you spent **${m(comparison.total)}**, against a usual ${m(comparison.usual_total)} for 30 days (average of ${comparison.usual_period.label}).`);
  if (comparison.above_usual.length) {
    const rows = comparison.above_usual.slice(0, 4).map((c) => `- **${c.category}**: ${m(c.amount)}, usually ${m(c.usual)} (${m(c.difference)} more)`);
    parts.push(`These categories are running above your usual:\n\n${rows.join('\n')}`);
  } else {
    parts.push('No category is running clearly above your usual right now, so the best savings are in your largest categories:');
    parts.push(comparison.largest.slice(0, 3).map((c) => `- **${c.category}**: ${m(c.amount)}`).join('\n'));
  }
  const subscriptions = recurring.charges.filter((c) => c.kind === 'subscription');
  if (subscriptions.length) {
    parts.push(
      `You also pay ${subscriptions.length} subscription${subscriptions.length === 1 ? '' : 's'} costing ${m(recurring.subscriptions_monthly)} a month (${m(recurring.subscriptions_monthly * 12)} a year); cancelling one you no longer use is the easiest cut.`,
    );
  }
  const target = comparison.above_usual[0] ?? comparison.largest[0];
  const next = target
    ? `**Next step:** cut ${target.category} by 10% next month: that is about ${m(Math.round(target.amount * 10) / 100)} back in your pocket.`
    : '**Next step:** add your transactions for the month so I can compare them with your usual.';
  parts.push(next);
  return { text: parts.join('\n\n'), tools: ['compare_spending_to_usual', 'find_recurring_charges'] };
}

const SCHEDULE: Record<string, string> = { on_track: 'on track', behind: 'behind schedule', overdue: 'past its target date', completed: 'reached' };

export async function goalsAnswer(ctx: ToolContext, name: string | null, m: Money): Promise<Composed> {
  const result = await getGoals(ctx, { name: name ?? undefined });
  if (result.total_goals === 0) {
    return { text: "You don't have any savings goals yet.\n\n**Next step:** create one on the Budget page: give it a target and a date, and I'll tell you how much to put aside each month.", tools: ['get_goals'] };
  }
  const goals = result.goals.length ? result.goals : [];
  if (!goals.length) return { text: `I couldn't find a goal called "${name}".\n\n**Next step:** ask "Am I on track for my goals?" to see them all.`, tools: ['get_goals'] };
  const describe = (g: (typeof goals)[number]) => {
    const left = g.schedule === 'completed' ? '' : `, **${m(g.remaining)} still to go**`;
    // "On track" and "will not be reached at this pace" never stand side by side: a plan met so far at a pace
    // that misses the date is said as both facts, in words that agree.
    const slipping = g.schedule === 'on_track' && g.monthly_pace < g.monthly_needed;
    const status = slipping ? 'on plan so far, but not at your recent pace' : SCHEDULE[g.schedule];
    const head = `**${g.name}**: ${m(g.saved)} of ${m(g.target)} saved (${percent(g.progress_percentage)})${left}, ${status}`;
    if (g.schedule === 'completed') return `${head}. Well done!`;
    const due = `target date ${dayName(g.target_date)}`;
    const plan = g.schedule === 'overdue' ? `${m(g.remaining)} still to go` : `you need ${m(g.monthly_needed)} a month to reach it by the ${due}`;
    const pace =
      g.months_to_reach_at_pace !== null && g.projected_month_at_pace
        ? `At your pace of the last 90 days (${m(g.monthly_pace)} a month) you would reach it in ${monthName(g.projected_month_at_pace)}${slipping ? ', after its target date' : ''}.`
        : `You have not added to it in the last 90 days, so at that pace it would not be reached${g.schedule === 'on_track' ? `; adding ${m(g.monthly_needed)} a month from now keeps it on plan` : ''}.`;
    const behind = g.schedule === 'behind' ? ` By now the plan expected ${m(g.expected_by_now)}.` : '';
    return `${head}: ${plan}.${behind} ${pace}`;
  };
  const lines = goals.length === 1 ? [describe(goals[0]!)] : goals.slice(0, 5).map((g) => `- ${describe(g)}`);
  const focus = goals.find((g) => g.schedule === 'behind' || g.schedule === 'overdue') ?? goals.find((g) => g.schedule === 'on_track');
  const next = focus
    ? focus.schedule === 'on_track'
      ? `**Next step:** keep adding ${m(focus.monthly_needed)} a month to ${focus.name}; a standing transfer on payday makes it automatic.`
      : `**Next step:** add ${m(focus.monthly_needed)} to ${focus.name} this month to get back on plan, or move its target date if that is too much.`
    : '**Next step:** set your next goal on the Budget page.';
  const intro = goals.length > 1 ? `Here are your goals as of ${dayName(result.as_of)}:\n\n` : '';
  return { text: `${intro}${lines.join('\n')}\n\n${next}`, tools: ['get_goals'] };
}

export async function affordabilityAnswer(ctx: ToolContext, intent: Extract<Intent, { kind: 'affordability' }>, m: Money): Promise<Composed> {
  if (intent.amount === null) {
    return { text: 'Happy to check that. How much does it cost, and when would you buy it? For example: "Can I afford a 1,200 laptop in March?"\n\n**Next step:** tell me the price and the month.', tools: [] };
  }
  const month = intent.month ? `${intent.month.year}-${String(intent.month.month0 + 1).padStart(2, '0')}` : undefined;
  const r = await checkAffordability(ctx, { amount: intent.amount, month });
  const what = intent.item ? `a ${m(r.amount)} ${intent.item}` : m(r.amount);
  const when = r.months_ahead === 0 ? 'this month' : `in ${monthName(r.month)}`;
  const avg = r.monthly_average;
  const basis =
    r.months_ahead === 0
      ? `Your balance is ${m(r.balance_now)} today.`
      : `Your balance is ${m(r.balance_now)} today, and over ${avg.period.label} you kept ${m(avg.net)} a month on average (income ${m(avg.income)}, spending ${m(avg.spending)}), so by ${monthName(r.month)} you should have about **${m(r.projected_available)}**.`;
  let verdict: string;
  let next: string;
  if (r.verdict === 'comfortable') {
    verdict = `**Yes, you can afford ${what} ${when}.** ${basis} After buying it you would still have ${m(r.left_after_purchase)}, more than a month of spending (${m(r.cushion_one_month_spending)}) as a cushion.`;
    next = `**Next step:** set ${m(r.amount)} aside now (a goal on the Budget page works) so it is there when you buy.`;
  } else if (r.verdict === 'tight') {
    verdict = `**Just about, but it would be tight.** ${basis} Buying ${what} ${when} would leave ${m(r.left_after_purchase)}, less than one month of spending (${m(r.cushion_one_month_spending)}) as a cushion.`;
    next = r.months_ahead > 0 ? '**Next step:** consider waiting a month or two, or trimming spending now so you keep a full month of spending in reserve.' : '**Next step:** waiting one more month would keep a safer cushion.';
  } else {
    verdict = `**Not yet.** ${basis} That is ${m(r.shortfall)} short of ${what} ${when}.`;
    next =
      r.extra_saving_per_month_needed !== null
        ? `**Next step:** saving an extra ${m(r.extra_saving_per_month_needed)} a month until then would close the gap.`
        : r.months_to_afford_at_current_pace !== null
          ? `**Next step:** at your current pace you could afford it in about ${r.months_to_afford_at_current_pace} months; a goal on the Budget page will track it.`
          : '**Next step:** your spending is at or above your income right now; ask "Where can I cut back?" first.';
  }
  const goals = r.goal_contributions_per_month > 0 ? `\n\nKeep in mind your goals need ${m(r.goal_contributions_per_month)} a month to stay on plan.` : '';
  return { text: `${verdict}${goals}\n\n${next}`, tools: ['check_affordability'] };
}

export async function recurringAnswer(ctx: ToolContext, m: Money): Promise<Composed> {
  const r = await findRecurringCharges(ctx);
  if (!r.charges.length) {
    return {
      text: `I found no recurring charges in ${r.period.label}: no merchant charged you a steady amount month after month.\n\n**Next step:** check your bank statement for yearly subscriptions, which only show up after a year of data.`,
      tools: ['find_recurring_charges'],
    };
  }
  const row = (c: (typeof r.charges)[number]) => `- **${c.merchant}**: ${m(c.monthly_amount)} a month (${m(c.yearly_cost)} a year), last charged ${dayName(c.last_charged)}`;
  const subscriptions = r.charges.filter((c) => c.kind === 'subscription');
  const bills = r.charges.filter((c) => c.kind === 'bill');
  const sections: string[] = [];
  if (subscriptions.length) sections.push(`**Subscriptions and memberships** (${m(r.subscriptions_monthly)} a month):\n\n${subscriptions.slice(0, 10).map(row).join('\n')}`);
  if (bills.length) sections.push(`**Regular bills** (${m(r.bills_monthly)} a month):\n\n${bills.slice(0, 10).map(row).join('\n')}`);
  const next = subscriptions.length
    ? "**Next step:** cancel any subscription you haven't used in the last month; each one you drop saves its yearly cost."
    : '**Next step:** these bills are fixed costs; when a contract ends, compare offers before it renews.';
  return {
    text: `I found ${r.charges.length} recurring charge${r.charges.length === 1 ? '' : 's'} in ${r.period.label}, costing **${m(r.total_monthly)} a month** (${m(r.total_yearly)} a year).\n\n${sections.join('\n\n')}\n\n${next}`,
    tools: ['find_recurring_charges'],
  };
}

export async function summaryAnswer(ctx: ToolContext, periodIn: Period | null, m: Money): Promise<Composed> {
  const month = periodIn ? periodIn.start.slice(0, 7) : undefined;
  const s = await getMonthSummary(ctx, { month: month && month <= ctx.today.slice(0, 7) ? month : undefined });
  const lines: string[] = [`Here is ${s.period.label} at a glance:`, ''];
  lines.push(`- Income: **${m(s.income)}**`);
  lines.push(`- Spending: **${m(s.spending)}**${s.spending_change_percent !== null ? ` (${s.spending_change_percent >= 0 ? 'up' : 'down'} ${percent(Math.abs(s.spending_change_percent))} on the same days of the month before, ${m(s.previous.spending)})` : ''}`);
  lines.push(`- Net: **${m(s.net)}**${s.savings_rate !== null ? `, a savings rate of ${percent(s.savings_rate)}` : ''}`);
  if (s.top_categories.length) lines.push(`- Top categories: ${listOf(s.top_categories.map((c) => `${c.category} ${m(c.amount)}`))}`);
  if (s.top_merchants.length) lines.push(`- Top merchants: ${listOf(s.top_merchants.map((x) => `${x.merchant} ${m(x.amount)}`))}`);
  if (s.goals.total) lines.push(`- Goals: ${s.goals.on_track} of ${s.goals.total} on track or reached`);
  const next =
    s.net < 0
      ? '**Next step:** you are spending more than you earn so far; ask "Where can I cut back?" to find the categories above your usual.'
      : s.goals.behind > 0
        ? '**Next step:** one or more goals are behind; ask "Am I on track for my goals?" for the amounts to catch up.'
        : '**Next step:** move part of this month’s surplus to a goal before it gets spent.';
  lines.push('', next);
  return { text: lines.join('\n'), tools: ['get_month_summary'] };
}

export async function tipsAnswer(ctx: ToolContext, hasData: boolean, m: Money): Promise<Composed> {
  if (!hasData) {
    return {
      text: "Some habits that work for most people:\n\n1. **Pay yourself first:** move a fixed amount to savings on payday.\n2. **Build an emergency fund** of three months of spending before anything else.\n3. **Review subscriptions** every few months and cancel what you don't use.\n4. **Give every month a plan:** decide what your money is for before you spend it.\n\n**Next step:** add your transactions and I'll make these tips specific to your numbers.",
      tools: [],
    };
  }
  const [flow, recurring, comparison, balance] = await Promise.all([getCashFlow(ctx, {}), findRecurringCharges(ctx), compareSpendingToUsual(ctx, { days: 30 }), getBalance(ctx)]);
  const tips: string[] = [];
  const avg = flow.monthly_average;
  if (avg.savings_rate !== null) {
    tips.push(
      avg.savings_rate < 20
        ? `**Raise your savings rate.** You keep ${percent(avg.savings_rate)} of your income on average (${m(avg.net)} a month over ${avg.period.label}). Moving ${m(Math.round(avg.income * 5) / 100)} (5% of income) to savings on payday gets you closer to the common 20% target.`
        : `**Keep your savings rate.** You keep ${percent(avg.savings_rate)} of your income on average, above the common 20% target. Make sure it goes somewhere on purpose, like a goal.`,
    );
  }
  const cushionMonths = avg.spending > 0 ? balance.balance / avg.spending : null;
  if (cushionMonths !== null) {
    tips.push(
      cushionMonths < 3
        ? `**Build your safety net.** Your balance of ${m(balance.balance)} covers about ${Math.max(0, Math.round(cushionMonths * 10) / 10)} months of spending (${m(avg.spending)} a month); three months (${m(avg.spending * 3)}) is a good first target.`
        : `**Your safety net is solid.** Your balance of ${m(balance.balance)} covers about ${Math.round(cushionMonths * 10) / 10} months of spending, so extra savings can go to your goals.`,
    );
  }
  const above = comparison.above_usual[0];
  const largest = comparison.largest[0];
  if (above) tips.push(`**Watch ${above.category}.** It is at ${m(above.amount)} in ${comparison.period.label}, against a usual ${m(above.usual)}.`);
  else if (largest) tips.push(`**Start with your biggest category.** ${largest.category} took ${m(largest.amount)} in ${comparison.period.label}; 10% less there is ${m(Math.round(largest.amount * 10) / 100)} a month.`);
  const subscriptions = recurring.charges.filter((c) => c.kind === 'subscription');
  if (subscriptions.length) tips.push(`**Review your ${subscriptions.length} subscription${subscriptions.length === 1 ? '' : 's'}** (${m(recurring.subscriptions_monthly)} a month): cancel any you no longer use.`);
  const numbered = tips.map((t, i) => `${i + 1}. ${t}`).join('\n');
  return {
    text: `Here are my tips, based on your numbers:\n\n${numbered}\n\n**Next step:** pick one tip and act on it this week; small steady changes add up.`,
    tools: ['get_cash_flow', 'find_recurring_charges', 'compare_spending_to_usual', 'get_balance'],
  };
}

import type { BudgetBillQuestion } from './budgetsBills-read';
import { z } from 'zod';
import type { BudgetCategory } from '../../../contract/budgets';
import { addDays, addMonths, monthOf } from '../../../contract/calendar';
import { fromMinor, toMinor } from '../../../contract/money';
import { budgetsService } from '../budgets/service';
import { ratesService } from '../rates/service';
import { recurringService } from '../recurring/service';
import type { ToolContext } from './data';
import { dayName, listOf, money, monthName, percent } from './format';
import { getBalanceOn, getPriceChanges } from './recurring';

/**
 * Budget and bill questions: "how much is left for groceries?", "am I over budget?", "what's due
 * before payday?", "what do my subscriptions cost a month?". The figures are the Budget and Bills
 * pages' own: the month is drawn by the budgets service, the days ahead by the recurring service.
 */

const budgetsOf = (ctx: ToolContext) => {
  const { userId, deps, rates } = ctx.data.budgets();
  // With rates, as /budget builds it: an opening in another currency counts at its day's rate.
  return { userId, service: budgetsService({ ...deps, rates: ratesService({ repo: rates }) }) };
};
const recurringOf = (ctx: ToolContext) => {
  const { userId, repo, accounts } = ctx.data.recurring();
  return { userId, service: recurringService({ repo, accounts, currencyOf: async () => ctx.currency }) };
};

/** The budget row of one category on /budget (the page opens that month and shows the row). */
export const budgetRowLink = (month: string, category: string) => `/budget?${new URLSearchParams({ month, category }).toString()}`;

const lineOut = (c: BudgetCategory, month: string) => ({
  category: c.category,
  group: c.group,
  assigned: c.assigned,
  carried_in: c.carried_in,
  spent: fromMinor(Math.max(0, -toMinor(c.activity))),
  available: c.available,
  overspent: c.overspent,
  spent_percent: c.spent_percent,
  target: c.target,
  needed: c.needed,
  underfunded: c.underfunded,
  link: budgetRowLink(month, c.category),
});
/** A category with money in it or a target. */
const budgeted = (c: Pick<BudgetCategory, 'assigned' | 'carried_in' | 'target'>) => c.assigned !== 0 || c.carried_in !== 0 || c.target !== null;

/** One month of the budget (default this month), or one category of it. */
export async function getBudget(ctx: ToolContext, args: { month?: string; category?: string }) {
  const month = args.month ?? monthOf(ctx.today);
  const { userId, service } = budgetsOf(ctx);
  const drawn = await service.month(userId, month);
  const all = drawn.groups.flatMap((g) => g.categories);
  const wanted = args.category?.trim().toLowerCase();
  const lines = wanted ? all.filter((c) => c.category.toLowerCase() === wanted) : all.filter((c) => budgeted(c) || c.activity !== 0);
  return {
    month,
    mode: drawn.mode,
    currency: ctx.currency,
    has_budget: all.some(budgeted),
    assigned: drawn.assigned,
    spent: fromMinor(Math.max(0, -toMinor(drawn.activity))),
    available: drawn.available,
    overspent: drawn.overspent,
    ready_to_assign: drawn.ready_to_assign,
    categories: lines.map((c) => lineOut(c, month)),
    over_budget: all.filter((c) => c.overspent > 0).map((c) => lineOut(c, month)),
    set_up: '/budget',
  };
}

/** Bills, subscriptions and transfers due from today: the next `days` days, or until the next payday. */
export async function getBillsAhead(ctx: ToolContext, args: { days?: number; until_payday?: boolean }) {
  const { userId, service } = recurringOf(ctx);
  const ahead = await service.monthAhead(userId, ctx.today);
  const payday = ahead.safe_to_spend.payday;
  const last = args.until_payday && payday ? addDays(payday, -1) : addDays(ctx.today, (args.days ?? 30) - 1);
  const due = ahead.occurrences.filter((o) => o.status === 'upcoming' && o.amount < 0 && o.due_date <= last);
  const { items } = await service.list(userId, ctx.today);
  return {
    from: ctx.today,
    until: last,
    currency: ctx.currency,
    has_recurring: items.length > 0,
    payday,
    bills: due.map((o) => ({ name: o.name, due_date: o.due_date, amount: -o.amount, kind: o.kind, link: `/bills?item=${o.recurring_id}` })),
    total: fromMinor(due.reduce((s, o) => s - toMinor(o.amount), 0)),
    safe_to_spend: args.until_payday ? ahead.safe_to_spend : undefined,
    set_up: '/bills',
  };
}

/** How many times a month a schedule charges, on average (FREQ and INTERVAL of its rule; weekly by its days). */
export function timesPerMonth(rrule: string): number {
  const parts = Object.fromEntries(rrule.replace(/^RRULE:/i, '').toUpperCase().split(';').map((p) => p.split('=') as [string, string]));
  const interval = Math.max(1, Number(parts.INTERVAL ?? 1));
  const perWeek = parts.BYDAY ? parts.BYDAY.split(',').length : 1;
  const base = { DAILY: 365 / 12, WEEKLY: (perWeek * 52) / 12, MONTHLY: 1, YEARLY: 1 / 12 }[parts.FREQ as 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY'] ?? 1;
  return base / interval;
}

/** The subscriptions set up on the Bills page and what they cost a month and a year. */
export async function getSubscriptionsCost(ctx: ToolContext) {
  const { userId, service } = recurringOf(ctx);
  const { items } = await service.list(userId, ctx.today);
  const live = items.filter((i) => i.kind === 'subscription' && !i.stopped && (i.end_date === null || i.end_date >= ctx.today));
  const subscriptions = live.map((i) => ({ name: i.name, amount: i.amount, rrule: i.rrule, monthly: fromMinor(Math.round(toMinor(i.amount) * timesPerMonth(i.rrule))), next_due: i.next_due, link: `/bills?item=${i.recurring_id}` }));
  const monthlyMinor = subscriptions.reduce((s, i) => s + toMinor(i.monthly), 0);
  return {
    currency: ctx.currency,
    has_recurring: items.length > 0,
    subscriptions: subscriptions.sort((a, b) => b.monthly - a.monthly || a.name.localeCompare(b.name)),
    monthly: fromMinor(monthlyMinor),
    yearly: fromMinor(monthlyMinor * 12),
    set_up: '/bills',
  };
}

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM');

/** The coach's budget and bill tools, registered beside the others in tools.ts. */
export const budgetBillTools = {
  get_budget: {
    description: 'The category budget of a month (default this month), as the Budget page draws it: per category assigned, spent, available, overspent, target, needed and underfunded; the categories over budget; has_budget false when nothing is budgeted.',
    args: z.object({ month: month.optional(), category: z.string().max(60).optional().describe('One expense category, e.g. Groceries') }),
    run: getBudget,
  },
  get_bills_ahead: {
    description: 'Bills, subscriptions and transfers due from today and not yet paid: the next N days (default 30, at most 30) or until the day before the next payday (until_payday), with the total, and safe-to-spend until payday.',
    args: z.object({ days: z.number().int().min(1).max(30).optional(), until_payday: z.boolean().optional() }),
    run: getBillsAhead,
  },
  get_subscriptions_cost: {
    description: 'The subscriptions set up on the Bills page and what they cost a month and a year (weekly and yearly ones as their monthly average).',
    args: z.object({}),
    run: getSubscriptionsCost,
  },
};

// ---------------------------------------------------------------------------------------------
// The built-in coach's answers

export { followBudgetBill, recogniseBudgetBillQuestion, type BudgetBillQuestion } from './budgetsBills-read';


const NO_BUDGET = "You haven't set up a budget yet, so there is nothing to measure against. **Next step:** open **Budget** (/budget) and give your categories an amount for the month; then I can tell you what's left in each.";
const NO_BILLS = "You haven't set up any bills or subscriptions yet, so I don't know what's coming. **Next step:** open **Bills** (/bills): add them there, or confirm the ones Finu suggests from your transactions.";

/** What the transactions show as subscriptions (the recurring-charges tool), for someone who has set none up on Bills. */
export type DetectedSubscriptions = () => Promise<{ subscriptions_monthly: number; charges: { merchant: string; kind: string; monthly_amount: number }[] }>;

/** The built-in coach's answer to a budget or bill question, with the tools it ran. */
export async function answerBudgetBillQuestion(q: BudgetBillQuestion, ctx: ToolContext, detected?: DetectedSubscriptions): Promise<{ text: string; tools: string[] }> {
  const m = (amount: number) => money(amount, ctx.currency);
  switch (q.kind) {
    case 'budget_suggest':
      return suggestBudget(q, ctx);
    case 'budget_move':
      return moveBetween(q, ctx);
    case 'budget_left':
    case 'budgeted':
    case 'over_budget': {
      const b = await getBudget(ctx, { month: q.month });
      const tools = ['get_budget'];
      const when = q.month === monthOf(ctx.today) ? `this month (${monthName(q.month)})` : `in ${monthName(q.month)}`;
      if (!b.has_budget) return { text: NO_BUDGET, tools };
      if (q.kind === 'over_budget') {
        if (!b.over_budget.length) {
          return { text: `No, you're within budget ${when}: no category has spent more than it had. In all you've spent ${m(b.spent)} and have **${m(b.available)}** left across your categories.\n\n**Next step:** see each category on **Budget** (/budget).`, tools };
        }
        const rows = b.over_budget.map((c) => `- **${c.category}**: spent ${m(c.spent)} of ${m(c.assigned + c.carried_in)}, **${m(c.overspent)} over**`);
        const total = fromMinor(b.over_budget.reduce((s, c) => s + toMinor(c.overspent), 0));
        return {
          text: `Yes: ${b.over_budget.length === 1 ? '1 category is' : `${b.over_budget.length} categories are`} over budget ${when}, ${m(total)} in all:\n\n${rows.join('\n')}\n\n**Next step:** on **Budget** (/budget), move money from a category with some left to cover ${b.over_budget.length === 1 ? 'it' : 'them'}.`,
          tools,
        };
      }
      const line = q.category ? (await getBudget(ctx, { month: q.month, category: q.category })).categories[0] : undefined;
      if (q.category && (!line || !budgeted(line))) {
        const spent = line ? ` You've spent ${m(line.spent)} on it ${when}.` : '';
        return { text: `You haven't budgeted anything for **${line?.category ?? q.category}** ${when}.${spent}\n\n**Next step:** give it an amount on **Budget** (/budget).`, tools };
      }
      if (q.kind === 'budgeted') {
        if (line) {
          const target = line.target && line.needed > 0 ? ` Its target asks for ${m(line.needed)} this month${line.underfunded > 0 ? `, ${m(line.underfunded)} more than assigned` : ''}.` : '';
          return { text: `You've budgeted **${m(line.assigned)}** for **${line.category}** ${when}${line.carried_in !== 0 ? ` (plus ${m(line.carried_in)} carried in)` : ''}.${target} You've spent ${m(line.spent)} of it so far.\n\n**Next step:** change it on **Budget** (/budget).`, tools };
        }
        const rows = b.categories.filter((c) => c.assigned !== 0).map((c) => `- **${c.category}**: ${m(c.assigned)}`);
        return { text: `You've budgeted **${m(b.assigned)}** in all ${when}:\n\n${rows.join('\n')}\n\n**Next step:** change the amounts on **Budget** (/budget).`, tools };
      }
      if (line) {
        const text =
          line.available >= 0
            ? `You have **${m(line.available)}** left for **${line.category}** ${when}: spent ${m(line.spent)} of ${m(line.assigned + line.carried_in)}.`
            : `You have nothing left for **${line.category}** ${when}: you've spent ${m(line.spent)} of ${m(line.assigned + line.carried_in)}, **${m(line.overspent)} over**.`;
        return { text: `${text}\n\n**Next step:** see it on **Budget** (/budget).`, tools };
      }
      return { text: `You have **${m(b.available)}** left across your budget ${when}: spent ${m(b.spent)}${b.overspent > 0 ? `, with ${m(b.overspent)} overspent` : ''}.\n\n**Next step:** see each category on **Budget** (/budget).`, tools };
    }
    case 'bills_before_payday':
    case 'bills_ahead': {
      const tools = ['get_bills_ahead'];
      const r = q.kind === 'bills_ahead' ? await getBillsAhead(ctx, { days: q.days }) : await getBillsAhead(ctx, { until_payday: true });
      if (!r.has_recurring) return { text: NO_BILLS, tools };
      const span =
        q.kind === 'bills_ahead'
          ? q.label
          : r.payday
            ? `before your next payday (${dayName(r.payday)})`
            : 'in the next 30 days (I see no income set up on Bills, so no payday)';
      if (!r.bills.length) return { text: `Nothing is due ${span}.\n\n**Next step:** see the month ahead on **Bills** (/bills).`, tools };
      const rows = r.bills.map((b) => `- ${dayName(b.due_date)}: **${b.name}**, ${m(b.amount)}`);
      const safe = r.safe_to_spend && r.payday ? `\n\nSafe to spend until payday: **${m(r.safe_to_spend.amount)}** (on-budget balance ${m(r.safe_to_spend.balance)} less ${m(r.safe_to_spend.due_before_payday)} due from those accounts).` : '';
      return {
        text: `${r.bills.length === 1 ? '1 payment is' : `${r.bills.length} payments are`} due ${span}, **${m(r.total)}** in all:\n\n${rows.join('\n')}${safe}\n\n**Next step:** see them on **Bills** (/bills).`,
        tools,
      };
    }
    case 'balance_on': {
      const tools = ['get_balance_on'];
      const { userId, service } = recurringOf(ctx);
      const { items } = await service.list(userId, ctx.today);
      const ahead = await service.monthAhead(userId, ctx.today);
      const payday = ahead.safe_to_spend.payday;
      const date = q.date ?? (payday ? addDays(payday, -1) : null);
      if (!date) return { text: `I can't tell which day you mean: I see no pay set up on Bills, so I don't know your next payday.\n\n**Next step:** ask for a day ("on the 30th"), or add your pay on **Bills** (/bills).`, tools: [] };
      const r = await getBalanceOn(ctx, { date });
      if ('error' in r) return { text: `I can only look up to 90 days ahead (until ${dayName(addDays(ctx.today, 89))}), so I can't tell ${dayName(date)}.\n\n**Next step:** ask about a day before then.`, tools };
      if (!r.accounts.length) return { text: "I can't forecast a balance yet: you have no accounts with a balance in Finu. **Next step:** add your accounts under **Accounts** (/accounts), and your bills and pay on **Bills** (/bills).", tools };
      // The payments that move the forecast from today to that day: the Bills page's month ahead (or its list, beyond 30 days).
      const { occurrences } = await service.occurrences(userId, ctx.today, date, ctx.today);
      const pending = occurrences.filter((o) => o.status === 'upcoming');
      const minorOf = (xs: typeof pending) => xs.reduce((s, o) => s + toMinor(o.amount), 0);
      const incoming = fromMinor(minorOf(pending.filter((o) => o.amount > 0)));
      const outgoing = fromMinor(-minorOf(pending.filter((o) => o.amount < 0)));
      const today = fromMinor(r.accounts.reduce((s, a) => s + toMinor(a.balance_today), 0));
      const rows = pending.map((o) => `- ${dayName(o.due_date)}: **${o.name}**, ${o.amount > 0 ? '+' : '−'}${m(Math.abs(o.amount))}`);
      const perAccount = r.accounts.length > 1 ? ` (${r.accounts.map((a) => `${a.account} ${m(a.balance_then)}`).join(', ')})` : '';
      const movement = pending.length
        ? `That is today's ${m(today)}${toMinor(incoming) ? `, plus ${m(incoming)} of expected income` : ''}${toMinor(outgoing) ? `, less ${m(outgoing)} of bills and subscriptions due until then` : ''}:\n\n${rows.join('\n')}`
        : `Nothing set up on Bills is due until then, so that is today's balance.`;
      const assumes = `This assumes ${items.length ? 'the items on Bills come in and go out as scheduled and ' : ''}you spend nothing else: day-to-day spending (groceries, eating out, one-offs) is not in it, so expect to have less by what you usually spend.${items.length ? '' : " You haven't set up any bills or pay on Bills, so none are counted."}`;
      const safe = payday && date >= addDays(payday, -1) ? '' : payday ? ` Safe to spend until payday (${dayName(payday)}): ${m(ahead.safe_to_spend.amount)}.` : '';
      return {
        text: `On **${dayName(date)}**${q.date ? '' : ', the day before your next pay,'} you should have about **${m(r.total_then)}**${perAccount}. ${movement}\n\n${assumes}${safe}\n\n**Next step:** see the day-by-day forecast on **Bills** (/bills).`,
        tools,
      };
    }
    case 'price_changes': {
      const tools = ['get_price_changes'];
      const r = await getPriceChanges(ctx);
      const rows = r.went_up.map((c) => `- **${c.name}**: ${m(c.from)} → ${m(c.to)} (+${percent(c.percent)})`);
      const down = r.went_down.length ? `\n\nCheaper: ${r.went_down.map((c) => `**${c.name}** ${m(c.from)} → ${m(c.to)} (${percent(c.percent)})`).join(', ')}.` : '';
      const rule = 'the latest charge more than 5 % above the average of the three before it';
      if (!rows.length) return { text: `None of your subscriptions or bills went up: no latest charge is more than 5 % above the average of the three before it.${down}\n\n**Next step:** see them on **Bills** (/bills).`, tools };
      return {
        text: `${rows.length === 1 ? '1 subscription or bill went up' : `${rows.length} subscriptions or bills went up`} (${rule}):\n\n${rows.join('\n')}${down}\n\n**Next step:** check ${rows.length === 1 ? 'it' : 'them'} on **Bills** (/bills), and cancel or switch what is no longer worth it.`,
        tools,
      };
    }
    case 'subscriptions_cost': {
      const tools = ['get_subscriptions_cost'];
      const r = await getSubscriptionsCost(ctx);
      if (!r.subscriptions.length) {
        const found = detected ? (await detected()).charges.filter((c) => c.kind === 'subscription') : [];
        if (found.length) {
          const total = fromMinor(found.reduce((s, c) => s + toMinor(c.monthly_amount), 0));
          const rows = found.map((c) => `- **${c.merchant}**: ${m(c.monthly_amount)} a month`);
          return {
            text: `You haven't set up any subscriptions on Bills yet. From your transactions, ${found.length === 1 ? '1 charge looks' : `${found.length} charges look`} like ${found.length === 1 ? 'a subscription' : 'subscriptions'}, about **${m(total)} a month** (${m(fromMinor(toMinor(total) * 12))} a year):\n\n${rows.join('\n')}\n\n**Next step:** confirm them on **Bills** (/bills) so I can tell you when each is due.`,
            tools: [...tools, 'find_recurring_charges'],
          };
        }
        return { text: `${r.has_recurring ? "You haven't marked any of your recurring items as a subscription" : "You haven't set up any subscriptions yet"}, so I have no monthly cost to give. **Next step:** open **Bills** (/bills) to add them or confirm the ones Finu suggests; or ask me "What are my recurring charges?" to see what your transactions show.`, tools };
      }
      const rows = r.subscriptions.map((s) => `- **${s.name}**: ${m(s.monthly)} a month${s.next_due ? `, next on ${dayName(s.next_due)}` : ''}`);
      return {
        text: `Your ${r.subscriptions.length === 1 ? 'subscription costs' : `${r.subscriptions.length} subscriptions cost`} **${m(r.monthly)} a month** (${m(r.yearly)} a year):\n\n${rows.join('\n')}\n\n**Next step:** cancel any you no longer use on **Bills** (/bills).`,
        tools,
      };
    }
  }
}

/** How many complete months before this one a suggested budget looks back over. */
export const SUGGEST_MONTHS = 6;

/** The median in cents (the mean of the middle two, rounded half up, for an even count). */
function medianMinor(values: number[]): number {
  const xs = [...values].sort((a, b) => a - b);
  const mid = Math.floor(xs.length / 2);
  return xs.length % 2 ? xs[mid]! : Math.round((xs[mid - 1]! + xs[mid]!) / 2);
}

/**
 * "What should I budget for dining?": the median of what the category spent in each of the last six
 * complete months, with the months shown. Months before the first with any spending at all are left
 * out (the person was not using Finu yet); a month with spending elsewhere but none here counts as 0.
 */
async function suggestBudget(q: Extract<BudgetBillQuestion, { kind: 'budget_suggest' }>, ctx: ToolContext): Promise<{ text: string; tools: string[] }> {
  const m = (amount: number) => money(amount, ctx.currency);
  const tools = ['get_budget'];
  if (!q.category) {
    return { text: "Which category do you mean? Ask me, for example, \"What should I budget for groceries?\" and I'll suggest an amount from what you spent there in recent months.\n\n**Next step:** set the amounts on **Budget** (/budget).", tools: [] };
  }
  const months = Array.from({ length: SUGGEST_MONTHS }, (_, i) => addMonths(q.month, i - SUGGEST_MONTHS));
  const drawn = await Promise.all(months.map((month) => getBudget(ctx, { month })));
  const first = drawn.findIndex((b) => b.spent > 0);
  const name = (await getBudget(ctx, { month: q.month, category: q.category })).categories[0];
  const category = name?.category ?? q.category;
  const link = `[**${category}** on Budget](${budgetRowLink(q.month, category)})`;
  if (first < 0) {
    return { text: `I can't suggest an amount for **${category}** yet: I see no spending at all in the last ${SUGGEST_MONTHS} months to base it on.\n\n**Next step:** set an amount you're comfortable with on ${link}; after a month or two I can suggest one from what you spend.`, tools };
  }
  const used = months.slice(first).map((month, i) => {
    const line = drawn[first + i]!.categories.find((c) => c.category.toLowerCase() === category.toLowerCase());
    return { month, spentMinor: line ? toMinor(line.spent) : 0 };
  });
  const median = fromMinor(medianMinor(used.map((u) => u.spentMinor)));
  const listed = used.map((u) => `- ${monthName(u.month)}: ${m(fromMinor(u.spentMinor))}`).join('\n');
  const span = used.length === 1 ? `the only complete month I have (${monthName(used[0]!.month)})` : `the median of the last ${used.length} complete months`;
  const now = name && budgeted(name) ? ` You've assigned ${m(name.assigned)} for ${monthName(q.month)} so far.` : '';
  if (median === 0) {
    return { text: `You spent nothing on **${category}** in most of the last ${used.length} months (the median is ${m(0)}), so I'd budget only what you plan to spend there:\n\n${listed}\n\n**Next step:** set it on ${link}.`, tools };
  }
  return {
    text: `I'd budget about **${m(median)}** a month for **${category}**: ${span} of what you spent there.${now}\n\n${listed}\n\nThe median keeps one unusual month from setting the amount. **Next step:** set it on ${link}.`,
    tools,
  };
}

/** "If I move 50 from fun to groceries…": what each category would have available this month before and after. */
async function moveBetween(q: Extract<BudgetBillQuestion, { kind: 'budget_move' }>, ctx: ToolContext): Promise<{ text: string; tools: string[] }> {
  const m = (amount: number) => money(amount, ctx.currency);
  const tools = ['get_budget'];
  const b = await getBudget(ctx, { month: q.month });
  const when = q.month === monthOf(ctx.today) ? `this month (${monthName(q.month)})` : `in ${monthName(q.month)}`;
  const { userId, service } = budgetsOf(ctx);
  const all = (await service.month(userId, q.month)).groups.flatMap((g) => g.categories);
  const unclear = ([q.from === null ? q.fromWords : null, q.to === null ? q.toWords : null].filter(Boolean) as string[]);
  if (unclear.length) {
    // A group ("fun") or a word that is no category: ask rather than guess which category the money comes from.
    const explain = unclear.map((w) => {
      const inGroup = all.filter((c) => c.group.toLowerCase() === w.toLowerCase()).map((c) => `**${c.category}**`);
      return inGroup.length ? `"${w}" is a group on your budget (${listOf(inGroup)}), not one category` : `I don't have a category called "${w}"`;
    });
    return { text: `Which categories do you mean? ${explain.join('; ')}. Budget money moves between categories, so name both, for example "if I move ${m(q.amount)} from Dining to Groceries".\n\n**Next step:** see your categories on **Budget** (/budget?month=${q.month}).`, tools };
  }
  if (q.from!.toLowerCase() === q.to!.toLowerCase()) return { text: `That moves money from **${q.from}** to itself, so nothing would change.`, tools: [] };
  const line = (name: string) => all.find((c) => c.category.toLowerCase() === name.toLowerCase());
  const from = line(q.from!);
  const to = line(q.to!);
  if (!b.has_budget && !from?.assigned && !to?.assigned) return { text: NO_BUDGET, tools };
  const amountMinor = toMinor(q.amount);
  const row = (name: string, c: BudgetCategory | undefined, delta: number) => {
    const nowMinor = c ? toMinor(c.available) : 0;
    const afterMinor = nowMinor + delta;
    const after = fromMinor(afterMinor);
    const left = afterMinor < 0 ? `nothing left, **${m(fromMinor(-afterMinor))} over**` : `**${m(after)}** left`;
    return `- [**${c?.category ?? name}**](${budgetRowLink(q.month, c?.category ?? name)}): ${left} (now ${m(fromMinor(nowMinor))}; assigned ${m(fromMinor((c ? toMinor(c.assigned) : 0) + delta))} instead of ${m(c?.assigned ?? 0)})`;
  };
  const fromAfter = (from ? toMinor(from.available) : 0) - amountMinor;
  const warn = fromAfter < 0 ? `\n\n**${from?.category ?? q.from}** has only ${m(from?.available ?? 0)} left, so moving ${m(q.amount)} would leave it overspent.` : '';
  return {
    text: `If you move **${m(q.amount)}** from **${from?.category ?? q.from}** to **${to?.category ?? q.to}** ${when}, they would have:\n\n${row(q.from!, from, -amountMinor)}\n${row(q.to!, to, amountMinor)}${warn}\n\nNothing has been moved. **Next step:** make the move on **Budget** (/budget?month=${q.month}) with the category's **Move money…** action.`,
    tools,
  };
}

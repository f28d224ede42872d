import { z } from 'zod';
import { addDays, isDay } from '../../../contract/calendar';
import { fromMinor } from '../../../contract/money';
import type { ToolContext } from './data';
import { recurringService } from '../recurring/service';

/** The user's recurring service as of the answer's day (its figures are the Bills page's). */
function serviceOf(ctx: ToolContext) {
  const { userId, repo, accounts } = ctx.data.recurring();
  return { userId, service: recurringService({ repo, accounts, currencyOf: async () => ctx.currency }) };
}

const day = (field: string) => z.string().refine(isDay, `${field} must be a date YYYY-MM-DD`);

/** "What bills are due before Friday": the occurrences not yet paid from today until the day before `before`. */
export async function getBillsDue(ctx: ToolContext, args: { before: string }) {
  const { userId, service } = serviceOf(ctx);
  const until = addDays(args.before, -1);
  const { occurrences } = until < ctx.today ? { occurrences: [] } : await service.occurrences(userId, ctx.today, until, ctx.today);
  const due = occurrences.filter((o) => o.status === 'upcoming' && o.amount < 0);
  return {
    from: ctx.today,
    until,
    currency: ctx.currency,
    bills: due.map((o) => ({ name: o.name, due_date: o.due_date, amount: -o.amount, kind: o.kind, link: `/bills?item=${o.recurring_id}` })),
    total: fromMinor(due.reduce((s, o) => s - Math.round(o.amount * 100), 0)),
  };
}

/** "How much will I have left on the 30th": each account's forecast balance on that day (90 days at most). */
export async function getBalanceOn(ctx: ToolContext, args: { date: string }) {
  const { userId, service } = serviceOf(ctx);
  const forecast = await service.forecast(userId, ctx.today, 0);
  if (args.date < ctx.today || args.date > forecast.to) return { error: `date must be between ${ctx.today} and ${forecast.to}` };
  const accounts = forecast.accounts.map((a) => ({ account: a.name, balance_today: a.balance, balance_then: a.days.find((d) => d.date === args.date)!.balance, link: `/bills?account=${a.account_id}` }));
  return { date: args.date, currency: ctx.currency, accounts, total_then: fromMinor(accounts.reduce((s, a) => s + Math.round(a.balance_then * 100), 0)), note: 'Balance today plus the recurring income and bills expected until then; one-off spending is not in it.' };
}

/** "Which subscriptions went up": recurring items and suggestions whose last amount is more than 5 % above the three before. */
export async function getPriceChanges(ctx: ToolContext) {
  const { userId, service } = serviceOf(ctx);
  const [{ items }, { suggestions }] = await Promise.all([service.list(userId, ctx.today), service.suggestions(userId, ctx.today)]);
  const changed = [
    ...items.filter((i) => i.price_change).map((i) => ({ name: i.name, ...i.price_change!, link: `/bills?item=${i.recurring_id}` })),
    ...suggestions.filter((s) => s.price_change).map((s) => ({ name: s.name, ...s.price_change!, link: '/bills' })),
  ];
  return { currency: ctx.currency, went_up: changed.filter((c) => c.percent > 0), went_down: changed.filter((c) => c.percent < 0) };
}

/** The coach's bills tools, registered beside the others in tools.ts. */
export const recurringTools = {
  get_bills_due: { description: 'Recurring bills and subscriptions due from today until the day before a date, not yet paid, with the total; each links to its item.', args: z.object({ before: day('before') }), run: getBillsDue },
  get_balance_on: { description: 'Each account’s forecast balance on a day within 90 days: today’s balance plus the recurring income and bills due until then.', args: z.object({ date: day('date') }), run: getBalanceOn },
  get_price_changes: { description: 'Subscriptions and bills whose latest charge is more than 5 % above (or below) the three before it.', args: z.object({}), run: getPriceChanges },
};

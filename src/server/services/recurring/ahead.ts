import { isLiability } from '../../../contract/accounts';
import { addDays } from '../../../contract/calendar';
import { fromMinor } from '../../../contract/money';
import { FORECAST_DAYS, MONTH_AHEAD_DAYS, type Forecast, type MonthAhead } from '../../../contract/recurring';
import type { AccountWithBalance } from '../../repositories/accounts';
import type { RecurringItemRow } from '../../repositories/recurring';
import { occurrenceOut, type RecurringDeps } from './common';
import type { OccurrenceActions } from './occurrences';

/** Looking ahead: the month ahead with safe-to-spend, and each account's balance day by day. */
export function aheadActions(deps: RecurringDeps, { occurrencesOf }: Pick<OccurrenceActions, 'occurrencesOf'>) {
  const { repo } = deps;

  /** On-budget, open accounts of the user with balances (the per-account rollup, no row scan). */
  const openAccounts = async (userId: string): Promise<AccountWithBalance[]> => (await deps.accounts.list(userId, false)).filter((a) => !a.closed);

  const forecastOf = async (userId: string, from: string, thresholdMinor: number, items?: RecurringItemRow[]) => {
    const list = items ?? (await repo.list(userId));
    const to = addDays(from, FORECAST_DAYS - 1);
    const [accounts, occurrences] = await Promise.all([openAccounts(userId), occurrencesOf(userId, list, from, to, from)]);
    const pending = occurrences.filter((o) => o.status === 'upcoming');
    const result: Forecast['accounts'] = [];
    for (const account of accounts) {
      const mine = pending.filter((o) => o.item.accountId === account.id);
      if (!mine.length && !account.onBudget) continue;
      const byDay = new Map<string, number>();
      for (const o of mine) byDay.set(o.due, (byDay.get(o.due) ?? 0) + o.amountMinor);
      let balance = account.balanceMinor;
      const days: { date: string; balance: number }[] = [];
      let lowest = { date: from, balance };
      let belowZero: string | null = null;
      let belowThreshold: string | null = null;
      const owed = isLiability(account.kind);
      for (let i = 0; i < FORECAST_DAYS; i++) {
        const date = addDays(from, i);
        balance += byDay.get(date) ?? 0;
        days.push({ date, balance: fromMinor(balance) });
        if (balance < lowest.balance) lowest = { date, balance };
        // A card or loan is owed (below zero) by nature: the warnings are for money a person holds.
        if (owed) continue;
        if (belowZero === null && balance < 0) belowZero = date;
        if (belowThreshold === null && balance < thresholdMinor) belowThreshold = date;
      }
      result.push({
        account_id: account.id,
        name: account.name,
        currency: account.currency,
        balance: fromMinor(account.balanceMinor),
        days,
        lowest: { date: lowest.date, balance: fromMinor(lowest.balance) },
        first_below_zero: belowZero,
        first_below_threshold: belowThreshold,
      });
    }
    return { from, to, threshold: fromMinor(thresholdMinor), accounts: result } satisfies Forecast;
  };

  return {
    /** The next 30 days: every occurrence, the calendar's days, the totals, and safe-to-spend until payday. */
    async monthAhead(userId: string, from: string): Promise<MonthAhead> {
      const to = addDays(from, MONTH_AHEAD_DAYS - 1);
      const items = await repo.list(userId);
      // One read for the 30 days and the next payday, which may lie past them (a monthly salary just paid).
      const [ahead, accounts, currency] = await Promise.all([occurrencesOf(userId, items, from, addDays(from, 45), from), openAccounts(userId), deps.currencyOf(userId)]);
      const occurrences = ahead.filter((o) => o.due <= to);
      const paydays = ahead.filter((o) => o.item.kind === 'income' && o.due > from);
      const payday = paydays.find((o) => o.status === 'upcoming')?.due ?? null;
      const pending = occurrences.filter((o) => o.status === 'upcoming');
      const out = pending.filter((o) => o.amountMinor < 0);
      const billsTotal = -out.reduce((s, o) => s + o.amountMinor, 0);
      const incomeTotal = pending.filter((o) => o.amountMinor > 0).reduce((s, o) => s + o.amountMinor, 0);
      const days = new Map<string, { count: number; amount: number }>();
      for (const o of occurrences) {
        const d = days.get(o.due) ?? { count: 0, amount: 0 };
        days.set(o.due, { count: d.count + 1, amount: d.amount + o.amountMinor });
      }
      const onBudget = new Set(accounts.filter((a) => a.onBudget && a.currency === currency).map((a) => a.id));
      const balance = accounts.filter((a) => onBudget.has(a.id)).reduce((s, a) => s + a.balanceMinor, 0);
      // Before payday: what leaves on-budget accounts from today until the day before it (or the 30 days).
      const until = payday ?? addDays(to, 1);
      const dueBefore = -pending.filter((o) => o.amountMinor < 0 && o.due < until && onBudget.has(o.item.accountId)).reduce((s, o) => s + o.amountMinor, 0);
      return {
        from,
        to,
        currency,
        occurrences: occurrences.map(occurrenceOut),
        bills_total: fromMinor(billsTotal),
        income_total: fromMinor(incomeTotal),
        days: [...days].map(([date, d]) => ({ date, count: d.count, amount: fromMinor(d.amount) })),
        safe_to_spend: { payday, amount: fromMinor(balance - dueBefore), balance: fromMinor(balance), due_before_payday: fromMinor(dueBefore) },
      };
    },

    forecast: forecastOf,
  };
}

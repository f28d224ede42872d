import { type NetWorth } from '../../../contract/accounts';
import { addMonths as addMonthsTo, netWorthSeries } from './netWorth';
import { endOfMonth } from '../../../contract/calendar';
import { type RateFraction } from '../../../contract/rates';
import { currencyMoves, type AccountsDeps } from './common';

/** Balances over time: net worth by month, and the on-budget opening balances in the base currency. */
export function balanceActions(deps: AccountsDeps) {
  const { repo, currencyOf, today, rates } = deps;
  const { baseOf } = currencyMoves(deps);
  const service = {
    async netWorth(userId: string, months: number, toMonth?: string): Promise<NetWorth> {
      const [list, monthly, currency] = await Promise.all([repo.plain(userId), repo.monthly(userId), currencyOf(userId)]);
      const last = toMonth ?? today().slice(0, 7);
      // Month-end rates of each foreign currency (the current month: today's newest rate).
      const known = new Map<string, RateFraction | null>();
      const foreign = [...new Set(list.filter((a) => a.currency !== currency && !a.closed).map((a) => a.currency))];
      for (const c of foreign) {
        for (let i = -1; i < months; i++) {
          const m = addMonthsTo(last, i - months + 1);
          const end = endOfMonth(m) < today() ? endOfMonth(m) : today();
          known.set(`${c}|${m}`, (await rates?.latestOnOrBefore(userId, c, currency, end))?.rate ?? null);
        }
      }
      return netWorthSeries(list, monthly, currency, months, last, (c, m) => known.get(`${c}|${m}`) ?? null);
    },

    /**
     * The on-budget accounts' opening balances dated on or before a day (GET /transactions/balance/current adds
     * them), in the base currency at the rate of each opening day, as a row of that day would be; one without a
     * rate is left out and counted, never 1:1.
     */
    async onBudgetOpenings(userId: string, day: string): Promise<{ baseMinor: number; unconverted: number }> {
      let baseMinor = 0;
      let unconverted = 0;
      for (const o of await repo.onBudgetOpenings(userId, day)) {
        const inBase = await baseOf(userId, o.currency, o.amountMinor, o.openingDate);
        if (inBase === null) unconverted++;
        else baseMinor += inBase;
      }
      return { baseMinor, unconverted };
    },
  };
  return service;
}

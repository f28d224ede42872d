import { ACCOUNT_KINDS, isLiability, type NetWorth } from '../../../contract/accounts';
import { fromMinor } from '../../../contract/money';
import type { RateFraction } from '../../../contract/rates';
import type { AccountRow } from '../../repositories/accounts';
import { convertStored } from '../rates/service';

/** The rate of a currency into the base at the end of a month (YYYY-MM); null when there is none. */
export type MonthEndRate = (currency: string, month: string) => RateFraction | null;

type Kind = (typeof ACCOUNT_KINDS)[number];

/** YYYY-MM, `delta` months from `month`. */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * Assets minus liabilities at the end of each of `count` months up to `toMonth`, from the
 * per-account monthly rollup (a few rows per account and month, whatever the number of
 * transactions). An account in another currency is valued at each month's end rate (`rateAt`); a month
 * without one leaves it out of that month's totals, never 1:1. Its balance at the start of a month
 * revalued at the end rate is the month's currency effect, apart from income and spending.
 */
export function netWorthSeries(
  accounts: AccountRow[],
  monthly: { accountId: string; month: string; netMinor: number }[],
  currency: string,
  count: number,
  toMonth: string,
  rateAt: MonthEndRate = () => null,
): NetWorth {
  const months = Array.from({ length: count }, (_, i) => addMonths(toMonth, i - count + 1));
  const first = months[0]!;
  const included = accounts.filter((a) => a.currency === currency || (!a.closed && rateAt(a.currency, toMonth)));
  const byAccount = new Map<string, { before: number; perMonth: Map<string, number> }>();
  for (const a of included) byAccount.set(a.id, { before: 0, perMonth: new Map() });
  for (const r of monthly) {
    const entry = byAccount.get(r.accountId);
    if (!entry) continue;
    if (r.month < first) entry.before += r.netMinor;
    else entry.perMonth.set(r.month, (entry.perMonth.get(r.month) ?? 0) + r.netMinor);
  }
  const lines: { account_id: string; name: string; kind: Kind; minor: number[]; base: (number | null)[]; effect: number[] }[] = [];
  for (const a of included) {
    const entry = byAccount.get(a.id)!;
    let running = entry.before;
    const atEnd = (m: string, r: number) => r + (a.openingDate.slice(0, 7) <= m ? a.openingBalanceMinor : 0);
    const beforeFirst = atEnd(addMonths(first, -1), entry.before);
    const minor = months.map((m) => {
      running += entry.perMonth.get(m) ?? 0;
      // The opening balance counts from the month the account was opened.
      return atEnd(m, running);
    });
    const foreign = a.currency !== currency;
    const rates = months.map((m) => (foreign ? rateAt(a.currency, m) : null));
    const base = minor.map((v, i) => (!foreign ? v : rates[i] ? convertStored(v, currency, rates[i]!) : null));
    const effect = months.map((m, i) => {
      const start = i === 0 ? beforeFirst : minor[i - 1]!;
      const was = i === 0 ? (foreign ? rateAt(a.currency, addMonths(m, -1)) : null) : rates[i - 1];
      const now = rates[i];
      return foreign && was && now ? convertStored(start, currency, now) - convertStored(start, currency, was) : 0;
    });
    lines.push({ account_id: a.id, name: a.name, kind: a.kind, minor, base, effect });
  }
  const assets = months.map((_, i) => lines.reduce((n, l) => n + (isLiability(l.kind) ? 0 : (l.base[i] ?? 0)), 0));
  const owed = months.map((_, i) => lines.reduce((n, l) => n + (isLiability(l.kind) ? -(l.base[i] ?? 0) : 0), 0));
  const net = months.map((_, i) => assets[i]! - owed[i]!);
  return {
    currency,
    months,
    assets: assets.map(fromMinor),
    liabilities: owed.map(fromMinor),
    net_worth: net.map(fromMinor),
    change: fromMinor(net[net.length - 1]! - net[0]!),
    accounts: lines.map((l) => ({ account_id: l.account_id, name: l.name, kind: l.kind, balances: l.minor.map(fromMinor) })),
    unconverted_accounts: accounts.filter((a) => a.currency !== currency && !a.closed && !included.includes(a)).length,
    currency_effect: months.map((_, i) => fromMinor(lines.reduce((n, l) => n + l.effect[i]!, 0))),
  };
}

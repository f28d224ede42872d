import type { AccountsRepository } from '../../repositories/accounts';
import type { TransactionsRepository } from '../../repositories/transactions';
import { todayUtc } from '../transactions/reports';
import type { RatesRepository } from '../../repositories/rates';
import { rateText, scaledOf } from '../../../contract/rates';
import { DEMO_ACCOUNTS, DEMO_INSTITUTION, chargeTripAbroad, demoForeignCurrency, demoRate, placeDemoRows, type DemoAccountKey } from './accounts';
import { generateDemoYear } from './generator';

export const DEFAULT_DEMO_SEED = 42;

export interface DemoLoadResult {
  inserted: number;
  dateFrom: string;
  dateTo: string;
  seed: number;
}

/** The demo accounts of a user (found by name, added when missing). */
async function demoAccounts(accounts: AccountsRepository, userId: string, currency: string, openingDate: string): Promise<Record<DemoAccountKey, string>> {
  const existing = await accounts.list(userId, true);
  const ids = {} as Record<DemoAccountKey, string>;
  for (const spec of DEMO_ACCOUNTS) {
    const found = existing.find((a) => a.name.toLowerCase() === spec.name.toLowerCase());
    if (found) {
      ids[spec.key] = found.id;
      if (found.closed) await accounts.update(userId, found.id, { closed: false });
      continue;
    }
    const created =
      (await accounts.create(userId, { name: spec.name, kind: spec.kind, currency: 'foreign' in spec ? demoForeignCurrency(currency) : currency, onBudget: spec.onBudget, openingBalanceMinor: spec.openingBalanceMinor, openingDate, institution: DEMO_INSTITUTION, last4: null })) ??
      (await accounts.list(userId, true)).find((a) => a.name.toLowerCase() === spec.name.toLowerCase());
    ids[spec.key] = created!.id;
  }
  return ids;
}

/**
 * Loads (or reloads) a year of demo transactions ending today for one user, in the demo accounts
 * (checking, a card paid monthly, savings fed monthly, a car loan); the rows in one database transaction.
 */
export async function loadDemoData(
  repo: TransactionsRepository,
  accounts: AccountsRepository,
  userId: string,
  options: { seed?: number; endDate?: string; rates?: RatesRepository } = {},
): Promise<DemoLoadResult> {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const year = generateDemoYear(seed, options.endDate ?? todayUtc());
  const dates = year.map((r) => r.date).sort();
  const base = await repo.accountCurrency(userId);
  const ids = await demoAccounts(accounts, userId, base, dates[0] ?? todayUtc());
  const rows = placeDemoRows(year, ids);
  // The trip abroad's charges and the savings abroad come with the demo's own rates (typed, like a person's).
  const tripRates = chargeTripAbroad(rows, base);
  // Rows of the accounts in the base currency carry it as their base amount, as typed and imported ones do.
  const foreignIds = new Set(DEMO_ACCOUNTS.filter((spec) => 'foreign' in spec).map((spec) => ids[spec.key]));
  for (const r of rows) if (r.baseAmountMinor == null && r.accountId && !foreignIds.has(r.accountId)) r.baseAmountMinor = r.amountMinor;
  const foreign = demoForeignCurrency(base);
  const savingsRate = demoRate(foreign, base);
  const last = dates[dates.length - 1];
  if (options.rates) {
    const kept = [...tripRates, ...(savingsRate && last ? [{ date: last, base: foreign, quote: base, rate: rateText(scaledOf(savingsRate)) }] : [])];
    if (kept.length) await options.rates.upsert(userId, 'typed', kept);
  }
  const inserted = await repo.replaceDemo(userId, rows);
  // An account of the same name the person made themselves may be tracking only: count as its flag says.
  await accounts.recount(userId, Object.values(ids));
  return { inserted, dateFrom: dates[0] ?? '', dateTo: dates[dates.length - 1] ?? '', seed };
}

/** Removes exactly the demo rows (source = demo) of one user, and the demo accounts left empty. */
export async function removeDemoData(repo: TransactionsRepository, accounts: AccountsRepository, userId: string): Promise<number> {
  const deleted = await repo.removeDemo(userId);
  for (const a of await accounts.list(userId, true)) if (a.institution === DEMO_INSTITUTION && a.count === 0) await accounts.remove(userId, a.id);
  return deleted;
}

/**
 * Demo data for the routes: the year of rows and its rates, the month's category budgets, and a word to
 * the database maintenance (many rows changed at once).
 */
export function demoDataService(deps: { repo: TransactionsRepository; accounts: AccountsRepository; rates: RatesRepository; seedBudgets: (userId: string, from: string, to: string) => Promise<unknown>; changed: () => void }) {
  return {
    async load(userId: string, seed?: number): Promise<DemoLoadResult> {
      const result = await loadDemoData(deps.repo, deps.accounts, userId, { seed, rates: deps.rates });
      await deps.seedBudgets(userId, result.dateFrom, result.dateTo);
      deps.changed();
      return result;
    },
    async remove(userId: string): Promise<number> {
      const deleted = await removeDemoData(deps.repo, deps.accounts, userId);
      deps.changed();
      return deleted;
    },
  };
}

export type DemoDataService = ReturnType<typeof demoDataService>;

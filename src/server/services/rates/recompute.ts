import type { AccountsRepository } from '../../repositories/accounts';
import type { TransactionsRepository } from '../../repositories/transactions';
import { yieldToEventLoop } from '../jobs';
import { convertStored, type RatesService } from './service';

export interface BaseRecomputeDeps {
  transactions: Pick<TransactionsRepository, 'baseRecomputeQueue' | 'baseIsAmountPage' | 'amountsPage' | 'setBaseAmounts' | 'finishBaseRecompute'>;
  accounts: Pick<AccountsRepository, 'plain'>;
  rates: Pick<RatesService, 'ratesOn'>;
}

/** Rows read, converted and written back per step: one read of the rates and one UPDATE each. */
const PAGE = 5_000;

/**
 * One user's stored base amounts in `base`: rows of accounts in that currency take their amount; every
 * other account's rows take the rate of their day, or none (not converted).
 * Returns how many rows were left not converted.
 */
export async function recomputeBaseAmounts(deps: BaseRecomputeDeps, userId: string, base: string): Promise<number> {
  const accounts = await deps.accounts.plain(userId);
  // In pages of their own transaction, not one UPDATE of every row: an upgraded database queues its users with rows
  // of this kind (migration 0071), and one statement over a million rows would hold one transaction for minutes.
  for (const account of accounts.filter((a) => a.currency === base)) {
    let after: { date: string; id: string } | null = null;
    for (;;) {
      const page: { last: { date: string; id: string } | null } = await deps.transactions.baseIsAmountPage(userId, account.id, after, PAGE);
      if (!page.last) break;
      after = page.last;
      await yieldToEventLoop();
    }
  }
  let unconverted = 0;
  for (const account of accounts.filter((a) => a.currency !== base)) {
    let after: { date: string; id: string } | null = null;
    for (;;) {
      const page = await deps.transactions.amountsPage(userId, account.id, after, PAGE);
      if (page.length === 0) break;
      const found = await deps.rates.ratesOn(userId, account.currency, base, page.map((r) => r.date));
      const changes: { id: string; baseAmountMinor: number | null }[] = [];
      for (const row of page) {
        const rate = found.get(row.date);
        const baseAmountMinor = rate ? convertStored(row.amountMinor, base, rate.rate) : null;
        if (baseAmountMinor === null) unconverted++;
        if (baseAmountMinor !== row.baseAmountMinor) changes.push({ id: row.id, baseAmountMinor });
      }
      await deps.transactions.setBaseAmounts(userId, changes);
      const last = page.at(-1)!;
      after = { date: last.date, id: last.id };
      await yieldToEventLoop();
    }
  }
  return unconverted;
}

/**
 * The scheduled run: every user whose base currency changed gets their base amounts recomputed, then
 * their rollups rebuilt from the rows (the triggers added the old base amounts) and the mark cleared.
 * Returns the users finished.
 */
export async function runBaseRecompute(deps: BaseRecomputeDeps, batch = 20): Promise<number> {
  let finished = 0;
  for (const job of await deps.transactions.baseRecomputeQueue(batch)) {
    await recomputeBaseAmounts(deps, job.userId, job.currency);
    if (await deps.transactions.finishBaseRecompute(job.userId, job.since)) finished++;
  }
  return finished;
}

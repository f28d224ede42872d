import type { Db } from '../../db/client';
import { chainQueries } from './chain';
import { ledgerQueries } from './ledger';
import { streakQueries } from './streaks';
import { transferQueries } from './transfers';

export type { WalletRow } from './chain';
export type { AccountSummary, AwardInput, RewardEntryRow } from './ledger';
export type { ConvertResult, TransferRow } from './transfers';

/** The points ledger, activity streaks, token transfers, custodial wallets and chain state, one file each. */
export function rewardsRepository(db: Db) {
  return { ...ledgerQueries(db), ...streakQueries(db), ...transferQueries(db), ...chainQueries(db) };
}

export type RewardsRepository = ReturnType<typeof rewardsRepository>;

import type { z } from 'zod';
import { TRANSFER_CATEGORY, TRANSFER_MATCH_DAYS, type TransferPairs, type TransferResult, type transferRequest, type updateTransferRequest } from '../../../contract/accounts';
import type { Transaction } from '../../../contract/transactions';
import { toMinor } from '../../../contract/money';
import { unprocessable } from '../../errors';
import type { AccountRow } from '../../repositories/accounts';
import type { NewTransaction, TransactionPatch, TransactionRow } from '../../repositories/transactions';
import { toTransaction } from '../transactions/wire';
import { addDays } from '../../../contract/calendar';
import { type RateFraction } from '../../../contract/rates';
import { convertStored } from '../rates/service';
import { accountLookups, countsFor, currencyMoves, decodeRegisterCursor, reconciledChange, transferNotFound, transferResult, type AccountsDeps } from './common';

/** Transfers between the user's accounts: made, changed, removed, and found among rows (candidates, pairs). */
export function transferActions(deps: AccountsDeps) {
  const { repo, today, transactionOf } = deps;
  const { mustGetTransaction, open, mustGetAny } = accountLookups(deps);
  const { arriving, baseOf } = currencyMoves(deps);
  const legOf = (a: AccountRow, type: 'income' | 'expense', amountMinor: number, date: string, description: string, notes: string | null, other: AccountRow): NewTransaction & { accountId: string } => ({
    accountId: a.id,
    type,
    amountMinor,
    date,
    category: TRANSFER_CATEGORY,
    description,
    merchant: null,
    notes,
    tags: [],
    currency: null,
    kind: 'transfer',
    counts: countsFor(a, 'transfer', other),
  });

  const service = {
    async transfer(userId: string, b: z.output<typeof transferRequest>): Promise<TransferResult> {
      const [from, to] = [await open(userId, b.from_account_id, 'from_account_id'), await open(userId, b.to_account_id, 'to_account_id')];
      if (from.id === to.id) throw unprocessable('to_account_id must be another account than from_account_id');
      const amountMinor = toMinor(b.amount);
      const toMinorAmount = await arriving(userId, from, to, amountMinor, b.date, b);
      const [outBase, inBase] = await Promise.all([baseOf(userId, from.currency, amountMinor, b.date), baseOf(userId, to.currency, toMinorAmount, b.date)]);
      const legs = await repo.transfers.create(
        userId,
        { ...legOf(from, 'expense', amountMinor, b.date, b.description, b.notes ?? null, to), baseAmountMinor: outBase },
        { ...legOf(to, 'income', toMinorAmount, b.date, b.description, b.notes ?? null, from), baseAmountMinor: inBase },
      );
      return transferResult(legs);
    },

    async getTransfer(userId: string, transferId: string): Promise<TransferResult> {
      const legs = await repo.transfers.legs(userId, transferId);
      if (legs.length !== 2) throw transferNotFound();
      return transferResult(legs);
    },

    /** Changes both legs together: amount, date, description and notes on each, the accounts on their own leg. */
    async updateTransfer(userId: string, transferId: string, b: z.output<typeof updateTransferRequest>): Promise<TransferResult> {
      const legs = await repo.transfers.legs(userId, transferId);
      if (legs.length !== 2) throw transferNotFound();
      if (legs.some((l) => l.reconciled) && !b.confirm_reconciled) throw reconciledChange();
      const [outLeg, inLeg] = legs as [TransactionRow, TransactionRow];
      const fromId = b.from_account_id ?? outLeg.accountId;
      const toId = b.to_account_id ?? inLeg.accountId;
      if (fromId === toId) throw unprocessable('to_account_id must be another account than from_account_id');
      const [from, to] = [await mustGetAny(userId, fromId, 'from_account_id'), await mustGetAny(userId, toId, 'to_account_id')];
      const shared: TransactionPatch = {};
      if (b.date !== undefined) shared.date = b.date;
      if (b.description !== undefined) shared.description = b.description;
      if (b.notes !== undefined) shared.notes = b.notes;
      const date = b.date ?? outLeg.date;
      const outMinor = b.amount !== undefined ? toMinor(b.amount) : outLeg.amountMinor;
      // Across currencies the arriving amount follows: as sent, at the rate sent, or at the rate the transfer had.
      const kept: RateFraction = { num: BigInt(inLeg.amountMinor), den: BigInt(outLeg.amountMinor) };
      const inMinor =
        from.currency === to.currency
          ? outMinor
          : b.to_amount !== undefined || b.rate !== undefined || b.from_account_id !== undefined || b.to_account_id !== undefined
            ? await arriving(userId, from, to, outMinor, date, b)
            : convertStored(outMinor, to.currency, kept);
      const [outBase, inBase] = await Promise.all([baseOf(userId, from.currency, outMinor, date), baseOf(userId, to.currency, inMinor, date)]);
      const updated = await repo.transfers.update(
        userId,
        transferId,
        shared,
        { accountId: from.id, counts: countsFor(from, 'transfer', to), amountMinor: outMinor, baseAmountMinor: outBase },
        { accountId: to.id, counts: countsFor(to, 'transfer', from), amountMinor: inMinor, baseAmountMinor: inBase },
      );
      if (!updated) throw transferNotFound();
      return transferResult(updated);
    },

    async removeTransfer(userId: string, transferId: string, confirmReconciled = false): Promise<void> {
      const legs = await repo.transfers.legs(userId, transferId);
      if (legs.length === 0) throw transferNotFound();
      if (legs.some((l) => l.reconciled) && !confirmReconciled) throw reconciledChange();
      await repo.transfers.remove(userId, transferId);
    },

    /** Other accounts' rows that look like the other leg of this one (same amount the other way, ±3 days). */
    async transferCandidates(userId: string, id: string): Promise<Transaction[]> {
      const row = await mustGetTransaction(userId, id);
      if (row.kind !== 'standard') return [];
      return (await repo.transfers.candidates(userId, row, TRANSFER_MATCH_DAYS)).map(toTransaction);
    },

    /** Makes a row and the matching other leg one transfer ("link as transfer"). */
    async linkTransfer(userId: string, id: string, otherId: string): Promise<TransferResult> {
      const row = await mustGetTransaction(userId, id);
      const candidates = await repo.transfers.candidates(userId, row, TRANSFER_MATCH_DAYS);
      const other = candidates.find((c) => c.id === otherId);
      if (!other) throw unprocessable('other_transaction_id is not a matching other leg (same amount the other way, within 3 days, in another of your accounts)');
      const transferId = await repo.transfers.link(userId, [row.id, other.id]);
      await repo.recount(userId, [row.accountId, other.accountId]);
      return service.getTransfer(userId, transferId);
    },

    /** The batch list: likely transfer pairs across the user's accounts, newest outgoing row first, a page at a time. */
    async transferPairs(userId: string, q: { to?: string; days: number; limit: number; cursor?: string }): Promise<TransferPairs> {
      const to = q.to ?? today();
      const after = q.cursor ? decodeRegisterCursor(q.cursor) : undefined;
      const { pairs, hasMore } = await repo.transfers.pairs(userId, { from: addDays(to, 1 - q.days), to, days: TRANSFER_MATCH_DAYS, limit: q.limit, after });
      const last = pairs.at(-1)?.[0];
      return {
        pairs: pairs.map(([out, into]) => ({ from: toTransaction(out), to: toTransaction(into) })),
        has_more: hasMore,
        next_cursor: hasMore && last ? Buffer.from(JSON.stringify([last.date, last.id])).toString('base64url') : null,
      };
    },

    /** "Not a transfer": the pair is not offered again in the batch list. */
    async dismissTransferPair(userId: string, id: string, otherId: string): Promise<void> {
      const row = await mustGetTransaction(userId, id);
      const other = await transactionOf?.(userId, otherId);
      if (!other) throw unprocessable('other_transaction_id is not one of your transactions');
      if (other.id === row.id) throw unprocessable('other_transaction_id must be another transaction than this one');
      await repo.transfers.dismiss(userId, row.id, other.id);
    },
  };
  return service;
}
export type TransferActions = ReturnType<typeof transferActions>;

import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { GasSpeed } from '../../../contract/rewards';
import type { Db } from '../../db/client';
import { chainState, rewardAccounts, rewardEntries, tokenTransfers } from '../../db/schema';
import { lockAccount, type Tx } from './ledger';

export type TransferRow = typeof tokenTransfers.$inferSelect;

export type ConvertResult = { kind: 'converted'; transfer: TransferRow; balance: number } | { kind: 'insufficient'; balance: number };

/** The next treasury nonce: never below `atLeast` (the node's pending count), counted up under the counter's row lock. */
async function takeNonce(tx: Tx, key: string, atLeast: number): Promise<number> {
  await tx.insert(chainState).values({ key, value: '0' }).onConflictDoNothing();
  const [row] = await tx.select().from(chainState).where(eq(chainState.key, key)).for('update');
  const nonce = Math.max(Number(row!.value), atLeast);
  await tx.update(chainState).set({ value: String(nonce + 1), updatedAt: sql`now()` }).where(eq(chainState.key, key));
  return nonce;
}

/** Points converted to FINU: the user's conversions, and the transfer worker's rows (which serve every user). */
export function transferQueries(db: Db) {
  return {
    /**
     * Debits the points and records the transfer in one transaction under the account's row lock, so
     * concurrent conversions by one user run one after another and never spend more than the balance.
     */
    async convert(userId: string, input: { points: number; amountWei: string; toAddress: string; chainId: number; tokenAddress: string | null; gasPriceGwei: string | null; gasSpeed: GasSpeed | null; title: string; message: string }): Promise<ConvertResult> {
      return db.transaction(async (tx) => {
        const account = await lockAccount(tx, userId);
        if (account.balance < input.points) return { kind: 'insufficient' as const, balance: account.balance };
        const balance = account.balance - input.points;
        const [transfer] = await tx
          .insert(tokenTransfers)
          .values({ userId, points: input.points, amountWei: input.amountWei, toAddress: input.toAddress, chainId: input.chainId, tokenAddress: input.tokenAddress, gasPriceGwei: input.gasPriceGwei, gasSpeed: input.gasSpeed })
          .returning();
        await tx.insert(rewardEntries).values({
          userId,
          kind: 'spend',
          reason: 'conversion',
          points: input.points,
          balanceAfter: balance,
          title: input.title,
          message: input.message,
          reference: transfer!.id,
          idempotencyKey: `conversion:${transfer!.id}`,
        });
        await tx.update(rewardAccounts).set({ balance, totalSpent: sql`${rewardAccounts.totalSpent} + ${input.points}`, updatedAt: sql`now()` }).where(eq(rewardAccounts.userId, userId));
        return { kind: 'converted' as const, transfer: transfer!, balance };
      });
    },

    async transfer(userId: string, id: string): Promise<TransferRow | undefined> {
      const [row] = await db.select().from(tokenTransfers).where(and(eq(tokenTransfers.id, id), eq(tokenTransfers.userId, userId)));
      return row;
    },

    async recentTransfers(userId: string, limit: number): Promise<TransferRow[]> {
      return db.select().from(tokenTransfers).where(eq(tokenTransfers.userId, userId)).orderBy(desc(tokenTransfers.createdAt)).limit(limit);
    },

    async convertedPoints(userId: string): Promise<{ confirmed: number; inFlight: number }> {
      const [row] = await db
        .select({
          confirmed: sql<number>`coalesce(sum(${tokenTransfers.points}) filter (where ${tokenTransfers.status} = 'confirmed'), 0)`.mapWith(Number),
          inFlight: sql<number>`coalesce(sum(${tokenTransfers.points}) filter (where ${tokenTransfers.status} in ('pending', 'submitted')), 0)`.mapWith(Number),
        })
        .from(tokenTransfers)
        .where(eq(tokenTransfers.userId, userId));
      return row ?? { confirmed: 0, inFlight: 0 };
    },

    // --- the transfer worker (no user scope: it serves every user) ---

    transfers: {
      async open(): Promise<TransferRow[]> {
        return db.select().from(tokenTransfers).where(inArray(tokenTransfers.status, ['pending', 'submitted'])).orderBy(asc(tokenTransfers.nonce), asc(tokenTransfers.createdAt)).limit(500);
      },
      async confirmedSince(blockNumber: number): Promise<TransferRow[]> {
        return db.select().from(tokenTransfers).where(and(eq(tokenTransfers.status, 'confirmed'), gte(tokenTransfers.blockNumber, blockNumber)));
      },
      /**
       * Signs a transfer and stores the signed transaction before it is broadcast, in one database transaction
       * under the transfer's row lock. The row must still be as the worker read it (same status, same number of
       * attempts), else nothing is signed and null comes back: another worker got there first (a lease that ran
       * out during a long pass). A fresh nonce comes from the counter inside the same transaction, so a signature
       * that is not stored gives its nonce back and leaves no gap.
       */
      async sign(
        id: string,
        seen: { status: TransferRow['status']; attempts: number },
        nonce: { same: number } | { key: string; atLeast: number },
        tokenAddress: string,
        signWith: (nonce: number) => Promise<{ hash: string; raw: string }>,
      ): Promise<string | null> {
        return db.transaction(async (tx) => {
          const [row] = await tx.select({ status: tokenTransfers.status, attempts: tokenTransfers.attempts }).from(tokenTransfers).where(eq(tokenTransfers.id, id)).for('update');
          if (!row || row.status !== seen.status || row.attempts.length !== seen.attempts) return null;
          const value = 'same' in nonce ? nonce.same : await takeNonce(tx, nonce.key, nonce.atLeast);
          const { hash, raw } = await signWith(value);
          await tx
            .update(tokenTransfers)
            .set({
              status: 'submitted',
              nonce: value,
              txHash: hash,
              rawTx: raw,
              tokenAddress,
              attempts: sql`${tokenTransfers.attempts} || ${JSON.stringify([{ hash, nonce: value }])}::jsonb`,
              submittedAt: sql`coalesce(${tokenTransfers.submittedAt}, now())`,
              updatedAt: sql`now()`,
            })
            .where(eq(tokenTransfers.id, id));
          return raw;
        });
      },
      async confirmed(id: string, hash: string, blockNumber: number) {
        await db
          .update(tokenTransfers)
          .set({ status: 'confirmed', txHash: hash, blockNumber, error: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(tokenTransfers.id, id), inArray(tokenTransfers.status, ['pending', 'submitted'])));
      },
      async noteError(id: string, error: string) {
        await db.update(tokenTransfers).set({ error: error.slice(0, 500), updatedAt: sql`now()` }).where(eq(tokenTransfers.id, id));
      },
      /** Failed (reverted, or refused for good): the transfer is final and the points come back, in one transaction. */
      async fail(id: string, error: string): Promise<boolean> {
        return db.transaction(async (tx) => {
          const [row] = await tx.select().from(tokenTransfers).where(eq(tokenTransfers.id, id)).for('update');
          if (!row || row.status === 'failed' || row.status === 'confirmed') return false;
          const account = await lockAccount(tx, row.userId);
          const balance = account.balance + row.points;
          await tx.update(tokenTransfers).set({ status: 'failed', error: error.slice(0, 500), finishedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(tokenTransfers.id, id));
          await tx
            .insert(rewardEntries)
            .values({ userId: row.userId, kind: 'refund', reason: 'conversion_refund', points: row.points, balanceAfter: balance, title: 'Conversion refunded', message: 'The FINU transfer did not go through, so your points are back.', reference: row.id, idempotencyKey: `refund:${row.id}` })
            .onConflictDoNothing();
          await tx.update(rewardAccounts).set({ balance, totalSpent: sql`${rewardAccounts.totalSpent} - ${row.points}`, updatedAt: sql`now()` }).where(eq(rewardAccounts.userId, row.userId));
          return true;
        });
      },
    },
  };
}

import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chainState, wallets } from '../../db/schema';

export type WalletRow = typeof wallets.$inferSelect;

/** The custodial wallets (one per user) and the chain's own state: counters and the transfer worker's lease. */
export function chainQueries(db: Db) {
  return {
    wallets: {
      async find(userId: string): Promise<WalletRow | undefined> {
        const [row] = await db.select().from(wallets).where(eq(wallets.userId, userId));
        return row;
      },
      /** Inserts the wallet unless one exists (two first uses at once keep the first). */
      async create(userId: string, address: string, encryptedKey: string): Promise<WalletRow> {
        await db.insert(wallets).values({ userId, address, encryptedKey }).onConflictDoNothing({ target: wallets.userId });
        const [row] = await db.select().from(wallets).where(eq(wallets.userId, userId));
        return row!;
      },
    },

    chainState: {
      async get(key: string): Promise<string | undefined> {
        const [row] = await db.select().from(chainState).where(eq(chainState.key, key));
        return row?.value;
      },
      async set(key: string, value: string) {
        await db.insert(chainState).values({ key, value }).onConflictDoUpdate({ target: chainState.key, set: { value, updatedAt: sql`now()` } });
      },
      /** Takes (or renews) the worker lease: one transfer worker at a time across API processes. */
      async lease(key: string, owner: string, ttlMs: number): Promise<boolean> {
        const expires = new Date(Date.now() + ttlMs);
        const rows = await db
          .insert(chainState)
          .values({ key, value: owner, expiresAt: expires })
          .onConflictDoUpdate({ target: chainState.key, set: { value: owner, expiresAt: expires, updatedAt: sql`now()` }, setWhere: sql`${chainState.value} = ${owner} or ${chainState.expiresAt} < now()` })
          .returning({ value: chainState.value });
        return rows[0]?.value === owner;
      },
      async release(key: string, owner: string) {
        await db.delete(chainState).where(and(eq(chainState.key, key), eq(chainState.value, owner)));
      },
    },
  };
}

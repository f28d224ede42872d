import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { revokedTokens, users } from '../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a token is checked against: the user's token version and the deny-list of revoked tokens. */
export function sessionsRepository(db: Db) {
  return {
    /** The user's current token version and whether this token id was revoked; undefined when the user is gone. */
    async state(userId: string, jti: string): Promise<{ tokenVersion: number; revoked: boolean } | undefined> {
      if (!UUID.test(userId)) return undefined;
      const rows = await db
        .select({
          tokenVersion: users.tokenVersion,
          revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${jti})`,
        })
        .from(users)
        .where(sql`${users.id} = ${userId}`)
        .limit(1);
      return rows[0];
    },
    /** Revokes one token until it expires. True when this call revoked it, false when it already was (single use). */
    async revoke(jti: string, userId: string, expiresAt: Date): Promise<boolean> {
      const rows = await db.insert(revokedTokens).values({ jti, userId, expiresAt }).onConflictDoNothing().returning({ jti: revokedTokens.jti });
      // Expired rows are no longer needed: an expired token fails on its own.
      await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, sql`now() - interval '1 minute'`));
      return rows.length > 0;
    },
    /** Bumps the token version: every token issued to the user so far stops working. */
    async revokeAll(userId: string): Promise<number | undefined> {
      const rows = await db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
        .where(sql`${users.id} = ${userId}`)
        .returning({ v: users.tokenVersion });
      return rows[0]?.v;
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;

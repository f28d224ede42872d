import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { reauthentications, revokedTokens, users } from '../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a token is checked against: the user's token version and the deny-list of revoked tokens. */
export function sessionsRepository(db: Db) {
  // Prepared once: the per-user load of the auth cache (src/server/services/authCache.ts).
  const authStateQuery = db
    .select({
      tokenVersion: users.tokenVersion,
      revoked: sql<string[] | null>`(select array_agg(${revokedTokens.jti}) from ${revokedTokens} where ${revokedTokens.userId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('sessions_auth_state');
  return {
    /** The user's token version and the ids of their revoked tokens; undefined when the user is gone. */
    async authState(userId: string): Promise<{ tokenVersion: number; revoked: string[] } | undefined> {
      if (!UUID.test(userId)) return undefined;
      const [row] = await authStateQuery.execute({ userId });
      return row ? { tokenVersion: row.tokenVersion, revoked: row.revoked ?? [] } : undefined;
    },
    /** Revokes one token until it expires. True when this call revoked it, false when it already was (single use). */
    async revoke(jti: string, userId: string, expiresAt: Date): Promise<boolean> {
      const rows = await db.insert(revokedTokens).values({ jti, userId, expiresAt }).onConflictDoNothing().returning({ jti: revokedTokens.jti });
      // Expired rows are no longer needed: an expired token fails on its own.
      await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, sql`now() - interval '1 minute'`));
      return rows.length > 0;
    },
    /** This session proved its owner again: it counts as recent until `until`. */
    async reauthenticate(jti: string, userId: string, until: Date): Promise<void> {
      await db.delete(reauthentications).where(lt(reauthentications.expiresAt, sql`now()`));
      await db.insert(reauthentications).values({ jti, userId, expiresAt: until }).onConflictDoUpdate({ target: reauthentications.jti, set: { expiresAt: until } });
    },
    /** Whether this session of this user proved its owner again and that still counts. */
    async reauthenticated(jti: string, userId: string): Promise<boolean> {
      const rows = await db
        .select({ jti: reauthentications.jti })
        .from(reauthentications)
        .where(and(eq(reauthentications.jti, jti), eq(reauthentications.userId, userId), gt(reauthentications.expiresAt, sql`now()`)));
      return rows.length === 1;
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

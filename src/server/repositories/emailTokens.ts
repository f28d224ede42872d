import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailTokens } from '../db/schema';

export type EmailTokenPurpose = 'verify_email' | 'reset_password';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Single-use, expiring tokens sent by email; the database only ever holds their hash. */
export function emailTokensRepository(db: Db) {
  return {
    async issue(userId: string, purpose: EmailTokenPurpose, ttlMs: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db.insert(emailTokens).values({
        userId,
        purpose,
        tokenHash: hash(token),
        expiresAt: new Date(Date.now() + ttlMs),
      });
      return token;
    },
    /** Marks the token used and returns its user, or undefined when unknown, used or expired. */
    async consume(token: string, purpose: EmailTokenPurpose): Promise<string | undefined> {
      const rows = await db
        .update(emailTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(emailTokens.tokenHash, hash(token)),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: emailTokens.userId });
      return rows[0]?.userId;
    },
    /** Whether the token is still usable (known, unused, unexpired), without using it. */
    async isOpen(token: string, purpose: EmailTokenPurpose): Promise<boolean> {
      const rows = await db
        .select({ userId: emailTokens.userId })
        .from(emailTokens)
        .where(and(eq(emailTokens.tokenHash, hash(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`)))
        .limit(1);
      return rows.length > 0;
    },
    /** The user a token was issued to, used or not (an old link a verified user follows again). */
    async ownerOf(token: string, purpose: EmailTokenPurpose): Promise<string | undefined> {
      const rows = await db
        .select({ userId: emailTokens.userId })
        .from(emailTokens)
        .where(and(eq(emailTokens.tokenHash, hash(token)), eq(emailTokens.purpose, purpose)))
        .limit(1);
      return rows[0]?.userId;
    },
    /** Retires every open token of that purpose (a new reset link replaces older ones). */
    async revokeAll(userId: string, purpose: EmailTokenPurpose): Promise<void> {
      await db
        .update(emailTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
    },
  };
}
export type EmailTokensRepository = ReturnType<typeof emailTokensRepository>;

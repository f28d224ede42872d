import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { identities, oidcLogins, users, web3Nonces } from '../db/schema';
import type { UserRow } from './users';

export type IdentityRow = typeof identities.$inferSelect;
export type IdentityKind = IdentityRow['kind'];
export type OidcLoginRow = typeof oidcLogins.$inferSelect;

export interface IdentityKey {
  kind: IdentityKind;
  issuer: string;
  subject: string;
}

export interface IdentityDetails extends IdentityKey {
  email?: string | null;
  label?: string | null;
}

export type AttachResult = { kind: 'attached' | 'already_yours'; identity: IdentityRow } | { kind: 'taken' } | { kind: 'issuer_taken' };
export type RemoveResult = 'removed' | 'not_found' | 'last_method';

const same = (key: IdentityKey) => and(eq(identities.kind, key.kind), eq(identities.issuer, key.issuer), eq(identities.subject, key.subject));

/** A password is a way in only once its email is verified (login refuses unverified addresses). */
export const passwordWorks = (user: Pick<UserRow, 'passwordHash' | 'emailVerifiedAt' | 'email'>) => Boolean(user.passwordHash && user.email && user.emailVerifiedAt);

class Raced extends Error {}

/** Sign-in identities (OIDC accounts, wallet addresses), the OIDC flows in progress and SIWE nonces. */
export function identitiesRepository(db: Db) {
  return {
    async find(key: IdentityKey): Promise<{ identity: IdentityRow; user: UserRow } | undefined> {
      const rows = await db.select({ identity: identities, user: users }).from(identities).innerJoin(users, eq(users.id, identities.userId)).where(same(key)).limit(1);
      return rows[0];
    },

    async listForUser(userId: string): Promise<IdentityRow[]> {
      return db.select().from(identities).where(eq(identities.userId, userId)).orderBy(identities.createdAt, identities.id);
    },

    /** Records a sign-in: when, and what the provider now calls the account. */
    async touch(id: string, details: { email?: string | null; label?: string | null }): Promise<void> {
      const set: Partial<typeof identities.$inferInsert> = { lastUsedAt: sql`now()` as unknown as Date };
      if (details.email !== undefined) set.email = details.email;
      if (details.label !== undefined && details.label !== null) set.label = details.label;
      await db.update(identities).set(set).where(eq(identities.id, id));
    },

    /** Links an identity to a user; it may belong to nobody else, and a user holds one account per OIDC issuer. */
    async attach(userId: string, details: IdentityDetails): Promise<AttachResult> {
      const inserted = await db
        .insert(identities)
        .values({ userId, kind: details.kind, issuer: details.issuer, subject: details.subject, email: details.email ?? null, label: details.label ?? null })
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) return { kind: 'attached', identity: inserted[0] };
      const [existing] = await db.select().from(identities).where(same(details)).limit(1);
      if (existing) return existing.userId === userId ? { kind: 'already_yours', identity: existing } : { kind: 'taken' };
      return { kind: 'issuer_taken' };
    },

    /**
     * A new user signing in for the first time with this identity. Undefined when another request
     * created the same identity meanwhile, or the email is taken (the caller looks again).
     */
    async createUser(input: { email: string | null; emailVerified: boolean; fullName: string | null; identity: IdentityDetails }): Promise<UserRow | undefined> {
      try {
        return await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({ email: input.email, fullName: input.fullName, passwordHash: null, emailVerifiedAt: input.emailVerified ? (sql`now()` as unknown as Date) : null })
            .onConflictDoNothing()
            .returning();
          if (!user) throw new Raced();
          const [identity] = await tx
            .insert(identities)
            .values({ userId: user.id, kind: input.identity.kind, issuer: input.identity.issuer, subject: input.identity.subject, email: input.identity.email ?? null, label: input.identity.label ?? null })
            .onConflictDoNothing()
            .returning();
          if (!identity) throw new Raced();
          return user;
        });
      } catch (error) {
        if (error instanceof Raced) return undefined;
        throw error;
      }
    },

    /**
     * The provider proved this address belongs to whoever signs in: an account holding it unverified
     * loses the password someone else may have set (pre-registration takeover), and becomes verified.
     */
    async claimEmailAccount(userId: string): Promise<UserRow | undefined> {
      return db.transaction(async (tx) => {
        const [locked] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!locked) return undefined;
        if (locked.emailVerifiedAt) return locked;
        const [updated] = await tx
          .update(users)
          .set({ passwordHash: null, emailVerifiedAt: sql`now()` as unknown as Date, tokenVersion: sql`${users.tokenVersion} + 1` as unknown as number, updatedAt: sql`now()` as unknown as Date })
          .where(eq(users.id, userId))
          .returning();
        return updated;
      });
    },

    /** Unlinks one identity, keeping at least one way to sign in (a working password or another identity). */
    async remove(userId: string, identityId: string): Promise<RemoveResult> {
      return db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!user) return 'not_found';
        const [target] = await tx.select({ id: identities.id }).from(identities).where(and(eq(identities.id, identityId), eq(identities.userId, userId)));
        if (!target) return 'not_found';
        const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(identities).where(eq(identities.userId, userId));
        if (n - 1 + (passwordWorks(user) ? 1 : 0) < 1) return 'last_method';
        await tx.delete(identities).where(eq(identities.id, identityId));
        return 'removed';
      });
    },

    oidc: {
      async create(row: {
        stateHash: string;
        nonce: string;
        codeVerifier: string;
        purpose: OidcLoginRow['purpose'];
        userId?: string | null;
        sessionJti?: string | null;
        tokenVersion?: number | null;
        started: boolean;
        ttlMs: number;
      }): Promise<void> {
        // Abandoned flows are dropped as new ones start (bounded by the rate limit).
        await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, sql`now() - interval '1 hour'`));
        await db.insert(oidcLogins).values({
          stateHash: row.stateHash,
          nonce: row.nonce,
          codeVerifier: row.codeVerifier,
          purpose: row.purpose,
          userId: row.userId ?? null,
          sessionJti: row.sessionJti ?? null,
          tokenVersion: row.tokenVersion ?? null,
          startedAt: row.started ? (sql`now()` as unknown as Date) : null,
          expiresAt: new Date(Date.now() + row.ttlMs),
        });
      },
      /** A link flow prepared by a signed-in user starts once, in the browser that opens it. */
      async start(stateHash: string): Promise<OidcLoginRow | undefined> {
        const rows = await db
          .update(oidcLogins)
          .set({ startedAt: sql`now()` as unknown as Date })
          .where(and(eq(oidcLogins.stateHash, stateHash), eq(oidcLogins.purpose, 'link'), isNull(oidcLogins.startedAt), isNull(oidcLogins.usedAt), gt(oidcLogins.expiresAt, sql`now()`)))
          .returning();
        return rows[0];
      },
      /** Consumes a started flow: once, before it expires. */
      async consume(stateHash: string): Promise<OidcLoginRow | undefined> {
        const rows = await db
          .update(oidcLogins)
          .set({ usedAt: sql`now()` as unknown as Date })
          .where(and(eq(oidcLogins.stateHash, stateHash), isNotNull(oidcLogins.startedAt), isNull(oidcLogins.usedAt), gt(oidcLogins.expiresAt, sql`now()`)))
          .returning();
        return rows[0];
      },
    },

    links: {
      /** A link flow back from the provider keeps the identity it proved until its code is redeemed. */
      async hold(flowId: string, codeHash: string, identity: NonNullable<OidcLoginRow['pendingIdentity']>): Promise<void> {
        await db.update(oidcLogins).set({ linkCodeHash: codeHash, pendingIdentity: identity }).where(eq(oidcLogins.id, flowId));
      },
      /**
       * Redeems a link code once, within `ttlMs` of the callback: the flow, whoever asks; the caller
       * checks it is theirs. Null when the code is unknown, used or late.
       */
      async redeem(codeHash: string, ttlMs: number): Promise<OidcLoginRow | undefined> {
        const rows = await db
          .update(oidcLogins)
          .set({ linkedAt: sql`now()` as unknown as Date })
          .where(
            and(
              eq(oidcLogins.linkCodeHash, codeHash),
              eq(oidcLogins.purpose, 'link'),
              isNull(oidcLogins.linkedAt),
              isNotNull(oidcLogins.usedAt),
              gt(oidcLogins.usedAt, sql`now() - make_interval(secs => ${ttlMs / 1000})`),
            ),
          )
          .returning();
        return rows[0];
      },
    },

    nonces: {
      async issue(nonce: string, address: string, ttlMs: number): Promise<Date> {
        await db.delete(web3Nonces).where(or(lt(web3Nonces.expiresAt, sql`now() - interval '1 hour'`), and(isNotNull(web3Nonces.usedAt), lt(web3Nonces.usedAt, sql`now() - interval '1 hour'`))));
        const expiresAt = new Date(Date.now() + ttlMs);
        await db.insert(web3Nonces).values({ nonce, address: address.toLowerCase(), expiresAt });
        return expiresAt;
      },
      /** True once for a nonce issued to this address and still valid. */
      async consume(nonce: string, address: string): Promise<boolean> {
        const rows = await db
          .update(web3Nonces)
          .set({ usedAt: sql`now()` as unknown as Date })
          .where(and(eq(web3Nonces.nonce, nonce), eq(web3Nonces.address, address.toLowerCase()), isNull(web3Nonces.usedAt), gt(web3Nonces.expiresAt, sql`now()`)))
          .returning({ nonce: web3Nonces.nonce });
        return rows.length === 1;
      },
    },
  };
}
export type IdentitiesRepository = ReturnType<typeof identitiesRepository>;

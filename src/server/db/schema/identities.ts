import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Ways to sign in besides the password (which stays in users.password_hash): an OpenID Connect
 * account (Google or the configured issuer) or an Ethereum address. One user may hold several.
 */
export const identities = pgTable(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['oidc', 'ethereum'] }).notNull(),
    /** The OIDC issuer identifier; 'eip155' for addresses (the same address on every chain). */
    issuer: text('issuer').notNull(),
    /** The provider's `sub`, or the lower-case address. */
    subject: text('subject').notNull(),
    /** The address the provider gave, as last seen (shown in Settings). */
    email: text('email'),
    /** What Settings shows: the account's name, or the checksummed address. */
    label: text('label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identities_subject_key').on(t.kind, t.issuer, t.subject),
    uniqueIndex('identities_one_per_issuer_key').on(t.userId, t.issuer).where(sql`${t.kind} = 'oidc'`),
    index('identities_user_idx').on(t.userId),
    check('identities_kind_check', sql`${t.kind} in ('oidc', 'ethereum')`),
  ],
);

/**
 * An OpenID Connect sign-in in progress: its state (only the hash is kept), nonce and PKCE verifier,
 * valid ten minutes and consumed once by the callback. `link` flows attach the account to `user_id`.
 */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    purpose: text('purpose', { enum: ['login', 'link'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** When the browser was sent to the provider (a link flow starts once). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A link flow: the session that prepared it, which alone redeems its code. */
    sessionJti: text('session_jti'),
    /** A link flow: the user's token version when prepared (a password change since voids it). */
    tokenVersion: integer('token_version'),
    /** A link flow back from the provider: the hash of the one-time code the app redeems. */
    linkCodeHash: text('link_code_hash'),
    /** A link flow back from the provider: the identity it proved, attached once the code is redeemed. */
    pendingIdentity: jsonb('pending_identity').$type<{ issuer: string; subject: string; email: string | null; label: string | null }>(),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('oidc_logins_state_key').on(t.stateHash),
    uniqueIndex('oidc_logins_link_code_key').on(t.linkCodeHash),
    index('oidc_logins_expires_idx').on(t.expiresAt),
    check('oidc_logins_purpose_check', sql`${t.purpose} in ('login', 'link')`),
  ],
);

/** Sign-In with Ethereum nonces: issued to one address, single use, short-lived. */
export const web3Nonces = pgTable(
  'web3_nonces',
  {
    nonce: text('nonce').primaryKey(),
    address: text('address').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('web3_nonces_expires_idx').on(t.expiresAt)],
);

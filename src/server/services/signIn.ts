import type { IdentitiesRepository, IdentityDetails } from '../repositories/identities';
import type { UserRow, UsersRepository } from '../repositories/users';

export const SIGN_IN_TEXTS = {
  emailNeedsPassword: 'An account with this email already exists. Log in with your password, then link this sign-in method in Settings.',
  otherAccountOfIssuer: 'The Finu account with this email is already linked to a different Google account. Sign in with that one, or with your password.',
  failed: 'Sign-in failed. Please try again.',
  alreadyLinkedElsewhere: 'This sign-in method is already linked to another Finu account.',
  oneOfIssuer: 'Your account is already linked to a Google account. Unlink it first to link another.',
  reauthRequired: 'For your security, confirm your password first (or sign in again: a fresh sign-in counts for 5 minutes).',
  noPassword: 'This account has no password. Sign out and sign in again with Google or your wallet, then try again within 5 minutes.',
  reauthenticated: 'Password confirmed',
  linkOtherSession: 'This link was finished in another browser or session, or has expired. Start again from Settings.',
} as const;

/** How long a sign-in, or a confirmed password, counts as the owner being here (sign-in methods, wallet backup). */
export const REAUTH_WINDOW_MS = 5 * 60_000;
/** How long the code that finishes a Google link works once back from the provider. */
export const LINK_CODE_TTL_MS = 2 * 60_000;

/** What the owner's mail calls a sign-in method. */
export const methodName = (identity: { kind: 'oidc' | 'ethereum'; email?: string | null; label?: string | null; subject: string }) =>
  identity.kind === 'oidc' ? `Google account ${identity.email ?? identity.label ?? identity.subject}` : `Wallet ${identity.label ?? identity.subject}`;

export interface SignInRequest {
  identity: IdentityDetails;
  email: string | null;
  emailVerified: boolean;
  fullName: string | null;
}

export type SignInResult = { ok: true; user: UserRow; created: boolean } | { ok: false; detail: string };

/**
 * Account-linking rules (docs/decisions.md): a known identity signs into its user; a verified email
 * that matches an account signs into that account and links the identity; an unverified email never
 * does; otherwise a new account is made (email only when verified).
 */
export async function signInWithIdentity(repos: { users: UsersRepository; identities: IdentitiesRepository }, request: SignInRequest): Promise<SignInResult> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const known = await repos.identities.find(request.identity);
    if (known) {
      await repos.identities.touch(known.identity.id, { email: request.email, label: request.identity.label });
      return { ok: true, user: known.user, created: false };
    }
    if (request.email) {
      const existing = await repos.users.findByEmail(request.email);
      if (existing) {
        if (!request.emailVerified) return { ok: false, detail: SIGN_IN_TEXTS.emailNeedsPassword };
        const attached = await repos.identities.attach(existing.id, request.identity);
        if (attached.kind === 'issuer_taken') return { ok: false, detail: SIGN_IN_TEXTS.otherAccountOfIssuer };
        if (attached.kind === 'taken') continue;
        const claimed = await repos.identities.claimEmailAccount(existing.id);
        if (!claimed) continue;
        return { ok: true, user: claimed, created: false };
      }
    }
    const verified = Boolean(request.email && request.emailVerified);
    const user = await repos.identities.createUser({ email: verified ? request.email : null, emailVerified: verified, fullName: request.fullName, identity: request.identity });
    if (user) return { ok: true, user, created: true };
    // Another request made this identity (or an account with this email) meanwhile: look again.
  }
  return { ok: false, detail: SIGN_IN_TEXTS.failed };
}

/** Links an identity to a signed-in user; the answer is the problem in words, or null when linked. */
export async function linkIdentity(repos: { identities: IdentitiesRepository }, userId: string, identity: IdentityDetails): Promise<string | null> {
  const attached = await repos.identities.attach(userId, identity);
  if (attached.kind === 'taken') return SIGN_IN_TEXTS.alreadyLinkedElsewhere;
  if (attached.kind === 'issuer_taken') return SIGN_IN_TEXTS.oneOfIssuer;
  return null;
}

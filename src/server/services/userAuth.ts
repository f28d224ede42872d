import type { Config } from '../config';
import { badRequest, conflict, InvalidRequestError, LimitReachedError, unauthorized } from '../errors';
import type { IssuedToken, TokenClaims } from '../plugins/auth';
import type { EmailTokensRepository } from '../repositories/emailTokens';
import type { SessionsRepository } from '../repositories/sessions';
import type { ThrottlesRepository } from '../repositories/throttles';
import type { UserRow, UsersRepository } from '../repositories/users';
import { resetMail, verificationMail } from './mail/templates';
import type { Mailer } from './mail/types';
import { hashPassword, verifyPassword } from './passwords';
import { assertStrongPassword } from './passwordPolicy';
import { REAUTH_WINDOW_MS, SIGN_IN_TEXTS } from './signIn';

export const AUTH_TEXTS = {
  invalidLogin: 'Incorrect email or password',
  notVerified: 'Please verify your email before logging in. Check your inbox or request a new link.',
  badVerifyLink: 'This verification link is invalid or has expired. Request a new one.',
  alreadyVerified: 'Your email is already verified. Log in to continue.',
  emailVerified: 'Email verified successfully',
  badResetLink: 'This reset link is invalid or has expired. Request a new one.',
  badSignInLink: 'This sign-in link is invalid or was already used. Please log in.',
  emailTaken: 'An account with this email already exists. Log in or reset your password.',
  wrongPassword: 'Incorrect password',
} as const;

/**
 * Failed logins per account: five are free, then each one makes the account wait 1 s, 2 s, 4 s, …
 * up to 30 s, forgotten after 15 quiet minutes. A short cap, so an attacker slows guessing to about
 * two a minute but cannot lock the owner out for long (docs/security.md).
 */
const LOGIN_POLICY = { freeFailures: 5, maxDelaySeconds: 30, forgetAfterSeconds: 15 * 60 };
/** The email-verification and Google callbacks' token travels in a URL: it signs in once, within two minutes. */
export const ONE_TIME_SIGN_IN_SECONDS = 120;

const loginKey = (email: string) => `login:${email.trim().toLowerCase()}`;
const mailKey = (email: string) => `mail:${email.trim().toLowerCase()}`;
const waitText = (seconds: number) => (seconds < 90 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`);

/**
 * The owner confirms the password again: this session counts as a fresh sign-in for a few minutes
 * (sign-in method changes, a wallet backup). Answers until when.
 */
export async function confirmPassword(
  deps: { users: UsersRepository; throttles: ThrottlesRepository; sessions: SessionsRepository },
  userId: string,
  session: Pick<TokenClaims, 'jti'>,
  password: string,
): Promise<Date> {
  const found = await deps.users.findById(userId);
  if (!found) throw unauthorized();
  if (!found.passwordHash || !found.email) throw badRequest(SIGN_IN_TEXTS.noPassword);
  // The same throttle as logging in: a stolen session cannot guess the password faster here.
  const key = loginKey(found.email);
  const wait = await deps.throttles.waitSeconds(key);
  if (wait > 0) throw new LimitReachedError(`Too many failed attempts for this account. Try again in ${waitText(wait)}.`, wait);
  if (!(await verifyPassword(found.passwordHash, password))) {
    await deps.throttles.recordFailure(key, LOGIN_POLICY);
    throw badRequest(AUTH_TEXTS.wrongPassword);
  }
  await deps.throttles.clear(key);
  const until = new Date(Date.now() + REAUTH_WINDOW_MS);
  await deps.sessions.reauthenticate(session.jti, userId, until);
  return until;
}

/** The session tokens of plugins/auth.ts, as the sign-in rules use them. */
export interface SessionTokens {
  issueToken(userId: string, tokenVersion: number): Promise<IssuedToken>;
  signScopedToken(userId: string, scope: string, ttlSeconds: number): Promise<string>;
  verifyScopedClaims(token: string, scope: string): Promise<TokenClaims | undefined>;
}

export interface UserAuthDeps {
  users: UsersRepository;
  emailTokens: EmailTokensRepository;
  throttles: ThrottlesRepository;
  sessions: SessionsRepository;
  mailer: Mailer;
  tokens: SessionTokens;
  config: Pick<Config, 'apiUrl' | 'appUrl' | 'verificationTtlHours' | 'resetTtlMinutes' | 'mailLimitPerAddressPerHour'>;
}

/**
 * Signing up, in and out with an email and a password: verification and reset mails (limited per
 * address), the per-account login throttle, the one-time sign-in link. Throws domain errors.
 */
export function userAuthService(deps: UserAuthDeps) {
  const { users, emailTokens, throttles, sessions, mailer, tokens, config } = deps;

  /**
   * Per-address limit on what sends mail, counted whether or not the address has an account (so the
   * answer tells nothing about it) and stored in the database (so it holds across processes).
   */
  const limitMailTo = async (email: string) => {
    const wait = await throttles.hit(mailKey(email), config.mailLimitPerAddressPerHour, 3600);
    if (Math.random() < 0.01) await throttles.prune(24 * 3600);
    if (wait > 0) throw new LimitReachedError(`Too many emails were sent to this address. Try again in ${waitText(wait)}.`, wait);
  };

  const sendVerification = async (userId: string, email: string) => {
    await emailTokens.revokeAll(userId, 'verify_email');
    const token = await emailTokens.issue(userId, 'verify_email', config.verificationTtlHours * 3600_000);
    const link = `${config.apiUrl}/users/verify-email?token=${encodeURIComponent(token)}`;
    await mailer.send(verificationMail(email, link, config.verificationTtlHours));
  };

  const service = {
    /** A new, unverified account and its verification mail (no mail, no account). */
    async signUp(input: { email: string; password: string; fullName?: string | null }): Promise<{ userId: string; email: string }> {
      await limitMailTo(input.email);
      await assertStrongPassword('password', input.password, [input.email, input.fullName]);
      const created = await users.create({ email: input.email, passwordHash: await hashPassword(input.password), fullName: input.fullName ?? null });
      if (!created) throw conflict(AUTH_TEXTS.emailTaken);
      try {
        await sendVerification(created.id, created.email);
      } catch (error) {
        // No verification mail, no account: the user can simply sign up again.
        await users.remove(created.id);
        throw error;
      }
      return { userId: created.id, email: created.email };
    },

    /** Marks the address of the emailed token verified; an old link of a verified account says so rather than "invalid". */
    async verifyEmail(token: string): Promise<UserRow> {
      const userId = await emailTokens.consume(token, 'verify_email');
      const verified = userId ? await users.markVerified(userId) : undefined;
      if (verified) return verified;
      const owner = userId ? undefined : await emailTokens.ownerOf(token, 'verify_email');
      throw badRequest(owner && (await users.findById(owner))?.emailVerifiedAt ? AUTH_TEXTS.alreadyVerified : AUTH_TEXTS.badVerifyLink);
    },

    /**
     * The emailed link opened in a browser: what the app's /verify-email page is told. A verified address
     * signs in once (a one-time token, never a session, since the URL stays in history and logs); an old
     * link of a verified account is a message, not an error (nothing went wrong).
     */
    async verifyFromLink(token: string): Promise<Record<string, string>> {
      let verified: UserRow;
      try {
        verified = await service.verifyEmail(token);
      } catch (error) {
        if (!(error instanceof InvalidRequestError)) throw error;
        return error.detail === AUTH_TEXTS.alreadyVerified ? { message: error.detail } : { error: error.detail };
      }
      const oneTime = await tokens.signScopedToken(verified.id, 'sign-in', ONE_TIME_SIGN_IN_SECONDS);
      return { success: 'true', token: oneTime, token_type: 'bearer', user_id: verified.id, message: AUTH_TEXTS.emailVerified };
    },

    /** A token that signs in once, within two minutes (it travels in a URL); `exchangeSignIn` turns it into a session. */
    oneTimeSignIn: (userId: string) => tokens.signScopedToken(userId, 'sign-in', ONE_TIME_SIGN_IN_SECONDS),

    session: (user: Pick<UserRow, 'id' | 'tokenVersion'>) => tokens.issueToken(user.id, user.tokenVersion),

    /** Sends a new link to an unverified account; says nothing either way. */
    async resendVerification(email: string): Promise<void> {
      await limitMailTo(email);
      const found = await users.findByEmail(email);
      if (found && !found.emailVerifiedAt) await sendVerification(found.id, found.email);
    },

    async logIn(email: string, password: string): Promise<IssuedToken> {
      const key = loginKey(email);
      const wait = await throttles.waitSeconds(key);
      if (wait > 0) throw new LimitReachedError(`Too many failed attempts for this account. Try again in ${waitText(wait)}.`, wait);
      const found = await users.findByEmail(email);
      const ok = await verifyPassword(found?.passwordHash, password);
      if (!found || !ok) {
        await throttles.recordFailure(key, LOGIN_POLICY);
        throw unauthorized(AUTH_TEXTS.invalidLogin);
      }
      await throttles.clear(key);
      if (!found.emailVerifiedAt) throw unauthorized(AUTH_TEXTS.notVerified);
      return tokens.issueToken(found.id, found.tokenVersion);
    },

    /** Mails a reset link when the address has an account; says nothing either way. */
    async forgotPassword(email: string): Promise<void> {
      await limitMailTo(email);
      const found = await users.findByEmail(email);
      if (!found) return;
      await emailTokens.revokeAll(found.id, 'reset_password');
      const token = await emailTokens.issue(found.id, 'reset_password', config.resetTtlMinutes * 60_000);
      const link = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await mailer.send(resetMail(found.email, link, config.resetTtlMinutes));
    },

    /** Says whether a reset link still works before the user types a new password; the link stays unused. */
    async checkResetLink(token: string): Promise<void> {
      if (!(await emailTokens.isOpen(token, 'reset_password'))) throw badRequest(AUTH_TEXTS.badResetLink);
    },

    async resetPassword(token: string, newPassword: string): Promise<void> {
      await assertStrongPassword('new_password', newPassword);
      const userId = await emailTokens.consume(token, 'reset_password');
      if (!userId) throw badRequest(AUTH_TEXTS.badResetLink);
      await users.setPassword(userId, await hashPassword(newPassword));
      // Whoever could open the reset link controls the inbox: the address is verified too.
      await users.markVerified(userId);
    },

    /** A one-time sign-in token for a session token; the one-time token stops working. */
    async exchangeSignIn(token: string): Promise<IssuedToken> {
      const claims = await tokens.verifyScopedClaims(token, 'sign-in');
      if (!claims || !(await sessions.revoke(claims.jti, claims.userId, claims.expiresAt))) throw unauthorized(AUTH_TEXTS.badSignInLink);
      const found = await users.findById(claims.userId);
      if (!found) throw unauthorized(AUTH_TEXTS.badSignInLink);
      return tokens.issueToken(found.id, found.tokenVersion);
    },

    /** The owner confirms the password again: this session counts as a fresh sign-in for a few minutes. */
    reauthenticate: (userId: string, session: Pick<TokenClaims, 'jti'>, password: string) => confirmPassword({ users, throttles, sessions }, userId, session, password),

    /** This token stops working. */
    logOut: (userId: string, session: Pick<TokenClaims, 'jti' | 'expiresAt'>) => sessions.revoke(session.jti, userId, session.expiresAt),

    /** Every token issued to the user so far stops working. */
    logOutEverywhere: (userId: string) => sessions.revokeAll(userId),
  };
  return service;
}

export type UserAuthService = ReturnType<typeof userAuthService>;

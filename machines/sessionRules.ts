import type { LoginRequest, SignupRequest } from '../src/contract/auth';
import type { CallFailure, SessionUser } from './types';
import { walletTexts } from './walletSignIn';

/** The session machine's shapes, texts and pure rules (spec §2 callbacks, §5 validation); machines/session.ts runs them. */

export interface SessionContext {
  token: string | null;
  user: SessionUser | null;
  /** Where to go after signing in (the guarded page the user first asked for). */
  returnTo: string | null;
  /** The address a registration was sent for; the verification-sent page shows it. */
  registeredEmail: string | null;
  error: CallFailure | null;
  /** How the last session ended: after a logout the login page does not remember the last page. */
  signedOutBy: 'logout' | 'expired' | null;
}

export type { SignedWalletMessage, WalletAccount, WalletChoice, WalletNonce } from './walletSignIn';

export type Credentials = LoginRequest;
export type Registration = SignupRequest;

export type CallbackKind = 'oauth' | 'email' | 'web3';

/** The query parameters of spec §2 callbacks. */
export interface CallbackParams {
  access_token?: string | null;
  token?: string | null;
  token_type?: string | null;
  user_id?: string | null;
  error?: string | null;
  success?: string | null;
  message?: string | null;
}

export type SessionEvent =
  | { type: 'session.login'; credentials: Credentials; returnTo?: string | null }
  | { type: 'session.register'; registration: Registration }
  | { type: 'session.callback'; kind: CallbackKind; params: CallbackParams; returnTo?: string | null }
  | { type: 'session.google' }
  | { type: 'session.wallet' }
  | { type: 'session.walletChosen'; walletId: string }
  | { type: 'session.walletCancel' }
  | { type: 'session.verifyEmail'; token: string }
  | { type: 'session.logout' }
  | { type: 'session.expired' }
  | { type: 'session.refreshProfile' }
  | { type: 'session.profileUpdated'; user: SessionUser }
  | { type: 'session.tokenRenewed'; token: string };

/** What the route guard needs to know of the session. */
export type SessionStatus = 'checking' | 'anonymous' | 'authenticated';

export interface SessionInput {
  token?: string | null;
  user?: SessionUser | null;
}

export const sessionTexts = {
  loginSuccess: 'Login successful!',
  registered: 'Registration successful! Please check your email for verification.',
  loggedOut: 'Logged out successfully',
  emailVerified: 'Email verified successfully!',
  alreadyVerified: 'Your email is already verified.',
  invalidOAuth: 'Invalid OAuth response',
  invalidEmailVerification: 'Invalid email verification response',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  profileFailed: 'Failed to get user profile',
  verificationFailed: 'Email verification failed',
  ...walletTexts,
} as const;

/**
 * Where to go after a Google sign-in, from the `oauth_redirect_url` saved before leaving: the page the
 * user was on, or, when that was /login or /register, the page they were headed to (its `from`).
 */
export function returnPathFromSaved(saved: string | null | undefined): string | null {
  if (!saved) return null;
  try {
    const url = new URL(saved, 'http://app.invalid');
    if (url.origin !== 'http://app.invalid') return null;
    if (url.pathname === '/login' || url.pathname === '/register') return safeReturnPath(url.searchParams.get('from'));
    return safeReturnPath(`${url.pathname}${url.search}`);
  } catch {
    return null;
  }
}

/** Spec §5: what makes a callback's parameters usable. */
export function readCallback(kind: CallbackKind, params: CallbackParams): { ok: true; token: string; userId: string } | { ok: false; error: string } {
  if (kind === 'email') {
    if (params.success === 'true' && params.token && params.user_id) return { ok: true, token: params.token, userId: params.user_id };
    return { ok: false, error: sessionTexts.invalidEmailVerification };
  }
  const token = params.access_token ?? params.token;
  if (token && params.user_id) return { ok: true, token, userId: params.user_id };
  return { ok: false, error: sessionTexts.invalidOAuth };
}

/** Only same-site paths may be returned to after login (no open redirects). */
export const safeReturnPath = (path: string | null | undefined): string | null =>
  path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/login') ? path : null;


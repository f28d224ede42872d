import { fromPromise } from 'xstate';
import type { LoginRequest, SignupRequest, TokenResponse, UserProfile } from '../src/contract/auth';
import type { callbackErrors, defaultMessages } from '../src/contract/errors';
import type { Web3Me } from '../src/contract/identities';
import type { CallFailure, Toast } from './types';
import { walletSignInMachine, walletTexts } from './walletSignIn';

/**
 * The session machine's shapes, texts, the calls it makes and its pure rules ([spec:2-callbacks],
 * [spec:5-oauth-callback], [spec:5-verify-callback]); machines/session.ts is the flow that runs them.
 */

/**
 * The signed-in user: the profile (GET /users/me/profile, or GET /api/web3/me for a wallet user), or only
 * its id while the profile loads after a callback.
 */
export type SessionUser = Pick<UserProfile, 'user_id'> & Partial<Web3Me>;
/** What a sign-in call answers; the session keeps the token. */
export type IssuedToken = Pick<TokenResponse, 'access_token' | 'user_id'>;

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

/** The query parameters of the callbacks ([spec:2-callbacks]). */
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

/** The default messages ([spec:8-message]) and the callback errors ([spec:5-oauth-callback], [spec:5-verify-callback]), typed by the contract: a text that drifts from it fails tsc. */
const defaults: Pick<typeof defaultMessages, 'login' | 'register' | 'getProfile' | 'verifyEmail'> = {
  login: 'Login failed',
  register: 'Registration failed',
  getProfile: 'Failed to get user profile',
  verifyEmail: 'Email verification failed',
};
const invalidCallback: Pick<typeof callbackErrors, 'oauth' | 'emailVerification'> = { oauth: 'Invalid OAuth response', emailVerification: 'Invalid email verification response' };

/**
 * What the user reads. The machine writes its fixed toasts literally (so Stately shows them); the session
 * tests check they agree with these.
 */
export const sessionTexts = {
  loginSuccess: 'Login successful!',
  registered: 'Registration successful! Please check your email for verification.',
  loggedOut: 'Logged out successfully',
  emailVerified: 'Email verified successfully!',
  alreadyVerified: 'Your email is already verified.',
  invalidOAuth: invalidCallback.oauth,
  invalidEmailVerification: invalidCallback.emailVerification,
  loginFailed: defaults.login,
  registrationFailed: defaults.register,
  profileFailed: defaults.getProfile,
  verificationFailed: defaults.verifyEmail,
  ...walletTexts,
} as const;

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`);
};

/** The calls the session makes; the app provides them (src/web/app/actors.ts), tests fake them. */
export const sessionCalls = {
  /** POST /users/login. */
  login: fromPromise<IssuedToken, Credentials>(notProvided('login')),
  /** POST /users/signup. */
  register: fromPromise<unknown, Registration>(notProvided('register')),
  /** GET /users/verify-email?token=. */
  verifyEmail: fromPromise<IssuedToken, { token: string }>(notProvided('verifyEmail')),
  /** GET /users/me/profile. */
  fetchProfile: fromPromise<SessionUser, { token: string }>(notProvided('fetchProfile')),
  /** Exchanges the email-verification callback's one-time token for a session token (POST /users/session). */
  exchangeToken: fromPromise<IssuedToken, { token: string }>(notProvided('exchangeToken')),
  /** The authentication check of a restored session (GET /users/me, then the profile). */
  checkSession: fromPromise<SessionUser, { token: string }>(notProvided('checkSession')),
  /** Sign-In with Ethereum (machines/walletSignIn.ts): ends with a session token or the reason it failed. */
  walletSignIn: walletSignInMachine,
  /** GET /api/web3/me: the wallet user's profile. */
  fetchWeb3Profile: fromPromise<SessionUser, { token: string }>(notProvided('fetchWeb3Profile')),
};

/** The effects the session asks for; the app provides them (storage, the API, the ui actor, the router). */
export const sessionEffects = {
  /** Writes the context's token and user to local storage. */
  persist: () => {},
  /** Removes token and user from local storage. */
  clearPersisted: () => {},
  /** Revokes the token server-side (POST /users/logout); fire and forget, the local session ends at once. */
  revokeSession: (_: unknown, _params: { token: string | null }) => {},
  /** Resets every other app actor (logout resets all app state). */
  resetApp: () => {},
  notify: (_: unknown, _params: Toast) => {},
  navigate: (_: unknown, _params: { to: string }) => {},
  /** Saves the current location as oauth_redirect_url and leaves for GET /auth/login/google (full-page redirect). */
  redirectToGoogle: () => {},
  /** Tells the app who is signed in now (the route guard and onboarding follow it). */
  reportStatus: (_: unknown, _params: { status: Exclude<SessionStatus, 'checking'> }) => {},
};

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

/** [spec:5-oauth-callback], [spec:5-verify-callback]: what makes a callback's parameters usable. */
export function readCallback(kind: CallbackKind, params: CallbackParams): { ok: true; token: string; userId: string } | { ok: false; error: string } {
  if (kind === 'email') {
    if (params.success === 'true' && params.token && params.user_id) return { ok: true, token: params.token, userId: params.user_id };
    return { ok: false, error: sessionTexts.invalidEmailVerification };
  }
  const token = params.access_token ?? params.token;
  if (token && params.user_id) return { ok: true, token, userId: params.user_id };
  return { ok: false, error: sessionTexts.invalidOAuth };
}

type CallbackEvent = Extract<SessionEvent, { type: 'session.callback' }>;
const isCallback = (event: { type: string }): event is CallbackEvent => event.type === 'session.callback';
const usable = (event: { type: string }) => isCallback(event) && readCallback(event.kind, event.params).ok;

/** The session's guards: pure reads of its context and of the callback's parameters ([spec:5-oauth-callback], [spec:5-verify-callback]). */
export const sessionGuards = {
  hasToken: ({ context }: { context: SessionContext }) => Boolean(context.token),
  callbackValid: ({ event }: { event: SessionEvent }) => usable(event),
  emailCallbackValid: ({ event }: { event: SessionEvent }) => isCallback(event) && event.kind === 'email' && usable(event),
  callbackHasError: ({ event }: { event: SessionEvent }) => isCallback(event) && Boolean(event.params.error),
  walletSignedIn: ({ event }: { event: SessionEvent }) => (event as { output?: { ok: boolean } }).output?.ok === true,
  /** An old verification link (already used) opened by a signed-in user whose email is verified. */
  alreadyVerified: ({ context, event }: { context: SessionContext; event: SessionEvent }) =>
    isCallback(event) && event.kind === 'email' && Boolean(event.params.error) && Boolean(context.token) && context.user?.email_verified === true,
};

/**
 * What a usable callback stores: the user id, and the token itself — except for email verification, whose
 * one-time token is exchanged first (the session token comes from POST /users/session).
 */
export function callbackSession(event: CallbackEvent): Partial<SessionContext> {
  const read = readCallback(event.kind, event.params);
  if (!read.ok) return {};
  const user = { user_id: read.userId };
  return event.kind === 'email' ? { token: null, user, error: null } : { token: read.token, user, error: null, returnTo: safeReturnPath(event.returnTo) };
}

/** The one-time token of an email-verification callback, to exchange. */
export const callbackToken = (event: { type: string }) => {
  const read = isCallback(event) ? readCallback(event.kind, event.params) : null;
  return read?.ok ? read.token : '';
};

/** The toast of a callback that carries an error ([spec:8-callback-toasts]: 'OAuth error: …', 'Email verification error: …'). */
export const callbackErrorToast = (event: CallbackEvent): Toast => ({ kind: 'error', message: `${event.kind === 'email' ? 'Email verification error' : 'OAuth error'}: ${event.params.error}` });

/** Only same-site paths may be returned to after login (no open redirects). */
export const safeReturnPath = (path: string | null | undefined): string | null =>
  path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/login') ? path : null;

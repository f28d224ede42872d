import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine, type Credentials, type Registration, type SessionInput, type SessionUser, type SignedWalletMessage } from '../../../machines/session';
import { walletSignInMachine } from '../../../machines/walletSignIn';
import type { Toast } from '../../../machines/types';

/** A fake backend the session machine talks to through `.provide()`; behaves like the real API's rules. */
export function fakeBackend() {
  const accounts = new Map<string, { password: string; verified: boolean; user: SessionUser }>();
  const tokens = new Map<string, string>();
  let next = 1;
  let profileFails = false;
  const issue = (userId: string) => {
    const token = `token-${next++}`;
    tokens.set(token, userId);
    return { access_token: token, token_type: 'bearer', user_id: userId };
  };
  const fail = (message: string, status: number) => Object.assign(new Error(message), { status });
  return {
    accounts,
    tokens,
    set profileFails(v: boolean) {
      profileFails = v;
    },
    addAccount(email: string, password: string, verified = true) {
      const user: SessionUser = { user_id: `u-${email}`, email, onboarding_completed: false, onboarding_skipped: false };
      accounts.set(email, { password, verified, user });
      return user;
    },
    verificationTokenFor(email: string) {
      return `verify:${email}`;
    },
    async login({ email, password }: Credentials) {
      const account = accounts.get(email);
      if (!account || account.password !== password) throw fail('Incorrect email or password', 401);
      if (!account.verified) throw fail('Please verify your email before logging in.', 401);
      return issue(account.user.user_id);
    },
    async register({ email, password }: Registration) {
      if (accounts.has(email)) throw fail('An account with this email already exists.', 409);
      const user = this.addAccount(email, password, false);
      return { message: 'ok', user_id: user.user_id, email };
    },
    async verifyEmail(token: string) {
      const email = token.replace(/^verify:/, '');
      const account = accounts.get(email);
      if (!account || !token.startsWith('verify:')) throw fail('This verification link is invalid or has expired.', 400);
      account.verified = true;
      return issue(account.user.user_id);
    },
    /** One-time sign-in tokens of the verification callback, exchanged once (POST /users/session). */
    oneTimeTokens: new Map<string, string>(),
    oneTimeTokenFor(email: string) {
      const token = `once:${email}`;
      this.oneTimeTokens.set(token, accounts.get(email)!.user.user_id);
      return token;
    },
    async exchange(token: string) {
      const userId = this.oneTimeTokens.get(token);
      if (!userId) throw fail('This sign-in link is invalid or was already used. Please log in.', 401);
      this.oneTimeTokens.delete(token);
      return issue(userId);
    },
    /** The API's side of the email link: verifies, then sends the browser back with a one-time sign-in token. */
    verifyByCallback(email: string) {
      accounts.get(email)!.verified = true;
      return { success: 'true', token: this.oneTimeTokenFor(email), user_id: accounts.get(email)!.user.user_id };
    },
    /** Google approved the sign-in: the OAuth callback's parameters (docs/product.md §2). */
    googleCallbackFor(email: string) {
      // As the API sends it: a one-time token to exchange, never the session token in the URL.
      return { token: this.oneTimeTokenFor(email), user_id: accounts.get(email)!.user.user_id };
    },
    /** A callback that carries the session token itself (the /oauth-callback shape the app still accepts). */
    tokenCallbackFor(email: string) {
      const { access_token, user_id } = issue(accounts.get(email)!.user.user_id);
      return { access_token, token_type: 'bearer', user_id };
    },
    /** Wallets linked to accounts (address → user id), and the nonces handed out. */
    wallets: new Map<string, string>(),
    nonces: new Set<string>(),
    linkWallet(email: string) {
      const address = `0x${'0'.repeat(38)}a1`;
      this.wallets.set(address, accounts.get(email)!.user.user_id);
      return address;
    },
    async web3Auth({ address, message }: SignedWalletMessage) {
      const nonce = /nonce (\S+)/.exec(message)?.[1] ?? '';
      if (!this.nonces.delete(nonce)) throw fail('Invalid or expired nonce', 401);
      const userId = this.wallets.get(address);
      if (!userId) throw fail('Web3 authentication failed', 401);
      return issue(userId);
    },
    async web3Profile(token: string) {
      const user = await this.profile(token);
      return { ...user, address: [...this.wallets].find(([, id]) => id === user.user_id)?.[0] ?? '' };
    },
    revoked: [] as string[],
    async profile(token: string) {
      const userId = tokens.get(token);
      if (profileFails || !userId) throw fail('Not authenticated', 401);
      return [...accounts.values()].find((a) => a.user.user_id === userId)!.user;
    },
  };
}

export type FakeBackend = ReturnType<typeof fakeBackend>;

/** Starts the real session machine with the fake backend; records toasts, navigations and storage. */
export function startSession(backend: FakeBackend, input: SessionInput = {}) {
  const toasts: Toast[] = [];
  const navigations: string[] = [];
  const storage: { token: string | null; user: SessionUser | null } = { token: input.token ?? null, user: input.user ?? null };
  let resets = 0;
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise(({ input: credentials }) => backend.login(credentials)),
        register: fromPromise(({ input: registration }) => backend.register(registration)),
        verifyEmail: fromPromise(({ input: { token } }) => backend.verifyEmail(token)),
        fetchProfile: fromPromise(({ input: { token } }) => backend.profile(token)),
        checkSession: fromPromise(({ input: { token } }) => backend.profile(token)),
        exchangeToken: fromPromise(({ input: { token } }) => backend.exchange(token)),
        walletSignIn: walletSignInMachine.provide({
          actors: {
            discoverWallets: fromPromise(async () => [{ id: 'test-wallet', name: 'Test Wallet' }]),
            connectWallet: fromPromise(async ({ input: { walletId } }) => ({ walletId, address: [...backend.wallets.keys()][0] ?? '0x0', chainId: 1 })),
            getNonce: fromPromise(async ({ input: { address } }) => {
              const nonce = `n${backend.nonces.size + 1}x${Date.now()}`;
              backend.nonces.add(nonce);
              return { nonce, address, domain: 'localhost', uri: 'http://localhost', chain_ids: [1], statement: 'Sign in' };
            }),
            signWalletMessage: fromPromise(async ({ input: { account, nonce } }) => ({ address: account.address, message: `Sign in with nonce ${nonce.nonce}`, signature: '0xsigned' })),
            web3Auth: fromPromise(({ input }) => backend.web3Auth(input)),
          },
        }),
        fetchWeb3Profile: fromPromise(({ input: { token } }) => backend.web3Profile(token)),
      },
      actions: {
        persist: ({ context }) => Object.assign(storage, { token: context.token, user: context.user }),
        clearPersisted: () => Object.assign(storage, { token: null, user: null }),
        revokeSession: (_, { token }) => {
          if (token) {
            backend.revoked.push(token);
            backend.tokens.delete(token);
          }
        },
        resetApp: () => {
          resets += 1;
        },
        notify: (_, toast) => {
          if (toast.message) toasts.push(toast);
        },
        navigate: (_, { to }) => {
          navigations.push(to);
        },
      },
    }),
    { input },
  );
  actor.start();
  const settled = () => waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 2000 });
  return {
    actor,
    toasts,
    navigations,
    storage,
    get resets() {
      return resets;
    },
    settled,
    lastToast: () => toasts.at(-1),
  };
}

import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { returnPathFromSaved, sessionMachine, sessionTexts, type SignedWalletMessage, type WalletAccount, type WalletChoice, type WalletNonce } from '../../machines/session';
import { walletSignInMachine } from '../../machines/walletSignIn';
import type { SessionUser } from '../../machines/session';
import type { Toast } from '../../machines/types';

const nonce: WalletNonce = { nonce: 'abcdef123456', address: '0x00000000000000000000000000000000000000A1', domain: 'localhost:3000', uri: 'http://localhost:3000', chain_ids: [1], statement: 'Sign in' };
/** The step of the session's wallet child actor, while it runs. */
const walletStep = (snapshot: { children: Record<string, unknown> }) => ((snapshot.children.wallet as { getSnapshot(): { value: unknown } } | undefined)?.getSnapshot().value ?? null);
const rejected = (message: string, status?: number) => Object.assign(new Error(message), status ? { status } : {});

/** The real session machine with a fake wallet and API: records toasts, navigations and the Google redirect. */
function start(options: { wallets?: WalletChoice[]; connect?: () => Promise<WalletAccount>; nonce?: () => Promise<WalletNonce>; sign?: () => Promise<SignedWalletMessage>; auth?: () => Promise<{ access_token: string; user_id: string }> } = {}) {
  const toasts: Toast[] = [];
  const navigations: string[] = [];
  let redirects = 0;
  const seen: string[] = [];
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        // Sign-In with Ethereum is the session's child actor (machines/walletSignIn.ts).
        walletSignIn: walletSignInMachine.provide({
          actors: {
            discoverWallets: fromPromise(async () => options.wallets ?? [{ id: 'w1', name: 'Test Wallet' }]),
            connectWallet: fromPromise(async ({ input }) => (options.connect ? options.connect() : { walletId: input.walletId, address: nonce.address, chainId: 1 })),
            getNonce: fromPromise(async () => (options.nonce ? options.nonce() : nonce)),
            signWalletMessage: fromPromise(async () => (options.sign ? options.sign() : { address: nonce.address, message: 'msg', signature: '0xsig' })),
            web3Auth: fromPromise(async () => (options.auth ? options.auth() : { access_token: 'wallet-token', user_id: 'u-wallet' })),
          },
        }),
        fetchWeb3Profile: fromPromise(async (): Promise<SessionUser> => ({ user_id: 'u-wallet', address: nonce.address })),
        fetchProfile: fromPromise(async (): Promise<SessionUser> => ({ user_id: 'u-google', email: 'g@example.com' })),
      },
      actions: {
        notify: (_, toast) => {
          if (toast.message) toasts.push(toast);
        },
        navigate: (_, { to }) => {
          navigations.push(to);
        },
        redirectToGoogle: () => {
          redirects += 1;
        },
      },
    }),
    { input: {} },
  );
  // The session's state, and each step of its wallet child actor as the path it runs under (anonymous.wallet).
  actor.system.inspect((e) => {
    if (e.type !== '@xstate.snapshot') return;
    const value = (e.snapshot as { value?: unknown }).value;
    if (e.actorRef === actor) seen.push(JSON.stringify(value));
    else if ((e.actorRef as { id?: string }).id === 'wallet') seen.push(JSON.stringify({ anonymous: { wallet: value } }));
  });
  actor.start();
  return { actor, toasts, navigations, seen, redirects: () => redirects, settled };
  /** Waits until the user has something to do: the wallet child asks to choose, or the session rests. */
  async function settled() {
    const wallet = actor.getSnapshot().children.wallet as ActorRefFrom<typeof walletSignInMachine> | undefined;
    if (wallet) await waitFor(wallet, (w) => w.value === 'choosing' || w.status !== 'active', { timeout: 2000 });
    return waitFor(actor, (s) => !s.hasTag('busy') || walletStep(s) === 'choosing' || s.matches({ anonymous: 'redirectingToGoogle' }), { timeout: 2000 });
  }
}

describe('session machine: wallet sign-in (Sign-In with Ethereum)', () => {
  it('starting, waiting for the wallet, signing, verifying: then the user is signed in from GET /api/web3/me', async () => {
    const s = start();
    s.actor.send({ type: 'session.wallet' });
    await s.settled();
    const snap = s.actor.getSnapshot();
    expect(snap.hasTag('authenticated')).toBe(true);
    expect(snap.context.token).toBe('wallet-token');
    expect(snap.context.user).toMatchObject({ user_id: 'u-wallet', address: nonce.address });
    for (const step of ['discovering', 'connecting', 'preparing', 'signing', 'verifying']) expect(s.seen.some((v) => v.includes(`"wallet":"${step}"`))).toBe(true);
    expect(s.seen.some((v) => v.includes('web3SigningIn'))).toBe(true);
    expect(s.toasts.map((t) => t.message)).toContain('Login successful!');
    expect(s.navigations.at(-1)).toBe('/');
  });

  it('no wallet installed fails with a clear reason', async () => {
    const s = start({ wallets: [] });
    s.actor.send({ type: 'session.wallet' });
    await s.settled();
    const snap = s.actor.getSnapshot();
    expect(snap.matches({ anonymous: 'walletFailed' })).toBe(true);
    expect(snap.context.error?.message).toBe(sessionTexts.noWallet);
    expect(s.toasts.at(-1)?.message).toBe(sessionTexts.noWallet);
  });

  it('several wallets: the user picks one (EIP-6963), or cancels back to the page', async () => {
    const s = start({ wallets: [{ id: 'a', name: 'Alpha' }, { id: 'b', name: 'Beta' }] });
    s.actor.send({ type: 'session.wallet' });
    await s.settled();
    expect(walletStep(s.actor.getSnapshot())).toBe('choosing');
    s.actor.send({ type: 'session.walletCancel' });
    expect(s.actor.getSnapshot().matches({ anonymous: 'idle' })).toBe(true);
    s.actor.send({ type: 'session.wallet' });
    await s.settled();
    s.actor.send({ type: 'session.walletChosen', walletId: 'b' });
    await waitFor(s.actor, (x) => x.hasTag('authenticated'), { timeout: 2000 });
  });

  it("a failed nonce call shows the server's message, else 'Failed to get nonce'", async () => {
    const s = start({ nonce: () => Promise.reject(rejected('')) });
    s.actor.send({ type: 'session.wallet' });
    await s.settled();
    expect(s.actor.getSnapshot().context.error?.message).toBe('Failed to get nonce');
    expect(s.toasts.at(-1)?.message).toBe('Failed to get nonce');
  });

  it('a rejected signature fails with the wallet’s reason; the user stays signed out', async () => {
    const s = start({ sign: () => Promise.reject(rejected('The signature request was rejected in your wallet.')) });
    s.actor.send({ type: 'session.wallet' });
    await s.settled();
    const snap = s.actor.getSnapshot();
    expect(snap.matches({ anonymous: 'walletFailed' })).toBe(true);
    expect(snap.context.token).toBeNull();
    expect(s.toasts.at(-1)?.message).toBe('The signature request was rejected in your wallet.');
  });

  it("a refused verification shows the API's detail, else 'Web3 authentication failed'", async () => {
    const s = start({ auth: () => Promise.reject(rejected('', 401)) });
    s.actor.send({ type: 'session.wallet' });
    await s.settled();
    expect(s.toasts.at(-1)?.message).toBe('Web3 authentication failed');
    s.actor.send({ type: 'session.wallet' });
    await s.settled();
    expect(s.actor.getSnapshot().matches({ anonymous: 'walletFailed' })).toBe(true);
  });
});

describe('session machine: Google sign-in', () => {
  it("'Continue with Google' leaves for the provider (the redirect action saves the location)", async () => {
    const s = start();
    s.actor.send({ type: 'session.google' });
    expect(s.redirects()).toBe(1);
    expect(s.actor.getSnapshot().matches({ anonymous: 'redirectingToGoogle' })).toBe(true);
  });

  it('a valid OAuth callback signs in and returns to oauth_redirect_url', async () => {
    const s = start();
    s.actor.send({ type: 'session.callback', kind: 'oauth', params: { access_token: 't', token_type: 'bearer', user_id: 'u-google' }, returnTo: returnPathFromSaved('/login?from=%2Ftransactions%3Ftype%3Dexpense') });
    await waitFor(s.actor, (x) => x.hasTag('authenticated'), { timeout: 2000 });
    expect(s.navigations.at(-1)).toBe('/transactions?type=expense');
  });

  it("an OAuth callback with error toasts 'OAuth error: {error}' and goes to /login", () => {
    const s = start();
    s.actor.send({ type: 'session.callback', kind: 'oauth', params: { error: 'Sign-in was cancelled' } });
    expect(s.toasts.at(-1)).toEqual({ kind: 'error', message: 'OAuth error: Sign-in was cancelled' });
    expect(s.navigations.at(-1)).toBe('/login');
  });

  it("docs/product.md §5: without both an access token and user_id the callback is 'Invalid OAuth response'", () => {
    const s = start();
    s.actor.send({ type: 'session.callback', kind: 'oauth', params: { access_token: 't' } });
    expect(s.toasts.at(-1)?.message).toBe('Invalid OAuth response');
  });
});

describe('returnPathFromSaved', () => {
  it('the saved page itself, the `from` of a saved /login or /register, never another site', () => {
    expect(returnPathFromSaved('/dashboard?period=30_days')).toBe('/dashboard?period=30_days');
    expect(returnPathFromSaved('/register?from=%2Fbudget')).toBe('/budget');
    expect(returnPathFromSaved('/login')).toBeNull();
    expect(returnPathFromSaved('//evil.example/x')).toBeNull();
    expect(returnPathFromSaved('https://evil.example/x')).toBeNull();
    expect(returnPathFromSaved(null)).toBeNull();
  });
});

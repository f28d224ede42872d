import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { signInMethodsMachine, signInMethodsTexts, type SignInMethodsInput, type SignInMethodsResponse } from '../../machines/signInMethods';
import type { Toast } from '../../machines/types';
import { walletSignInMachine, type WalletChoice } from '../../machines/walletSignIn';

const wallet = { identity_id: 'w1', kind: 'wallet' as const, label: '0x00000000000000000000000000000000000000A1', email: null, address: '0x00000000000000000000000000000000000000A1', created_at: '2026-01-01T00:00:00Z', last_used_at: '2026-01-01T00:00:00Z' };
const base: SignInMethodsResponse = { password: true, email: 'a@example.com', google_available: true, methods: [] };

function start(
  options: {
    input?: SignInMethodsInput;
    unlink?: () => Promise<SignInMethodsResponse>;
    load?: () => Promise<SignInMethodsResponse>;
    wallets?: WalletChoice[];
    link?: () => Promise<SignInMethodsResponse>;
    prepareGoogleLink?: () => Promise<{ url: string }>;
    completeGoogleLink?: (code: string) => Promise<SignInMethodsResponse>;
    reauthenticate?: (password: string) => Promise<unknown>;
    /** How the unlink confirmation answers (at once). */
    answer?: 'unlink.confirm' | 'unlink.dismiss';
  } = {},
) {
  const toasts: Toast[] = [];
  const left: string[] = [];
  const asked: string[] = [];
  const actor = createActor(
    signInMethodsMachine.provide({
      actors: {
        load: fromPromise(async () => (options.load ? options.load() : base)),
        prepareGoogleLink: fromPromise(async () => (options.prepareGoogleLink ? options.prepareGoogleLink() : { url: 'http://api/auth/login/google?link=abc' })),
        completeGoogleLink: fromPromise(async ({ input }) => (options.completeGoogleLink ? options.completeGoogleLink(input.code) : base)),
        reauthenticate: fromPromise(async ({ input }) => (options.reauthenticate ? options.reauthenticate(input.password) : {})),
        // Linking runs the one wallet signing flow (machines/walletSignIn.ts) as a child actor.
        walletSignIn: walletSignInMachine.provide({
          actors: {
            discoverWallets: fromPromise(async () => options.wallets ?? [{ id: 'w', name: 'Wallet' }]),
            connectWallet: fromPromise(async ({ input }) => ({ walletId: input.walletId, address: wallet.address, chainId: 1 })),
            getNonce: fromPromise(async () => ({ nonce: 'n0nce123', address: wallet.address, domain: 'd', uri: 'http://d', chain_ids: [1], statement: 's' })),
            signWalletMessage: fromPromise(async () => ({ address: wallet.address, message: 'm', signature: '0x1' })),
            linkWallet: fromPromise(async ({ input }) => (options.link ? options.link() : { ...base, methods: [{ ...wallet, label: input.address }] })),
          },
        }),
        unlink: fromPromise(async () => (options.unlink ? options.unlink() : base)),
      },
      actions: {
        notify: (_, toast) => {
          if (toast.message) toasts.push(toast);
        },
        leaveFor: (_, { url }) => {
          left.push(url);
        },
        requestUnlinkConfirmation: ({ self }, { method }) => {
          asked.push(method.identity_id);
          queueMicrotask(() => self.send({ type: options.answer ?? 'unlink.confirm' }));
        },
      },
    }),
    { input: options.input ?? {} },
  );
  actor.start();
  return { actor, toasts, left, asked, ready: () => waitFor(actor, (s) => s.matches('ready') || s.matches('failed') || s.matches('leaving'), { timeout: 2000 }) };
}

describe('signInMethods machine (Settings › Sign-in methods)', () => {
  it('loads the methods; back from a Google link flow it says how it went', async () => {
    const ok = start({ input: { linked: 'google' } });
    await ok.ready();
    expect(ok.actor.getSnapshot().context.methods).toEqual(base);
    expect(ok.toasts).toEqual([{ kind: 'success', message: signInMethodsTexts.googleLinked }]);
    const failed = start({ input: { linkError: 'This sign-in method is already linked to another Finu account.' } });
    await failed.ready();
    expect(failed.toasts).toEqual([{ kind: 'error', message: 'This sign-in method is already linked to another Finu account.' }]);
  });

  it('linking a wallet: connect, nonce, sign, link; the list shows it', async () => {
    const s = start();
    await s.ready();
    s.actor.send({ type: 'methods.linkWallet' });
    await waitFor(s.actor, (x) => x.matches('ready') && (x.context.methods?.methods.length ?? 0) === 1, { timeout: 2000 });
    expect(s.toasts.at(-1)?.message).toBe(signInMethodsTexts.walletLinked);
  });

  it("linking without a browser wallet says so (Settings' words), and nothing is linked", async () => {
    const s = start({ wallets: [] });
    await s.ready();
    s.actor.send({ type: 'methods.linkWallet' });
    await waitFor(s.actor, (x) => x.matches('ready') && x.context.error !== null, { timeout: 2000 });
    expect(s.toasts.at(-1)).toEqual({ kind: 'error', message: signInMethodsTexts.noWallet });
    expect(s.toasts.at(-1)?.message).toBe('No browser wallet found. Install one such as MetaMask, Rabby or Coinbase Wallet.');
    expect(s.actor.getSnapshot().context.methods?.methods).toEqual([]);
  });

  it("several wallets: the user picks one in 'Choose a wallet'; a refused link toasts the server's reason", async () => {
    const s = start({ wallets: [{ id: 'a', name: 'Alpha' }, { id: 'b', name: 'Beta' }], link: () => Promise.reject(Object.assign(new Error('This wallet is already linked to another Finu account.'), { status: 409 })) });
    await s.ready();
    s.actor.send({ type: 'methods.linkWallet' });
    const child = s.actor.getSnapshot().children.wallet as ActorRefFrom<typeof walletSignInMachine>;
    await waitFor(child, (w) => w.value === 'choosing', { timeout: 2000 });
    s.actor.send({ type: 'methods.walletChosen', walletId: 'b' });
    await waitFor(s.actor, (x) => x.matches('ready') && x.context.error !== null, { timeout: 2000 });
    expect(s.toasts.at(-1)).toEqual({ kind: 'error', message: 'This wallet is already linked to another Finu account.' });
  });

  it('linking Google leaves for the link URL the API prepared', async () => {
    const s = start();
    await s.ready();
    s.actor.send({ type: 'methods.linkGoogle' });
    await waitFor(s.actor, (x) => x.matches('leaving'), { timeout: 2000 });
    expect(s.left).toEqual(['http://api/auth/login/google?link=abc']);
  });

  it("unlinking the last method shows the server's refusal and keeps the list", async () => {
    const s = start({ load: async () => ({ ...base, password: false, methods: [wallet] }), unlink: () => Promise.reject(Object.assign(new Error('This is your only way to sign in.'), { status: 409 })) });
    await s.ready();
    s.actor.send({ type: 'methods.unlink', identityId: 'w1' });
    await waitFor(s.actor, (x) => x.matches('ready') && x.context.removing === null, { timeout: 2000 });
    expect(s.actor.getSnapshot().context.methods?.methods).toHaveLength(1);
    expect(s.toasts.at(-1)).toEqual({ kind: 'error', message: 'This is your only way to sign in.' });
  });

  it('a failed load offers Retry', async () => {
    let attempts = 0;
    const s = start({ load: async () => (++attempts === 1 ? Promise.reject(new Error('')) : base) });
    await s.ready();
    expect(s.actor.getSnapshot().matches('failed')).toBe(true);
    expect(s.actor.getSnapshot().context.error?.message).toBe(signInMethodsTexts.loadFailed);
    s.actor.send({ type: 'methods.reload' });
    await waitFor(s.actor, (x) => x.matches('ready'), { timeout: 2000 });
  });

  it('back from Google with a link code, the link is finished by this session and the list shows it', async () => {
    const google = { ...wallet, identity_id: 'g1', kind: 'google' as const, label: 'G', email: 'g@example.com', address: null };
    const codes: string[] = [];
    const s = start({ input: { linkCode: 'code-1' }, completeGoogleLink: async (code) => (codes.push(code), { ...base, methods: [google] }) });
    await s.ready();
    expect(codes).toEqual(['code-1']);
    expect(s.actor.getSnapshot().context.methods?.methods).toEqual([google]);
    expect(s.toasts).toEqual([{ kind: 'success', message: signInMethodsTexts.googleLinked }]);
  });

  it('a link code refused by the server (another session) toasts the reason and loads the list', async () => {
    const s = start({ input: { linkCode: 'stolen' }, completeGoogleLink: async () => Promise.reject(Object.assign(new Error('This link was finished in another browser or session, or has expired. Start again from Settings.'), { status: 400 })) });
    await s.ready();
    expect(s.actor.getSnapshot().matches('ready')).toBe(true);
    expect(s.toasts.map((t) => t.message)).toEqual(['This link was finished in another browser or session, or has expired. Start again from Settings.']);
  });

  it('when the server wants the owner again (428), the password is asked for; a wrong one shows its reason, the right one lets the change go on', async () => {
    let confirmed = false;
    const passwords: string[] = [];
    const s = start({
      prepareGoogleLink: async () => (confirmed ? { url: 'http://api/auth/login/google?link=ok' } : Promise.reject(Object.assign(new Error('For your security, confirm your password first'), { status: 428 }))),
      reauthenticate: async (password) => {
        passwords.push(password);
        if (password !== 'right') throw Object.assign(new Error('Incorrect password'), { status: 400 });
        confirmed = true;
        return {};
      },
    });
    await s.ready();
    s.actor.send({ type: 'methods.linkGoogle' });
    await waitFor(s.actor, (x) => x.matches({ confirming: 'asking' }), { timeout: 2000 });
    expect(s.toasts).toEqual([]);
    s.actor.send({ type: 'methods.confirmPassword', password: 'wrong' });
    await waitFor(s.actor, (x) => x.matches({ confirming: 'asking' }) && x.context.confirmError !== null, { timeout: 2000 });
    expect(s.actor.getSnapshot().context.confirmError?.message).toBe('Incorrect password');
    s.actor.send({ type: 'methods.confirmPassword', password: 'right' });
    await waitFor(s.actor, (x) => x.matches('leaving'), { timeout: 2000 });
    expect(passwords).toEqual(['wrong', 'right']);
    expect(s.left).toEqual(['http://api/auth/login/google?link=ok']);
  });

  it('an unlink that needs the password goes on after it; cancelling changes nothing', async () => {
    let confirmed = false;
    const removed: string[] = [];
    const s = start({
      load: async () => ({ ...base, methods: [wallet] }),
      unlink: async () => {
        if (!confirmed) throw Object.assign(new Error('confirm'), { status: 428 });
        removed.push('w1');
        return base;
      },
      reauthenticate: async () => {
        confirmed = true;
        return {};
      },
    });
    await s.ready();
    s.actor.send({ type: 'methods.unlink', identityId: 'w1' });
    await waitFor(s.actor, (x) => x.matches('confirming'), { timeout: 2000 });
    s.actor.send({ type: 'methods.confirmCancel' });
    expect(s.actor.getSnapshot().matches('ready')).toBe(true);
    expect(s.actor.getSnapshot().context.removing).toBeNull();
    s.actor.send({ type: 'methods.unlink', identityId: 'w1' });
    await waitFor(s.actor, (x) => x.matches('confirming'), { timeout: 2000 });
    s.actor.send({ type: 'methods.confirmPassword', password: 'pw' });
    await waitFor(s.actor, (x) => x.matches('ready') && x.context.methods?.methods.length === 0, { timeout: 2000 });
    expect(removed).toEqual(['w1']);
    expect(s.toasts.map((t) => t.message)).toContain('Sign-in method removed');
  });

  it('unlink asks first, naming the method; Cancel removes nothing and calls nobody', async () => {
    let calls = 0;
    const s = start({
      load: async () => ({ ...base, methods: [wallet] }),
      unlink: async () => {
        calls += 1;
        return base;
      },
      answer: 'unlink.dismiss',
    });
    await s.ready();
    s.actor.send({ type: 'methods.unlink', identityId: 'w1' });
    expect(s.actor.getSnapshot().matches('askingUnlink')).toBe(true);
    // The spinner is for the removal, not for the open question.
    expect(s.actor.getSnapshot().context.removing).toBeNull();
    await waitFor(s.actor, (x) => x.matches('ready'), { timeout: 2000 });
    expect(s.asked).toEqual(['w1']);
    expect(calls).toBe(0);
    expect(s.actor.getSnapshot().context.methods?.methods).toHaveLength(1);
    // A method that is not listed asks nothing.
    s.actor.send({ type: 'methods.unlink', identityId: 'nobody' });
    expect(s.actor.getSnapshot().matches('ready')).toBe(true);
    expect(s.asked).toEqual(['w1']);
  });
});

import { assign, fromPromise, setup } from 'xstate';
import type { SignedWalletMessage, WalletAccount, WalletChoice, WalletNonce } from './session';
import { toFailure, type CallFailure, type Toast } from './types';

/**
 * GET /users/me/sign-in-methods as the machine reads it. The wire type is `SignInMethodsResponse` in
 * src/contract/identities.ts (the lint rule keeps machines from importing src/, even types).
 */
export interface SignInMethodsResponse {
  password: boolean;
  email: string | null;
  google_available: boolean;
  methods: { identity_id: string; kind: 'google' | 'wallet'; label: string; email: string | null; address: string | null; created_at: string; last_used_at: string }[];
}

export interface SignInMethodsInput {
  /** `linked` from the URL after a Google link flow (linked=google). */
  linked?: string | null;
  /** `link_error` from the URL after a Google link flow that failed. */
  linkError?: string | null;
}

export interface SignInMethodsContext {
  methods: SignInMethodsResponse | null;
  error: CallFailure | null;
  choices: WalletChoice[];
  account: WalletAccount | null;
  nonce: WalletNonce | null;
  /** The method being removed. */
  removing: string | null;
}

export type SignInMethodsEvent =
  | { type: 'methods.reload' }
  | { type: 'methods.linkGoogle' }
  | { type: 'methods.linkWallet' }
  | { type: 'methods.walletChosen'; walletId: string }
  | { type: 'methods.walletCancel' }
  | { type: 'methods.unlink'; identityId: string };

export const signInMethodsTexts = {
  loadFailed: 'Failed to fetch sign-in methods',
  googleLinked: 'Google account linked. You can now sign in with it.',
  walletLinked: 'Wallet linked. You can now sign in with it.',
  unlinked: 'Sign-in method removed',
  linkFailed: 'Failed to link the wallet',
  unlinkFailed: 'Failed to unlink the sign-in method',
  googleFailed: 'Failed to start linking Google',
  noWallet: 'No browser wallet found. Install one such as MetaMask, Rabby or Coinbase Wallet.',
} as const;

const failureToast = (context: SignInMethodsContext): Toast => ({ kind: 'error', message: context.error && !context.error.handledGlobally ? context.error.message : '' });

/**
 * Settings › Sign-in methods: the password, Google account and wallets of the signed-in user; link
 * Google (full-page redirect, back with linked=google) or a wallet (a signed SIWE message), unlink one
 * while another way to sign in remains (the server enforces it too).
 */
export const signInMethodsMachine = setup({
  types: {
    context: {} as SignInMethodsContext,
    events: {} as SignInMethodsEvent,
    input: {} as SignInMethodsInput,
    tags: {} as 'busy',
  },
  actors: {
    load: fromPromise<SignInMethodsResponse, void>(async () => {
      throw new Error('load not provided');
    }),
    prepareGoogleLink: fromPromise<{ url: string }, void>(async () => {
      throw new Error('prepareGoogleLink not provided');
    }),
    discoverWallets: fromPromise<WalletChoice[], void>(async () => {
      throw new Error('discoverWallets not provided');
    }),
    connectWallet: fromPromise<WalletAccount, { walletId: string }>(async () => {
      throw new Error('connectWallet not provided');
    }),
    getNonce: fromPromise<WalletNonce, { address: string }>(async () => {
      throw new Error('getNonce not provided');
    }),
    signWalletMessage: fromPromise<SignedWalletMessage, { account: WalletAccount; nonce: WalletNonce }>(async () => {
      throw new Error('signWalletMessage not provided');
    }),
    linkWallet: fromPromise<SignInMethodsResponse, SignedWalletMessage>(async () => {
      throw new Error('linkWallet not provided');
    }),
    unlink: fromPromise<SignInMethodsResponse, { identityId: string }>(async () => {
      throw new Error('unlink not provided');
    }),
  },
  actions: {
    notify: (_, _params: Toast) => {},
    /** Full-page navigation to the API's link URL (it continues at the provider). */
    leaveFor: (_, _params: { url: string }) => {},
  },
  guards: {
    noWallets: ({ event }) => ((event as { output?: WalletChoice[] }).output?.length ?? 0) === 0,
    oneWallet: ({ event }) => (event as { output?: WalletChoice[] }).output?.length === 1,
  },
}).createMachine({
  id: 'signInMethods',
  description: 'Settings: how the signed-in user can sign in, and linking or unlinking Google and wallets.',
  context: () => ({ methods: null, error: null, choices: [], account: null, nonce: null, removing: null }),
  entry: [
    { type: 'notify', params: ({ event }) => ({ kind: 'success', message: (event as { input?: SignInMethodsInput }).input?.linked === 'google' ? signInMethodsTexts.googleLinked : '' }) },
    { type: 'notify', params: ({ event }) => ({ kind: 'error', message: (event as { input?: SignInMethodsInput }).input?.linkError ?? '' }) },
  ],
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /users/me/sign-in-methods.',
      tags: ['busy'],
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: assign({ methods: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toFailure(event.error, signInMethodsTexts.loadFailed) }) },
      },
    },
    failed: {
      description: 'The list could not be loaded; Retry.',
      on: { 'methods.reload': 'loading' },
    },
    ready: {
      description: 'The list is shown; the user may link or unlink.',
      on: {
        'methods.linkGoogle': 'linkingGoogle',
        'methods.linkWallet': { target: 'linkingWallet', actions: assign({ choices: [], account: null, nonce: null, error: null }) },
        'methods.unlink': { target: 'unlinking', actions: assign({ removing: ({ event }) => event.identityId }) },
        'methods.reload': 'loading',
      },
    },
    linkingGoogle: {
      description: 'POST /auth/link/google, then a full-page redirect to the provider; it comes back to /settings.',
      tags: ['busy'],
      invoke: {
        src: 'prepareGoogleLink',
        onDone: { target: 'leaving', actions: { type: 'leaveFor', params: ({ event }) => ({ url: event.output.url }) } },
        onError: { target: 'ready', actions: [assign({ error: ({ event }) => toFailure(event.error, signInMethodsTexts.googleFailed) }), { type: 'notify', params: ({ context }) => failureToast(context) }] },
      },
    },
    leaving: { description: 'The browser is on its way to the provider.', tags: ['busy'] },
    linkingWallet: {
      description: 'Link a wallet: find it, get an account, a nonce, a signature; POST /api/web3/link.',
      tags: ['busy'],
      initial: 'discovering',
      states: {
        discovering: {
          invoke: {
            src: 'discoverWallets',
            onDone: [
              { guard: 'noWallets', target: '#signInMethods.ready', actions: { type: 'notify', params: { kind: 'error', message: signInMethodsTexts.noWallet } } },
              { guard: 'oneWallet', target: 'connecting', actions: assign({ choices: ({ event }) => event.output }) },
              { target: 'choosing', actions: assign({ choices: ({ event }) => event.output }) },
            ],
            onError: { target: '#signInMethods.ready', actions: { type: 'notify', params: { kind: 'error', message: signInMethodsTexts.noWallet } } },
          },
        },
        choosing: {
          description: 'Several wallets: the user picks one.',
          on: {
            'methods.walletChosen': { target: 'connecting', actions: assign({ choices: ({ context, event }) => context.choices.filter((c) => c.id === event.walletId) }) },
            'methods.walletCancel': '#signInMethods.ready',
          },
        },
        connecting: {
          invoke: {
            src: 'connectWallet',
            input: ({ context }) => ({ walletId: context.choices[0]!.id }),
            onDone: { target: 'preparing', actions: assign({ account: ({ event }) => event.output }) },
            onError: { target: '#signInMethods.ready', actions: [assign({ error: ({ event }) => toFailure(event.error, signInMethodsTexts.linkFailed) }), { type: 'notify', params: ({ context }) => failureToast(context) }] },
          },
        },
        preparing: {
          invoke: {
            src: 'getNonce',
            input: ({ context }) => ({ address: context.account!.address }),
            onDone: { target: 'signing', actions: assign({ nonce: ({ event }) => event.output }) },
            onError: { target: '#signInMethods.ready', actions: [assign({ error: ({ event }) => toFailure(event.error, 'Failed to get nonce') }), { type: 'notify', params: ({ context }) => failureToast(context) }] },
          },
        },
        signing: {
          invoke: {
            src: 'signWalletMessage',
            input: ({ context }) => ({ account: context.account!, nonce: context.nonce! }),
            onDone: { target: 'linking' },
            onError: { target: '#signInMethods.ready', actions: [assign({ error: ({ event }) => toFailure(event.error, signInMethodsTexts.linkFailed) }), { type: 'notify', params: ({ context }) => failureToast(context) }] },
          },
        },
        linking: {
          invoke: {
            src: 'linkWallet',
            input: ({ event }) => (event as unknown as { output: SignedWalletMessage }).output,
            onDone: {
              target: '#signInMethods.ready',
              actions: [assign({ methods: ({ event }) => event.output, error: null }), { type: 'notify', params: { kind: 'success', message: signInMethodsTexts.walletLinked } }],
            },
            onError: { target: '#signInMethods.ready', actions: [assign({ error: ({ event }) => toFailure(event.error, signInMethodsTexts.linkFailed) }), { type: 'notify', params: ({ context }) => failureToast(context) }] },
          },
        },
      },
    },
    unlinking: {
      description: 'DELETE /users/me/sign-in-methods/{id} (after the danger confirmation).',
      tags: ['busy'],
      invoke: {
        src: 'unlink',
        input: ({ context }) => ({ identityId: context.removing! }),
        onDone: { target: 'ready', actions: [assign({ methods: ({ event }) => event.output, removing: null }), { type: 'notify', params: { kind: 'success', message: signInMethodsTexts.unlinked } }] },
        onError: {
          target: 'ready',
          actions: [assign({ removing: null, error: ({ event }) => toFailure(event.error, signInMethodsTexts.unlinkFailed) }), { type: 'notify', params: ({ context }) => failureToast(context) }],
        },
      },
    },
  },
});

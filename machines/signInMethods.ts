import { assign, fromPromise, setup } from 'xstate';
import type { SignInMethodsResponse } from '../src/contract/identities';
import type { SignedWalletMessage, WalletAccount, WalletChoice, WalletNonce } from './session';
import { toFailure, type CallFailure, type Toast } from './types';

export type { SignInMethodsResponse };

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

/** The texts the machine shows; the machine writes its toasts literally (so Stately shows them) and its tests check they agree. */
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
  description:
    "Settings: how the signed-in user can sign in, and linking or unlinking Google and wallets. Back from Google, a toast says 'Google account linked. You can now sign in with it.' or gives the reason the link failed.",
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
        onDone: { target: 'ready', description: 'The password, Google account and wallets are listed.', actions: assign({ methods: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          description: "The server's reason, or 'Failed to fetch sign-in methods', is shown with a Retry.",
          actions: assign({ error: ({ event }) => toFailure(event.error, signInMethodsTexts.loadFailed) }),
        },
      },
    },
    failed: {
      description: 'The list could not be loaded; Retry.',
      on: { 'methods.reload': { target: 'loading', description: 'Retry loads the list again.' } },
    },
    ready: {
      description: 'The list is shown; the user may link or unlink.',
      on: {
        'methods.linkGoogle': { target: 'linkingGoogle', description: "'Link Google' starts the Google link flow." },
        'methods.linkWallet': { target: 'linkingWallet', description: "'Link a wallet' looks for a browser wallet.", actions: assign({ choices: [], account: null, nonce: null, error: null }) },
        'methods.unlink': { target: 'unlinking', description: 'After the danger confirmation, the chosen method is removed.', actions: assign({ removing: ({ event }) => event.identityId }) },
        'methods.reload': { target: 'loading', description: 'Reloads the list.' },
      },
    },
    linkingGoogle: {
      description: 'POST /auth/link/google, then a full-page redirect to the provider; it comes back to /settings.',
      tags: ['busy'],
      invoke: {
        src: 'prepareGoogleLink',
        onDone: { target: 'leaving', description: 'The browser leaves for Google to approve the link.', actions: { type: 'leaveFor', params: ({ event }) => ({ url: event.output.url }) } },
        onError: {
          target: 'ready',
          description: "A toast gives the server's reason, or 'Failed to start linking Google'.",
          actions: [assign({ error: ({ event }) => toFailure(event.error, signInMethodsTexts.googleFailed) }), { type: 'notify', params: ({ context }) => failureToast(context) }],
        },
      },
    },
    leaving: { description: 'The browser is on its way to the provider.', tags: ['busy'] },
    linkingWallet: {
      description: 'Link a wallet: find it, get an account, a nonce, a signature; POST /api/web3/link.',
      tags: ['busy'],
      initial: 'discovering',
      states: {
        discovering: {
          description: 'Looks for wallets installed in the browser.',
          invoke: {
            src: 'discoverWallets',
            onDone: [
              {
                guard: 'noWallets',
                target: '#signInMethods.ready',
                description: "No wallet found: a toast says 'No browser wallet found. Install one such as MetaMask, Rabby or Coinbase Wallet.'",
                actions: { type: 'notify', params: { kind: 'error', message: 'No browser wallet found. Install one such as MetaMask, Rabby or Coinbase Wallet.' } },
              },
              { guard: 'oneWallet', target: 'connecting', description: 'One wallet: connect to it straight away.', actions: assign({ choices: ({ event }) => event.output }) },
              { target: 'choosing', description: 'Several wallets: the user picks one.', actions: assign({ choices: ({ event }) => event.output }) },
            ],
            onError: {
              target: '#signInMethods.ready',
              description: "Looking failed: a toast says 'No browser wallet found. Install one such as MetaMask, Rabby or Coinbase Wallet.'",
              actions: { type: 'notify', params: { kind: 'error', message: 'No browser wallet found. Install one such as MetaMask, Rabby or Coinbase Wallet.' } },
            },
          },
        },
        choosing: {
          description: 'Several wallets: the user picks one.',
          on: {
            'methods.walletChosen': { target: 'connecting', description: 'Connects to the chosen wallet.', actions: assign({ choices: ({ context, event }) => context.choices.filter((c) => c.id === event.walletId) }) },
            'methods.walletCancel': { target: '#signInMethods.ready', description: 'Cancel: nothing is linked.' },
          },
        },
        connecting: {
          description: 'The wallet asks the user to share an account.',
          invoke: {
            src: 'connectWallet',
            input: ({ context }) => ({ walletId: context.choices[0]!.id }),
            onDone: { target: 'preparing', description: 'The account is known.', actions: assign({ account: ({ event }) => event.output }) },
            onError: {
              target: '#signInMethods.ready',
              description: "Refused in the wallet, or failed: a toast gives the reason, or 'Failed to link the wallet'.",
              actions: [assign({ error: ({ event }) => toFailure(event.error, signInMethodsTexts.linkFailed) }), { type: 'notify', params: ({ context }) => failureToast(context) }],
            },
          },
        },
        preparing: {
          description: 'Gets a one-time nonce for the message to sign.',
          invoke: {
            src: 'getNonce',
            input: ({ context }) => ({ address: context.account!.address }),
            onDone: { target: 'signing', description: 'The sign-in message is ready to sign.', actions: assign({ nonce: ({ event }) => event.output }) },
            onError: {
              target: '#signInMethods.ready',
              description: "A toast gives the server's reason, or 'Failed to get nonce'.",
              actions: [assign({ error: ({ event }) => toFailure(event.error, 'Failed to get nonce') }), { type: 'notify', params: ({ context }) => failureToast(context) }],
            },
          },
        },
        signing: {
          description: 'The wallet asks the user to sign the sign-in message (SIWE).',
          invoke: {
            src: 'signWalletMessage',
            input: ({ context }) => ({ account: context.account!, nonce: context.nonce! }),
            onDone: { target: 'linking', description: 'Signed: send it to the server.' },
            onError: {
              target: '#signInMethods.ready',
              description: "Refused in the wallet, or failed: a toast gives the reason, or 'Failed to link the wallet'.",
              actions: [assign({ error: ({ event }) => toFailure(event.error, signInMethodsTexts.linkFailed) }), { type: 'notify', params: ({ context }) => failureToast(context) }],
            },
          },
        },
        linking: {
          description: 'POST /api/web3/link with the signed message.',
          invoke: {
            src: 'linkWallet',
            input: ({ event }) => (event as unknown as { output: SignedWalletMessage }).output,
            onDone: {
              target: '#signInMethods.ready',
              description: "Linked: the list shows the wallet and a toast says 'Wallet linked. You can now sign in with it.'",
              actions: [assign({ methods: ({ event }) => event.output, error: null }), { type: 'notify', params: { kind: 'success', message: 'Wallet linked. You can now sign in with it.' } }],
            },
            onError: {
              target: '#signInMethods.ready',
              description: "Refused (e.g. linked to another account) or failed: a toast gives the server's reason, or 'Failed to link the wallet'.",
              actions: [assign({ error: ({ event }) => toFailure(event.error, signInMethodsTexts.linkFailed) }), { type: 'notify', params: ({ context }) => failureToast(context) }],
            },
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
        onDone: {
          target: 'ready',
          description: "Removed: the list updates and a toast says 'Sign-in method removed'.",
          actions: [assign({ methods: ({ event }) => event.output, removing: null }), { type: 'notify', params: { kind: 'success', message: 'Sign-in method removed' } }],
        },
        onError: {
          target: 'ready',
          description: "Refused (the last way to sign in stays) or failed: a toast gives the server's reason, or 'Failed to unlink the sign-in method'.",
          actions: [assign({ removing: null, error: ({ event }) => toFailure(event.error, signInMethodsTexts.unlinkFailed) }), { type: 'notify', params: ({ context }) => failureToast(context) }],
        },
      },
    },
  },
});

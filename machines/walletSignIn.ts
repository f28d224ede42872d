import { assign, fromPromise, setup } from 'xstate';
import type { defaultMessages } from '../src/contract/errors';
import type { NonceResponse, SignInMethodsResponse, Web3AuthRequest, Web3AuthResponse } from '../src/contract/identities';
import { toFailure, type CallFailure } from './types';

/** A browser wallet found by EIP-6963 discovery (or the injected window.ethereum). */
export interface WalletChoice {
  id: string;
  name: string;
  icon?: string;
}

/** The account the wallet shared, on the chain it is on. */
export interface WalletAccount {
  walletId: string;
  address: string;
  chainId: number;
}

/** The part of a nonce answer (GET /web3/nonce, fallback GET /api/nonce) the message is built from. */
export type WalletNonce = Omit<NonceResponse, 'expires_at'>;
/** The signed Sign-In with Ethereum message, as POST /api/web3/auth and POST /api/web3/link take it. */
export type SignedWalletMessage = Web3AuthRequest;

export interface WalletSignInInput {
  /** Settings › 'Link wallet': the signature links the wallet to the signed-in account instead of signing in. */
  link?: boolean;
}

export interface WalletSignInContext {
  link: boolean;
  choices: WalletChoice[];
  account: WalletAccount | null;
  nonce: WalletNonce | null;
  /** The session token the API issued (signing in). */
  token: string | null;
  /** The sign-in methods with the new wallet (linking). */
  methods: SignInMethodsResponse | null;
  error: CallFailure | null;
}

export type WalletSignInEvent = { type: 'wallet.chosen'; walletId: string };

/** What the parent gets: the session token (signing in) or the updated sign-in methods (linking), or why it failed. */
export type WalletSignInOutput = { ok: true; token: string | null; methods: SignInMethodsResponse | null } | { ok: false; error: CallFailure };

/** The default messages ([spec:8-message]), typed by the contract: a text that drifts from it fails tsc. */
const defaults: Pick<typeof defaultMessages, 'nonce' | 'web3Auth'> = { nonce: 'Failed to get nonce', web3Auth: 'Web3 authentication failed' };

/**
 * The texts of the wallet flow. The machine writes them literally (so Stately shows them); its tests
 * (tests/machines/session-signin.test.ts, signInMethods.test.ts) check the machine and these agree.
 */
export const walletTexts = {
  nonceFailed: defaults.nonce,
  web3Failed: defaults.web3Auth,
  linkFailed: 'Failed to link the wallet',
  noWallet: 'No browser wallet found. Install one such as MetaMask, Rabby or Coinbase Wallet, or use another way to sign in.',
  noWalletToLink: 'No browser wallet found. Install one such as MetaMask, Rabby or Coinbase Wallet.',
} as const;

/** Why the wallet step failed, with the default that fits what the user was doing. */
const walletFailure = (context: WalletSignInContext, error: unknown) => toFailure(error, context.link ? walletTexts.linkFailed : walletTexts.web3Failed);

/**
 * The one wallet signing flow: find the wallet, get an account, a nonce and a signature; then the API
 * signs the user in (the session, on /login) or links the wallet to the signed-in account (Settings).
 */
export const walletSignInMachine = setup({
  types: {
    context: {} as WalletSignInContext,
    events: {} as WalletSignInEvent,
    input: {} as WalletSignInInput,
    output: {} as WalletSignInOutput,
  },
  actors: {
    /** EIP-6963 discovery (plus an injected window.ethereum): the wallets this browser has. */
    discoverWallets: fromPromise<WalletChoice[], void>(async () => {
      throw new Error('discoverWallets not provided');
    }),
    /** Asks the wallet for an account (eth_requestAccounts) and its chain. */
    connectWallet: fromPromise<WalletAccount, { walletId: string }>(async () => {
      throw new Error('connectWallet not provided');
    }),
    /** GET /web3/nonce?wallet_address=, falling back to GET /api/nonce?address=. */
    getNonce: fromPromise<WalletNonce, { address: string }>(async () => {
      throw new Error('getNonce not provided');
    }),
    /** Builds the EIP-4361 message (switching the wallet to an allowed chain if needed) and has the wallet sign it. */
    signWalletMessage: fromPromise<SignedWalletMessage, { account: WalletAccount; nonce: WalletNonce }>(async () => {
      throw new Error('signWalletMessage not provided');
    }),
    /** POST /api/web3/auth {address, signature, message}. */
    web3Auth: fromPromise<Pick<Web3AuthResponse, 'access_token' | 'user_id'>, SignedWalletMessage>(async () => {
      throw new Error('web3Auth not provided');
    }),
    /** POST /api/web3/link {address, signature, message}: the sign-in methods with the new wallet. */
    linkWallet: fromPromise<SignInMethodsResponse, SignedWalletMessage>(async () => {
      throw new Error('linkWallet not provided');
    }),
  },
  guards: {
    oneWallet: ({ event }) => (event as { output?: WalletChoice[] }).output?.length === 1,
    severalWallets: ({ event }) => ((event as { output?: WalletChoice[] }).output?.length ?? 0) > 1,
    linking: ({ context }) => context.link,
  },
}).createMachine({
  id: 'walletSignIn',
  description:
    'Signing with a browser wallet: find the wallet, get an account, a nonce and a signature; then the API signs the user in (the login page) or links the wallet to the account (Settings). Ends with the session token, the updated sign-in methods, or the reason it failed.',
  context: ({ input }) => ({ link: input.link === true, choices: [], account: null, nonce: null, token: null, methods: null, error: null }),
  initial: 'discovering',
  output: ({ context }) =>
    context.token || context.methods ? { ok: true, token: context.token, methods: context.methods } : { ok: false, error: context.error ?? { message: context.link ? walletTexts.linkFailed : walletTexts.web3Failed } },
  states: {
    discovering: {
      description: "Starting: looks for browser wallets (EIP-6963, or window.ethereum). The login page reads 'Looking for your wallet…'.",
      invoke: {
        src: 'discoverWallets',
        onDone: [
          { description: 'One wallet: ask it for an account straight away.', guard: 'oneWallet', target: 'connecting', actions: assign({ choices: ({ event }) => event.output }) },
          { description: "Several wallets: the 'Choose a wallet' dialog.", guard: 'severalWallets', target: 'choosing', actions: assign({ choices: ({ event }) => event.output }) },
          {
            description: "No wallet, in Settings: fails with 'No browser wallet found. Install one such as MetaMask, Rabby or Coinbase Wallet.'",
            guard: 'linking',
            target: 'failed',
            actions: assign({ error: { message: 'No browser wallet found. Install one such as MetaMask, Rabby or Coinbase Wallet.' } }),
          },
          {
            description: "No wallet, signing in: fails with 'No browser wallet found. Install one such as MetaMask, Rabby or Coinbase Wallet, or use another way to sign in.'",
            target: 'failed',
            actions: assign({ error: { message: 'No browser wallet found. Install one such as MetaMask, Rabby or Coinbase Wallet, or use another way to sign in.' } }),
          },
        ],
        onError: [
          {
            description: 'Discovery failed, in Settings: no wallet to link.',
            guard: 'linking',
            target: 'failed',
            actions: assign({ error: { message: 'No browser wallet found. Install one such as MetaMask, Rabby or Coinbase Wallet.' } }),
          },
          {
            description: 'Discovery failed, signing in: no wallet to use.',
            target: 'failed',
            actions: assign({ error: { message: 'No browser wallet found. Install one such as MetaMask, Rabby or Coinbase Wallet, or use another way to sign in.' } }),
          },
        ],
      },
    },
    choosing: {
      description: "Several wallets are installed: the user picks one in 'Choose a wallet' (closing it cancels, handled by the parent).",
      on: {
        'wallet.chosen': {
          description: 'The user picked a wallet: ask it for an account.',
          target: 'connecting',
          actions: assign({ choices: ({ context, event }) => context.choices.filter((c) => c.id === event.walletId) }),
        },
      },
    },
    connecting: {
      description: 'Waiting for the wallet: the user approves sharing an account.',
      invoke: {
        src: 'connectWallet',
        input: ({ context }) => ({ walletId: context.choices[0]!.id }),
        onDone: { description: 'An account was shared: get a nonce for it.', target: 'preparing', actions: assign({ account: ({ event }) => event.output }) },
        onError: {
          description: "The wallet refused: its reason, else 'Web3 authentication failed' ('Failed to link the wallet' in Settings).",
          target: 'failed',
          actions: assign({ error: ({ context, event }) => walletFailure(context, event.error) }),
        },
      },
    },
    preparing: {
      description: 'Gets a single-use nonce for the address (GET /web3/nonce, fallback GET /api/nonce).',
      invoke: {
        src: 'getNonce',
        input: ({ context }) => ({ address: context.account!.address }),
        onDone: { description: 'A nonce: build the message and ask for a signature.', target: 'signing', actions: assign({ nonce: ({ event }) => event.output }) },
        onError: { description: "No nonce: the server's reason, else 'Failed to get nonce'.", target: 'failed', actions: assign({ error: ({ event }) => toFailure(event.error, walletTexts.nonceFailed) }) },
      },
    },
    signing: {
      description: 'Waiting for the user to sign the Sign-In with Ethereum message in the wallet.',
      invoke: {
        src: 'signWalletMessage',
        input: ({ context }) => ({ account: context.account!, nonce: context.nonce! }),
        onDone: [
          { description: 'Signed in Settings: the server links the wallet to the account.', guard: 'linking', target: 'linking' },
          { description: 'Signed: the API checks the signature.', target: 'verifying' },
        ],
        onError: {
          description: "Not signed: the wallet's reason, else 'Web3 authentication failed' ('Failed to link the wallet' in Settings).",
          target: 'failed',
          actions: assign({ error: ({ context, event }) => walletFailure(context, event.error) }),
        },
      },
    },
    verifying: {
      description: 'POST /api/web3/auth: the API checks the message and signature.',
      invoke: {
        src: 'web3Auth',
        input: ({ event }) => (event as unknown as { output: SignedWalletMessage }).output,
        onDone: { description: 'Accepted: the session token is handed to the session.', target: 'signedIn', actions: assign({ token: ({ event }) => event.output.access_token }) },
        onError: { description: "Refused: the API's detail, else 'Web3 authentication failed'.", target: 'failed', actions: assign({ error: ({ event }) => toFailure(event.error, walletTexts.web3Failed) }) },
      },
    },
    linking: {
      description: 'POST /api/web3/link with the signed message.',
      invoke: {
        src: 'linkWallet',
        input: ({ event }) => (event as unknown as { output: SignedWalletMessage }).output,
        onDone: { description: 'Linked: the sign-in methods, now with this wallet, go back to Settings.', target: 'linked', actions: assign({ methods: ({ event }) => event.output }) },
        onError: {
          description: "Refused (e.g. linked to another account): the server's reason, else 'Failed to link the wallet'.",
          target: 'failed',
          actions: assign({ error: ({ event }) => toFailure(event.error, walletTexts.linkFailed) }),
        },
      },
    },
    signedIn: { description: 'The wallet signed in: the session loads the profile.', type: 'final' },
    linked: { description: 'The wallet is linked: Settings lists it.', type: 'final' },
    failed: { description: 'The wallet flow failed; the reason goes to the parent.', type: 'final' },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import type { NonceResponse, Web3AuthRequest, Web3AuthResponse } from '../src/contract/identities';
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
/** The signed Sign-In with Ethereum message, as POST /api/web3/auth takes it. */
export type SignedWalletMessage = Web3AuthRequest;

export interface WalletSignInContext {
  choices: WalletChoice[];
  account: WalletAccount | null;
  nonce: WalletNonce | null;
  /** The session token the API issued. */
  token: string | null;
  error: CallFailure | null;
}

export type WalletSignInEvent = { type: 'session.walletChosen'; walletId: string };

/** The session token, or why the wallet sign-in failed. */
export type WalletSignInOutput = { ok: true; token: string } | { ok: false; error: CallFailure };

export const walletTexts = {
  nonceFailed: 'Failed to get nonce',
  web3Failed: 'Web3 authentication failed',
  noWallet: 'No browser wallet found. Install one such as MetaMask, Rabby or Coinbase Wallet, or use another way to sign in.',
} as const;

/** Sign-In with Ethereum, run by the session while the user connects a wallet: find it, get an account, a nonce, a signature, the API's answer. */
export const walletSignInMachine = setup({
  types: {
    context: {} as WalletSignInContext,
    events: {} as WalletSignInEvent,
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
  },
  guards: {
    oneWallet: ({ event }) => (event as { output?: WalletChoice[] }).output?.length === 1,
    severalWallets: ({ event }) => ((event as { output?: WalletChoice[] }).output?.length ?? 0) > 1,
  },
}).createMachine({
  id: 'walletSignIn',
  description: 'Sign-In with Ethereum: find the wallet, get an account, a nonce, a signature, then the API checks it. Ends with the session token or the reason it failed.',
  context: { choices: [], account: null, nonce: null, token: null, error: null },
  initial: 'discovering',
  output: ({ context }) => (context.token ? { ok: true, token: context.token } : { ok: false, error: context.error ?? { message: walletTexts.web3Failed } }),
  states: {
    discovering: {
      description: "Starting: looks for browser wallets (EIP-6963, or window.ethereum). The login page reads 'Starting…'.",
      invoke: {
        src: 'discoverWallets',
        onDone: [
          { description: 'One wallet: ask it for an account straight away.', guard: 'oneWallet', target: 'connecting', actions: assign({ choices: ({ event }) => event.output }) },
          { description: "Several wallets: the 'Choose a wallet' dialog.", guard: 'severalWallets', target: 'choosing', actions: assign({ choices: ({ event }) => event.output }) },
          { description: "No wallet: fails with 'No browser wallet found. Install one such as MetaMask, Rabby or Coinbase Wallet, or use another way to sign in.'", target: 'failed', actions: assign({ error: { message: walletTexts.noWallet } }) },
        ],
        onError: { description: 'Discovery failed: no wallet to use.', target: 'failed', actions: assign({ error: { message: walletTexts.noWallet } }) },
      },
    },
    choosing: {
      description: "Several wallets are installed: the user picks one in 'Choose a wallet' (closing it cancels, handled by the session).",
      on: {
        'session.walletChosen': {
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
        onError: { description: "The wallet refused: its reason, else 'Web3 authentication failed'.", target: 'failed', actions: assign({ error: ({ event }) => toFailure(event.error, walletTexts.web3Failed) }) },
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
        onDone: { description: 'Signed: the API checks the signature.', target: 'verifying' },
        onError: { description: "Not signed: the wallet's reason, else 'Web3 authentication failed'.", target: 'failed', actions: assign({ error: ({ event }) => toFailure(event.error, walletTexts.web3Failed) }) },
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
    signedIn: { description: 'The wallet signed in: the session loads the profile.', type: 'final' },
    failed: { description: 'The wallet sign-in failed; the reason goes to the session.', type: 'final' },
  },
});

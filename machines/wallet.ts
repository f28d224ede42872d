import { assign, fromPromise, setup } from 'xstate';
import type { BackupResponse, SignMessageResponse } from '../src/contract/rewards';
import { toFailure, type CallFailure, type Toast } from './types';

export interface WalletContext {
  signed: SignMessageResponse | null;
  /** Whether the signature checked out locally (ethers.verifyMessage on /tokens). */
  verified: boolean | null;
  signError: CallFailure | null;
  backupError: CallFailure | null;
}

export type WalletEvent = { type: 'wallet.sign'; message: string } | { type: 'wallet.backup'; password: string; accountPassword?: string } | { type: 'wallet.reset' };

export const walletTexts = {
  signFailed: 'Failed to sign message',
  backupFailed: 'Failed to create wallet backup',
  /** Written literally in the machine too, so Stately shows it; tests/machines/wallet.test.ts keeps both equal. */
  backupSaved: 'Encrypted wallet backup downloaded',
  passwordShort: 'Use at least 8 characters',
} as const;

/** The wallet piece of /tokens: sign a message (EIP-191) and download an encrypted keystore backup. */
export const walletMachine = setup({
  types: { context: {} as WalletContext, events: {} as WalletEvent, tags: {} as 'signing' | 'backingUp' },
  actors: {
    sign: fromPromise<{ signed: SignMessageResponse; verified: boolean }, { message: string }>(async () => {
      throw new Error('sign not provided');
    }),
    backup: fromPromise<BackupResponse, { password: string; accountPassword?: string }>(async () => {
      throw new Error('backup not provided');
    }),
  },
  actions: {
    /** Saves the keystore as a file (the browser download). */
    download: (_, _backup: BackupResponse) => {},
    notify: (_, _toast: Toast) => {},
  },
}).createMachine({
  id: 'wallet',
  description: 'Sign a message with the custodial wallet, or download its encrypted backup.',
  context: { signed: null, verified: null, signError: null, backupError: null },
  type: 'parallel',
  states: {
    sign: {
      description: 'Signing a message with the custodial wallet (EIP-191), to prove the wallet is the user\'s.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing is being signed; the last signature (or the reason it failed) stays on screen.',
          on: { 'wallet.sign': { target: 'signing', description: 'The user asks the server to sign the typed message with their wallet.' } },
        },
        signing: {
          description: 'The server signs the message; the page checks the signature locally.',
          tags: ['signing'],
          invoke: {
            src: 'sign',
            input: ({ event }) => ({ message: (event as Extract<WalletEvent, { type: 'wallet.sign' }>).message }),
            onDone: {
              target: 'idle',
              description: 'Shows the signature, the signing address and whether it checked out locally.',
              actions: assign({ signed: ({ event }) => event.output.signed, verified: ({ event }) => event.output.verified, signError: null }),
            },
            onError: {
              target: 'idle',
              description: "Shows the server's reason, or 'Failed to sign message'; no signature is shown.",
              actions: assign({ signError: ({ event }) => toFailure(event.error, walletTexts.signFailed), signed: null, verified: null }),
            },
          },
        },
      },
    },
    backup: {
      description: 'Downloading an encrypted backup (keystore file) of the custodial wallet, protected by a password the user types.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No backup is being made; the reason the last one failed, if it did, stays on screen.',
          on: { 'wallet.backup': { target: 'backingUp', description: 'The user asks for a backup encrypted with the password they typed.' } },
        },
        backingUp: {
          description: 'The server encrypts the wallet key with the password.',
          tags: ['backingUp'],
          invoke: {
            src: 'backup',
            input: ({ event }) => {
              const e = event as Extract<WalletEvent, { type: 'wallet.backup' }>;
              return { password: e.password, accountPassword: e.accountPassword };
            },
            onDone: {
              target: 'idle',
              description: "The browser saves the keystore file and a toast says 'Encrypted wallet backup downloaded'.",
              actions: [{ type: 'download', params: ({ event }) => event.output }, assign({ backupError: null }), { type: 'notify', params: { kind: 'success', message: 'Encrypted wallet backup downloaded' } }],
            },
            onError: {
              target: 'idle',
              description: "Shows the server's reason, or 'Failed to create wallet backup'; nothing is downloaded.",
              actions: assign({ backupError: ({ event }) => toFailure(event.error, walletTexts.backupFailed) }),
            },
          },
        },
      },
    },
  },
  on: {
    'wallet.reset': {
      description: 'Leaving the page forgets the signature and any error.',
      actions: assign({ signed: null, verified: null, signError: null, backupError: null }),
    },
  },
});

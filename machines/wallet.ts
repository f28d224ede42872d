import { assign, fromPromise, setup } from 'xstate';
// eslint-disable-next-line no-restricted-imports -- wire types only (src/contract is the source of truth)
import type { BackupResponse, SignMessageResponse } from '../src/contract/rewards';
import { toFailure, type CallFailure, type Toast } from './types';

export interface WalletContext {
  signed: SignMessageResponse | null;
  /** Whether the signature checked out locally (ethers.verifyMessage on /tokens). */
  verified: boolean | null;
  signError: CallFailure | null;
  backupError: CallFailure | null;
}

export type WalletEvent = { type: 'wallet.sign'; message: string } | { type: 'wallet.backup'; password: string } | { type: 'wallet.reset' };

export const walletTexts = {
  signFailed: 'Failed to sign message',
  backupFailed: 'Failed to create wallet backup',
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
    backup: fromPromise<BackupResponse, { password: string }>(async () => {
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
      initial: 'idle',
      states: {
        idle: { on: { 'wallet.sign': 'signing' } },
        signing: {
          tags: ['signing'],
          invoke: {
            src: 'sign',
            input: ({ event }) => ({ message: (event as Extract<WalletEvent, { type: 'wallet.sign' }>).message }),
            onDone: { target: 'idle', actions: assign({ signed: ({ event }) => event.output.signed, verified: ({ event }) => event.output.verified, signError: null }) },
            onError: { target: 'idle', actions: assign({ signError: ({ event }) => toFailure(event.error, walletTexts.signFailed), signed: null, verified: null }) },
          },
        },
      },
    },
    backup: {
      initial: 'idle',
      states: {
        idle: { on: { 'wallet.backup': 'backingUp' } },
        backingUp: {
          tags: ['backingUp'],
          invoke: {
            src: 'backup',
            input: ({ event }) => ({ password: (event as Extract<WalletEvent, { type: 'wallet.backup' }>).password }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'download', params: ({ event }) => event.output }, assign({ backupError: null }), { type: 'notify', params: { kind: 'success' as const, message: walletTexts.backupSaved } }],
            },
            onError: { target: 'idle', actions: assign({ backupError: ({ event }) => toFailure(event.error, walletTexts.backupFailed) }) },
          },
        },
      },
    },
  },
  on: { 'wallet.reset': { actions: assign({ signed: null, verified: null, signError: null, backupError: null }) } },
});

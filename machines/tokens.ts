import { assign, fromPromise, raise, setup } from 'xstate';
import type { AvailableRewards, DailyWeeklyEarnings, GasSpeed, OnchainBalance, TokenBalance, TokenHistory, TokenStatistics, TransactionProgress, Transfer, WalletInfo } from '../src/contract/rewards';
import { toFailure, type CallFailure, type Toast } from './types';

/** Everything /tokens shows besides the history and the chain: one load. */
export interface TokensOverview {
  balance: TokenBalance;
  statistics: TokenStatistics | null;
  available: AvailableRewards | null;
  progress: TransactionProgress | null;
  earnings: DailyWeeklyEarnings | null;
  wallet: WalletInfo | null;
}

export interface ConversionDraft {
  points: string;
  toAddress: string;
  /** How fast the network should take it; the server sets the fee from it. */
  speed: GasSpeed;
}

const EMPTY_DRAFT: ConversionDraft = { points: '', toAddress: '', speed: 'normal' };

export interface ConversionErrors {
  points?: string;
  toAddress?: string;
}

export interface TokensContext {
  overview: TokensOverview | null;
  history: TokenHistory | null;
  historyOffset: number;
  historyLimit: number;
  onchain: OnchainBalance | null;
  onchainError: string | null;
  error: CallFailure | null;
  historyError: CallFailure | null;
  draft: ConversionDraft;
  fieldErrors: ConversionErrors;
  transfer: Transfer | null;
  conversionError: string | null;
  followError: string | null;
}

export type TokensEvent =
  | { type: 'tokens.reload' }
  | { type: 'history.page'; offset: number }
  | { type: 'onchain.refresh' }
  | { type: 'convert.open' }
  | { type: 'convert.change'; field: 'points' | 'toAddress'; value: string }
  | { type: 'convert.speed'; speed: GasSpeed }
  | { type: 'convert.useMyWallet' }
  | { type: 'convert.useAll' }
  | { type: 'convert.submit' }
  | { type: 'convert.confirm' }
  | { type: 'convert.back' }
  | { type: 'convert.close' };

export const tokensTexts = {
  failed: 'Failed to fetch token balance',
  historyFailed: 'Failed to fetch token history',
  convertFailed: 'Failed to convert points',
  pointsRequired: 'Enter how many points to convert',
  pointsWhole: 'Points must be a whole number',
  pointsMin: (min: number) => `Convert at least ${min} points`,
  pointsMax: (balance: number) => `You have ${balance} points`,
  addressRequired: 'Enter the address to send FINU to',
  addressInvalid: 'Enter an Ethereum address: 0x followed by 40 hexadecimal characters',
  confirmed: 'FINU sent to your wallet!',
  failedTransfer: 'The transfer failed; your points are back.',
} as const;


/** Field-level checks before the confirmation step; the server checks again. */
export function validateConversion(draft: ConversionDraft, balance: number, min: number, isAddress: (a: string) => boolean): ConversionErrors {
  const errors: ConversionErrors = {};
  const raw = draft.points.trim();
  if (!raw) errors.points = tokensTexts.pointsRequired;
  else if (!/^\d+$/.test(raw)) errors.points = tokensTexts.pointsWhole;
  else if (Number(raw) < min) errors.points = tokensTexts.pointsMin(min);
  else if (Number(raw) > balance) errors.points = tokensTexts.pointsMax(balance);
  const address = draft.toAddress.trim();
  if (!address) errors.toAddress = tokensTexts.addressRequired;
  else if (!isAddress(address)) errors.toAddress = tokensTexts.addressInvalid;
  return errors;
}

export const isFinalTransfer = (t: Transfer | null) => t !== null && (t.status === 'confirmed' || t.status === 'failed');

/**
 * /tokens: the points overview, the history pages, FINU on chain, and converting points with its own
 * steps: editing (field errors), confirming, submitting, following the transfer until it is final.
 */
export const tokensMachine = setup({
  types: {
    context: {} as TokensContext,
    events: {} as TokensEvent,
    tags: {} as 'busy' | 'historyBusy' | 'converting',
  },
  actors: {
    loadOverview: fromPromise<TokensOverview>(async () => {
      throw new Error('loadOverview not provided');
    }),
    loadHistory: fromPromise<TokenHistory, { limit: number; offset: number }>(async () => {
      throw new Error('loadHistory not provided');
    }),
    loadOnchain: fromPromise<OnchainBalance>(async () => {
      throw new Error('loadOnchain not provided');
    }),
    convert: fromPromise<Transfer, { points: number; to_address: string; speed: GasSpeed }>(async () => {
      throw new Error('convert not provided');
    }),
    getTransfer: fromPromise<Transfer, { id: string }>(async () => {
      throw new Error('getTransfer not provided');
    }),
  },
  actions: {
    notify: (_, _toast: Toast) => {},
  },
  guards: {
    /** Overridden on /tokens with ethers' isAddress (checksums); the default checks the shape. */
    isAddress: (_, params: { address: string }) => /^0x[0-9a-fA-F]{40}$/.test(params.address),
    transferFinal: (_, params: { transfer: Transfer }) => isFinalTransfer(params.transfer),
    conversionValid: ({ context }) => {
      const balance = context.overview?.balance;
      return Object.keys(pruned(validateConversion(context.draft, balance?.fin_token_balance ?? 0, balance?.min_conversion_points ?? 100, isShapedAddress))).length === 0;
    },
  },
  delays: { pollInterval: 1000 },
}).createMachine({
  id: 'tokens',
  description: 'The /tokens page: points, history, FINU on chain and the conversion flow.',
  context: {
    overview: null,
    history: null,
    historyOffset: 0,
    historyLimit: 20,
    onchain: null,
    onchainError: null,
    error: null,
    historyError: null,
    draft: { points: '', toAddress: '', speed: 'normal' },
    fieldErrors: {},
    transfer: null,
    conversionError: null,
    followError: null,
  },
  type: 'parallel',
  states: {
    overview: {
      description: 'Balance (with the /tokens/balance/fast fallback), statistics, rewards left, milestones, earnings and the wallet.',
      initial: 'loading',
      on: { 'tokens.reload': { target: '.loading', description: 'Reload (or a finished conversion) reads the balance again.' } },
      states: {
        loading: {
          description: 'Reads the points balance and everything around it.',
          tags: ['busy'],
          invoke: {
            src: 'loadOverview',
            onDone: { target: 'ready', description: 'Points, statistics, milestones, earnings and the wallet are shown.', actions: assign({ overview: ({ event }) => event.output, error: null }) },
            onError: {
              target: 'failed',
              description: "The server's reason, or 'Failed to fetch token balance', is shown with a retry.",
              actions: assign({ error: ({ event }) => toFailure(event.error, tokensTexts.failed) }),
            },
          },
        },
        ready: { description: 'The points overview is on screen.' },
        failed: { description: 'The balance could not be read; retry with tokens.reload.' },
      },
    },
    history: {
      description: 'The full ledger, newest first, one page at a time.',
      initial: 'loading',
      on: {
        'history.page': { target: '.loading', description: 'The user turns to another page of the history.', actions: assign({ historyOffset: ({ event }) => Math.max(0, event.offset) }) },
        'tokens.reload': { target: '.loading', description: 'Reload reads the current history page again.' },
      },
      states: {
        loading: {
          description: 'Reads one page of the points history.',
          tags: ['historyBusy'],
          invoke: {
            src: 'loadHistory',
            input: ({ context }) => ({ limit: context.historyLimit, offset: context.historyOffset }),
            onDone: { target: 'ready', description: 'The page of earned and converted points is shown.', actions: assign({ history: ({ event }) => event.output, historyError: null }) },
            onError: {
              target: 'failed',
              description: "The server's reason, or 'Failed to fetch token history', is shown.",
              actions: assign({ historyError: ({ event }) => toFailure(event.error, tokensTexts.historyFailed) }),
            },
          },
        },
        ready: { description: 'A page of the history is on screen.' },
        failed: { description: 'The history could not be read; the rest of the page still works.' },
      },
    },
    onchain: {
      description: 'FINU on the user’s wallet; the page works without it when the token network is down.',
      initial: 'loading',
      on: {
        'onchain.refresh': { target: '.loading', description: 'The user refreshes the FINU balance.' },
        'tokens.reload': { target: '.loading', description: 'Reload reads the FINU balance again.' },
      },
      states: {
        loading: {
          description: 'Reads the FINU balance from the chain.',
          invoke: {
            src: 'loadOnchain',
            onDone: { target: 'ready', description: 'The FINU balance is shown.', actions: assign({ onchain: ({ event }) => event.output, onchainError: null }) },
            onError: {
              target: 'unavailable',
              description: "The chain did not answer: 'FINU balance unavailable' (or the server's reason).",
              actions: assign({ onchainError: ({ event }) => toFailure(event.error, 'FINU balance unavailable').message }),
            },
          },
        },
        ready: { description: 'The FINU balance is on screen.' },
        unavailable: { description: 'The FINU balance cannot be read now; points and conversion still work.' },
      },
    },
    conversion: {
      description: 'Convert to FINU: edit, confirm, submit, then follow the transfer until confirmed or failed.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The conversion panel is closed.',
          on: {
            'convert.open': {
              target: 'editing',
              description: "'Convert to FINU' opens an empty form.",
              actions: assign({ draft: EMPTY_DRAFT, fieldErrors: {}, transfer: null, conversionError: null, followError: null }),
            },
          },
        },
        editing: {
          description: 'The user types how many points to convert and the address to send FINU to.',
          on: {
            'convert.change': {
              description: 'Typing in a field clears its error.',
              actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }), fieldErrors: ({ context, event }) => ({ ...context.fieldErrors, [event.field]: undefined }) }),
            },
            'convert.speed': {
              description: 'The user picks slow, normal (the default) or fast; the server turns it into a fee within its ceiling.',
              actions: assign({ draft: ({ context, event }) => ({ ...context.draft, speed: event.speed }) }),
            },
            'convert.useMyWallet': {
              description: "'Use my wallet' fills in the user's own wallet address.",
              actions: assign({ draft: ({ context }) => ({ ...context.draft, toAddress: context.overview?.wallet?.address ?? context.draft.toAddress }), fieldErrors: ({ context }) => ({ ...context.fieldErrors, toAddress: undefined }) }),
            },
            'convert.useAll': {
              description: "'Use all' fills in every point the user has.",
              actions: assign({ draft: ({ context }) => ({ ...context.draft, points: String(context.overview?.balance.fin_token_balance ?? 0) }), fieldErrors: ({ context }) => ({ ...context.fieldErrors, points: undefined }) }),
            },
            'convert.submit': [
              { guard: 'conversionValid', target: 'checkingAddress', description: 'Both fields are valid: check the address before the confirmation.' },
              {
                description:
                  "A field is wrong: its message shows under it ('Enter how many points to convert', 'Points must be a whole number', 'Convert at least N points', 'You have N points', 'Enter the address to send FINU to', or 'Enter an Ethereum address: 0x followed by 40 hexadecimal characters').",
                actions: assign({
                  fieldErrors: ({ context }) =>
                    pruned(validateConversion(context.draft, context.overview?.balance.fin_token_balance ?? 0, context.overview?.balance.min_conversion_points ?? 100, isShapedAddress)),
                }),
              },
            ],
            'convert.close': { target: 'idle', description: 'Closing the form converts nothing.' },
          },
        },
        checkingAddress: {
          description: 'The address passes the checksum check (ethers on /tokens) before the confirmation.',
          always: [
            { guard: { type: 'isAddress', params: ({ context }) => ({ address: context.draft.toAddress.trim() }) }, target: 'confirming', description: 'A valid address: show the confirmation.' },
            {
              target: 'editing',
              description: "A mistyped address (bad checksum): 'Enter an Ethereum address: 0x followed by 40 hexadecimal characters'.",
              actions: assign({ fieldErrors: { toAddress: 'Enter an Ethereum address: 0x followed by 40 hexadecimal characters' } }),
            },
          ],
        },
        confirming: {
          description: 'Shows points, FINU, the address and the speed; nothing is debited until the user confirms.',
          on: {
            'convert.confirm': { target: 'submitting', description: 'The user confirms: the points are converted.' },
            'convert.back': { target: 'editing', description: 'Back to the form to change the amount or address.' },
            'convert.close': { target: 'idle', description: 'Closing converts nothing.' },
          },
        },
        submitting: {
          description: 'The server debits the points and queues the FINU transfer.',
          tags: ['converting'],
          invoke: {
            src: 'convert',
            input: ({ context }) => ({ points: Number(context.draft.points.trim()), to_address: context.draft.toAddress.trim(), speed: context.draft.speed }),
            onDone: {
              target: 'following',
              description: 'The points are debited (the balance reloads); the transfer is followed until it is final.',
              actions: [assign({ transfer: ({ event }) => event.output, conversionError: null }), raise({ type: 'tokens.reload' })],
            },
            onError: {
              target: 'editing',
              description: "Refused or failed: the server's reason, or 'Failed to convert points', above the form; nothing was debited.",
              actions: assign({ conversionError: ({ event }) => toFailure(event.error, tokensTexts.convertFailed).message }),
            },
          },
        },
        following: {
          description: 'Polls GET /api/rewards/transfer/{id} every second: pending, submitted (tx hash), then confirmed (block) or failed.',
          tags: ['converting'],
          initial: 'waiting',
          states: {
            waiting: {
              description: 'Waits a second before asking again.',
              after: { pollInterval: { target: 'fetching', description: 'A second later, read the transfer.' } },
            },
            fetching: {
              description: 'Reads the transfer: its status, transaction hash and block.',
              invoke: {
                src: 'getTransfer',
                input: ({ context }) => ({ id: context.transfer!.transfer_id }),
                onDone: [
                  {
                    guard: { type: 'transferFinal', params: ({ event }) => ({ transfer: event.output }) },
                    target: '#tokens.conversion.done',
                    description: 'Confirmed on chain, or failed (the points come back).',
                    actions: assign({ transfer: ({ event }) => event.output, followError: null }),
                  },
                  { target: 'waiting', description: 'Still pending or submitted: the status and hash update.', actions: assign({ transfer: ({ event }) => event.output, followError: null }) },
                ],
                onError: {
                  target: 'waiting',
                  description: "The check failed: 'Could not check the transfer; retrying' (or the server's reason), and it asks again.",
                  actions: assign({ followError: ({ event }) => toFailure(event.error, 'Could not check the transfer; retrying').message }),
                },
              },
            },
          },
          on: { 'convert.close': { description: 'Hide the panel; the transfer goes on on the server.', target: 'idle' } },
        },
        done: {
          entry: [
            raise({ type: 'tokens.reload' }),
            { type: 'notify', params: ({ context }) => (context.transfer?.status === 'confirmed' ? { kind: 'success' as const, message: tokensTexts.confirmed } : { kind: 'error' as const, message: tokensTexts.failedTransfer }) },
          ],
          description: "Final: the balances reload (points, and FINU on chain) and a toast says 'FINU sent to your wallet!' or 'The transfer failed; your points are back.'.",
          on: {
            'convert.close': { target: 'idle', description: 'Closes the panel.' },
            'convert.open': {
              target: 'editing',
              description: 'Starts another conversion with an empty form.',
              actions: assign({ draft: EMPTY_DRAFT, fieldErrors: {}, transfer: null, conversionError: null }),
            },
          },
        },
      },
    },
  },
});

const isShapedAddress = (a: string) => /^0x[0-9a-fA-F]{40}$/.test(a);
const pruned = (e: ConversionErrors): ConversionErrors => Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined)) as ConversionErrors;

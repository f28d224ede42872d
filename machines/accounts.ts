import { assign, fromPromise, setup } from 'xstate';
import type { Account, AccountList, NetWorth } from '../src/contract/accounts';
import { accountFormMachine } from './accountForm';
import { accountReconcileMachine } from './accountReconcile';
import { accountRegisterMachine } from './accountRegister';
import { transferMatchesMachine } from './transferMatches';
import { accountTransferMachine } from './accountTransfer';
import { failureToast, toFailure, type CallFailure, type Toast } from './types';

export interface AccountsData {
  list: AccountList;
  netWorth: NetWorth;
}

export interface AccountsContext {
  today: string;
  data: AccountsData | null;
  error: CallFailure | null;
  /** The account an edit, a reconcile or a close is about. */
  selected: Account | null;
}

export type AccountsEvent =
  | { type: 'accounts.reload' }
  | { type: 'account.add' }
  | { type: 'account.edit'; accountId: string }
  | { type: 'account.close'; accountId: string }
  | { type: 'transfer.open'; fromAccountId?: string }
  | { type: 'reconcile.open'; accountId: string }
  | { type: 'register.open'; accountId: string }
  | { type: 'register.close' }
  | { type: 'matches.open' }
  | { type: 'matches.close' };

export const accountsTexts = { loadFailed: 'Failed to fetch accounts', closed: 'Account closed', closeFailed: 'Failed to close account' } as const;

const find = (context: AccountsContext, id: string) => context.data?.list.accounts.find((a) => a.account_id === id) ?? null;

/**
 * The Accounts page: the accounts grouped with their balances and net worth, and one dialog at a time
 * (the account form, a transfer, reconciling) as a child machine; whatever the dialog saved reloads the list.
 */
export const accountsMachine = setup({
  types: {
    context: {} as AccountsContext,
    events: {} as AccountsEvent,
    input: {} as { today: string },
    tags: {} as 'busy',
  },
  actors: {
    /** GET /accounts and GET /accounts/net-worth. */
    loadAccounts: fromPromise<AccountsData, void>(async () => {
      throw new Error('loadAccounts not provided');
    }),
    /** POST /accounts/{id}/close {} (a zero balance closes at once; otherwise the server's detail says what is needed). */
    closeAccount: fromPromise<unknown, { accountId: string }>(async () => {
      throw new Error('closeAccount not provided');
    }),
    accountForm: accountFormMachine,
    accountTransfer: accountTransferMachine,
    accountReconcile: accountReconcileMachine,
    accountRegister: accountRegisterMachine,
    transferMatches: transferMatchesMachine,
  },
  actions: { notify: (_, _toast: Toast) => {} },
}).createMachine({
  id: 'accounts',
  description: 'The Accounts page: balances by group, net worth, and the dialogs that change them.',
  context: ({ input }) => ({ today: input.today, data: null, error: null, selected: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads the accounts and the net-worth series.',
      tags: ['busy'],
      invoke: {
        src: 'loadAccounts',
        onDone: { target: 'ready', description: 'The groups, each account’s balance and net worth are shown; with no account, the empty state invites to add one.', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', description: "Failed: 'Failed to fetch accounts' or the server's detail, with Retry.", actions: assign({ error: ({ event }) => toFailure(event.error, 'Failed to fetch accounts') }) },
      },
    },
    failed: {
      description: 'The list could not be read; Retry reads it again.',
      on: { 'accounts.reload': { target: 'loading', description: 'Reads the list again.' } },
    },
    ready: {
      description: 'The list is shown; one dialog may be open.',
      initial: 'idle',
      on: { 'accounts.reload': { target: 'loading', description: 'Reads the list again.' } },
      states: {
        idle: {
          description: 'No dialog open.',
          on: {
            'account.add': { target: 'editing', description: 'Opens the empty account form.', actions: assign({ selected: null }) },
            'account.edit': { target: 'editing', description: 'Opens the form with the account’s fields.', actions: assign({ selected: ({ context, event }) => find(context, event.accountId) }) },
            'transfer.open': { target: 'transferring', description: 'Opens the transfer form (from the account it was opened on, if any).', actions: assign({ selected: ({ context, event }) => (event.fromAccountId ? find(context, event.fromAccountId) : null) }) },
            'reconcile.open': { target: 'reconciling', description: 'Opens reconciling for one account.', actions: assign({ selected: ({ context, event }) => find(context, event.accountId) }) },
            'matches.open': { target: 'matching', description: 'Opens Match transfers: likely pairs across the accounts, to link or dismiss.' },
            'register.open': { target: 'registering', description: 'Opens one account’s register (its transactions with the running balance).', actions: assign({ selected: ({ context, event }) => find(context, event.accountId) }) },
            'account.close': { target: 'closing', description: 'Closes an account (a zero balance closes at once).', actions: assign({ selected: ({ context, event }) => find(context, event.accountId) }) },
          },
        },
        editing: {
          description: 'The account form is open.',
          invoke: {
            id: 'form',
            src: 'accountForm',
            input: ({ context }) => ({ account: context.selected, today: context.today }),
            onDone: [
              { guard: ({ event }) => event.output !== null, target: '#accounts.loading', description: 'Saved: the list is read again.' },
              { target: 'idle', description: 'Cancelled: the dialog closes.' },
            ],
          },
        },
        transferring: {
          description: 'The transfer form is open.',
          invoke: {
            id: 'transfer',
            src: 'accountTransfer',
            input: ({ context }) => ({ today: context.today, fromAccountId: context.selected?.account_id }),
            onDone: [
              { guard: ({ event }) => event.output !== null, target: '#accounts.loading', description: 'Both legs saved: the balances are read again.' },
              { target: 'idle', description: 'Cancelled: the dialog closes.' },
            ],
          },
        },
        reconciling: {
          description: 'Reconciling one account is open.',
          invoke: {
            id: 'reconcile',
            src: 'accountReconcile',
            input: ({ context }) => ({ account: context.selected!, today: context.today }),
            onDone: [
              { guard: ({ event }) => event.output !== null, target: '#accounts.loading', description: 'Reconciled: the list is read again.' },
              { target: 'idle', description: 'Cancelled: the dialog closes.' },
            ],
          },
        },
        registering: {
          description: "One account's register is open.",
          invoke: { id: 'register', src: 'accountRegister', input: ({ context }) => ({ accountId: context.selected!.account_id }) },
          on: { 'register.close': { target: 'idle', description: 'Closes the register.' } },
        },
        matching: {
          description: 'Match transfers is open.',
          invoke: { id: 'matches', src: 'transferMatches' },
          on: { 'matches.close': { target: '#accounts.loading', description: 'Closes it; the list is read again (linked rows may have moved between groups).' } },
        },
        closing: {
          description: 'Closing the selected account.',
          tags: ['busy'],
          invoke: {
            src: 'closeAccount',
            input: ({ context }) => ({ accountId: context.selected!.account_id }),
            onDone: { target: '#accounts.loading', description: "Closed: 'Account closed'; it leaves the list.", actions: { type: 'notify', params: { kind: 'success', message: 'Account closed' } } },
            onError: {
              target: 'idle',
              description: "Refused (a balance left: make a final transfer or an adjustment first) or failed: the server's detail in a toast.",
              actions: { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, 'Failed to close account')) },
            },
          },
        },
      },
    },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import { type TransferResult, transferRequest } from '../src/contract/accounts';
import { readAmount } from '../src/contract/money';
import { ruleErrors } from '../src/contract/messages';
import { isRetryable, toFailure, type CallFailure, type Toast } from './types';

export interface TransferDraft {
  fromAccountId: string;
  toAccountId: string;
  amount: string;
  date: string;
  description: string;
}
export type TransferField = keyof TransferDraft;

export interface TransferBody {
  from_account_id: string;
  to_account_id: string;
  amount: number;
  date: string;
  description: string;
}

export interface SaveTransferInput {
  /** Changing this transfer (both legs); null makes a new one. */
  transferId: string | null;
  body: TransferBody;
}

export interface AccountTransferInput {
  today: string;
  /** The transfer being changed, or the account to move money out of. */
  transfer?: TransferResult | null;
  fromAccountId?: string;
}

export interface AccountTransferContext {
  transferId: string | null;
  draft: TransferDraft;
  errors: Partial<Record<TransferField | 'form', string>>;
  error: CallFailure | null;
  saved: TransferResult | null;
}

export type AccountTransferEvent =
  | { type: 'field.change'; field: TransferField; value: string }
  | { type: 'transfer.submit' }
  | { type: 'transfer.retry' }
  | { type: 'transfer.cancel' };

export const transferTexts = { made: 'Transfer saved', failed: 'Failed to save transfer' } as const;

const LABELS = { from_account_id: 'From', to_account_id: 'To' };
const FIELD_OF: Record<string, TransferField> = { from_account_id: 'fromAccountId', to_account_id: 'toAccountId', amount: 'amount', date: 'date', description: 'description' };

export function checkTransfer(draft: TransferDraft): { body: TransferBody; errors: AccountTransferContext['errors'] } {
  const amount = readAmount(draft.amount);
  const body = { from_account_id: draft.fromAccountId, to_account_id: draft.toAccountId, amount: amount as number, date: draft.date, description: draft.description };
  const errors: AccountTransferContext['errors'] = {};
  for (const [field, message] of Object.entries(ruleErrors(transferRequest, body, LABELS))) errors[FIELD_OF[field] ?? 'form'] = message;
  if (!draft.fromAccountId) errors.fromAccountId = 'Choose the account the money leaves';
  if (!draft.toAccountId) errors.toAccountId = 'Choose the account the money goes to';
  return { body, errors };
}

/**
 * One transfer between two of the user's accounts (new, or a change to both legs of one): the
 * fields are checked by the contract's rule, then the two linked legs are saved together.
 */
export const accountTransferMachine = setup({
  types: {
    context: {} as AccountTransferContext,
    events: {} as AccountTransferEvent,
    input: {} as AccountTransferInput,
    output: {} as TransferResult | null,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /accounts/transfers, or PUT /accounts/transfers/{id}. */
    saveTransfer: fromPromise<TransferResult, SaveTransferInput>(async () => {
      throw new Error('saveTransfer not provided');
    }),
  },
  actions: { notify: (_, _toast: Toast) => {} },
  guards: {
    valid: ({ context }) => Object.keys(checkTransfer(context.draft).errors).length === 0,
    retryable: ({ context }) => isRetryable(context.error),
  },
}).createMachine({
  id: 'accountTransfer',
  description: 'Moving money between two of the user’s accounts: one action, two linked legs.',
  context: ({ input }) => ({
    transferId: input.transfer?.transfer_id ?? null,
    draft: input.transfer
      ? { fromAccountId: input.transfer.from.account_id, toAccountId: input.transfer.to.account_id, amount: String(input.transfer.from.amount), date: input.transfer.from.date, description: input.transfer.from.description }
      : { fromAccountId: input.fromAccountId ?? '', toAccountId: '', amount: '', date: input.today, description: '' },
    errors: {},
    error: null,
    saved: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The user picks the two accounts, the amount and the day.',
      on: {
        'field.change': {
          description: "Changing a field clears its message.",
          actions: assign(({ context, event }) => {
            const { [event.field]: _cleared, ...errors } = context.errors;
            return { draft: { ...context.draft, [event.field]: event.value }, errors };
          }),
        },
        'transfer.submit': [
          { guard: 'valid', target: 'saving', description: 'Both accounts chosen and different, a positive amount, a real day: sent.' },
          { description: "Refused by the contract's rule: each field shows its problem ('To account id must be another account than from account id'); nothing is sent.", actions: assign({ errors: ({ context }) => checkTransfer(context.draft).errors }) },
        ],
        'transfer.cancel': { target: 'cancelled', description: 'Closes without moving money.' },
      },
    },
    saving: {
      description: 'Saves both legs together.',
      tags: ['busy'],
      invoke: {
        src: 'saveTransfer',
        input: ({ context }) => ({ transferId: context.transferId, body: checkTransfer(context.draft).body }),
        onDone: {
          target: 'saved',
          description: "Both legs saved: a toast says 'Transfer saved'.",
          actions: [assign({ saved: ({ event }) => event.output, error: null }), { type: 'notify', params: { kind: 'success', message: 'Transfer saved' } }],
        },
        onError: { target: 'failed', description: "Refused (a closed account, two currencies) or failed: the server's detail.", actions: assign({ error: ({ event }) => toFailure(event.error, transferTexts.failed) }) },
      },
    },
    failed: {
      description: "The server's detail is shown; nothing moved.",
      on: {
        'field.change': { target: 'editing', description: 'Correcting a field clears the failure.', actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }), error: null }) },
        'transfer.retry': { guard: 'retryable', target: 'saving', description: 'Sends again (network or server failure only).' },
        'transfer.submit': { target: 'saving', description: 'Submitting again sends the same transfer.' },
        'transfer.cancel': { target: 'cancelled', description: 'Closes without moving money.' },
      },
    },
    saved: { description: 'Done: both legs are the output.', type: 'final' },
    cancelled: { description: 'Closed without moving money.', type: 'final' },
  },
  output: ({ context }) => context.saved,
});

import { assign, fromPromise, setup } from 'xstate';
import { type Goal, type FundsResponse, fundsRequest } from '../src/contract/goals';
import { isRetryable, toFailure, type CallFailure, type Toast } from './types';
import { readAmount } from '../src/contract/money';
import { fieldMessage, ruleErrors } from '../src/contract/messages';

export type FundDirection = 'add' | 'withdraw';

export interface GoalFundsInput {
  goal: Pick<Goal, 'goal_id' | 'name' | 'current_amount' | 'target_amount'>;
  direction: FundDirection;
}

/** What POST /goals/{id}/add-funds and /withdraw-funds answer (the contract's FundsResponse). */
export type FundsResult = Pick<FundsResponse, 'goal' | 'transactionData' | 'goal_reached'>;

export interface MoveFundsInput {
  goalId: string;
  direction: FundDirection;
  amount: number;
  note: string | null;
}

export interface GoalFundsContext {
  goalId: string;
  goalName: string;
  /** What the goal held when the operation opened (shown next to a withdrawal). */
  saved: number;
  direction: FundDirection;
  /** The amount as typed. */
  amount: string;
  note: string;
  /** Why the typed amount cannot be sent. */
  validationError: string | null;
  /** Why the server refused or the call failed (the server's detail). */
  error: CallFailure | null;
  result: FundsResult | null;
}

export type GoalFundsEvent =
  | { type: 'amount.change'; value: string }
  | { type: 'note.change'; value: string }
  | { type: 'funds.submit' }
  | { type: 'funds.retry' }
  | { type: 'funds.cancel' };

/** The toasts and default messages ([spec:8-success], [spec:8-message]) of a fund operation. */
export const goalFundsTexts = {
  added: 'Funds added to goal successfully!',
  withdrawn: 'Funds withdrawn from goal successfully!',
  addFailed: 'Failed to add funds to goal',
  withdrawFailed: 'Failed to withdraw funds from goal',
} as const;

/**
 * The typed amount as a number, or why the contract's funds rule (the one the server applies)
 * refuses it, in the words shown under the field ("Amount is required", "Amount must be greater than 0").
 */
export function parseAmount(text: string): { ok: true; amount: number } | { ok: false; error: string } {
  const amount = readAmount(text);
  const error = ruleErrors(fundsRequest, { amount }).amount;
  return error || amount === undefined ? { ok: false, error: error ?? fieldMessage('amount', 'Required') } : { ok: true, amount };
}

const amountError = (context: GoalFundsContext) => {
  const parsed = parseAmount(context.amount);
  return parsed.ok ? null : parsed.error;
};

/**
 * One add-funds or withdraw-funds operation on one goal: the amount is entered and checked, sent,
 * and either succeeds (spec toast, the updated goal as output) or fails with the server's detail,
 * from where the user retries, corrects the amount or cancels. The goals machine invokes one per operation.
 */
export const goalFundsMachine = setup({
  types: {
    context: {} as GoalFundsContext,
    events: {} as GoalFundsEvent,
    input: {} as GoalFundsInput,
    output: {} as FundsResult | null,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /goals/{id}/add-funds or /withdraw-funds {amount, note}. */
    moveFunds: fromPromise<FundsResult, MoveFundsInput>(async () => {
      throw new Error('moveFunds not provided');
    }),
  },
  actions: {
    notify: (_, _toast: Toast) => {},
  },
  guards: {
    amountValid: ({ context }) => amountError(context) === null,
    retryable: ({ context }) => isRetryable(context.error),
  },
}).createMachine({
  id: 'goalFunds',
  description: 'Adding money to, or withdrawing it from, one savings goal.',
  context: ({ input }) => ({
    goalId: input.goal.goal_id,
    goalName: input.goal.name,
    saved: input.goal.current_amount,
    direction: input.direction,
    amount: '',
    note: '',
    validationError: null,
    error: null,
    result: null,
  }),
  initial: 'editing',
  on: {
    'note.change': { description: 'The optional note can be typed at any time.', actions: assign({ note: ({ event }) => event.value }) },
  },
  states: {
    editing: {
      description: 'The user types the amount (and an optional note). Submitting checks that the amount is a positive number with at most two decimals.',
      on: {
        'amount.change': { description: 'Typing clears the validation message.', actions: assign({ amount: ({ event }) => event.value, validationError: null }) },
        'funds.submit': [
          { guard: 'amountValid', target: 'submitting', description: 'A valid amount is sent.' },
          { description: "Refused by the contract's funds rule (the server's): 'Amount is required', 'Amount must be greater than 0', 'Amount must have at most two decimal places'… under the field; nothing is sent.", actions: assign({ validationError: ({ context }) => amountError(context) }) },
        ],
        'funds.cancel': { description: 'Closes without moving money.', target: 'cancelled' },
      },
    },
    submitting: {
      description: 'Sends the move; the server refuses a withdrawal larger than the saved amount.',
      tags: ['busy'],
      invoke: {
        src: 'moveFunds',
        input: ({ context }) => ({
          goalId: context.goalId,
          direction: context.direction,
          amount: (parseAmount(context.amount) as { amount: number }).amount,
          note: context.note.trim() || null,
        }),
        onDone: {
          target: 'succeeded',
          description: "The goal holds the new amount; a toast says 'Funds added to goal successfully!' or 'Funds withdrawn from goal successfully!'.",
          actions: [
            assign({ result: ({ event }) => event.output, error: null }),
            { type: 'notify', params: ({ context }) => ({ kind: 'success', message: context.direction === 'add' ? goalFundsTexts.added : goalFundsTexts.withdrawn }) },
          ],
        },
        onError: {
          target: 'failed',
          description: "Refused (e.g. more than is saved) or failed: the server's detail, or 'Failed to add funds to goal' / 'Failed to withdraw funds from goal'.",
          actions: assign({
            error: ({ context, event }) => toFailure(event.error, context.direction === 'add' ? goalFundsTexts.addFailed : goalFundsTexts.withdrawFailed),
          }),
        },
      },
    },
    failed: {
      description: "The move was refused or failed: the server's detail is shown; nothing changed. Retry, change the amount or cancel.",
      on: {
        'funds.retry': { description: 'Sends the same amount again; only after a failure retrying can fix (network, server), never after a refusal.', guard: 'retryable', target: 'submitting' },
        // The amount was valid when sent and cannot change here (changing it goes back to editing).
        'funds.submit': { target: 'submitting', description: 'Submitting again sends the same amount.' },
        'amount.change': { description: 'Correcting the amount clears the failure.', target: 'editing', actions: assign({ amount: ({ event }) => event.value, validationError: null, error: null }) },
        'funds.cancel': { target: 'cancelled', description: 'Closes without moving money.' },
      },
    },
    succeeded: {
      description: 'Done: the spec toast was shown; the updated goal and the fund transaction are the output.',
      type: 'final',
    },
    cancelled: {
      description: 'Closed without moving money.',
      type: 'final',
    },
  },
  output: ({ context }) => context.result,
});

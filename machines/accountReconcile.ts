import { assign, fromPromise, setup } from 'xstate';
import { type Account, type ReconcilePreview, reconcileRequest } from '../src/contract/accounts';
import { readAmount } from '../src/contract/money';
import { ruleErrors } from '../src/contract/messages';
import { toFailure, type CallFailure, type Toast } from './types';

export interface StatementInput {
  accountId: string;
  statementDate: string;
  statementBalance: number;
}
export interface FinishInput extends StatementInput {
  adjust: boolean;
}
export interface ReconcileResult {
  account: Account;
  locked: number;
}

export interface AccountReconcileInput {
  account: Pick<Account, 'account_id' | 'name' | 'is_liability'>;
  today: string;
}

export interface AccountReconcileContext {
  accountId: string;
  statementDate: string;
  /** The statement's closing balance as typed (what the bank says; negative for a card's debt). */
  statementBalance: string;
  errors: Partial<Record<'statementDate' | 'statementBalance', string>>;
  preview: ReconcilePreview | null;
  error: CallFailure | null;
  result: ReconcileResult | null;
}

export type AccountReconcileEvent =
  | { type: 'field.change'; field: 'statementDate' | 'statementBalance'; value: string }
  | { type: 'reconcile.check' }
  | { type: 'reconcile.finish' }
  | { type: 'reconcile.adjust' }
  | { type: 'reconcile.back' }
  | { type: 'reconcile.cancel' };

export const reconcileTexts = { done: 'Account reconciled', failed: 'Failed to reconcile' } as const;

function checkStatement(context: AccountReconcileContext) {
  const balance = readAmount(context.statementBalance);
  const body = { statement_date: context.statementDate, statement_balance: balance as number };
  const raw = ruleErrors(reconcileRequest, body, { statement_date: 'Statement date', statement_balance: 'Statement balance' });
  const errors: AccountReconcileContext['errors'] = {};
  if (raw.statement_date) errors.statementDate = raw.statement_date;
  if (raw.statement_balance || balance === undefined || Number.isNaN(balance)) errors.statementBalance = raw.statement_balance ?? 'Statement balance is required';
  return { input: { accountId: context.accountId, statementDate: context.statementDate, statementBalance: balance as number }, errors };
}

/**
 * Reconciling one account with a bank statement: the statement's date and balance, the difference
 * from the cleared balance, an adjustment when the person accepts one, then the cleared
 * transactions up to that day are locked.
 */
export const accountReconcileMachine = setup({
  types: {
    context: {} as AccountReconcileContext,
    events: {} as AccountReconcileEvent,
    input: {} as AccountReconcileInput,
    output: {} as ReconcileResult | null,
    tags: {} as 'busy',
  },
  actors: {
    /** GET /accounts/{id}/reconcile?statement_date&statement_balance. */
    previewStatement: fromPromise<ReconcilePreview, StatementInput>(async () => {
      throw new Error('previewStatement not provided');
    }),
    /** POST /accounts/{id}/reconcile {statement_date, statement_balance, adjust}. */
    finishReconcile: fromPromise<ReconcileResult, FinishInput>(async () => {
      throw new Error('finishReconcile not provided');
    }),
  },
  actions: { notify: (_, _toast: Toast) => {} },
  guards: {
    statementValid: ({ context }) => Object.keys(checkStatement(context).errors).length === 0,
    balanced: ({ context }) => context.preview?.difference === 0,
  },
}).createMachine({
  id: 'accountReconcile',
  description: 'Checking one account against a bank statement, then locking what matched.',
  context: ({ input }) => ({ accountId: input.account.account_id, statementDate: input.today, statementBalance: '', errors: {}, preview: null, error: null, result: null }),
  initial: 'statement',
  states: {
    statement: {
      description: "The person types the statement's date and closing balance.",
      on: {
        'field.change': { description: "Typing clears the field's message.", actions: assign(({ context, event }) => ({ [event.field]: event.value, errors: { ...context.errors, [event.field]: undefined }, error: null })) },
        'reconcile.check': [
          { guard: 'statementValid', target: 'checking', description: 'A real date and a balance: the difference is asked for.' },
          { description: "Refused by the contract's rule: 'Statement balance is required' and the like under the fields.", actions: assign({ errors: ({ context }) => checkStatement(context).errors }) },
        ],
        'reconcile.cancel': { target: 'cancelled', description: 'Closes without changing anything.' },
      },
    },
    checking: {
      description: 'Asks for the cleared balance up to the statement date and the difference.',
      tags: ['busy'],
      invoke: {
        src: 'previewStatement',
        input: ({ context }) => checkStatement(context).input,
        onDone: { target: 'review', description: 'The cleared balance and the difference are shown.', actions: assign({ preview: ({ event }) => event.output, error: null }) },
        onError: { target: 'statement', description: "Failed: the server's detail above the fields.", actions: assign({ error: ({ event }) => toFailure(event.error, reconcileTexts.failed) }) },
      },
    },
    review: {
      description: 'The difference between the statement and the cleared balance. At zero the person finishes; otherwise they clear the missing transactions (back) or accept an adjustment for the difference.',
      on: {
        'reconcile.finish': { guard: 'balanced', target: 'finishing', description: 'No difference: the cleared transactions are locked.' },
        'reconcile.adjust': { target: 'adjusting', description: 'Records an adjustment for the difference, then locks.' },
        'reconcile.back': { target: 'statement', description: 'Back to the statement (to clear transactions or correct the balance).' },
        'reconcile.cancel': { target: 'cancelled', description: 'Closes without changing anything.' },
      },
    },
    finishing: {
      tags: ['busy'],
      description: 'Locks the cleared transactions up to the statement date.',
      invoke: {
        src: 'finishReconcile',
        input: ({ context }) => ({ ...checkStatement(context).input, adjust: false }),
        onDone: { target: 'reconciled', description: "Locked: a toast says 'Account reconciled'.", actions: [assign({ result: ({ event }) => event.output }), { type: 'notify', params: { kind: 'success', message: 'Account reconciled' } }] },
        onError: { target: 'review', description: "Refused (the balance changed meanwhile) or failed: the server's detail.", actions: assign({ error: ({ event }) => toFailure(event.error, reconcileTexts.failed) }) },
      },
    },
    adjusting: {
      tags: ['busy'],
      description: 'Records the adjustment (cleared) and locks the cleared transactions up to the statement date.',
      invoke: {
        src: 'finishReconcile',
        input: ({ context }) => ({ ...checkStatement(context).input, adjust: true }),
        onDone: { target: 'reconciled', description: "Adjusted and locked: a toast says 'Account reconciled'.", actions: [assign({ result: ({ event }) => event.output }), { type: 'notify', params: { kind: 'success', message: 'Account reconciled' } }] },
        onError: { target: 'review', description: "Failed: the server's detail.", actions: assign({ error: ({ event }) => toFailure(event.error, reconcileTexts.failed) }) },
      },
    },
    reconciled: { description: 'Done: the account with its new reconciled date and balance is the output.', type: 'final' },
    cancelled: { description: 'Closed without changing anything.', type: 'final' },
  },
  output: ({ context }) => context.result,
});

import { assign, fromPromise, setup } from 'xstate';
import { type AccountKind, type Account, ON_BUDGET_BY_DEFAULT, createAccountRequest, isLiability } from '../src/contract/accounts';
import { readAmount } from '../src/contract/money';

import { ruleErrors } from '../src/contract/messages';
import { isRetryable, toFailure, type CallFailure, type Toast } from './types';

/** The account form's fields as typed. */
export interface AccountDraft {
  name: string;
  kind: AccountKind;
  /** Empty: the profile currency. */
  currency: string;
  onBudget: boolean;
  /** For a card or loan: the amount owed (sent negated). */
  openingBalance: string;
  openingDate: string;
  institution: string;
  last4: string;
}

export type AccountField = keyof AccountDraft;

export interface AccountBody {
  name: string;
  kind: AccountKind;
  currency?: string;
  on_budget: boolean;
  opening_balance: number;
  opening_date?: string;
  institution: string | null;
  last4: string | null;
}

export interface SaveAccountInput {
  accountId: string | null;
  body: AccountBody;
}

export interface AccountFormInput {
  /** Editing this account; null adds one. */
  account: Account | null;
  today: string;
}

export interface AccountFormContext {
  accountId: string | null;
  draft: AccountDraft;
  /** Each field's first problem, in the contract's words. */
  errors: Partial<Record<AccountField | 'form', string>>;
  error: CallFailure | null;
  saved: Account | null;
}

export type AccountFormEvent =
  | { type: 'field.change'; field: AccountField; value: string | boolean }
  | { type: 'form.submit' }
  | { type: 'form.retry' }
  | { type: 'form.cancel' };

export const accountFormTexts = { created: 'Account added', updated: 'Account saved', failed: 'Failed to save account' } as const;

/** Labels of the wire fields, for the messages under them. */
const LABELS = { opening_balance: 'Opening balance', opening_date: 'Opening date', last4: 'Last four digits', on_budget: 'On budget' };
const FIELD_OF: Record<string, AccountField> = { name: 'name', kind: 'kind', currency: 'currency', on_budget: 'onBudget', opening_balance: 'openingBalance', opening_date: 'openingDate', institution: 'institution', last4: 'last4' };

/** The draft as the request body, and each field's problem under the contract's rule (the server's). */
export function checkAccount(draft: AccountDraft): { body: AccountBody; errors: AccountFormContext['errors'] } {
  const typed = readAmount(draft.openingBalance);
  const amount = typed === undefined ? 0 : typed;
  const body: AccountBody = {
    name: draft.name,
    kind: draft.kind,
    ...(draft.currency.trim() ? { currency: draft.currency } : {}),
    on_budget: draft.onBudget,
    // What is owed on a card or loan is a negative balance.
    opening_balance: isLiability(draft.kind) ? -Math.abs(amount) : amount,
    ...(draft.openingDate ? { opening_date: draft.openingDate } : {}),
    institution: draft.institution.trim() || null,
    last4: draft.last4.trim() || null,
  };
  const errors: AccountFormContext['errors'] = {};
  for (const [field, message] of Object.entries(ruleErrors(createAccountRequest, body, LABELS))) errors[FIELD_OF[field] ?? 'form'] = message;
  if (Number.isNaN(typed)) errors.openingBalance = 'Opening balance must be a number';
  return { body, errors };
}

const draftOf = (account: Account | null, today: string): AccountDraft =>
  account
    ? {
        name: account.name,
        kind: account.kind,
        currency: account.currency,
        onBudget: account.on_budget,
        openingBalance: String(isLiability(account.kind) ? Math.abs(account.opening_balance) : account.opening_balance),
        openingDate: account.opening_date,
        institution: account.institution ?? '',
        last4: account.last4 ?? '',
      }
    : { name: '', kind: 'checking', currency: '', onBudget: true, openingBalance: '', openingDate: today, institution: '', last4: '' };

/**
 * Adding or editing one money account: the fields are typed and each is checked by the contract's
 * rule (the server's) on submit, the account is saved, and the form closes with it, or shows the
 * server's detail from where the user corrects a field, retries or cancels.
 */
export const accountFormMachine = setup({
  types: {
    context: {} as AccountFormContext,
    events: {} as AccountFormEvent,
    input: {} as AccountFormInput,
    output: {} as Account | null,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /accounts, or PUT /accounts/{id}. */
    saveAccount: fromPromise<Account, SaveAccountInput>(async () => {
      throw new Error('saveAccount not provided');
    }),
  },
  actions: {
    notify: (_, _toast: Toast) => {},
  },
  guards: {
    valid: ({ context }) => Object.keys(checkAccount(context.draft).errors).length === 0,
    retryable: ({ context }) => isRetryable(context.error),
  },
}).createMachine({
  id: 'accountForm',
  description: 'Adding or editing one money account (a bank account, a card, cash, a loan, a house).',
  context: ({ input }) => ({ accountId: input.account?.account_id ?? null, draft: draftOf(input.account, input.today), errors: {}, error: null, saved: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The user fills the fields. Choosing a kind sets on-budget to its default (checking, savings, card and cash are on budget); for a card or loan the opening balance is the amount owed.',
      on: {
        'field.change': {
          description: "Typing in a field clears that field's message.",
          actions: assign(({ context, event }) => {
            const draft = { ...context.draft, [event.field]: event.value } as AccountDraft;
            if (event.field === 'kind' && context.accountId === null) draft.onBudget = ON_BUDGET_BY_DEFAULT.includes(event.value as AccountKind);
            const { [event.field]: _cleared, ...errors } = context.errors;
            return { draft, errors };
          }),
        },
        'form.submit': [
          { guard: 'valid', target: 'saving', description: 'Every field passes the contract’s rule: the account is sent.' },
          { description: "Refused by the contract's rule: each field shows its first problem ('Name is required', 'Last four digits must be four digits'); nothing is sent.", actions: assign({ errors: ({ context }) => checkAccount(context.draft).errors }) },
        ],
        'form.cancel': { target: 'cancelled', description: 'Closes without saving.' },
      },
    },
    saving: {
      description: 'Sends the account; the server refuses a name the user already has (409).',
      tags: ['busy'],
      invoke: {
        src: 'saveAccount',
        input: ({ context }) => ({ accountId: context.accountId, body: checkAccount(context.draft).body }),
        onDone: {
          target: 'saved',
          description: "Saved: a toast says 'Account added' or 'Account saved'.",
          actions: [assign({ saved: ({ event }) => event.output, error: null }), { type: 'notify', params: ({ context }) => ({ kind: 'success', message: context.accountId ? accountFormTexts.updated : accountFormTexts.created }) }],
        },
        onError: { target: 'failed', description: "Refused or failed: the server's detail, or 'Failed to save account'.", actions: assign({ error: ({ event }) => toFailure(event.error, accountFormTexts.failed) }) },
      },
    },
    failed: {
      description: "The server's detail is shown above the form. Correcting a field goes back to editing; Retry is offered only when sending again can help.",
      on: {
        'field.change': { target: 'editing', description: 'Correcting a field clears the failure.', actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }) as AccountDraft, error: null }) },
        'form.retry': { guard: 'retryable', target: 'saving', description: 'Sends the same account again (network or server failure only).' },
        'form.submit': { target: 'saving', description: 'Submitting again sends the same account.' },
        'form.cancel': { target: 'cancelled', description: 'Closes without saving.' },
      },
    },
    saved: { description: 'Done: the saved account is the output.', type: 'final' },
    cancelled: { description: 'Closed without saving.', type: 'final' },
  },
  output: ({ context }) => context.saved,
});

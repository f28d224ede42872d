import { createMachine } from 'xstate';

/**
 * A person's first accounts, as they see them: add a checking and a savings account, move money
 * between them, change the transfer from one leg, delete it from the other, reconcile checking
 * with an adjustment, and close savings. Its paths run against the real accountForm,
 * accountTransfer and accountReconcile machines (tests/machines/accounts.model.test.ts).
 */
export const accountsModel = createMachine({
  id: 'accountsFlow',
  initial: 'empty',
  states: {
    empty: { description: 'No accounts: the empty state invites to add a first account.', on: { CREATE_INVALID: 'invalid', CREATE: 'created' } },
    invalid: { description: "Submitted a blank name and '12a4' as last four digits: both fields show their message; nothing was sent.", on: { CREATE: 'created' } },
    created: { description: 'Checking (1,000.00) and Savings (0.00) are listed.', on: { TRANSFER: 'transferred' } },
    transferred: { description: '500.00 moved: Checking 500.00, Savings 500.00; net worth still 1,000.00.', on: { EDIT_LEG: 'edited' } },
    edited: { description: 'The savings leg changed to 300.00: both legs say 300.00; Checking 700.00, Savings 300.00.', on: { DELETE_LEG: 'deleted' } },
    deleted: { description: 'The checking leg deleted: the transfer is gone on both sides; Checking 1,000.00, Savings 0.00.', on: { RECONCILE_ADJUST: 'reconciled' } },
    reconciled: { description: 'Reconciled against a statement of 990.00: a 10.00 adjustment, Checking 990.00, reconciled on the statement day.', on: { CLOSE: 'closed' } },
    closed: { description: 'Savings closed (balance 0): it leaves the list; Checking stays.' },
  },
});

export const accountsFlow = { checking: 1000, transfer: 500, edited: 300, statement: 990, adjustment: 10, today: '2025-09-30' } as const;

export function accountsTransitions(): string[] {
  return Object.values(accountsModel.root.states).flatMap((node) => [...node.transitions.keys()].map((event) => `${node.key}:${event}`));
}

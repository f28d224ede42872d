import { createMachine } from 'xstate';

/**
 * The totals line above the transactions list: income, spending and net of every row the filters match.
 * Its paths run against the real transactionTotals machine (tests/machines/transactionTotals.model.test.ts).
 */
export const transactionTotalsModel = createMachine({
  id: 'transactionTotalsFlow',
  initial: 'allRows',
  states: {
    allRows: {
      description: 'No filter: income 3,000.00, spending 120.00, net 2,880.00.',
      on: { FILTER_EXPENSES: 'expensesOnly', ADD_INCOME: 'incomeAdded', ROWS_CHANGE_WHILE_DOWN: 'failed' },
    },
    expensesOnly: { description: 'Type Expense: spending 120.00, no income.' },
    incomeAdded: { description: 'A 500.00 income row was added: income 3,500.00, net 3,380.00.' },
    failed: {
      description: "The totals are missing: 'Failed to fetch the totals' with a Retry button.",
      on: { RETRY: 'recovered' },
    },
    recovered: { description: 'Retry brought the totals back.' },
  },
});

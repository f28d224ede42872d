import { createMachine } from 'xstate';

/**
 * The savings goals page with two goals (Emergency fund 950 of 1,000; Holiday 100 of 2,000): create, edit,
 * funds, delete after the danger confirmation, the fund history. Its paths run against the real goals machine
 * with its real list (the collection machine) and goalFunds (tests/machines/goals.model.test.ts). One withdraw
 * operation's every outcome has its own model (tests/models/goalFunds.ts).
 */
export const goalsModel = createMachine({
  id: 'goalsFlow',
  initial: 'opening',
  states: {
    opening: { description: 'The goals page is opening.', on: { OPEN: 'board', OPEN_OFFLINE: 'listFailed' } },
    listFailed: { description: 'The network was down: the list shows the error and a Retry button; no summary.', on: { RETRY: 'retried' } },
    retried: { description: 'Retry brought the two goals back.' },
    board: {
      description: 'The two goals, newest first, and the progress summary (1,050 of 3,000 saved).',
      on: {
        CREATE: 'created',
        CREATE_WITHOUT_TARGET: 'formRefused',
        EDIT: 'updated',
        DEPOSIT_TO_TARGET: 'celebrated',
        DEPOSIT: 'deposited',
        DEPOSIT_AGAIN_AFTER_A_DROP: 'deposited',
        WITHDRAW_THEN_CANCEL: 'unchanged',
        DELETE: 'confirmingDelete',
        HISTORY: 'historyShown',
        HISTORY_OFFLINE: 'historyFailed',
        HISTORY_CLOSED_BEFORE_IT_LOADS: 'historyClosed',
      },
    },
    created: { description: "'New bike' is the first card; 'Goal created successfully!'; the summary counts 3 goals." },
    formRefused: { description: "Saved with a target of 0: the form stays open with the server's 'target_amount must be greater than 0'.", on: { CANCEL_FORM: 'formClosed' } },
    formClosed: { description: 'Cancel closed the form; still two goals.' },
    updated: { description: "Holiday is renamed 'Summer in Lisbon' in place; 'Goal updated successfully!'." },
    celebrated: { description: 'Adding 50 to Emergency fund reached its 1,000 target: the card shows it completed and the reward dialog celebrates it.' },
    deposited: { description: "Adding 25 to Holiday with the note 'Birthday money': 125 saved; 'Funds added to goal successfully!'; no celebration." },
    unchanged: { description: 'Withdraw opened and cancelled: no toast, nothing moved.' },
    confirmingDelete: {
      description: "The danger dialog asks 'Delete … This cannot be undone.' about Holiday.",
      on: { CONFIRM_DELETE: 'deleted', CONFIRM_DELETE_FAILS: 'deleteFailed', CANCEL_DELETE: 'kept' },
    },
    deleted: { description: 'Holiday is gone; the summary counts 1 goal.' },
    deleteFailed: { description: "Holiday stays; a toast gives the server's reason ('Goal not found')." },
    kept: { description: 'Cancel: Holiday stays.' },
    historyShown: { description: "The drawer with Emergency fund's deposits and withdrawals (none yet) and their totals.", on: { CLOSE_HISTORY: 'historyClosed' } },
    historyFailed: {
      description: "The drawer says the network error, with a Retry button.",
      on: { RETRY_HISTORY: 'historyShown', CLOSE_HISTORY: 'historyClosed' },
    },
    historyClosed: { description: 'The drawer is closed.' },
  },
});

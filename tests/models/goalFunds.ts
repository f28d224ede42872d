import { createMachine } from 'xstate';

/**
 * One withdraw-funds operation on a goal holding 50.00, as the user sees it. Its paths run against
 * the real goals + goalFunds machines (tests/machines/goalFunds.model.test.ts) and drive the real app
 * in Chromium (tests/e2e/goals.e2e.test.ts). States are what the user sees; events are what the user does.
 * Withdrawing is the direction with every outcome (a withdrawal can be refused); adding shares the machine.
 */
export const goalFundsModel = createMachine({
  id: 'goalFundsFlow',
  initial: 'closed',
  states: {
    closed: {
      description: 'The goal card with 50.00 saved; no fund modal.',
      on: { OPEN: 'entering' },
    },
    entering: {
      description: 'The withdraw modal is open with an empty amount and no message.',
      on: {
        SUBMIT_INVALID: 'invalid',
        SUBMIT_VALID: 'succeeded',
        SUBMIT_TOO_MUCH: 'refused',
        SUBMIT_OFFLINE: 'failed',
        CANCEL: 'cancelled',
      },
    },
    invalid: {
      description: "Submitted 0: 'Amount must be greater than 0' under the field; nothing was sent.",
      on: { SUBMIT_VALID: 'succeeded', CANCEL: 'cancelled' },
    },
    refused: {
      description: "Submitted 80 against 50.00: the server's detail is shown; nothing changed.",
      on: { SUBMIT_VALID: 'succeeded', CANCEL: 'cancelled' },
    },
    failed: {
      description: 'Submitted while the network was down: the message and a Retry button; nothing changed.',
      on: { RETRY: 'succeeded', CANCEL: 'cancelled' },
    },
    succeeded: {
      description: "Withdrew 20: 'Funds withdrawn from goal successfully!', the modal closed, 30.00 saved.",
    },
    cancelled: {
      description: 'Cancelled: the modal closed, no toast, still 50.00 saved.',
    },
  },
});

export type GoalFundsFlowEvent = { type: 'OPEN' | 'SUBMIT_INVALID' | 'SUBMIT_VALID' | 'SUBMIT_TOO_MUCH' | 'SUBMIT_OFFLINE' | 'RETRY' | 'CANCEL' };

/** The amounts the model's events type, and what the goal holds before and after. */
export const goalFundsFlow = {
  saved: 50,
  valid: '20',
  invalid: '0',
  tooMuch: '80',
  afterWithdrawal: 30,
  refusedDetail: 'Cannot withdraw $80.00: only $50.00 is saved in this goal.',
  invalidMessage: 'Amount must be greater than 0',
  offlineMessage: 'Network error. Please check your connection.',
  successToast: 'Funds withdrawn from goal successfully!',
} as const;

/** Every transition of the model as "state:EVENT", to check that the chosen paths cover them all. */
export function goalFundsTransitions(): string[] {
  return Object.values(goalFundsModel.root.states).flatMap((node) => [...node.transitions.keys()].map((event) => `${node.key}:${event}`));
}

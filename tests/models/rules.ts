import { createMachine } from 'xstate';

/**
 * Adding one categorization rule in Settings › Rules and running it on existing transactions, as the
 * user sees it. The user has two rows from Blue Bottle in Other and one from Shell. Its paths run against
 * the real rules machine (tests/machines/rules.model.test.ts) and drive the real app in Chromium
 * (tests/e2e/rules.e2e.test.ts). States are what the user sees; events are what the user does.
 */
export const rulesModel = createMachine({
  id: 'rulesFlow',
  initial: 'list',
  states: {
    list: {
      description: "The Rules section: 'No rules yet.' and Add rule.",
      on: { ADD: 'editing' },
    },
    editing: {
      description: 'The rule form with one empty condition on the merchant.',
      on: { SAVE_INVALID: 'invalid', SAVE_VALID: 'saved', CANCEL: 'cancelled' },
    },
    invalid: {
      description: "Saved with a condition but nothing to set: 'Actions must set at least one of category, merchant, tags or notes'; nothing was sent.",
      on: { SAVE_VALID: 'saved', CANCEL: 'cancelled' },
    },
    saved: {
      description: "'Rule saved'; the form offers Run on existing transactions and Done.",
      on: { RUN: 'previewed', DONE: 'kept' },
    },
    previewed: {
      description: "'2 transactions match, 2 would change' with both rows going from Other to Dining; Apply and Done.",
      on: { APPLY: 'applied', DONE: 'kept' },
    },
    applied: {
      description: "'2 transactions updated'; the rule is listed; both Blue Bottle rows are in Dining, Shell's is not.",
    },
    kept: {
      description: 'The rule is listed; the existing rows are unchanged (still in Other).',
    },
    cancelled: {
      description: "The form closed: 'No rules yet.'; nothing was saved.",
    },
  },
});

export type RulesFlowEvent = { type: 'ADD' | 'SAVE_INVALID' | 'SAVE_VALID' | 'CANCEL' | 'RUN' | 'APPLY' | 'DONE' };

/** What the model's events type, and the texts its states show. */
export const rulesFlow = {
  merchant: 'Blue Bottle Coffee',
  category: 'Dining',
  rows: ['SQ *BLUE BOTTLE 0341 OAKLAND CA', 'BLUE BOTTLE COFFEE SAN FRANCISCO CA'],
  other: 'SHELL OIL 5744',
  invalidMessage: 'Actions must set at least one of category, merchant, tags or notes',
  savedToast: 'Rule saved',
  previewText: '2 transactions match, 2 would change.',
  appliedToast: '2 transactions updated',
  empty: 'No rules yet.',
} as const;

/** Every transition of the model as "state:EVENT", to check that the chosen paths cover them all. */
export function rulesTransitions(): string[] {
  return Object.values(rulesModel.root.states).flatMap((node) => [...node.transitions.keys()].map((event) => `${node.key}:${event}`));
}

import { createMachine } from 'xstate';

/**
 * The month of the category budget as the user sees it: editing an amount, a rollover change, a month
 * switch, a target with the fill of what it asks and its Undo, and moving a row down. January 2025 has 1,000.00
 * of income, 300.00 assigned to Groceries and 50.00 spent on groceries; Groceries rolls over what is left (the
 * default) and comes first in Everyday, before Transport. Its paths run against the real budget machine
 * (tests/machines/budget.model.test.ts) and drive the real app in Chromium (tests/e2e/budget.e2e.test.ts).
 */
export const budgetModel = createMachine({
  id: 'budgetFlow',
  initial: 'january',
  states: {
    january: {
      description: 'January: Groceries 300.00 assigned, 250.00 available; 700.00 ready to assign.',
      on: { EDIT: 'editing', ROLLOVER_NONE: 'januaryNoRollover', NEXT: 'february', TARGET: 'targeted', MOVE_DOWN: 'reordered' },
    },
    targeted: {
      description: 'Groceries given a target of 400.00 a month: 100.00 underfunded, and the month says so; nothing assigned changed.',
      on: { FILL: 'filled' },
    },
    filled: {
      description: "'Fill underfunded targets': Groceries 400.00 assigned, 350.00 available; 600.00 ready to assign; nothing underfunded; 'Undo fill' offered.",
      on: { UNDO: 'undone' },
    },
    undone: {
      description: "'Undo fill': Groceries back to 300.00 assigned and 100.00 underfunded; 700.00 ready to assign; no Undo offered.",
    },
    reordered: {
      description: "Groceries' 'Move down': Transport first in Everyday, Groceries second; the figures unchanged.",
    },
    editing: {
      description: "Groceries' assigned amount is a field holding 300.00.",
      on: { TYPE_INVALID: 'invalid', SAVE: 'edited', CANCEL: 'january' },
    },
    invalid: {
      description: "Typed -5 and Enter: 'Assigned must be 0 or more, below 100,000,000,000' under the field; nothing was saved.",
      on: { SAVE: 'edited', CANCEL: 'january' },
    },
    edited: {
      description: 'Typed 400 and Enter: Groceries 400.00 assigned, 350.00 available; 600.00 ready to assign.',
      on: { NEXT: 'februaryAfterEdit' },
    },
    januaryNoRollover: {
      description: "Groceries set to 'No rollover' from January: January still shows 250.00 available.",
      on: { NEXT: 'februaryNoRollover' },
    },
    february: {
      description: 'February: Groceries carried in 250.00 and has 250.00 available; 700.00 ready to assign.',
    },
    februaryAfterEdit: {
      description: 'February after the edit: Groceries carried in 350.00; 600.00 ready to assign.',
    },
    februaryNoRollover: {
      description: 'February without rollover: Groceries carried in nothing (0.00 available); its 250.00 went back, 950.00 ready to assign.',
    },
  },
});

export type BudgetFlowEvent = { type: 'EDIT' | 'TYPE_INVALID' | 'SAVE' | 'CANCEL' | 'ROLLOVER_NONE' | 'NEXT' | 'TARGET' | 'FILL' | 'UNDO' | 'MOVE_DOWN' };

/** The amounts of the model, and what each state shows. */
export const budgetFlow = {
  month: '2025-01',
  income: 1000,
  assigned: 300,
  spent: 50,
  invalid: '-5',
  valid: '400',
  invalidMessage: 'Assigned must be 0 or more, below 100,000,000,000',
  target: 400,
  /** Everyday's first two categories before and after Groceries moves down. */
  order: { before: ['Groceries', 'Transport'], after: ['Transport', 'Groceries'] },
  shows: {
    january: { assigned: 300, available: 250, carriedIn: 0, ready: 700, underfunded: 0 },
    editing: { assigned: 300, available: 250, carriedIn: 0, ready: 700, underfunded: 0 },
    invalid: { assigned: 300, available: 250, carriedIn: 0, ready: 700, underfunded: 0 },
    edited: { assigned: 400, available: 350, carriedIn: 0, ready: 600, underfunded: 0 },
    januaryNoRollover: { assigned: 300, available: 250, carriedIn: 0, ready: 700, underfunded: 0 },
    february: { assigned: 0, available: 250, carriedIn: 250, ready: 700, underfunded: 0 },
    februaryAfterEdit: { assigned: 0, available: 350, carriedIn: 350, ready: 600, underfunded: 0 },
    februaryNoRollover: { assigned: 0, available: 0, carriedIn: 0, ready: 950, underfunded: 0 },
    targeted: { assigned: 300, available: 250, carriedIn: 0, ready: 700, underfunded: 100 },
    filled: { assigned: 400, available: 350, carriedIn: 0, ready: 600, underfunded: 0 },
    undone: { assigned: 300, available: 250, carriedIn: 0, ready: 700, underfunded: 100 },
    reordered: { assigned: 300, available: 250, carriedIn: 0, ready: 700, underfunded: 0 },
  },
} as const;

export type BudgetFlowState = keyof typeof budgetFlow.shows;

/** Every transition of the model as "state:EVENT", to check that the chosen paths cover them all. */
export function budgetTransitions(): string[] {
  return Object.values(budgetModel.root.states).flatMap((node) => [...node.transitions.keys()].map((event) => `${node.key}:${event}`));
}

import { createMachine } from 'xstate';

/**
 * Adding and editing a recurring item, as a person sees the form. Its paths run against the real
 * recurringForm machine (tests/machines/recurringForm.model.test.ts).
 */
export const recurringFormModel = createMachine({
  id: 'recurringFormFlow',
  initial: 'opening',
  states: {
    opening: { description: 'The Bills page: Add a recurring item, or Edit an existing one.', on: { ADD: 'blank', EDIT: 'prefilled' } },
    blank: { description: 'An empty form on the first account, monthly on today’s day, stays on the weekend.', on: { SUBMIT_INVALID: 'invalid', FILL: 'filled' } },
    invalid: {
      description: "Submitted without a name, '12x' as amount and day 32: 'Name is required', 'Amount must be a number', 'Day must be from 1 to 31'; nothing was sent.",
      on: { FILL: 'filled' },
    },
    filled: { description: 'Rent, 1,200.00 monthly on the 31st, moved to the Friday before a weekend, until the end of next year.', on: { SAVE: 'added', SAVE_OFFLINE: 'saveFailed', CANCEL: 'cancelled' } },
    saveFailed: { description: 'The network failed: the message with Retry; every field is still as typed.', on: { RETRY: 'added' } },
    added: { description: "Sent as FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1; 'Recurring item added'; the form closes with the item." },
    prefilled: { description: 'Editing the gym: every 2 weeks on Friday, 40.00–60.00: the form shows it so.', on: { CHANGE_TO_LAST_DAY: 'edited', CANCEL: 'cancelled' } },
    edited: { description: "A fixed 45.00 on the last day of the month: PATCH with FREQ=MONTHLY;BYMONTHDAY=-1 and no range; 'Recurring item saved'." },
    cancelled: { description: 'Closed without sending anything.' },
  },
});

export const recurringFormFlow = { today: '2031-01-15', account: '00000000-0000-4000-8000-000000000001' } as const;

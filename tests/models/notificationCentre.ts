import { createMachine } from 'xstate';

/**
 * The bell and its list: a reminder and a price change, opened, dismissed, all read, and a new one a minute
 * later. Its paths run against the real notificationCentre machine (tests/machines/notificationCentre.model.test.ts).
 */
export const notificationCentreModel = createMachine({
  id: 'notificationCentreFlow',
  initial: 'opening',
  states: {
    opening: { description: 'The app shell is opening.', on: { OPEN: 'twoUnread', OPEN_OFFLINE: 'empty' } },
    empty: { description: 'The bell shows no count (the centre could not be read).', on: { MINUTE_PASSES: 'twoUnread' } },
    twoUnread: {
      description: 'The bell shows 2: a bill reminder and a price change.',
      on: { OPEN_REMINDER: 'reminderOpened', DISMISS_PRICE_CHANGE: 'oneUnread', READ_ALL: 'allRead', MINUTE_PASSES_WITH_NEW: 'threeUnread' },
    },
    reminderOpened: { description: 'The reminder is read, the bell shows 1 and its bill page opened.' },
    oneUnread: { description: 'The price change left the list; the bell shows 1.', on: { DISMISS_FAILS: 'dismissRefused' } },
    dismissRefused: { description: "'Failed to dismiss the notification' is toasted; the reminder stays; the bell shows 1." },
    allRead: { description: 'The bell shows no count; both stay in the list, read.' },
    threeUnread: { description: 'A minute later a missed-bill notice arrived: the bell shows 3.' },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import type { Notification } from '../src/contract/recurring';
import { failureToast, toFailure, type CallFailure, type Toast } from './types';

export interface NotificationCentreContext {
  notifications: Notification[];
  unread: number;
  /** The notification being opened or dismissed. */
  id: string | null;
  failure: CallFailure | null;
}

export interface NotificationList {
  notifications: Notification[];
  unread: number;
}

export type NotificationCentreEvent =
  | { type: 'notification.open'; id: string }
  | { type: 'notification.dismiss'; id: string }
  | { type: 'notifications.readAll' }
  | { type: 'notifications.refresh' };

/** How often the bell reads the centre again while the app is open. */
export const NOTIFICATION_POLL_MS = 60_000;

export const notificationMessages = {
  loadFailed: 'Failed to load notifications',
  dismissFailed: 'Failed to dismiss the notification',
} as const;

/**
 * The notification centre behind the bell: the unread count, the list, opening one (read, then its
 * page), dismissing one, marking all read; read again every minute and on demand.
 */
export const notificationCentreMachine = setup({
  types: {
    context: {} as NotificationCentreContext,
    events: {} as NotificationCentreEvent,
    tags: {} as 'busy',
  },
  actors: {
    load: fromPromise<NotificationList>(async () => ({ notifications: [], unread: 0 })),
    read: fromPromise<Notification, { id: string }>(async () => {
      throw new Error('read not provided');
    }),
    readAll: fromPromise<NotificationList>(async () => ({ notifications: [], unread: 0 })),
    dismiss: fromPromise<void, { id: string }>(async () => undefined),
  },
  actions: {
    notify: (_, _toast: Toast) => {},
    /** Goes to the page of what the notification is about. */
    navigate: (_, _path: string) => {},
  },
  guards: {
    known: ({ context }, id: string) => context.notifications.some((n) => n.notification_id === id),
    hasLink: (_, n: Notification) => !!n.link,
  },
}).createMachine({
  id: 'notificationCentre',
  description: 'The bell: unread count and the list; open, dismiss, mark all read; read again every minute.',
  context: { notifications: [], unread: 0, id: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads the notifications.',
      tags: ['busy'],
      invoke: {
        src: 'load',
        onDone: { target: 'ready', description: 'The list and the unread count are shown.', actions: assign({ notifications: ({ event }) => event.output.notifications, unread: ({ event }) => event.output.unread, failure: null }) },
        onError: { target: 'ready', description: "The bell keeps what it showed; 'Failed to load notifications' is kept for the list.", actions: assign({ failure: ({ event }) => toFailure(event.error, notificationMessages.loadFailed) }) },
      },
    },
    ready: {
      description: 'The bell shows the unread count; the list opens from it.',
      after: { [NOTIFICATION_POLL_MS]: { target: 'loading', description: 'A minute later, read the centre again.' } },
      on: {
        'notifications.refresh': { target: 'loading', description: 'Opening the list reads it again.' },
        'notification.open': { guard: { type: 'known', params: ({ event }) => event.id }, target: 'opening', description: 'Opening one marks it read and goes to its page.', actions: assign({ id: ({ event }) => event.id }) },
        'notification.dismiss': { guard: { type: 'known', params: ({ event }) => event.id }, target: 'dismissing', description: 'Dismiss removes it from the list.', actions: assign({ id: ({ event }) => event.id }) },
        'notifications.readAll': { target: 'readingAll', description: 'Mark all read: the count goes to 0.' },
      },
    },
    opening: {
      description: 'The server marks it read.',
      tags: ['busy'],
      invoke: {
        src: 'read',
        input: ({ context }) => ({ id: context.id! }),
        onDone: [
          {
            guard: { type: 'hasLink', params: ({ event }) => event.output },
            target: 'ready',
            description: 'Read; the page of what it is about opens.',
            actions: [
              assign({
                unread: ({ context }) => context.unread - (context.notifications.find((n) => n.notification_id === context.id)?.read ? 0 : 1),
                notifications: ({ context, event }) => context.notifications.map((n) => (n.notification_id === context.id ? event.output : n)),
                id: null,
              }),
              { type: 'navigate', params: ({ event }) => event.output.link! },
            ],
          },
          {
            target: 'ready',
            description: 'Read; it is about nothing with a page.',
            actions: assign({
              unread: ({ context }) => context.unread - (context.notifications.find((n) => n.notification_id === context.id)?.read ? 0 : 1),
              notifications: ({ context, event }) => context.notifications.map((n) => (n.notification_id === context.id ? event.output : n)),
              id: null,
            }),
          },
        ],
        onError: { target: 'loading', description: 'It is gone (dismissed elsewhere): read the centre again.', actions: assign({ id: null }) },
      },
    },
    dismissing: {
      description: 'The server dismisses it.',
      tags: ['busy'],
      invoke: {
        src: 'dismiss',
        input: ({ context }) => ({ id: context.id! }),
        onDone: {
          target: 'ready',
          description: 'It leaves the list (and the count, if unread).',
          actions: assign({
            unread: ({ context }) => context.unread - (context.notifications.find((n) => n.notification_id === context.id)?.read ? 0 : 1),
            notifications: ({ context }) => context.notifications.filter((n) => n.notification_id !== context.id),
            id: null,
          }),
        },
        onError: {
          target: 'ready',
          description: "The server's reason, or 'Failed to dismiss the notification'; it stays.",
          actions: [assign({ id: null }), { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, notificationMessages.dismissFailed)) }],
        },
      },
    },
    readingAll: {
      description: 'The server marks every notification read.',
      tags: ['busy'],
      invoke: {
        src: 'readAll',
        onDone: { target: 'ready', description: 'All read: the count is 0.', actions: assign({ notifications: ({ event }) => event.output.notifications, unread: ({ event }) => event.output.unread }) },
        onError: { target: 'ready', description: 'Nothing changes; the API client has said why.' },
      },
    },
  },
});

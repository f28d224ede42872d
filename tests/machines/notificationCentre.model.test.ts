import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { NOTIFICATION_POLL_MS, notificationCentreMachine, notificationMessages } from '../../machines/notificationCentre';
import type { Toast } from '../../machines/types';
import type { Notification } from '../../src/contract/recurring';
import { notificationCentreModel } from '../models/notificationCentre';
import { recordMachineCoverage } from '../support/machine-coverage';
import { apiError, itWalksTheWholeModel, modelPaths, OFFLINE } from './support/model';

const paths = modelPaths(notificationCentreModel);
const coverage = recordMachineCoverage(import.meta.url, 'node');

const notice = (id: string, kind: string, title: string, link: string | null): Notification => ({ notification_id: id, kind, title, body: title, link, created_at: '2031-03-11T08:00:00.000Z', read: false });

/** The real machine on a fake notifications API; its minute-by-minute reads run on a simulated clock. */
function start() {
  const clock = new SimulatedClock();
  const server = {
    offline: false,
    dismissFails: false,
    list: [notice('n1', 'bill_due', 'Home internet is due on 2031-03-14', '/bills?item=r1'), notice('n2', 'price_change', 'Netflix went up', '/bills?item=r2')],
  };
  const answer = () => ({ notifications: server.list, unread: server.list.filter((n) => !n.read).length });
  const toasts: Toast[] = [];
  const visited: string[] = [];
  const actor = createActor(
    notificationCentreMachine.provide({
      actors: {
        load: fromPromise(async () => {
          if (server.offline) throw apiError(OFFLINE, 0, true);
          return answer();
        }),
        read: fromPromise(async ({ input }) => {
          server.list = server.list.map((n) => (n.notification_id === input.id ? { ...n, read: true } : n));
          return server.list.find((n) => n.notification_id === input.id)!;
        }),
        readAll: fromPromise(async () => {
          server.list = server.list.map((n) => ({ ...n, read: true }));
          return answer();
        }),
        dismiss: fromPromise(async ({ input }) => {
          if (server.dismissFails) throw apiError('', 400);
          server.list = server.list.filter((n) => n.notification_id !== input.id);
        }),
      },
      actions: { notify: (_, t) => void toasts.push(t), navigate: (_, path) => void visited.push(path) },
    }),
    { clock },
  );
  const rest = async () => {
    for (let i = 0; i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!actor.getSnapshot().hasTag('busy')) return;
    }
    throw new Error('the centre did not come to rest');
  };
  return { actor, server, toasts, visited, rest, clock };
}

describe('model-based paths: the notification centre (real notificationCentre machine)', () => {
  itWalksTheWholeModel(notificationCentreModel, paths);

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, server, toasts, visited, rest, clock } = start();
      coverage.path(path.description).attach(actor);
      const ctx = () => actor.getSnapshot().context;
      const send = async (event: Parameters<typeof actor.send>[0]) => {
        actor.send(event);
        await rest();
      };
      const minute = async () => {
        clock.increment(NOTIFICATION_POLL_MS);
        await rest();
      };
      await path.test({
        events: {
          OPEN: async () => {
            actor.start();
            await rest();
          },
          OPEN_OFFLINE: async () => {
            server.offline = true;
            actor.start();
            await rest();
          },
          MINUTE_PASSES: async () => {
            server.offline = false;
            await minute();
          },
          MINUTE_PASSES_WITH_NEW: async () => {
            server.list = [notice('n3', 'bill_missed', 'Gym was not paid', '/bills?item=r3'), ...server.list];
            await minute();
          },
          OPEN_REMINDER: () => send({ type: 'notification.open', id: 'n1' }),
          DISMISS_PRICE_CHANGE: () => send({ type: 'notification.dismiss', id: 'n2' }),
          DISMISS_FAILS: async () => {
            server.dismissFails = true;
            await send({ type: 'notification.dismiss', id: 'n1' });
          },
          READ_ALL: () => send({ type: 'notifications.readAll' }),
        },
        states: {
          opening: () => expect(ctx().notifications).toEqual([]),
          empty: () => {
            expect(ctx().unread).toBe(0);
            expect(ctx().failure?.message).toBe(OFFLINE);
          },
          twoUnread: () => {
            expect(ctx().unread).toBe(2);
            expect(ctx().notifications.map((n) => n.notification_id)).toEqual(['n1', 'n2']);
          },
          reminderOpened: () => {
            expect(ctx().unread).toBe(1);
            expect(ctx().notifications[0]!.read).toBe(true);
            expect(visited).toEqual(['/bills?item=r1']);
          },
          oneUnread: () => {
            expect(ctx().unread).toBe(1);
            expect(ctx().notifications.map((n) => n.notification_id)).toEqual(['n1']);
          },
          dismissRefused: () => {
            expect(ctx().unread).toBe(1);
            expect(ctx().notifications.map((n) => n.notification_id)).toEqual(['n1']);
            expect(toasts).toEqual([{ kind: 'error', message: notificationMessages.dismissFailed }]);
          },
          allRead: () => {
            expect(ctx().unread).toBe(0);
            expect(ctx().notifications.every((n) => n.read)).toBe(true);
          },
          threeUnread: () => {
            expect(ctx().unread).toBe(3);
            expect(ctx().notifications[0]!.title).toBe('Gym was not paid');
          },
        },
      });
    });
  }
});

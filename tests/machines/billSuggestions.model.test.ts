import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { billSuggestionMessages, billSuggestionsMachine } from '../../machines/billSuggestions';
import type { Toast } from '../../machines/types';
import type { RecurringItem, Suggestion } from '../../src/contract/recurring';
import { billSuggestionsFlow, billSuggestionsModel } from '../models/billSuggestions';
import { recordMachineCoverage } from '../support/machine-coverage';
import { apiError, itWalksTheWholeModel, modelPaths, OFFLINE } from './support/model';

const paths = modelPaths(billSuggestionsModel);
const coverage = recordMachineCoverage(import.meta.url, 'node');

const suggestion = (name: string, amount: number): Suggestion => ({
  key: `expense:${name.toLowerCase()}`,
  name,
  merchant_pattern: name,
  account_id: 'a1',
  category: 'Subscriptions',
  kind: 'subscription',
  interval: 'monthly',
  rrule: 'FREQ=MONTHLY;BYMONTHDAY=12',
  amount,
  amount_min: null,
  amount_max: null,
  charges: 12,
  last_date: '2031-01-12',
  next_due: '2031-02-12',
  start_date: '2031-01-12',
  price_change: null,
  stopped: false,
});

/** The real machine on a fake recurring API with two suggestions. */
function start() {
  const server = { offline: false, refuse: false, dismissFails: false, confirmed: [] as string[], dismissed: [] as string[], loads: 0 };
  const toasts: Toast[] = [];
  let added = 0;
  const actor = createActor(
    billSuggestionsMachine.provide({
      actors: {
        load: fromPromise(async () => {
          server.loads += 1;
          if (server.offline) throw apiError(OFFLINE, 0, true);
          return [suggestion('Netflix', 15.49), suggestion('Spotify', 11.99)].filter((s) => !server.confirmed.includes(s.key) && !server.dismissed.includes(s.key));
        }),
        confirm: fromPromise(async ({ input }) => {
          if (server.refuse) throw apiError(billSuggestionsFlow.refused, 409);
          server.confirmed.push(input.key);
          return { name: 'Netflix', recurring_id: 'r1' } as RecurringItem;
        }),
        dismiss: fromPromise(async ({ input }) => {
          if (server.dismissFails) throw apiError('', 400);
          server.dismissed.push(input.key);
        }),
      },
      actions: { notify: (_, t) => void toasts.push(t), itemAdded: () => void (added += 1) },
    }),
  );
  const rest = async () => {
    for (let i = 0; i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!actor.getSnapshot().hasTag('busy')) return;
    }
    throw new Error('the suggestions did not come to rest');
  };
  return { actor, server, toasts, rest, added: () => added };
}

describe('model-based paths: confirming detected bills (real billSuggestions machine)', () => {
  itWalksTheWholeModel(billSuggestionsModel, paths);

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, server, toasts, rest, added } = start();
      coverage.path(path.description).attach(actor);
      const names = () => actor.getSnapshot().context.suggestions.map((s) => s.name);
      const send = async (event: Parameters<typeof actor.send>[0]) => {
        actor.send(event);
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
          RETRY: async () => {
            server.offline = false;
            await send({ type: 'suggestions.retry' });
          },
          CONFIRM: () => send({ type: 'suggestion.confirm', key: 'expense:netflix' }),
          CONFIRM_REFUSED: async () => {
            server.refuse = true;
            await send({ type: 'suggestion.confirm', key: 'expense:netflix' });
          },
          DISMISS: () => send({ type: 'suggestion.dismiss', key: 'expense:spotify' }),
          DISMISS_FAILS: async () => {
            server.dismissFails = true;
            await send({ type: 'suggestion.dismiss', key: 'expense:spotify' });
          },
        },
        states: {
          opening: () => expect(server.loads).toBe(0),
          loadFailed: () => {
            expect(actor.getSnapshot().value).toBe('loadFailed');
            expect(actor.getSnapshot().context.failure?.message).toBe(OFFLINE);
          },
          listed: () => {
            expect(actor.getSnapshot().value).toBe('ready');
            expect(names()).toEqual(['Netflix', 'Spotify']);
          },
          confirmed: () => {
            expect(names()).toEqual(['Spotify']);
            expect(toasts).toEqual([{ kind: 'success', message: billSuggestionMessages.confirmed('Netflix') }]);
            expect(added()).toBe(1);
          },
          confirmRefused: () => {
            expect(names()).toEqual(['Netflix', 'Spotify']);
            expect(toasts).toEqual([{ kind: 'error', message: billSuggestionsFlow.refused }]);
            expect(added()).toBe(0);
          },
          dismissed: () => {
            expect(names()).toEqual(['Netflix']);
            expect(toasts).toEqual([]);
          },
          dismissFailed: () => {
            expect(names()).toEqual(['Netflix', 'Spotify']);
            expect(toasts).toEqual([{ kind: 'error', message: billSuggestionMessages.dismissFailed }]);
          },
          allHandled: () => {
            expect(names()).toEqual([]);
            expect(server.confirmed).toEqual(['expense:netflix']);
            expect(server.dismissed).toEqual(['expense:spotify']);
          },
        },
      });
    });
  }

  it('ignores a confirm of a suggestion it does not list', async () => {
    const { actor, rest } = start();
    actor.start();
    await rest();
    actor.send({ type: 'suggestion.confirm', key: 'expense:unknown' });
    expect(actor.getSnapshot().value).toBe('ready');
  });
});

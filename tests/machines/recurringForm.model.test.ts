import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { recurringFormMachine, recurringFormTexts, type SaveRecurringInput } from '../../machines/recurringForm';
import type { Toast } from '../../machines/types';
import type { RecurringItem } from '../../src/contract/recurring';
import { recurringFormFlow, recurringFormModel } from '../models/recurringForm';
import { recordMachineCoverage } from '../support/machine-coverage';
import { apiError, itWalksTheWholeModel, modelPaths, OFFLINE } from './support/model';

const paths = modelPaths(recurringFormModel);
const coverage = recordMachineCoverage(import.meta.url, 'node');

const gym: RecurringItem = {
  recurring_id: 'r-gym',
  name: 'Gym',
  merchant_pattern: 'GYM',
  account_id: recurringFormFlow.account,
  category: 'Health',
  kind: 'subscription',
  amount: 60,
  amount_min: 40,
  amount_max: 60,
  rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR',
  start_date: '2030-12-06',
  end_date: null,
  weekend_shift: 'none',
  auto_post: false,
  source: 'manual',
  next_due: '2031-01-17',
  price_change: null,
  stopped: false,
};

/** The real machine on a fake save call that records what it was sent. */
function start(item: RecurringItem | null) {
  const server = { offline: false, sent: [] as SaveRecurringInput[] };
  const toasts: Toast[] = [];
  const actor = createActor(
    recurringFormMachine.provide({
      actors: {
        saveItem: fromPromise(async ({ input }) => {
          if (server.offline) throw apiError(OFFLINE, 0, true);
          server.sent.push(input);
          return { ...gym, recurring_id: input.recurringId ?? 'r-new', name: input.body.name } as RecurringItem;
        }),
      },
      actions: { notify: (_, t) => void toasts.push(t) },
    }),
    { input: { item, today: recurringFormFlow.today, accountId: recurringFormFlow.account } },
  );
  const rest = async () => {
    for (let i = 0; i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!actor.getSnapshot().hasTag('busy')) return;
    }
    throw new Error('the form did not come to rest');
  };
  return { actor, server, toasts, rest };
}

describe('model-based paths: the recurring item form (real recurringForm machine)', () => {
  itWalksTheWholeModel(recurringFormModel, paths);

  for (const path of paths) {
    it(path.description, async () => {
      let run: ReturnType<typeof start> | null = null;
      const r = () => run!;
      const send = async (event: Parameters<ReturnType<typeof start>['actor']['send']>[0]) => {
        r().actor.send(event);
        await r().rest();
      };
      const type = (field: Parameters<typeof send>[0] extends infer E ? (E extends { field: infer F } ? F : never) : never, value: string | boolean) => r().actor.send({ type: 'field.change', field, value });
      const open = (item: RecurringItem | null) => {
        run = start(item);
        coverage.path(path.description).attach(run.actor);
        run.actor.start();
      };
      await path.test({
        events: {
          ADD: () => open(null),
          EDIT: () => open(gym),
          SUBMIT_INVALID: async () => {
            type('amount', '12x');
            type('day', '32');
            await send({ type: 'form.submit' });
          },
          FILL: () => {
            type('name', 'Rent');
            type('merchantPattern', 'ACME LETTINGS');
            type('amount', '1200');
            type('day', '31');
            type('weekendShift', 'before');
            type('endDate', '2032-12-31');
          },
          SAVE: () => send({ type: 'form.submit' }),
          SAVE_OFFLINE: async () => {
            r().server.offline = true;
            await send({ type: 'form.submit' });
          },
          RETRY: async () => {
            r().server.offline = false;
            await send({ type: 'form.retry' });
          },
          CANCEL: () => send({ type: 'form.cancel' }),
          CHANGE_TO_LAST_DAY: async () => {
            type('variable', false);
            type('amount', '45');
            type('schedule', 'month_last_day');
            await send({ type: 'form.submit' });
          },
        },
        states: {
          opening: () => expect(run).toBeNull(),
          blank: () => {
            const { draft } = r().actor.getSnapshot().context;
            expect(draft).toMatchObject({ name: '', accountId: recurringFormFlow.account, schedule: 'month_on_day', day: '15', weekendShift: 'none', startDate: recurringFormFlow.today });
          },
          invalid: () => {
            const snap = r().actor.getSnapshot();
            expect(snap.value).toBe('editing');
            expect(snap.context.errors).toMatchObject({ name: 'Name is required', amount: 'Amount must be a number', day: 'Day must be from 1 to 31' });
            expect(r().server.sent).toEqual([]);
          },
          filled: () => expect(r().actor.getSnapshot().context.errors).toEqual({}),
          saveFailed: () => {
            const snap = r().actor.getSnapshot();
            expect(snap.value).toBe('failed');
            expect(snap.context.error?.message).toBe(OFFLINE);
            expect(snap.context.draft).toMatchObject({ name: 'Rent', amount: '1200', day: '31', weekendShift: 'before', endDate: '2032-12-31' });
          },
          added: () => {
            expect(r().actor.getSnapshot().status).toBe('done');
            expect(r().server.sent).toEqual([
              {
                recurringId: null,
                body: {
                  name: 'Rent',
                  merchant_pattern: 'ACME LETTINGS',
                  account_id: recurringFormFlow.account,
                  category: null,
                  kind: 'bill',
                  amount: 1200,
                  amount_min: null,
                  amount_max: null,
                  rrule: 'FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1',
                  start_date: recurringFormFlow.today,
                  end_date: '2032-12-31',
                  weekend_shift: 'before',
                  auto_post: false,
                },
              },
            ]);
            expect(r().toasts).toEqual([{ kind: 'success', message: recurringFormTexts.created }]);
            expect(r().actor.getSnapshot().output?.name).toBe('Rent');
          },
          prefilled: () => {
            expect(r().actor.getSnapshot().context.draft).toMatchObject({ name: 'Gym', variable: true, amountMin: '40', amountMax: '60', schedule: 'weeks', weeks: '2', weekday: 'FR', category: 'Health' });
          },
          edited: () => {
            expect(r().server.sent).toHaveLength(1);
            expect(r().server.sent[0]).toMatchObject({ recurringId: 'r-gym', body: { amount: 45, amount_min: null, amount_max: null, rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1' } });
            expect(r().toasts).toEqual([{ kind: 'success', message: recurringFormTexts.updated }]);
          },
          cancelled: () => {
            expect(r().actor.getSnapshot().output).toBeNull();
            expect(r().server.sent).toEqual([]);
          },
        },
      });
    });
  }
});

describe('an item whose rule no preset writes', () => {
  const quarterly = { ...gym, rrule: 'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=10' };

  it('shows it as set; choosing a preset and saving replaces the rule with the preset’s', async () => {
    const r = start(quarterly);
    r.actor.start();
    expect(r.actor.getSnapshot().context.draft).toMatchObject({ schedule: 'custom', rrule: quarterly.rrule });
    r.actor.send({ type: 'field.change', field: 'schedule', value: 'month_on_day' });
    r.actor.send({ type: 'field.change', field: 'day', value: '10' });
    r.actor.send({ type: 'form.submit' });
    await r.rest();
    expect(r.server.sent).toEqual([expect.objectContaining({ recurringId: 'r-gym', body: expect.objectContaining({ rrule: 'FREQ=MONTHLY;BYMONTHDAY=10' }) })]);
    expect(r.actor.getSnapshot().status).toBe('done');
  });

  it('choosing "As set" again after a preset keeps the item’s own rule', async () => {
    const r = start(quarterly);
    r.actor.start();
    r.actor.send({ type: 'field.change', field: 'schedule', value: 'weekdays' });
    r.actor.send({ type: 'field.change', field: 'schedule', value: 'custom' });
    r.actor.send({ type: 'form.submit' });
    await r.rest();
    expect(r.server.sent[0]!.body.rrule).toBe(quarterly.rrule);
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { billsOverviewMachine, type BillsOverview } from '../../machines/billsOverview';
import { apiError, OFFLINE } from './support/model';

const overview = { monthAhead: { bills_total: 10 }, forecast: { accounts: [] } } as unknown as BillsOverview;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('billsOverview', () => {
  it('loads the figures, fails with a retry, and reloads on demand', async () => {
    let fail = true;
    let loads = 0;
    const actor = createActor(
      billsOverviewMachine.provide({
        actors: {
          load: fromPromise(async () => {
            loads += 1;
            if (fail) throw apiError(OFFLINE, 0, true);
            return overview;
          }),
        },
      }),
      { input: { today: '2031-01-15' } },
    ).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.failure?.message).toBe(OFFLINE);
    fail = false;
    actor.send({ type: 'overview.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.overview).toBe(overview);
    actor.send({ type: 'overview.reload' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(loads).toBe(3);
  });
});

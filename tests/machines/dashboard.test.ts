import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { dashboardMachine, type DashboardPeriod, type TimeUnit } from '../../machines/dashboard';

function start(answer: (q: { period: DashboardPeriod; timeUnit: TimeUnit }) => unknown) {
  const calls: { period: DashboardPeriod; timeUnit: TimeUnit }[] = [];
  const actor = createActor(
    dashboardMachine.provide({
      actors: {
        fetchAnalytics: fromPromise(async ({ input }) => {
          calls.push(input);
          return answer(input);
        }),
      },
    }),
    { input: {} },
  ).start();
  return { actor, calls, settled: () => waitFor(actor, (s) => !s.hasTag('busy')) };
}

describe('dashboard machine', () => {
  it('loads the spec defaults: period 7_days with unit days', async () => {
    const d = start((q) => ({ period: q.period }));
    await d.settled();
    expect(d.calls).toEqual([{ period: '7_days', timeUnit: 'days' }]);
    expect(d.actor.getSnapshot().context.analytics).toEqual({ period: '7_days' });
    expect(d.actor.getSnapshot().value).toBe('loaded');
  });

  it('switching period reloads with the unit that suits it; the unit can then be changed', async () => {
    const d = start((q) => q);
    await d.settled();
    d.actor.send({ type: 'dashboard.periodChanged', period: '12_months' });
    await d.settled();
    d.actor.send({ type: 'dashboard.unitChanged', timeUnit: 'weeks' });
    await d.settled();
    expect(d.calls.slice(1)).toEqual([
      { period: '12_months', timeUnit: 'months' },
      { period: '12_months', timeUnit: 'weeks' },
    ]);
  });

  it("a failure shows 'Failed to fetch dashboard data' (or the server detail) and can be retried", async () => {
    let fail = true;
    const d = start(() => {
      if (fail) throw {};
      return { ok: true };
    });
    await d.settled();
    expect(d.actor.getSnapshot().value).toBe('failed');
    expect(d.actor.getSnapshot().context.error?.message).toBe('Failed to fetch dashboard data');
    fail = false;
    d.actor.send({ type: 'dashboard.retry' });
    await d.settled();
    expect(d.actor.getSnapshot().value).toBe('loaded');
    expect(d.actor.getSnapshot().context.error).toBeNull();
  });

  it('keeps the previous picture while a new period loads', async () => {
    const d = start((q) => ({ period: q.period }));
    await d.settled();
    d.actor.send({ type: 'dashboard.periodChanged', period: '30_days' });
    expect(d.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(d.actor.getSnapshot().context.analytics).toEqual({ period: '7_days' });
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { dashboardMachine, NAMED_VIEWS, viewFromQuery, viewKey, viewToQuery, type AnalyticsRequest, type DashboardView } from '../../machines/dashboard';

function start(answer: (q: AnalyticsRequest) => unknown, input = {}) {
  const calls: AnalyticsRequest[] = [];
  const actor = createActor(
    dashboardMachine.provide({
      actors: {
        fetchAnalytics: fromPromise(async ({ input }) => {
          calls.push(input);
          return answer(input);
        }),
      },
    }),
    { input },
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

  it("'Last month' and a custom range load those days; the range's unit follows its length (defect 7)", async () => {
    const d = start((q) => q);
    await d.settled();
    d.actor.send({ type: 'dashboard.periodChanged', period: 'last_month' });
    await d.settled();
    d.actor.send({ type: 'dashboard.rangeChanged', range: { from: '2026-01-10', to: '2026-03-31' } });
    await d.settled();
    // A range whose end comes before its start is not sent.
    d.actor.send({ type: 'dashboard.rangeChanged', range: { from: '2026-03-31', to: '2026-01-10' } });
    expect(d.actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(d.calls.slice(1)).toEqual([
      { period: 'last_month', timeUnit: 'days' },
      { period: 'custom', timeUnit: 'weeks', range: { from: '2026-01-10', to: '2026-03-31' } },
    ]);
  });

  it('the view survives a reload: the URL query gives the same view, and showing the view already shown does not reload', async () => {
    const view = viewFromQuery(new URLSearchParams('period=custom&from=2026-02-01&to=2026-02-20&unit=weeks'));
    expect(view).toEqual({ period: 'custom', timeUnit: 'weeks', range: { from: '2026-02-01', to: '2026-02-20' } });
    expect(viewToQuery(view)).toEqual({ period: 'custom', from: '2026-02-01', to: '2026-02-20', unit: 'weeks' });
    expect(viewToQuery(viewFromQuery(new URLSearchParams('period=last_month')))).toEqual({ period: 'last_month' });
    expect(viewFromQuery(new URLSearchParams(''))).toEqual({ period: '7_days', timeUnit: 'days', range: null });
    // Unreadable links fall back to the default view.
    expect(viewFromQuery(new URLSearchParams('period=custom&from=2026-02-30&to=2026-03-01')).period).toBe('7_days');
    expect(viewFromQuery(new URLSearchParams('period=forever')).period).toBe('7_days');

    const d = start((q) => q, view);
    await d.settled();
    d.actor.send({ type: 'dashboard.show', view });
    expect(d.actor.getSnapshot().hasTag('busy')).toBe(false);
    d.actor.send({ type: 'dashboard.show', view: { period: '30_days', timeUnit: 'days', range: null } });
    await d.settled();
    expect(d.calls).toEqual([
      { period: 'custom', timeUnit: 'weeks', range: { from: '2026-02-01', to: '2026-02-20' } },
      { period: '30_days', timeUnit: 'days' },
    ]);
  });

  it('the named periods are read ahead: picking one shows it at once (not dimmed) and reads it again quietly; a reload drops them', async () => {
    const ahead: DashboardView[][] = [];
    const calls: AnalyticsRequest[] = [];
    const actor = createActor(
      dashboardMachine.provide({
        actors: {
          fetchAnalytics: fromPromise(async ({ input }) => {
            calls.push(input);
            return { period: input.period, fresh: true };
          }),
          fetchAhead: fromPromise(async ({ input }) => {
            ahead.push(input.views);
            return Object.fromEntries(input.views.map((v) => [viewKey(v), { period: v.period, fresh: false }]));
          }),
        },
      }),
      { input: {} },
    ).start();
    await waitFor(actor, (s) => Object.keys(s.context.held).length === NAMED_VIEWS.length);
    // Every named period but the one shown, with its natural unit.
    expect(ahead[0]!.map((v) => v.period)).toEqual(['30_days', '90_days', '12_months', 'year_to_date', 'last_month', 'all_time']);
    actor.send({ type: 'dashboard.periodChanged', period: '12_months' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context).toMatchObject({ period: '12_months', timeUnit: 'months', analytics: { period: '12_months', fresh: false } });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.analytics).toEqual({ period: '12_months', fresh: true });
    // Nothing is read ahead twice.
    expect(ahead.slice(1).every((views) => views.length === 0)).toBe(true);
    // Back to the first view: held too.
    actor.send({ type: 'dashboard.show', view: { period: '7_days', timeUnit: 'days', range: null } });
    expect(actor.getSnapshot().context.analytics).toEqual({ period: '7_days', fresh: true });
    actor.send({ type: 'dashboard.load' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'dashboard.unitChanged', timeUnit: 'weeks' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });
});

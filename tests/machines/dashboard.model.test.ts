import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { dashboardMachine, type AnalyticsRequest } from '../../machines/dashboard';
import { dashboardFlow, dashboardModel } from '../models/dashboard';
import { recordMachineCoverage } from '../support/machine-coverage';
import { apiError, itWalksTheWholeModel, modelPaths } from './support/model';

const paths = modelPaths(dashboardModel);
const coverage = recordMachineCoverage(import.meta.url, 'node');

/** The real dashboard machine on a fake GET /dashboard/analytics that answers what it was asked (or drops the connection). */
function start() {
  const server = { down: false, asked: [] as AnalyticsRequest[] };
  const actor = createActor(
    dashboardMachine.provide({
      actors: {
        fetchAnalytics: fromPromise(async ({ input }) => {
          server.asked.push(input);
          // A 503 without a detail: the page shows its own text.
          if (server.down) throw apiError('', 503);
          return { shown: input };
        }),
      },
    }),
    { input: {} },
  );
  return { actor, server, settled: () => waitFor(actor, (s) => !s.hasTag('busy')) };
}

describe('model-based paths: the dashboard (real dashboard machine)', () => {
  itWalksTheWholeModel(dashboardModel, paths);

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, server, settled } = start();
      coverage.path(path.description).attach(actor);
      actor.start();
      await settled();
      const send = async (event: Parameters<typeof actor.send>[0]) => {
        actor.send(event);
        await settled();
      };
      const shows = (request: AnalyticsRequest) => {
        expect(actor.getSnapshot().value).toBe('loaded');
        expect(actor.getSnapshot().context.analytics).toEqual({ shown: request });
        expect(server.asked.at(-1)).toEqual(request);
      };
      await path.test({
        events: {
          PICK_LAST_MONTH: () => send({ type: 'dashboard.periodChanged', period: 'last_month' }),
          PICK_DAYS: () => send({ type: 'dashboard.rangeChanged', range: dashboardFlow.days }),
          GROUP_BY_WEEK: () => send({ type: 'dashboard.unitChanged', timeUnit: 'weeks' }),
          FOLLOW_LINK: () => send({ type: 'dashboard.show', view: { period: '12_months', timeUnit: 'months', range: null } }),
          RELOAD_FAILS: async () => {
            server.down = true;
            await send({ type: 'dashboard.load' });
          },
          RETRY: async () => {
            server.down = false;
            await send({ type: 'dashboard.retry' });
          },
        },
        states: {
          lastWeek: () => shows({ period: '7_days', timeUnit: 'days' }),
          lastMonth: () => shows({ period: 'last_month', timeUnit: 'days' }),
          customDays: () => shows({ period: 'custom', timeUnit: 'days', range: dashboardFlow.days }),
          lastWeekByWeek: () => shows({ period: '7_days', timeUnit: 'weeks' }),
          linked: () => shows({ period: '12_months', timeUnit: 'months' }),
          failed: () => {
            expect(actor.getSnapshot().value).toBe('failed');
            expect(actor.getSnapshot().context.error?.message).toBe(dashboardFlow.failed);
          },
          recovered: () => shows({ period: '7_days', timeUnit: 'days' }),
        },
      });
    });
  }
});

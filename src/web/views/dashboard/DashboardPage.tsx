import { Alert, Button, Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { DashboardAnalytics, DashboardPeriod, TimeUnit } from '../../../contract/dashboard';
import { dashboardMachine, naturalUnit, unitForRange, viewFromQuery, viewKey, viewToQuery, type DashboardView } from '../../../../machines/dashboard';
import { unlessAborted } from '../../api/abort';
import { formatDay, localDay } from '../../format/date';
import { usePageMachine } from '../../hooks/pageActor';
import { usePageTitle } from '../../hooks/usePageTitle';
import { LoadingPicture, Picture } from './Picture';

const periods: { value: DashboardPeriod; label: string }[] = [
  { value: '7_days', label: '7 days' },
  { value: '30_days', label: '30 days' },
  { value: '90_days', label: '90 days' },
  { value: '12_months', label: '12 months' },
  { value: 'year_to_date', label: 'Year to date' },
  { value: 'last_month', label: 'Last month' },
  { value: 'all_time', label: 'All time' },
  { value: 'custom', label: 'Custom' },
];
const units: { value: TimeUnit; label: string }[] = [
  { value: 'days', label: 'By day' },
  { value: 'weeks', label: 'By week' },
  { value: 'months', label: 'By month' },
];
/**
 * /dashboard: renders the dashboard machine. The view (period, custom days, unit) lives in the URL, so it
 * survives a reload and can be shared: the controls rewrite the URL and the page tells the machine.
 */
export default function DashboardPage() {
  const [search, setSearch] = useSearchParams();
  const view = useMemo(() => viewFromQuery(search), [search]);
  const dashboard = usePageMachine(
    ({ api }) =>
      dashboardMachine.provide({
        actors: {
          fetchAnalytics: fromPromise(({ input }) => api.dashboard.analytics(input.period, input.timeUnit, input.range)),
          // One after another, so the reads ahead never crowd the page's own calls.
          fetchAhead: fromPromise(async ({ input, signal }) => {
            const held: Record<string, DashboardAnalytics> = {};
            for (const view of input.views) {
              if (signal.aborted) break;
              held[viewKey(view)] = await unlessAborted(signal, api.dashboard.analytics(view.period, view.timeUnit, view.range ?? undefined, signal));
            }
            return held;
          }),
        },
      }),
    view,
  );
  useEffect(() => {
    dashboard.send({ type: 'dashboard.show', view });
  }, [dashboard, view]);
  // The machine hears at once (its busy state shows on the next frame); the URL then follows and repeats nothing.
  const show = (next: DashboardView) => {
    dashboard.send({ type: 'dashboard.show', view: next });
    setSearch(viewToQuery(next), { replace: true });
  };

  const period = useSelector(dashboard, (s) => s.context.period);
  const timeUnit = useSelector(dashboard, (s) => s.context.timeUnit);
  const range = useSelector(dashboard, (s) => s.context.range);
  const analytics = useSelector(dashboard, (s) => s.context.analytics as DashboardAnalytics | null);
  const busy = useSelector(dashboard, (s) => s.hasTag('busy'));
  const reload = useCallback(() => dashboard.send({ type: 'dashboard.load' }), [dashboard]);
  const error = useSelector(dashboard, (s) => (s.matches('failed') ? s.context.error?.message ?? 'Failed to fetch dashboard data' : null));

  usePageTitle('Dashboard');

  const pickPeriod = (value: string | null) => {
    if (!value || value === period) return;
    if (value === 'custom') {
      // Custom starts from the days on screen; the From and To fields then change them.
      const shown = analytics?.range ?? { start: localDay(), end: localDay() };
      const days = { from: shown.start, to: shown.end };
      show({ period: 'custom', range: days, timeUnit: unitForRange(days) });
    } else {
      const named = value as Exclude<DashboardPeriod, 'custom'>;
      show({ period: named, range: null, timeUnit: naturalUnit[named] });
    }
  };
  const pickDays = (from: string, to: string) => {
    if (!from || !to || from > to) return;
    const days = { from, to };
    show({ period: 'custom', range: days, timeUnit: unitForRange(days) });
  };

  return (
    <Stack gap="md">
      {/* The title row keeps its right side free of controls: toasts appear there (top right). */}
      <div>
        <Title order={1}>Dashboard</Title>
        <Text c="dimmed" size="sm" mih={20}>
          {analytics ? `${formatDay(analytics.range.start)} – ${formatDay(analytics.range.end)}` : ' '}
        </Text>
      </div>
      <Group gap="xs" wrap="wrap" align="flex-end" role="group" aria-label="Dashboard view">
        <SegmentedControl visibleFrom="md" size="xs" data={periods} value={period} onChange={pickPeriod} aria-label="Period" />
        <Select hiddenFrom="md" size="xs" w={150} data={periods} value={period} onChange={pickPeriod} aria-label="Period" allowDeselect={false} />
        <Select
          size="xs"
          w={120}
          data={units}
          value={timeUnit}
          onChange={(v) => v && show({ period, range, timeUnit: v as TimeUnit })}
          aria-label="Group by"
          allowDeselect={false}
        />
        {period === 'custom' && range && (
          <Group gap="xs" wrap="nowrap">
            <TextInput size="xs" type="date" label="From" value={range.from} max={range.to} onChange={(e) => pickDays(e.currentTarget.value, range.to)} w={140} />
            <TextInput size="xs" type="date" label="To" value={range.to} min={range.from} onChange={(e) => pickDays(range.from, e.currentTarget.value)} w={140} />
          </Group>
        )}
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert" title={error}>
          <Button size="xs" variant="light" color="red" onClick={() => dashboard.send({ type: 'dashboard.retry' })}>
            Retry
          </Button>
        </Alert>
      )}
      {analytics ? (
        <div style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={busy}>
          <Picture a={analytics} reload={reload} />
        </div>
      ) : (
        !error && <LoadingPicture />
      )}
    </Stack>
  );
}

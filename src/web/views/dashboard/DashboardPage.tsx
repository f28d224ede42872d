import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Alert, Anchor, Badge, Button, Card, Group, Paper, Progress, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { inspect } from '../../app/inspect';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { DashboardAnalytics, DashboardPeriod, TimeUnit } from '../../../contract/dashboard';
import { DEFAULT_CATEGORIES } from '../../../contract/transactions';
import { dashboardMachine } from '../../../../machines/dashboard';
import { useAppActors } from '../../app/context';
import { useRequest } from '../../app/useRequest';
import { useMoney } from '../../format/useMoney';
import { Icon } from '../icons';

const periods: { value: DashboardPeriod; label: string }[] = [
  { value: '7_days', label: '7 days' },
  { value: '30_days', label: '30 days' },
  { value: '90_days', label: '90 days' },
  { value: '12_months', label: '12 months' },
  { value: 'year_to_date', label: 'Year to date' },
  { value: 'all_time', label: 'All time' },
];
const units: { value: TimeUnit; label: string }[] = [
  { value: 'days', label: 'By day' },
  { value: 'weeks', label: 'By week' },
  { value: 'months', label: 'By month' },
];
/** Each category keeps its own colour on every chart and list (defect 6): the built-in ones their defined colour, others a stable one from their name. */
const customColors = ['#0b7285', '#5f3dc4', '#a61e4d', '#2b8a3e', '#e67700', '#364fc7', '#087f5b', '#862e9c'];
const OTHER_COLOR = '#ced4da';
function categoryColorOf(name: string): string {
  const builtIn = DEFAULT_CATEGORIES.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (builtIn) return builtIn.color;
  let h = 0;
  for (const ch of name.toLowerCase()) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return customColors[h % customColors.length]!;
}

function bucketLabel(bucket: string, unit: TimeUnit): string {
  const d = new Date(`${bucket}T00:00:00Z`);
  // "Dec 2025", never "Dec 25" (which reads as a date).
  if (unit === 'months') return d.toLocaleDateString(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return d.toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** `missing`: why there is no change figure (no earlier period, nothing in it, undefined rate). */
function Change({ value, goodWhenUp, unit = '%', missing = 'No earlier period to compare' }: { value: number | null; goodWhenUp: boolean; unit?: string; missing?: string }) {
  if (value === null) return <Text size="xs" c="dimmed">{missing}</Text>;
  const up = value > 0;
  const good = value === 0 ? null : up === goodWhenUp;
  return (
    <Text size="xs" c={good === null ? 'dimmed' : good ? 'teal' : 'red'} aria-label={`${up ? 'up' : value < 0 ? 'down' : 'no change'} ${Math.abs(value)}${unit} against the previous period`}>
      {up ? '▲' : value < 0 ? '▼' : '='} {Math.abs(value)}
      {unit} vs previous period
    </Text>
  );
}

function Stat({ label, value, children }: { label: string; value: string; children?: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={26} fw={800} lh={1.3}>
        {value}
      </Text>
      {children}
    </Paper>
  );
}

function EmptyState({ onLoaded }: { onLoaded: () => void }) {
  const { api } = useAppActors();
  const demo = useRequest<Record<string, never>>({ submit: () => api.dashboard.loadDemo(), defaultError: 'Failed to load demo data', successToast: 'Demo data loaded: a realistic year of transactions', onSuccess: onLoaded });
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <Icon name="dashboard" size={28} />
        </ThemeIcon>
        <Title order={2} fz="xl">
          Your money at a glance starts here
        </Title>
        <Text c="dimmed" maw={520}>
          Add your first transaction, import your bank's CSV export, or load a realistic demo year to see every chart filled.
        </Text>
        <Group justify="center">
          <Button component={Link} to="/transactions">
            Add a transaction
          </Button>
          <Button component={Link} to="/transactions?import=1" variant="default">
            Import a CSV
          </Button>
          <Button variant="light" onClick={() => demo.submit({})} loading={demo.busy}>
            Load demo data
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function LoadingPicture() {
  return (
    <Stack aria-busy="true" aria-label="Loading the dashboard">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={96} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton height={300} radius="md" />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Skeleton height={240} radius="md" />
        <Skeleton height={240} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}

function Picture({ a, reload }: { a: DashboardAnalytics; reload: () => void }) {
  const money = useMoney();
  const hidden = money(0) === money(1);
  // Axis ticks stay short: 12k rather than €12,000.00.
  const compact = (v: number) => (hidden ? '••' : new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 }).format(v));
  if (!a.has_transactions) return <EmptyState onLoaded={reload} />;
  const chartData = a.series.map((s) => ({ label: bucketLabel(s.bucket, a.time_unit), Income: s.income, Spending: s.spending }));
  // The top six by name and colour, then one 'Other categories' row so the legend adds up to the total.
  const top = a.categories.slice(0, 6);
  const restOf = a.categories.slice(6);
  const rest = restOf.reduce((sum, c) => sum + c.amount, 0);
  const restShare = Math.round(restOf.reduce((sum, c) => sum + c.share, 0) * 10) / 10;
  const legend = [...top.map((c) => ({ name: c.category, amount: c.amount, share: c.share, color: categoryColorOf(c.category) })), ...(rest > 0 ? [{ name: 'Other categories', amount: rest, share: restShare, color: OTHER_COLOR }] : [])];
  const donut = legend.map((l) => ({ name: l.name, value: l.amount, color: l.color }));
  const maxMerchant = a.top_merchants[0]?.amount ?? 1;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }}>
        <Stat label="Balance" value={money(a.balance)}>
          <Text size="xs" c="dimmed">
            All income minus all spending
          </Text>
        </Stat>
        <Stat label="Income" value={money(a.totals.income)}>
          <Change value={a.change.income} goodWhenUp missing={a.previous ? (a.previous.income === 0 ? 'None in the previous period' : 'No change figure') : undefined} />
        </Stat>
        <Stat label="Spending" value={money(a.totals.spending)}>
          <Change value={a.change.spending} goodWhenUp={false} missing={a.previous && a.previous.spending === 0 ? 'None in the previous period' : undefined} />
        </Stat>
        <Stat label="Net" value={money(a.totals.net)}>
          <Change value={a.change.net} goodWhenUp missing={a.previous && a.previous.net === 0 ? `${money(0)} in the previous period` : undefined} />
        </Stat>
        <Stat label="Savings rate" value={a.totals.savings_rate === null ? '—' : `${a.totals.savings_rate}%`}>
          <Change
            value={a.change.savings_rate}
            goodWhenUp
            unit=" pts"
            missing={a.totals.savings_rate === null ? 'Undefined: no income in this period' : a.previous && a.previous.savings_rate === null ? 'No income in the previous period' : undefined}
          />
        </Stat>
      </SimpleGrid>

      {a.warnings.length > 0 && (
        <Alert color="orange" variant="light" title="Spending faster than usual" role="status">
          <Stack gap={2}>
            {a.warnings.map((w) => (
              <Text key={w.category} size="sm">
                <strong>{w.category}</strong>: {money(w.amount)} this period, {Math.round((w.ratio - 1) * 100)}% above your usual {money(w.usual)}.
              </Text>
            ))}
          </Stack>
        </Alert>
      )}

      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="flow-heading">
        <Title order={2} fz="md" id="flow-heading" mb="sm">
          Income and spending
        </Title>
        <BarChart
          h={280}
          data={chartData}
          dataKey="label"
          series={[
            { name: 'Income', color: 'teal.6' },
            { name: 'Spending', color: 'red.5' },
          ]}
          withLegend
          tickLine="y"
          valueFormatter={(v) => money(v)}
          yAxisProps={{ width: 64, tickFormatter: (v: number) => compact(v) }}
          role="img"
          aria-label="Income and spending chart"
        />
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="categories-heading">
          <Title order={2} fz="md" id="categories-heading" mb="sm">
            Spending by category
          </Title>
          {donut.length === 0 ? (
            <Text c="dimmed">No spending in this period.</Text>
          ) : (
            <Group align="center" wrap="wrap" gap="lg">
              <DonutChart data={donut} size={170} thickness={26} withTooltip valueFormatter={(v) => money(v)} chartLabel={money(a.totals.spending)} role="img" aria-label="Spending by category chart" />
              <Stack gap={6} style={{ flex: 1, minWidth: 180 }}>
                {legend.map((c) => (
                  <Group key={c.name} justify="space-between" wrap="nowrap" gap="xs">
                    <Group gap={6} wrap="nowrap">
                      <Badge size="xs" circle color={c.color} aria-hidden>
                        {' '}
                      </Badge>
                      <Text size="sm" truncate>
                        {c.name}
                      </Text>
                    </Group>
                    <Text size="sm" fw={600}>
                      {money(c.amount)} <Text span c="dimmed" size="xs">{c.share}%</Text>
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Group>
          )}
        </Card>
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="merchants-heading">
          <Title order={2} fz="md" id="merchants-heading" mb="sm">
            Top merchants
          </Title>
          {a.top_merchants.length === 0 ? (
            <Text c="dimmed">No merchant spending in this period.</Text>
          ) : (
            <Stack gap="xs">
              {a.top_merchants.map((m) => (
                <div key={m.merchant}>
                  <Group justify="space-between">
                    <Text size="sm">{m.merchant}</Text>
                    <Text size="sm" fw={600}>
                      {money(m.amount)} <Text span c="dimmed" size="xs">· {m.count}×</Text>
                    </Text>
                  </Group>
                  <Progress value={(m.amount / maxMerchant) * 100} size="sm" color="grape" aria-hidden />
                </div>
              ))}
            </Stack>
          )}
        </Card>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="goals-heading">
          <Group justify="space-between" mb="sm">
            <Title order={2} fz="md" id="goals-heading">
              Goals
            </Title>
            <Anchor component={Link} to="/budget" size="sm">
              All goals
            </Anchor>
          </Group>
          {a.goals.length === 0 ? (
            <Text c="dimmed">
              No savings goals yet. <Anchor component={Link} to="/budget">Create one</Anchor> and watch it fill.
            </Text>
          ) : (
            <Stack gap="sm">
              {a.goals.map((g) => (
                <div key={g.goal_id}>
                  <Group justify="space-between">
                    <Text size="sm" fw={600}>
                      {g.name}
                    </Text>
                    <Text size="sm">
                      {money(g.current_amount)} / {money(g.target_amount)}
                    </Text>
                  </Group>
                  <Progress value={g.progress} color={g.progress >= 100 ? 'teal' : 'blue'} aria-label={`${g.name}: ${g.progress}%`} />
                </div>
              ))}
            </Stack>
          )}
        </Card>
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="recent-heading">
          <Group justify="space-between" mb="sm">
            <Title order={2} fz="md" id="recent-heading">
              Recent transactions
            </Title>
            <Anchor component={Link} to="/transactions" size="sm">
              All transactions
            </Anchor>
          </Group>
          <Table verticalSpacing={6} highlightOnHover>
            <Table.Tbody>
              {a.recent.map((t) => (
                <Table.Tr key={t.transaction_id}>
                  <Table.Td>
                    <Text size="sm">{t.merchant || t.description || t.category}</Text>
                    <Text size="xs" c="dimmed">
                      {new Date(`${t.date}T00:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' })} · {t.category}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={600} c={t.type === 'income' ? 'teal' : undefined}>
                      {t.type === 'income' ? '+' : '−'}
                      {money(t.amount)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

/** /dashboard: renders the dashboard machine; period and unit are events. */
export default function DashboardPage() {
  const { api } = useAppActors();
  const dashboard = useActorRef(
    dashboardMachine.provide({ actors: { fetchAnalytics: fromPromise(({ input }) => api.dashboard.analytics(input.period, input.timeUnit)) } }),
    { input: {}, inspect },
  );
  const period = useSelector(dashboard, (s) => s.context.period);
  const timeUnit = useSelector(dashboard, (s) => s.context.timeUnit);
  const analytics = useSelector(dashboard, (s) => s.context.analytics as DashboardAnalytics | null);
  const busy = useSelector(dashboard, (s) => s.hasTag('busy'));
  const error = useSelector(dashboard, (s) => (s.matches('failed') ? s.context.error?.message ?? 'Failed to fetch dashboard data' : null));

  useEffect(() => {
    document.title = 'Dashboard · Finu';
  }, []);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Dashboard</Title>
          {analytics && (
            <Text c="dimmed" size="sm">
              {new Date(`${analytics.range.start}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' })} –{' '}
              {new Date(`${analytics.range.end}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' })}
            </Text>
          )}
        </div>
        <Group gap="xs" wrap="wrap">
          <SegmentedControl
            visibleFrom="md"
            size="xs"
            data={periods}
            value={period}
            onChange={(v) => dashboard.send({ type: 'dashboard.periodChanged', period: v as DashboardPeriod })}
            aria-label="Period"
          />
          <Select
            hiddenFrom="md"
            size="xs"
            w={140}
            data={periods}
            value={period}
            onChange={(v) => v && dashboard.send({ type: 'dashboard.periodChanged', period: v as DashboardPeriod })}
            aria-label="Period"
            allowDeselect={false}
          />
          <Select size="xs" w={120} data={units} value={timeUnit} onChange={(v) => v && dashboard.send({ type: 'dashboard.unitChanged', timeUnit: v as TimeUnit })} aria-label="Group by" allowDeselect={false} />
        </Group>
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
          <Picture a={analytics} reload={() => dashboard.send({ type: 'dashboard.load' })} />
        </div>
      ) : (
        !error && <LoadingPicture />
      )}
    </Stack>
  );
}

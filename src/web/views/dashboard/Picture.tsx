import { BarChart, DonutChart } from '../charts';
import { Alert, Anchor, Badge, Button, Card, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { memo, useDeferredValue } from 'react';
import { Link } from 'react-router-dom';
import type { DashboardAnalytics, TimeUnit } from '../../../contract/dashboard';
import { unconvertedNote } from '../../../contract/rates';
import { amountChange, netChange, savingsRateLine, spendingLegend, type ChangeLine } from './figures';
import { useAppActors } from '../../app/context';
import { useRequest } from '../../app/useRequest';
import { formatDayMonth, formatMonthYear } from '../../format/date';
import { formatWithBase } from '../../format/money';
import { useAxisMoney, useBalancesHidden, useMoney } from '../../hooks/useMoney';
import { Icon } from '../icons';
import { NetWorthCard } from '../accounts/NetWorthCard';
import { BudgetCard } from './BudgetCard';

const bucketLabel = (bucket: string, unit: TimeUnit): string => (unit === 'months' ? formatMonthYear(bucket) : formatDayMonth(bucket));

/** The line under a figure: a change against the previous period, or why there is none. */
function Change({ line }: { line: ChangeLine }) {
  const colour = line.tone === 'good' ? 'var(--mantine-color-teal-text)' : line.tone === 'bad' ? 'var(--mantine-color-red-text)' : 'dimmed';
  return (
    <Text size="xs" c={colour}>
      {line.arrow && (
        <span aria-hidden>
          {line.arrow}{' '}
        </span>
      )}
      {line.arrow === '▲' && <VisuallyHidden>up </VisuallyHidden>}
      {line.arrow === '▼' && <VisuallyHidden>down </VisuallyHidden>}
      {line.text}
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

export function LoadingPicture() {
  return (
    <Stack role="status" aria-busy="true" aria-label="Loading the dashboard">
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

/**
 * The dashboard's figures and charts. Memoized: the busy flag of a period switch dims it without
 * rendering it again. The cards below the fold render after the first paint (a deferred render React can
 * interrupt), so the figures and the main chart reach the screen first.
 */
export const Picture = memo(function Picture({ a, reload }: { a: DashboardAnalytics; reload: () => void }) {
  const belowTheFold = useDeferredValue(true, false);
  const money = useMoney();
  const hidden = useBalancesHidden();
  const compact = useAxisMoney();
  if (!a.has_transactions) return <EmptyState onLoaded={reload} />;
  const chartData = a.series.map((s) => ({ label: bucketLabel(s.bucket, a.time_unit), Income: s.income, Spending: s.spending }));
  // The largest categories by name, each in its own colour, then one 'Other categories' row: the legend adds up to the total.
  const legend = spendingLegend(a.categories, a.totals.spending);
  const donut = legend.map((l) => ({ name: l.name, value: l.amount, color: l.color }));
  const maxMerchant = a.top_merchants[0]?.amount ?? 1;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} data-testid="dashboard-figures">
        <Stat label="Balance" value={money(a.balance)}>
          <Text size="xs" c="dimmed">
            All income minus all spending
          </Text>
          {a.balance_unconverted_count > 0 && (
            <Text size="xs" c="orange" fw={600} data-testid="balance-unconverted">
              {unconvertedNote(a.balance_unconverted_count)}: left out of the balance
            </Text>
          )}
        </Stat>
        <Stat label="Income" value={money(a.totals.income)}>
          <Change line={amountChange(a, 'income', money)} />
        </Stat>
        <Stat label="Spending" value={money(a.totals.spending)}>
          <Change line={amountChange(a, 'spending', money)} />
        </Stat>
        <Stat label="Net" value={money(a.totals.net)}>
          <Change line={netChange(a, money)} />
        </Stat>
        <Stat label="Savings rate" value={a.totals.savings_rate === null ? '—' : `${a.totals.savings_rate}%`}>
          <Change line={savingsRateLine(a)} />
        </Stat>
      </SimpleGrid>
      {a.unconverted_count > 0 && (
        <Text size="sm" c="orange" fw={600} data-testid="dashboard-unconverted">
          {unconvertedNote(a.unconverted_count)}: left out of these totals until an exchange rate for their day exists.
        </Text>
      )}

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
          // No grow-in animation: it re-renders the chart every frame for a second and a half.
          barProps={{ isAnimationActive: false }}
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
              <DonutChart data={donut} size={170} thickness={26} pieProps={{ isAnimationActive: false }} withTooltip valueFormatter={(v) => money(v)} chartLabel={money(a.totals.spending)} role="img" aria-label="Spending by category chart" />
              <Stack gap={6} style={{ flex: 1, minWidth: 180 }}>
                {legend.map((c) => (
                  <Group key={c.name} justify="space-between" wrap="nowrap" gap="xs" title={c.includes ? c.includes.join(', ') : undefined}>
                    <Group gap={6} wrap="nowrap">
                      <Badge size="xs" circle color={c.color} aria-hidden data-category-color={c.color}>
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

      {belowTheFold && (
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
                      {formatDayMonth(t.date)} · {t.category}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={600} c={t.type === 'income' ? 'teal' : undefined}>
                      {t.type === 'income' ? '+' : '−'}
                      {formatWithBase(t.amount, t.currency, a.currency, t.base_amount, { hidden })}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      </SimpleGrid>
      )}
      {belowTheFold && <BudgetCard />}
      {belowTheFold && <NetWorthCard />}
    </Stack>
  );
});

import { AreaChart } from '../charts';
import { Alert, Anchor, Badge, Button, Group, Progress, Skeleton, Stack, Table, Text } from '@mantine/core';
import { formatDateTime, formatDayMonth } from '../../format/date';
import { formatCount } from '../../format/number';
import { useBalancesHidden } from '../../hooks/useMoney';
import { useTokens, useTokensActor } from './tokensActor';
import { Panel, points, Unavailable, useShownPoints } from './parts';

export function EarningsChart() {
  const hidden = useBalancesHidden();
  const data = useTokens((s) => s.context.overview?.statistics?.earned_by_day ?? null);
  return (
    <Panel title="Points earned, last 30 days">
      {!data ? (
        <Unavailable>No statistics yet.</Unavailable>
      ) : hidden ? (
        <Unavailable>Hidden while balances are hidden.</Unavailable>
      ) : (
        <AreaChart
          h={220}
          data={data.map((d) => ({ date: formatDayMonth(d.date), Points: d.points }))}
          dataKey="date"
          series={[{ name: 'Points', color: 'teal.6' }]}
          curveType="monotone"
          withDots={false}
          role="img"
          aria-label="Chart of points earned per day over the last 30 days"
        />
      )}
    </Panel>
  );
}

export function Milestones() {
  const progress = useTokens((s) => s.context.overview?.progress ?? null);
  const stats = useTokens((s) => s.context.overview?.statistics ?? null);
  return (
    <Panel title="Next milestone">
      {!progress ? (
        <Unavailable />
      ) : progress.next_milestone === null ? (
        <Text>You reached every transaction milestone. Impressive!</Text>
      ) : (
        <Stack gap="xs">
          <Text>
            {formatCount(progress.transaction_count)} of {formatCount(progress.next_milestone)} transactions: +{progress.next_milestone_points} points at {formatCount(progress.next_milestone)}
          </Text>
          <Progress value={progress.progress * 100} size="lg" aria-label="Progress to the next transaction milestone" />
        </Stack>
      )}
      {stats && (
        <Group gap="lg" mt="md">
          <Text size="sm">
            Streak: <b>{stats.streak_days}</b> {stats.streak_days === 1 ? 'day' : 'days'}
          </Text>
          <Text size="sm">
            Converted: <b>{points(stats.total_converted_points)}</b> points
          </Text>
        </Group>
      )}
    </Panel>
  );
}

export function AvailableRewards() {
  const available = useTokens((s) => s.context.overview?.available?.rewards ?? null);
  const dailyMax = useTokens((s) => s.context.overview?.available?.daily_max_points ?? null);
  return (
    <Panel title="Ways to earn">
      {!available ? (
        <Unavailable />
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {dailyMax !== null && (
            <Text component="li" size="sm" c="dimmed">
              At most {points(dailyMax)} points a day. Points a goal or transaction earned are taken back if you delete it the same day (UTC).
            </Text>
          )}
          {available.map((r) => (
            <Group key={r.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" c={r.available ? undefined : 'dimmed'}>
                {r.how}
                {r.kind !== 'once' && r.available && r.remaining_today !== null ? ` · ${r.remaining_today} left today` : ''}
                {r.kind !== 'once' && !r.available && r.remaining_today === 0 ? ' · none left today' : ''}
                {!r.available && r.kind === 'once' ? ' · done' : ''}
              </Text>
              {/* The default variant keeps body-text contrast (AA) in both themes; a light teal or grey badge fell below it. */}
              <Badge variant="default" fw={r.available ? 700 : 500} style={{ flexShrink: 0 }}>
                +{r.points}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Panel>
  );
}


export function History() {
  const actor = useTokensActor();
  const shown = useShownPoints();
  const history = useTokens((s) => s.context.history);
  const busy = useTokens((s) => s.hasTag('historyBusy'));
  const error = useTokens((s) => s.context.historyError?.message ?? null);
  const offset = useTokens((s) => s.context.historyOffset);
  const limit = useTokens((s) => s.context.historyLimit);
  return (
    <Panel
      title="History"
      aside={
        history &&
        history.total > 0 && (
          <Text size="sm" c="dimmed">
            {offset + 1}–{Math.min(offset + limit, history.total)} of {history.total}
          </Text>
        )
      }
    >
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}{' '}
          <Anchor component="button" onClick={() => actor.send({ type: 'history.page', offset })}>
            Retry
          </Anchor>
        </Alert>
      ) : !history ? (
        <Skeleton height={120} />
      ) : history.history.length === 0 ? (
        <Unavailable>No points yet. Add a transaction or create a goal to earn your first ones.</Unavailable>
      ) : (
        <Table.ScrollContainer type="native" minWidth={480} tabIndex={0} aria-label="Points history">
          <Table striped aria-busy={busy}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th ta="right">Points</Table.Th>
                <Table.Th ta="right">Balance</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.history.map((h) => (
                <Table.Tr key={h.id}>
                  <Table.Td>{formatDateTime(h.created_at)}</Table.Td>
                  <Table.Td>{h.title}</Table.Td>
                  <Table.Td ta="right" c={h.points < 0 ? 'red' : 'teal'}>
                    {shown(h.points, true)}
                  </Table.Td>
                  <Table.Td ta="right">{shown(h.balance_after)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {history && history.total > limit && (
        <Group justify="flex-end" mt="sm">
          <Button variant="default" size="xs" disabled={offset === 0 || busy} onClick={() => actor.send({ type: 'history.page', offset: offset - limit })}>
            Newer
          </Button>
          <Button variant="default" size="xs" disabled={!history.has_more || busy} onClick={() => actor.send({ type: 'history.page', offset: offset + limit })}>
            Older
          </Button>
        </Group>
      )}
    </Panel>
  );
}

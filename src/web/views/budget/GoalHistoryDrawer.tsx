import { Alert, Badge, Button, Drawer, Group, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { FundTransaction, GoalTransactionSummary } from '../../../contract/goals';
import { useMoney } from '../../hooks/useMoney';
import { formatDateTime } from '../../format/date';
import { useGoalList, useGoals, useGoalsActor } from './goalsActor';

/** A goal's fund history and its summary. */
export function GoalHistoryDrawer() {
  const actor = useGoalsActor();
  const open = useGoals((s) => !s.matches({ history: 'closed' }));
  const phase = useGoals((s) => (s.matches({ history: 'loading' }) ? 'loading' : s.matches({ history: 'failed' }) ? 'failed' : 'showing'));
  const historyGoalId = useGoals((s) => s.context.historyGoalId);
  const goalName = useGoalList((s) => s.context.items.find((g) => g.goal_id === historyGoalId)?.name ?? '');
  const history = useGoals((s) => s.context.history);
  const error = useGoals((s) => s.context.historyError?.message ?? null);
  const close = () => actor.send({ type: 'history.close' });

  return (
    // No exit animation: the closed drawer no longer knows which goal it showed.
    <Drawer opened={open} onClose={close} position="right" size="lg" title={`Fund history: ${goalName}`} transitionProps={{ exitDuration: 0 }}>
      {phase === 'loading' && (
        <Stack gap="sm" role="status" aria-label="Loading fund history">
          <Skeleton height={72} />
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      )}
      {phase === 'failed' && (
        <Alert color="red" variant="light" role="alert" title="The history could not be loaded">
          <Stack gap="sm" align="flex-start">
            {error}
            <Button variant="light" color="red" onClick={() => actor.send({ type: 'history.retry' })}>
              Retry
            </Button>
          </Stack>
        </Alert>
      )}
      {phase === 'showing' && history && (
        <Stack gap="lg">
          <HistorySummary summary={history.summary} />
          {history.transactions.length === 0 ? (
            <Text c="dimmed">No money has moved in or out of this goal yet.</Text>
          ) : (
            <HistoryTable transactions={history.transactions} />
          )}
          {history.total > history.transactions.length && (
            <Text size="sm" c="dimmed">
              Showing the latest {history.transactions.length} of {history.total} moves.
            </Text>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

function HistorySummary({ summary }: { summary: GoalTransactionSummary }) {
  const money = useMoney();
  const items = [
    ['Added', money(summary.total_deposits), `${summary.deposit_count} ${summary.deposit_count === 1 ? 'deposit' : 'deposits'}`],
    ['Withdrawn', money(summary.total_withdrawals), `${summary.withdrawal_count} ${summary.withdrawal_count === 1 ? 'withdrawal' : 'withdrawals'}`],
    ['Net saved', money(summary.net_amount), summary.deposit_count > 0 ? `average deposit ${money(summary.average_deposit)}` : ''],
  ] as const;
  return (
    <SimpleGrid cols={3} spacing="sm" component="section" aria-label="Fund history summary">
      {items.map(([label, value, detail]) => (
        <Stack key={label} gap={0} role="group" aria-label={label}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text fw={700}>{value}</Text>
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function HistoryTable({ transactions }: { transactions: FundTransaction[] }) {
  const money = useMoney();
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped verticalSpacing="xs" aria-label="Fund moves, newest first">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Move</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Balance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {transactions.map((t) => (
            <Table.Tr key={t.transaction_id}>
              <Table.Td>
                <Text size="sm">{formatDateTime(t.created_at)}</Text>
                {t.note && (
                  <Text size="xs" c="dimmed">
                    {t.note}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={t.type === 'deposit' ? 'teal' : 'orange'}>
                  {t.type === 'deposit' ? 'Deposit' : 'Withdrawal'}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                <Group justify="flex-end" gap={0}>
                  <Text size="sm" fw={600} c={t.type === 'deposit' ? 'teal' : 'orange'}>
                    {t.type === 'deposit' ? '+' : '−'}
                    {money(t.amount)}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{money(t.balance_after)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

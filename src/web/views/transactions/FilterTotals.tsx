import { Button, Group, Paper, Skeleton, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { PageFilters as TransactionFilters } from '../../../../machines/transactionList';
import { transactionTotalsMachine } from '../../../../machines/transactionTotals';
import { filtersToQuery } from '../../transactions/urlCodec';
import { usePageMachine } from '../../hooks/pageActor';
import { formatCount } from '../../format/number';
import { useMoney } from '../../hooks/useMoney';
import { useTransactionList } from './transactionsActor';

/**
 * Income, spending and net of every transaction the filters match, so a figure can
 * be checked against the dashboard. Its own small machine asks GET /transactions/summary.
 */
export function FilterTotals({ filters, filtered }: { filters: TransactionFilters; filtered: boolean }) {
  const query = useMemo(() => filtersToQuery(filters), [filters]);
  const totals = usePageMachine(
    ({ api }) => transactionTotalsMachine.provide({ actors: { fetchTotals: fromPromise(({ input, signal }) => api.transactionTotals.forFilters(input.filters, signal)) } }),
    { filters: query },
  );
  useEffect(() => {
    totals.send({ type: 'totals.filtersChanged', filters: query });
  }, [totals, query]);
  // Any change to the rows (added, edited, deleted, imported, demo data) can change the sums.
  const rows = useTransactionList((s) => s.context.items);
  useEffect(() => {
    totals.send({ type: 'totals.refresh' });
  }, [totals, rows]);

  const figures = useSelector(totals, (s) => s.context.totals);
  const error = useSelector(totals, (s) => (s.matches('failed') ? s.context.error?.message ?? 'Failed to fetch the totals' : null));
  const busy = useSelector(totals, (s) => s.hasTag('busy'));
  const money = useMoney();
  const title = filtered ? 'Totals for these filters' : 'Totals of all transactions';

  return (
    <Paper withBorder radius="md" px="md" py="xs" component="section" aria-label={title} aria-busy={busy}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {title}
          {figures && (
            <Text span size="sm" c="dimmed" fw={400}>
              {' '}
              · {formatCount(figures.transaction_count)} {figures.transaction_count === 1 ? 'transaction' : 'transactions'}
            </Text>
          )}
        </Text>
        {error ? (
          <Group gap="xs" role="alert">
            <Text size="sm" c="var(--mantine-color-red-text)">
              {error}
            </Text>
            <Button size="compact-xs" variant="light" color="red" onClick={() => totals.send({ type: 'totals.retry' })}>
              Retry
            </Button>
          </Group>
        ) : figures ? (
          <Group gap="md" wrap="wrap" style={{ fontVariantNumeric: 'tabular-nums', opacity: busy ? 0.6 : 1 }}>
            <Figure label="Income" value={money(figures.income, figures.currency)} color="var(--mantine-color-teal-text)" />
            <Figure label="Spending" value={money(figures.spending, figures.currency)} />
            <Figure label="Net" value={money(figures.net, figures.currency)} color={figures.net < 0 ? 'var(--mantine-color-red-text)' : undefined} />
          </Group>
        ) : (
          <Skeleton height={18} width={260} aria-label="Loading the totals" />
        )}
      </Group>
    </Paper>
  );
}

function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Text size="sm" data-figure={label}>
      <Text span size="sm" c="dimmed">
        {label}{' '}
      </Text>
      <Text span size="sm" fw={700} c={color}>
        {value}
      </Text>
    </Text>
  );
}

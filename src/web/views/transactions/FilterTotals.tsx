import { Button, Group, Paper, Skeleton, Text } from '@mantine/core';
import { unconvertedNote } from '../../../contract/rates';
import { formatCount } from '../../format/number';
import { useMoney } from '../../hooks/useMoney';
import { useFilterTotals, useFilterTotalsActor } from './transactionsActor';

/**
 * Income, spending and net of every transaction the filters match, so a figure can be checked against the
 * dashboard. The page's machine keeps its totals child told of filter and row changes; this only shows it.
 */
export function FilterTotals({ filtered }: { filtered: boolean }) {
  const totals = useFilterTotalsActor();
  const figures = useFilterTotals((s) => s.context.totals);
  const error = useFilterTotals((s) => (s.matches('failed') ? s.context.error?.message ?? 'Failed to fetch the totals' : null));
  const busy = useFilterTotals((s) => s.hasTag('busy'));
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
          <Skeleton height={18} width={260} role="status" aria-label="Loading the totals" />
        )}
      </Group>
      {figures && figures.unconverted_count > 0 && (
        <Text size="sm" c="orange" fw={600} data-testid="totals-unconverted">
          {unconvertedNote(figures.unconverted_count)}: left out of these totals until an exchange rate for their day exists.
        </Text>
      )}
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

import { Anchor, Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { unconvertedNote } from '../../../contract/rates';
import { formatMonthName, localMonth } from '../../format/date';
import { useMoney } from '../../hooks/useMoney';
import { useTransactions } from './transactionsActor';

/** The page header's figures: current balance, and this month's income and spending. */
export function SummaryHeader() {
  const summary = useTransactions((s) => s.context.summary);
  const loading = useTransactions((s) => s.context.summary === null && s.matches({ summary: 'loading' }));
  const money = useMoney();
  const month = formatMonthName(summary?.current_month.month ?? localMonth());
  const figure = (value: number | undefined) => (value === undefined ? '—' : money(value, summary?.currency));

  // The balance counts every row and opening balance; those in another currency without a rate are left out.
  const unconverted = summary?.unconverted_count ?? 0;

  return (
    <Stack gap={6}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" component="section" aria-label="Balance and this month">
        <Figure label="Current balance" value={figure(summary?.balance)} loading={loading} color={summary && summary.balance < 0 ? 'red.7' : undefined} />
        <Figure label={`Income in ${month}`} value={figure(summary?.current_month.income)} loading={loading} color="teal.7" />
        <Figure label={`Spending in ${month}`} value={figure(summary?.current_month.expenses)} loading={loading} />
      </SimpleGrid>
      {unconverted > 0 && (
        <Text size="sm" c="orange" fw={600} data-testid="summary-unconverted">
          {unconvertedNote(unconverted)}: left out of the current balance until an exchange rate for their day exists.{' '}
          <Text span size="sm" c="dimmed" fw={400}>
            A rate is kept when you add an entry paid in another currency (the amount there and what your account was charged), or
            when you import a rates file or type a rate in{' '}
            <Anchor component={Link} to="/settings#currencies" size="sm">
              Settings › Currencies
            </Anchor>
            .
          </Text>
        </Text>
      )}
    </Stack>
  );
}

function Figure({ label, value, loading, color }: { label: string; value: string; loading: boolean; color?: string }) {
  return (
    <Card withBorder padding="sm" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      {loading ? (
        <Skeleton height={26} mt={6} width="60%" />
      ) : (
        <Text fz="xl" fw={700} c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Text>
      )}
    </Card>
  );
}

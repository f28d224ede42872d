import { LineChart } from '../charts';
import { Card, Group, Text, Title } from '@mantine/core';
import type { NetWorth } from '../../../contract/accounts';
import { useAxisMoney, useMoney } from '../../hooks/useMoney';

const COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'red.6', 'cyan.6', 'lime.7', 'pink.6', 'indigo.6', 'yellow.7'];

/** Net worth at the end of each month, with each account's line (from GET /accounts/net-worth). */
export function NetWorthPanel({ netWorth }: { netWorth: NetWorth }) {
  const money = useMoney();
  const axis = useAxisMoney();
  const data = netWorth.months.map((month, i) => ({
    month,
    'Net worth': netWorth.net_worth[i]!,
    ...Object.fromEntries(netWorth.accounts.map((a) => [a.name, a.balances[i]!])),
  }));
  const series = [{ name: 'Net worth', color: 'dark.4' }, ...netWorth.accounts.map((a, i) => ({ name: a.name, color: COLORS[i % COLORS.length]! }))];
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} fz="lg">
          Net worth over 12 months
        </Title>
        <Text size="sm" c={netWorth.change >= 0 ? 'teal' : 'red'}>
          {netWorth.change >= 0 ? '+' : '−'}
          {money(Math.abs(netWorth.change), netWorth.currency)} since {netWorth.months[0]}
        </Text>
      </Group>
      <LineChart h={260} data={data} dataKey="month" series={series} curveType="linear" withLegend valueFormatter={(v) => money(v, netWorth.currency)} yAxisProps={{ width: 64, tickFormatter: (v: number) => axis(v) }} aria-label="Net worth and each account by month" />
    </Card>
  );
}

import { Group, Stack, Text } from '@mantine/core';
import { unconvertedNote } from '../../../contract/rates';
import { useMoney } from '../../hooks/useMoney';
import { useBudget } from './budgetActor';

/** The month's figures: ready to assign (envelope) or income against the limits (tracking), and the warnings under them. */
export function BudgetSummary() {
  const data = useBudget((s) => s.context.data)!;
  const money = useMoney();
  const figures =
    data.mode === 'envelope'
      ? [
          { label: 'Ready to assign', value: data.ready_to_assign ?? 0, strong: true },
          { label: 'Income', value: data.income },
          { label: 'Assigned', value: data.assigned },
          { label: 'Spent', value: -data.activity },
        ]
      : [
          { label: 'Income', value: data.income, strong: true },
          { label: 'Limits', value: data.assigned },
          { label: 'Income − limits', value: data.income_minus_limits ?? 0 },
          { label: 'Spent', value: -data.activity },
        ];
  return (
    <Stack gap={4}>
      <Group gap="lg" wrap="wrap" role="list" aria-label="This month">
        {figures.map((f) => (
          <Stack key={f.label} gap={0} role="listitem" aria-label={`${f.label}: ${money(f.value)}`} miw={120}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {f.label}
            </Text>
            <Text fw={700} size={f.strong ? 'xl' : 'lg'} c={f.value < 0 && f.strong ? 'red' : undefined} data-testid={f.strong ? 'budget-headline' : undefined}>
              {money(f.value)}
            </Text>
          </Stack>
        ))}
      </Group>
      {/* Outside the list: a list holds only its items. */}
      {data.overspent > 0 && (
        <Text c="red" size="sm" fw={600} role="status">
          Overspent by {money(data.overspent)}
        </Text>
      )}
      {data.unconverted_count > 0 && (
        <Text c="orange" size="sm" fw={600} data-testid="budget-unconverted">
          {unconvertedNote(data.unconverted_count)}: left out of this month until an exchange rate for their day exists.
        </Text>
      )}
      {data.underfunded > 0 && (
        <Text c="orange" size="sm" fw={600} data-testid="budget-underfunded">
          Targets underfunded by {money(data.underfunded)}
        </Text>
      )}
    </Stack>
  );
}

import { Card, Group, RingProgress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMoney } from '../../hooks/useMoney';
import { useGoals } from './goalsActor';

/** The progress summary across goals: saved, target, overall percentage and where the goals stand. */
export function GoalsSummaryPanel() {
  const summary = useGoals((s) => s.context.summary);
  const money = useMoney();
  if (!summary) return null;
  const percent = summary.overall_progress_percentage;
  return (
    <Card withBorder padding="lg" component="section" aria-label="Progress across all goals">
      <Group gap="xl" wrap="wrap" align="center">
        <RingProgress
          size={112}
          thickness={10}
          // Round caps paint a dot even for an empty section: only once something is saved.
          roundCaps={percent > 0}
          sections={[{ value: percent, color: 'teal', tooltip: `${percent}% saved` }]}
          label={
            <Text ta="center" fw={700} size="lg" aria-hidden>
              {Math.floor(percent)}%
            </Text>
          }
          role="img"
          aria-label={`Overall progress ${percent}%`}
        />
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg" style={{ flex: 1, minWidth: 240 }}>
          <Figure label="Total saved" value={money(summary.total_saved_amount)} />
          <Figure label="Total target" value={money(summary.total_target_amount)} />
          <Figure label="Still to save" value={money(summary.total_remaining_amount)} />
          <Figure label="Needed per month" value={money(summary.monthly_needed_total)} />
        </SimpleGrid>
      </Group>
      <Text size="sm" c="dimmed" mt="md">
        {summary.total_goals} {summary.total_goals === 1 ? 'goal' : 'goals'} · {summary.completed_goals} reached · {summary.on_track_goals} on track · {summary.behind_goals} behind
        {summary.overdue_goals > 0 ? ` · ${summary.overdue_goals} overdue` : ''}
      </Text>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2} role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Stack>
  );
}

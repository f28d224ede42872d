import { ActionIcon, Button, Card, Group, Menu, Progress, Stack, Text, Title } from '@mantine/core';
import { memo } from 'react';
import type { Goal } from '../../../contract/goals';
import { useMoney } from '../../hooks/useMoney';
import { formatDay } from '../../format/date';
import { CategoryIcon, categoryOf, priorities, progressColor, ScheduleBadge } from './goalDisplay';
import { useGoalsActor } from './goalsActor';

/** One goal: progress, the monthly amount needed, whether it is on track, and its actions. */
export const GoalCard = memo(function GoalCard({ goal }: { goal: Goal }) {
  const actor = useGoalsActor();
  const money = useMoney();
  const id = goal.goal_id;
  const headingId = `goal-${id}-name`;
  const reached = goal.schedule === 'completed';

  return (
    <Card withBorder padding="lg" radius="md" role="listitem" aria-labelledby={headingId} data-goal-id={id}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <CategoryIcon category={goal.category} />
            <div style={{ minWidth: 0 }}>
              <Title order={3} size="h4" id={headingId} lineClamp={2}>
                {goal.name}
              </Title>
              <Text size="xs" c="dimmed">
                {categoryOf(goal.category).label} · {priorities[goal.priority]} priority
              </Text>
            </div>
          </Group>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${goal.name}`}>
                <svg width={18} height={18} viewBox="0 0 24 24" fill="currentColor" aria-hidden focusable="false">
                  <circle cx="5" cy="12" r="1.8" />
                  <circle cx="12" cy="12" r="1.8" />
                  <circle cx="19" cy="12" r="1.8" />
                </svg>
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => actor.send({ type: 'history.open', goalId: id })}>Fund history</Menu.Item>
              <Menu.Item onClick={() => actor.send({ type: 'goal.edit', goalId: id })}>Edit goal</Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" onClick={() => actor.send({ type: 'goal.delete', goalId: id })}>
                Delete goal
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>

        <Group justify="space-between" align="baseline" wrap="wrap" gap={4}>
          <Text fw={700} size="xl" data-testid="goal-saved">
            {money(goal.current_amount)}
          </Text>
          <Text size="sm" c="dimmed">
            of {money(goal.target_amount)}
          </Text>
        </Group>
        <Progress.Root size="lg" radius="xl">
          <Progress.Section value={goal.progress_percentage} color={progressColor(goal)} aria-label={`${goal.name} progress`} />
        </Progress.Root>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" fw={600}>
            {goal.progress_percentage}%
          </Text>
          <ScheduleBadge schedule={goal.schedule} />
        </Group>

        <PlanLine goal={goal} money={money} />
        {goal.notes && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {goal.notes}
          </Text>
        )}

        {reached && (
          <Text size="sm" fw={600} c="teal">
            Target reached — well done!
          </Text>
        )}
        <Group gap="xs" mt="auto" grow>
          <Button onClick={() => actor.send({ type: 'goal.deposit', goalId: id })} aria-label={`Add funds to ${goal.name}`}>
            Add funds
          </Button>
          <Button variant="default" onClick={() => actor.send({ type: 'goal.withdraw', goalId: id })} disabled={goal.current_amount <= 0} aria-label={`Withdraw from ${goal.name}`}>
            Withdraw
          </Button>
        </Group>
      </Stack>
    </Card>
  );
});

function PlanLine({ goal, money }: { goal: Goal; money: (n: number) => string }) {
  const by = formatDay(goal.target_date);
  if (goal.schedule === 'completed') {
    return (
      <Text size="sm">
        Target date {by}
        {goal.completed_at ? ` · reached ${formatDay(goal.completed_at.slice(0, 10))}` : ''}
      </Text>
    );
  }
  if (goal.schedule === 'overdue') {
    return (
      <Text size="sm" c="red">
        The target date ({by}) has passed; {money(goal.remaining_amount)} still to save.
      </Text>
    );
  }
  return (
    <Text size="sm">
      Save <strong>{money(goal.monthly_needed)}</strong> a month to reach it by {by}
      {goal.days_remaining <= 31 ? ` (${goal.days_remaining} ${goal.days_remaining === 1 ? 'day' : 'days'} left)` : ''}.
    </Text>
  );
}

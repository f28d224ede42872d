import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Plan } from '../../../contract/subscription';
import { formatMoney } from '../../format/money';

/** The plans side by side, each with its price and a choose button. */
export function PlanCards({ plans, currentPlanId, busyPlanId, onChoose }: { plans: Plan[]; currentPlanId?: string | null; busyPlanId?: string | null; onChoose: (plan: Plan) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {plans.map((plan) => (
        <Card key={plan.id} withBorder padding="lg" radius="md" role="group" aria-label={`${plan.name} plan`}>
          <Stack gap="xs">
            <Group gap="xs">
              <Text fw={700} fz="lg">
                {plan.name}
              </Text>
              {plan.badge && (
                <Badge color="teal" variant="light">
                  {plan.badge}
                </Badge>
              )}
            </Group>
            <Text fz={28} fw={800} lh={1.1}>
              {formatMoney(plan.price, plan.currency)}
              <Text span c="dimmed" fz="sm" fw={400}>
                {' '}
                / {plan.interval}
              </Text>
            </Text>
            <List size="sm" spacing={4}>
              {plan.features.map((f) => (
                <List.Item key={f}>{f}</List.Item>
              ))}
            </List>
            <Button mt="sm" onClick={() => onChoose(plan)} loading={busyPlanId === plan.id} disabled={currentPlanId === plan.id} aria-label={`Choose ${plan.name}`}>
              {currentPlanId === plan.id ? 'Current plan' : `Choose ${plan.name}`}
            </Button>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

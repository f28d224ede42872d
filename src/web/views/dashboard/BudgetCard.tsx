import { Alert, Anchor, Button, Card, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { budgetVsActual, type BudgetVsActual } from '../../../../machines/budget';
import { BUDGET_MESSAGES } from '../../../contract/budgets';
import { formatLongMonthYear, localMonth } from '../../format/date';
import { useMoney } from '../../hooks/useMoney';
import { useBudgetMachine } from '../budget/budgetActor';

/**
 * "Budget this month" on the dashboard: the /budget page's machine on this month (as the net worth card
 * uses the Accounts page's), summed by budgetVsActual; this card only renders it.
 */
export function BudgetCard() {
  const actor = useBudgetMachine(localMonth(), false);
  const month = useSelector(actor, (s) => s.context.month);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const error = useSelector(actor, (s) => (s.matches('failed') ? s.context.error?.message ?? BUDGET_MESSAGES.loadFailed : null));
  const data = useSelector(actor, (s) => s.context.data);
  const card = budgetVsActual(data);
  const link = `/budget?month=${month}`;

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="budget-month-heading" data-testid="dashboard-budget">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} fz="md" id="budget-month-heading">
          Budget this month
        </Title>
        <Anchor component={Link} to={link} size="sm">
          Open budget
        </Anchor>
      </Group>
      {error ? (
        <Alert color="red" variant="light" role="alert" title={error}>
          <Button size="xs" variant="light" color="red" onClick={() => actor.send({ type: 'budget.retry' })}>
            Retry
          </Button>
        </Alert>
      ) : loading && !data ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading the budget">
          <Skeleton height={18} />
          <Skeleton height={18} />
          <Skeleton height={18} />
        </Stack>
      ) : card ? (
        <Figures card={card} />
      ) : (
        <Text c="dimmed" data-testid="dashboard-budget-empty">
          No budget yet — <Anchor component={Link} to={link}>set one up</Anchor>
        </Text>
      )}
    </Card>
  );
}

function Figures({ card }: { card: BudgetVsActual }) {
  const money = useMoney();
  const of = card.mode === 'tracking' ? 'limit' : 'budgeted';
  return (
    <Stack gap="sm">
      <Text size="sm" data-testid="dashboard-budget-total">
        <Text span fw={700}>
          {money(card.spent)}
        </Text>{' '}
        spent of {money(card.budgeted)} {of} in {formatLongMonthYear(card.month)}
        {card.overspent > 0 && (
          <Text span c="red" fw={600}>
            {' '}
            · {money(card.overspent)} over
          </Text>
        )}
      </Text>
      <Stack gap={8} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {card.lines.map((l) => {
          const over = l.overspent > 0;
          const figures = `${money(l.spent)} of ${money(l.budgeted)}`;
          return (
            <li key={l.category} data-testid="dashboard-budget-line" data-category={l.category}>
              <Group justify="space-between" wrap="wrap" gap={4} mb={2}>
                <Text size="sm">{l.category}</Text>
                <Text size="sm" fw={600} c={over ? 'red' : undefined} ml="auto" data-testid="dashboard-budget-figures">
                  {figures}
                </Text>
              </Group>
              <Progress value={l.bar} size="sm" color={over ? 'red' : l.bar >= 80 ? 'yellow' : 'teal'} aria-label={`${l.category}: ${figures}${over ? `, over by ${money(l.overspent)}` : ''}`} />
              {over && (
                <Text size="xs" c="red" fw={600} mt={2} data-testid="dashboard-budget-over">
                  Over by {money(l.overspent)}
                </Text>
              )}
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}

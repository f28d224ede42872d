import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { RECURRING_KIND_LABELS } from '../../../contract/recurring';
import { formatDay, formatDayMonth, localDay } from '../../format/date';
import { useMoney } from '../../hooks/useMoney';
import { PageTitle } from '../PageTitle';
import { RecurringFormModal } from './RecurringFormModal';
import { BillsOverviewProvider, useBillSuggestionsMachine, useBillsOverview, useBillsOverviewActor, useBillsOverviewMachine } from './billsActors';

/** /bills: what is due in the next 30 days, safe-to-spend until payday, the forecast, and recurring charges found in the history. */
export default function BillsPage() {
  const today = localDay();
  const overview = useBillsOverviewMachine(today);
  return (
    <BillsOverviewProvider value={overview}>
      <PageTitle title="Bills" />
      <Stack gap="lg">
        <MonthAhead />
        <RecurringItems />
        <Suggestions today={today} onAdded={() => overview.send({ type: 'overview.reload' })} />
      </Stack>
      <RecurringFormModal />
    </BillsOverviewProvider>
  );
}

function MonthAhead() {
  const actor = useBillsOverviewActor();
  const overview = useBillsOverview((s) => s.context.overview);
  const failed = useBillsOverview((s) => (s.matches('loadFailed') ? (s.context.failure?.message ?? 'Failed to load your bills') : null));
  const busy = useBillsOverview((s) => s.hasTag('busy'));
  const money = useMoney();
  if (failed)
    return (
      <Alert color="red" title="Bills could not be loaded" role="alert">
        <Stack gap="xs">
          <Text>{failed}</Text>
          <Button variant="light" onClick={() => actor.send({ type: 'overview.retry' })}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  if (!overview)
    return (
      <Group gap="xs">
        <Loader size="sm" />
        <Text c="dimmed">Loading your bills…</Text>
      </Group>
    );
  const { monthAhead, forecast } = overview;
  const upcoming = monthAhead.occurrences;
  const low = forecast.accounts.filter((a) => a.first_below_zero);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          <Text c="dimmed" size="sm">
            Due in the next 30 days
          </Text>
          <Text fw={700} fz="xl" data-testid="bills-total">
            {money(monthAhead.bills_total, monthAhead.currency)}
          </Text>
        </Card>
        <Card withBorder>
          <Text c="dimmed" size="sm">
            {monthAhead.safe_to_spend.payday ? `Safe to spend until payday (${formatDayMonth(monthAhead.safe_to_spend.payday)})` : 'Safe to spend in the next 30 days'}
          </Text>
          <Text fw={700} fz="xl" c={monthAhead.safe_to_spend.amount < 0 ? 'red' : undefined} data-testid="safe-to-spend">
            {money(monthAhead.safe_to_spend.amount, monthAhead.currency)}
          </Text>
        </Card>
        <Card withBorder>
          <Text c="dimmed" size="sm">
            Income expected
          </Text>
          <Text fw={700} fz="xl">
            {money(monthAhead.income_total, monthAhead.currency)}
          </Text>
        </Card>
      </SimpleGrid>
      {low.map((a) => (
        <Alert key={a.account_id} color="orange" title={`${a.name} may go below zero`}>
          On {formatDay(a.first_below_zero!)} its balance is forecast at {money(a.days.find((d) => d.date === a.first_below_zero)!.balance, a.currency)}; lowest {money(a.lowest.balance, a.currency)} on {formatDay(a.lowest.date)}.
        </Alert>
      ))}
      <Title order={2} size="h4">
        The month ahead
      </Title>
      {upcoming.length === 0 ? (
        <Text c="dimmed">Nothing is due in the next 30 days. Confirm the recurring charges found below, and they show up here.</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-label="Due in the next 30 days">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Due</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {upcoming.map((o) => (
                <Table.Tr key={`${o.recurring_id}:${o.due_date}`}>
                  <Table.Td>{formatDay(o.due_date)}</Table.Td>
                  <Table.Td>
                    {o.name} <Badge variant="light">{RECURRING_KIND_LABELS[o.kind]}</Badge>
                  </Table.Td>
                  <Table.Td>{o.status}</Table.Td>
                  <Table.Td ta="right">{money(o.amount, monthAhead.currency)}</Table.Td>
                  <Table.Td>
                    {o.status === 'skipped' ? (
                      <Button size="compact-xs" variant="subtle" disabled={busy} aria-label={`Unskip ${o.name} on ${formatDay(o.due_date)}`} onClick={() => actor.send({ type: 'occurrence.unskip', recurringId: o.recurring_id, date: o.due_date })}>
                        Unskip
                      </Button>
                    ) : o.status === 'upcoming' ? (
                      <Button size="compact-xs" variant="subtle" disabled={busy} aria-label={`Skip ${o.name} on ${formatDay(o.due_date)}`} onClick={() => actor.send({ type: 'occurrence.skip', recurringId: o.recurring_id, date: o.due_date })}>
                        Skip
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function RecurringItems() {
  const actor = useBillsOverviewActor();
  const items = useBillsOverview((s) => s.context.overview?.items ?? null);
  const busy = useBillsOverview((s) => s.hasTag('busy'));
  const money = useMoney();
  if (!items) return null;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Recurring items
        </Title>
        <Button size="xs" disabled={busy} onClick={() => actor.send({ type: 'item.add' })}>
          Add a recurring item
        </Button>
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed">No recurring items yet.</Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Recurring items">
          {items.map((i) => (
            <Group key={i.recurring_id} component="li" justify="space-between" wrap="nowrap" data-testid="recurring-item">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {i.name} <Badge variant="light">{RECURRING_KIND_LABELS[i.kind]}</Badge>
                </Text>
                <Text size="sm" c="dimmed">
                  {i.amount_min !== null && i.amount_max !== null ? `${money(i.amount_min)}–${money(i.amount_max)}` : money(i.amount)}
                  {i.next_due ? `, next ${formatDay(i.next_due)}` : ', ended'}
                </Text>
              </div>
              <Button size="xs" variant="default" disabled={busy} aria-label={`Edit ${i.name}`} onClick={() => actor.send({ type: 'item.edit', recurringId: i.recurring_id })}>
                Edit
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Suggestions({ today, onAdded }: { today: string; onAdded: () => void }) {
  const actor = useBillSuggestionsMachine(today, onAdded);
  const suggestions = useSelector(actor, (s) => s.context.suggestions);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => (s.matches('loadFailed') ? (s.context.failure?.message ?? 'Failed to find recurring charges') : null));
  const busyKey = useSelector(actor, (s) => s.context.key);
  const money = useMoney();
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Found in your history
      </Title>
      {loading && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">Looking for recurring charges…</Text>
        </Group>
      )}
      {failed && (
        <Alert color="red">
          <Group justify="space-between">
            <Text>{failed}</Text>
            <Button variant="light" onClick={() => actor.send({ type: 'suggestions.retry' })}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      {!loading && !failed && suggestions.length === 0 && <Text c="dimmed">No new recurring charges found.</Text>}
      {suggestions.map((s) => (
        <Card key={s.key} withBorder data-testid="suggestion">
          <Group justify="space-between" wrap="wrap">
            <div>
              <Text fw={600}>
                {s.name} <Badge variant="light">{RECURRING_KIND_LABELS[s.kind]}</Badge>
              </Text>
              <Text size="sm" c="dimmed">
                {s.amount_min !== null && s.amount_max !== null ? `${money(s.amount_min)}–${money(s.amount_max)}` : money(s.amount)} {s.interval}, {s.charges} charges, next {formatDay(s.next_due)}
                {s.price_change ? ` · price ${s.price_change.percent > 0 ? 'up' : 'down'} ${Math.abs(s.price_change.percent)} %` : ''}
              </Text>
            </div>
            <Group gap="xs">
              <Button size="xs" loading={busyKey === s.key} onClick={() => actor.send({ type: 'suggestion.confirm', key: s.key })}>
                Confirm
              </Button>
              <Button size="xs" variant="default" disabled={busyKey === s.key} onClick={() => actor.send({ type: 'suggestion.dismiss', key: s.key })}>
                Dismiss
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

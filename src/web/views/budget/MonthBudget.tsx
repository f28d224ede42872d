import { ActionIcon, Alert, Button, Card, Group, Menu, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BUDGET_MODE_LABELS, BUDGET_MODES, FILL_LABELS, FILL_SOURCES, type BudgetMode } from '../../../contract/budgets';
import { formatLongMonthYear } from '../../format/date';
import { LoadFailed } from '../LoadFailed';
import { MoveModal, TargetModal } from './BudgetModals';
import { GroupSection } from './BudgetRows';
import { BudgetSummary } from './BudgetSummary';
import { useBudget, useBudgetActor } from './budgetActor';

/**
 * The month of the category budget on /budget: month navigation, the mode, ready to assign (envelope) or
 * income against the limits (tracking), and each group with its categories. Renders the budget machine's
 * state and sends it events; nothing here computes a figure. Its parts: BudgetSummary (the figures),
 * BudgetRows (groups and category rows), BudgetModals (move money, target).
 */
export function MonthBudget() {
  const month = useBudget((s) => s.context.month);
  useLinkedRow();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="month-budget-title" id="month-budget">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} size="h3" id="month-budget-title">
            Monthly budget
          </Title>
          <Group gap="xs">
            <FillAll />
            <ModeSwitch />
          </Group>
        </Group>
        <MonthNav month={month} />
        <MonthContent />
      </Stack>
      <MoveModal />
      <TargetModal />
    </Card>
  );
}

function MonthNav({ month }: { month: string }) {
  const actor = useBudgetActor();
  return (
    <Group gap="xs" justify="center" wrap="nowrap" role="group" aria-label="Month">
      <ActionIcon variant="default" size="lg" aria-label="Previous month" onClick={() => actor.send({ type: 'month.previous' })}>
        <span aria-hidden>‹</span>
      </ActionIcon>
      <Text fw={600} size="lg" miw={160} ta="center" aria-live="polite" data-testid="budget-month">
        {formatLongMonthYear(month)}
      </Text>
      <ActionIcon variant="default" size="lg" aria-label="Next month" onClick={() => actor.send({ type: 'month.next' })}>
        <span aria-hidden>›</span>
      </ActionIcon>
    </Group>
  );
}

function FillAll() {
  const actor = useBudgetActor();
  const ready = useBudget((s) => s.matches({ ready: 'idle' }));
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" disabled={!ready}>
          Fill all
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {FILL_SOURCES.map((source) => (
          <Menu.Item key={source} onClick={() => actor.send({ type: 'budget.fill', category: null, source })}>
            {FILL_LABELS[source]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function ModeSwitch() {
  const actor = useBudgetActor();
  const mode = useBudget((s) => s.context.data?.mode ?? null);
  const busy = useBudget((s) => s.hasTag('busy'));
  if (!mode) return null;
  return (
    <SegmentedControl
      size="xs"
      aria-label="Budget mode"
      data={BUDGET_MODES.map((m) => ({ value: m, label: BUDGET_MODE_LABELS[m] }))}
      value={mode}
      disabled={busy}
      onChange={(value) => value !== mode && actor.send({ type: 'mode.change', mode: value as BudgetMode })}
    />
  );
}

/**
 * A link to one category's row (`?category=Dining`, from a coach answer): once the month is drawn the
 * row is scrolled into view and marked as the current one, once per link.
 */
function useLinkedRow() {
  const [search] = useSearchParams();
  const wanted = search.get('category');
  const loaded = useBudget((s) => !s.matches('loading') && !!s.context.data);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!wanted || !loaded || shown.current === wanted) return;
    const row = [...document.querySelectorAll<HTMLElement>('#month-budget [data-category]')].find((el) => el.dataset.category?.toLowerCase() === wanted.toLowerCase());
    if (!row) return;
    shown.current = wanted;
    row.setAttribute('aria-current', 'true');
    row.style.background = 'var(--mantine-primary-color-light)';
    row.scrollIntoView({ block: 'center' });
  }, [wanted, loaded]);
}

function MonthContent() {
  const actor = useBudgetActor();
  const phase = useBudget((s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const error = useBudget((s) => s.context.error?.message ?? null);
  const data = useBudget((s) => s.context.data);
  if (phase === 'loading') {
    return (
      <Stack gap="sm" role="status" aria-label="Loading budget">
        <Skeleton height={64} radius="md" />
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={44} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (phase === 'failed' || !data) return <LoadFailed title="The budget could not be loaded" message={error} onRetry={() => actor.send({ type: 'budget.retry' })} compact />;
  const empty = data.assigned === 0 && data.activity === 0;
  return (
    <Stack gap="md">
      <BudgetSummary />
      <UndoFill />
      {empty && (
        <Alert variant="light" color="blue" title="Nothing budgeted this month yet">
          Give each category an amount: select the amount in its row, type, and press Enter. Spending in the month shows beside it.
        </Alert>
      )}
      {data.groups.map((group, i) => (
        <GroupSection key={group.name} group={group} month={data.month} first={i === 0} last={i === data.groups.length - 1 || data.groups[i + 1]!.group_id === null} />
      ))}
    </Stack>
  );
}

/** After a fill of this month: put back what it changed. */
function UndoFill() {
  const actor = useBudgetActor();
  const count = useBudget((s) => (s.matches({ ready: 'idle' }) ? (s.context.undo?.amounts.length ?? 0) : 0));
  if (count === 0) return null;
  return (
    <Group gap="xs" role="status">
      <Text size="sm">
        {count === 1 ? 'The fill changed 1 category.' : `The fill changed ${count} categories.`}
      </Text>
      <Button size="xs" variant="light" onClick={() => actor.send({ type: 'budget.undo' })}>
        Undo fill
      </Button>
    </Group>
  );
}

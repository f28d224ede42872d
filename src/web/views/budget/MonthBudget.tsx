import { ActionIcon, Alert, Anchor, Button, Card, Group, Menu, Modal, NativeSelect, Progress, SegmentedControl, Skeleton, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { memo, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BUDGET_MODE_LABELS, BUDGET_MODES, FILL_LABELS, FILL_SOURCES, ROLLOVER_LABELS, ROLLOVERS, TARGET_KINDS, TARGET_LABELS, type BudgetCategory, type BudgetGroup, type BudgetMode, type TargetKind } from '../../../contract/budgets';
import { endOfMonth, startOfMonth } from '../../../contract/calendar';
import { unconvertedNote } from '../../../contract/rates';
import { formatLongMonthYear } from '../../format/date';
import { useMoney } from '../../hooks/useMoney';
import { filtersToQuery, DEFAULT_FILTERS } from '../../transactions/urlCodec';
import { LoadFailed } from '../LoadFailed';
import { useBudget, useBudgetActor } from './budgetActor';

/**
 * The month of the category budget on /budget: month navigation, the mode, ready to assign (envelope) or
 * income against the limits (tracking), and each group with its categories. Renders the budget machine's
 * state and sends it events; nothing here computes a figure.
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

/** Flip to the side with room, then cap the height at what is left of the window (8 px from its edge). */
const ROW_MENU_FIT = { flip: true, shift: true, size: { padding: 8 } } as const;

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
      <Summary />
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

function Summary() {
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

function GroupSection({ group, month, first, last }: { group: BudgetGroup; month: string; first: boolean; last: boolean }) {
  const money = useMoney();
  const actor = useBudgetActor();
  const idle = useBudget((s) => s.matches({ ready: 'idle' }));
  const headingId = `budget-group-${group.name.replace(/\W+/g, '-')}`;
  return (
    <Stack gap={4} component="section" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="nowrap" py={4} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} id={headingId}>
            {group.name}
          </Text>
          {group.group_id !== null && (
            <>
              <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Move group ${group.name} up`} disabled={!idle || first} onClick={() => actor.send({ type: 'order.group', group: group.name, direction: -1 })}>
                <span aria-hidden>↑</span>
              </ActionIcon>
              <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Move group ${group.name} down`} disabled={!idle || last} onClick={() => actor.send({ type: 'order.group', group: group.name, direction: 1 })}>
                <span aria-hidden>↓</span>
              </ActionIcon>
            </>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {money(group.assigned)} assigned · <span style={{ color: group.available < 0 ? 'var(--mantine-color-red-text)' : undefined }}>{money(group.available)} available</span>
        </Text>
      </Group>
      <Stack gap={0} role="list" aria-label={`${group.name} categories`}>
        {group.categories.map((c, i) => (
          <CategoryRow key={c.category} line={c} month={month} first={i === 0} last={i === group.categories.length - 1} />
        ))}
      </Stack>
    </Stack>
  );
}

function targetText(line: BudgetCategory, money: (n: number) => string): string {
  const t = line.target;
  if (!t) return '';
  const what = t.kind === 'monthly' ? `${money(t.amount ?? 0)} a month` : t.kind === 'by_date' ? `${money(t.amount ?? 0)} by ${formatLongMonthYear(t.by_month ?? '')}` : `${t.percent ?? 0}% of income`;
  return ` · target ${what}${line.underfunded > 0 ? ` · ${money(line.underfunded)} underfunded` : ''}`;
}

type RowProps = { line: BudgetCategory; month: string; first: boolean; last: boolean };
/** Every change answers the whole month anew: a row whose figures did not change is not drawn again. */
const sameLine = (a: BudgetCategory, b: BudgetCategory) =>
  (Object.keys(a) as (keyof BudgetCategory)[]).every((k) => (k === 'target' ? JSON.stringify(a.target) === JSON.stringify(b.target) : a[k] === b[k]));
const CategoryRow = memo(CategoryRowView, (a: RowProps, b: RowProps) => a.month === b.month && a.first === b.first && a.last === b.last && sameLine(a.line, b.line));

function CategoryRowView({ line, month, first, last }: RowProps) {
  const money = useMoney();
  const actor = useBudgetActor();
  const over = line.available < 0;
  const spent = Math.max(0, -line.activity);
  const query = new URLSearchParams(filtersToQuery({ ...DEFAULT_FILTERS, category: [line.category], date_from: startOfMonth(month), date_to: endOfMonth(month) }));
  return (
    <Stack gap={4} py={8} role="listitem" aria-label={line.category} data-category={line.category} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      {/* On a narrow screen the amounts go under the name (right-aligned) rather than cutting it. */}
      <Group justify="space-between" wrap="wrap" gap="xs" style={{ rowGap: 2 }}>
        <Anchor component={Link} to={`/transactions?${query.toString()}`} fw={500} style={{ flex: '1 1 140px', minWidth: 0 }}>
          {line.category}
        </Anchor>
        <Group gap="xs" wrap="nowrap" ml="auto">
          <AssignedCell line={line} />
          <Text fw={700} c={over ? 'red' : line.available > 0 ? 'teal' : 'dimmed'} miw={80} ta="right" data-testid="available">
            {money(line.available)}
          </Text>
          {/* The menu is long: it opens on the side with room and never past the window (it scrolls inside instead),
              so choosing its last item never scrolls the page from under it. */}
          <Menu position="bottom-end" withinPortal middlewares={ROW_MENU_FIT}>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`More for ${line.category}`}>
                <span aria-hidden>⋯</span>
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown style={{ overflowY: 'auto' }}>
              <Menu.Item onClick={() => actor.send({ type: 'move.open', from: line.category })}>Move money…</Menu.Item>
              <Menu.Item onClick={() => actor.send({ type: 'target.open', category: line.category })}>{line.target ? 'Change target…' : 'Set target…'}</Menu.Item>
              <Menu.Item disabled={first} onClick={() => actor.send({ type: 'order.category', category: line.category, direction: -1 })}>
                Move up
              </Menu.Item>
              <Menu.Item disabled={last} onClick={() => actor.send({ type: 'order.category', category: line.category, direction: 1 })}>
                Move down
              </Menu.Item>
              <Menu.Divider />
              <Menu.Label>Fill with</Menu.Label>
              {FILL_SOURCES.map((source) => (
                <Menu.Item key={source} onClick={() => actor.send({ type: 'budget.fill', category: line.category, source })}>
                  {FILL_LABELS[source]}
                </Menu.Item>
              ))}
              <Menu.Divider />
              <Menu.Label>Rollover</Menu.Label>
              {ROLLOVERS.map((r) => (
                <Menu.Item key={r} aria-checked={line.rollover === r} role="menuitemradio" onClick={() => line.rollover !== r && actor.send({ type: 'rollover.change', category: line.category, rollover: r })}>
                  {line.rollover === r ? '✓ ' : ''}
                  {ROLLOVER_LABELS[r]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      <Progress value={Math.min(100, line.spent_percent)} color={over ? 'red' : line.spent_percent >= 80 ? 'yellow' : 'teal'} size="sm" aria-label={`${line.category}: ${line.spent_percent}% spent`} />
      <Text size="xs" c={over ? 'red' : 'dimmed'}>
        Spent {money(spent)}
        {line.carried_in !== 0 ? ` · carried in ${money(line.carried_in)}` : ''}
        {over ? ` · over budget by ${money(line.overspent)}` : ''}
        {targetText(line, money)}
      </Text>
    </Stack>
  );
}

function AssignedCell({ line }: { line: BudgetCategory }) {
  const money = useMoney();
  const actor = useBudgetActor();
  const edit = useBudget((s) => (s.context.edit?.category === line.category ? s.context.edit : null));
  const saving = useBudget((s) => s.matches({ ready: 'saving' }) && s.context.change?.kind === 'assign' && s.context.change.category === line.category);
  const button = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Back on the amount after Enter or Escape, so the keyboard carries on from the row it was in.
  useEffect(() => {
    if (wasEditing.current && !edit && !saving) button.current?.focus();
    wasEditing.current = !!edit || saving;
  }, [edit, saving]);
  if (edit) {
    return (
      <TextInput
        size="xs"
        w={110}
        autoFocus
        inputMode="decimal"
        aria-label={`Assigned to ${line.category}`}
        value={edit.text}
        error={edit.error}
        disabled={saving}
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => actor.send({ type: 'assigned.change', value: e.currentTarget.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            actor.send({ type: 'assigned.save' });
          } else if (e.key === 'Escape') {
            e.preventDefault();
            actor.send({ type: 'assigned.cancel' });
          }
        }}
        onBlur={() => actor.send({ type: 'assigned.save' })}
      />
    );
  }
  return (
    <UnstyledButton
      ref={button}
      onClick={() => actor.send({ type: 'assigned.edit', category: line.category })}
      aria-label={`Assigned to ${line.category}: ${money(line.assigned)}. Edit`}
      px={6}
      py={2}
      miw={88}
      style={{ textAlign: 'right', borderRadius: 4, border: '1px dashed var(--mantine-color-default-border)' }}
      data-testid="assigned"
    >
      <Text size="sm" span c={saving ? 'dimmed' : undefined}>
        {money(line.assigned)}
      </Text>
    </UnstyledButton>
  );
}

function MoveModal() {
  const actor = useBudgetActor();
  const move = useBudget((s) => s.context.move);
  const busy = useBudget((s) => s.matches({ ready: 'saving' }));
  const names = useBudget(
    (s) => (s.context.data?.groups.flatMap((g) => g.categories.map((c) => c.category)) ?? []).join('\u0000'),
  );
  const others = names.split('\u0000').filter((n) => n && n !== move?.from);
  return (
    <Modal opened={!!move} onClose={() => actor.send({ type: 'move.cancel' })} title={move ? `Move money from ${move.from}` : ''} centered>
      {move && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'move.submit' });
          }}
        >
          <Stack gap="sm">
            <NativeSelect label="To" data={[{ value: '', label: 'Choose a category' }, ...others.map((n) => ({ value: n, label: n }))]} value={move.to} onChange={(e) => actor.send({ type: 'move.change', to: e.currentTarget.value })} />
            <TextInput label="Amount" inputMode="decimal" data-autofocus value={move.text} onChange={(e) => actor.send({ type: 'move.change', value: e.currentTarget.value })} />
            {move.error && (
              <Text c="red" size="sm" role="alert">
                {move.error}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => actor.send({ type: 'move.cancel' })}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                Move
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function TargetModal() {
  const actor = useBudgetActor();
  const form = useBudget((s) => s.context.target);
  const busy = useBudget((s) => s.matches({ ready: 'saving' }));
  return (
    <Modal opened={!!form} onClose={() => actor.send({ type: 'target.cancel' })} title={form ? `Target for ${form.category}` : ''} centered>
      {form && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'target.submit' });
          }}
        >
          <Stack gap="sm">
            <NativeSelect
              label="Kind"
              data={(['none', ...TARGET_KINDS] as const).map((k) => ({ value: k, label: TARGET_LABELS[k] }))}
              value={form.kind}
              onChange={(e) => actor.send({ type: 'target.change', kind: e.currentTarget.value as TargetKind | 'none' })}
            />
            {(form.kind === 'monthly' || form.kind === 'by_date') && (
              <TextInput label="Amount" inputMode="decimal" data-autofocus value={form.amount} onChange={(e) => actor.send({ type: 'target.change', amount: e.currentTarget.value })} />
            )}
            {form.kind === 'by_date' && <TextInput label="By month" type="month" placeholder="YYYY-MM" value={form.by_month} onChange={(e) => actor.send({ type: 'target.change', by_month: e.currentTarget.value })} />}
            {form.kind === 'income_share' && (
              <TextInput label="Percent of income" inputMode="decimal" data-autofocus value={form.percent} onChange={(e) => actor.send({ type: 'target.change', percent: e.currentTarget.value })} />
            )}
            {form.error && (
              <Text c="red" size="sm" role="alert">
                {form.error}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => actor.send({ type: 'target.cancel' })}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                Save target
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

import { ActionIcon, Anchor, Group, Menu, Progress, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { memo, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { FILL_LABELS, FILL_SOURCES, ROLLOVER_LABELS, ROLLOVERS, type BudgetCategory, type BudgetGroup } from '../../../contract/budgets';
import { endOfMonth, startOfMonth } from '../../../contract/calendar';
import { formatLongMonthYear } from '../../format/date';
import { useMoney } from '../../hooks/useMoney';
import { filtersToQuery, DEFAULT_FILTERS } from '../../transactions/urlCodec';
import { useBudget, useBudgetActor } from './budgetActor';

/** The month budget's rows: a group's heading and order buttons, each category's figures, its amount cell and its menu. */

/** Flip to the side with room, then cap the height at what is left of the window (8 px from its edge). */
const ROW_MENU_FIT = { flip: true, shift: true, size: { padding: 8 } } as const;

export function GroupSection({ group, month, first, last }: { group: BudgetGroup; month: string; first: boolean; last: boolean }) {
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

import { ActionIcon, Alert, Anchor, Badge, Button, ColorInput, Group, Modal, Paper, Select, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { categoryManagerMachine, type CategoryOperation } from '../../../../machines/categoryManager';
import { CATEGORY_NAME_MAX, groupCategories, mergeConfirmation, type CategoryItem, type CategoryListResponse } from '../../../contract/categories';
import { CUSTOM_CATEGORY_COLORS, categoryColor } from '../../../contract/categoryColors';
import type { Api } from '../../api';
import { unlessAborted } from '../../api/abort';
import type { AppActors } from '../../app/actors';
import { toastVia, usePageMachine } from '../../hooks/pageActor';
import { categoriesApi } from '../../api/categories';

/** One call per operation, and what the toast says after it. */
async function run(api: Api, op: CategoryOperation): Promise<string> {
  const c = categoriesApi(api.call);
  switch (op.kind) {
    case 'create':
      await c.create(op.name, op.type);
      return `Category “${op.name}” added`;
    case 'update': {
      const saved = await c.update(op.name, op.patch);
      if (op.patch.name !== undefined) return `Renamed to “${saved.name}”`;
      if (op.patch.hidden !== undefined) return op.patch.hidden ? `“${saved.name}” hidden from new entries` : `“${saved.name}” offered again`;
      if (op.patch.group_id !== undefined) return saved.group ? `“${saved.name}” moved to ${saved.group}` : `“${saved.name}” has no group now`;
      return `Colour of “${saved.name}” saved`;
    }
    case 'merge':
      return (await c.merge(op.name, op.into)).message;
    case 'remove':
      await c.remove(op.name);
      return `Category “${op.name}” deleted`;
    case 'order':
      await c.order(op.groupId, op.names);
      return 'Order saved';
    case 'createGroup':
      await c.createGroup(op.name);
      return `Group “${op.name}” added`;
    case 'renameGroup':
      await c.renameGroup(op.groupId, op.name);
      return `Group renamed to “${op.name}”`;
    case 'removeGroup':
      await c.removeGroup(op.groupId);
      return 'Group deleted; its categories have no group now';
    case 'orderGroups':
      await c.orderGroups(op.groupIds);
      return 'Order saved';
  }
}

const managerWith = ({ api, ui }: AppActors) =>
  categoryManagerMachine.provide({
    actors: {
      load: fromPromise(({ signal }) => unlessAborted(signal, categoriesApi(api.call).list(signal))),
      apply: fromPromise(async ({ input }) => {
        const message = await run(api, input.operation);
        return { message, list: await categoriesApi(api.call).list() };
      }),
    },
    actions: { notify: toastVia(ui) },
  });

const NO_GROUP = 'none';
const swap = <T,>(list: T[], i: number, j: number) => {
  const next = [...list];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
};
const count = (n: number) => (n === 1 ? '1 transaction' : `${n} transactions`);

/**
 * Settings › Categories: the category manager (machines/categoryManager.ts). Self-contained, so
 * SettingsPage mounts it with one line.
 */
export function CategoriesSection() {
  const actorRef = usePageMachine(managerWith);
  const snapshot = useSelector(actorRef, (s) => s);
  const send = actorRef.send;
  const apply = (operation: CategoryOperation) => send({ type: 'categories.apply', operation });
  const list = snapshot.context.list;
  const busy = snapshot.hasTag('busy');

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="categories-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="categories-heading">
          Categories
        </Title>
        <Text size="sm" c="dimmed">
          Your categories by group. Renaming or merging moves every transaction; hidden categories are not offered for new entries but stay on the ones that have them.
        </Text>
        {snapshot.matches('loading') && <Skeleton height={120} />}
        {snapshot.matches('failed') && (
          <Alert color="red" variant="light">
            {snapshot.context.error?.message}{' '}
            <Anchor component="button" onClick={() => send({ type: 'categories.reload' })}>
              Retry
            </Anchor>
          </Alert>
        )}
        {snapshot.context.opError && (
          <Alert color="red" variant="light" role="alert">
            {snapshot.context.opError.message}
          </Alert>
        )}
        {list && (
          <>
            <AddForms busy={busy} onAdd={apply} />
            <CategoryGroups list={list} busy={busy} apply={apply} send={send} />
          </>
        )}
      </Stack>
      {list && <RenameDialog snapshot={snapshot} send={send} />}
      {list && <MergeDialog list={list} snapshot={snapshot} send={send} />}
    </Paper>
  );
}

type Send = ActorRefFrom<typeof categoryManagerMachine>['send'];
type Snapshot = SnapshotFrom<typeof categoryManagerMachine>;

function AddForms({ busy, onAdd }: { busy: boolean; onAdd: (op: CategoryOperation) => void }) {
  const [name, setName] = useState('');
  const [type, setType] = useState<'expense' | 'income'>('expense');
  const [group, setGroup] = useState('');
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <form
        aria-label="Add a category"
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) return;
          onAdd({ kind: 'create', name: name.trim(), type });
          setName('');
        }}
      >
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput label="New category" placeholder="Pets" value={name} maxLength={CATEGORY_NAME_MAX} onChange={(e) => setName(e.currentTarget.value)} w={160} />
          <Select
            label="Type"
            data={[
              { value: 'expense', label: 'Expense' },
              { value: 'income', label: 'Income' },
            ]}
            value={type}
            onChange={(v) => setType(v === 'income' ? 'income' : 'expense')}
            allowDeselect={false}
            w={120}
          />
          <Button type="submit" variant="light" disabled={busy || !name.trim()}>
            Add category
          </Button>
        </Group>
      </form>
      <form
        aria-label="Add a group"
        onSubmit={(e) => {
          e.preventDefault();
          if (!group.trim()) return;
          onAdd({ kind: 'createGroup', name: group.trim() });
          setGroup('');
        }}
      >
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput label="New group" placeholder="Savings" value={group} maxLength={CATEGORY_NAME_MAX} onChange={(e) => setGroup(e.currentTarget.value)} w={160} />
          <Button type="submit" variant="light" disabled={busy || !group.trim()}>
            Add group
          </Button>
        </Group>
      </form>
    </Group>
  );
}

function CategoryGroups({ list, busy, apply, send }: { list: CategoryListResponse; busy: boolean; apply: (op: CategoryOperation) => void; send: Send }) {
  const sections = groupCategories(list.groups, list.categories);
  const groupIds = list.groups.map((g) => g.group_id);
  const groupOptions = [{ value: NO_GROUP, label: 'No group' }, ...list.groups.map((g) => ({ value: g.group_id, label: g.name }))];
  return (
    <Stack gap="md">
      {sections.map(({ group, categories }) => {
        const title = group?.name ?? 'No group';
        const gi = group ? groupIds.indexOf(group.group_id) : -1;
        const names = categories.map((c) => c.name);
        return (
          <Stack key={group?.group_id ?? NO_GROUP} gap={4} component="section" aria-label={`Group ${title}`}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Title order={3} fz="md">
                {title}
              </Title>
              {group && (
                <Group gap={4} wrap="wrap">
                  <Button size="compact-xs" variant="subtle" aria-label={`Move group ${title} up`} disabled={busy || gi <= 0} onClick={() => apply({ kind: 'orderGroups', groupIds: swap(groupIds, gi, gi - 1) })}>
                    Up
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={`Move group ${title} down`}
                    disabled={busy || gi >= groupIds.length - 1}
                    onClick={() => apply({ kind: 'orderGroups', groupIds: swap(groupIds, gi, gi + 1) })}
                  >
                    Down
                  </Button>
                  <Button size="compact-xs" variant="subtle" aria-label={`Rename group ${title}`} disabled={busy} onClick={() => send({ type: 'categories.renameStart', renaming: { kind: 'group', groupId: group.group_id, name: group.name } })}>
                    Rename
                  </Button>
                  <Button size="compact-xs" variant="subtle" color="red" aria-label={`Delete group ${title}`} disabled={busy} onClick={() => apply({ kind: 'removeGroup', groupId: group.group_id })}>
                    Delete
                  </Button>
                </Group>
              )}
            </Group>
            {categories.length === 0 && (
              <Text size="sm" c="dimmed">
                No categories in this group yet: pick it as a category’s group.
              </Text>
            )}
            <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={`Categories in ${title}`}>
              {categories.map((c, i) => (
                <CategoryRow
                  key={c.category_id}
                  category={c}
                  busy={busy}
                  groupOptions={groupOptions}
                  onApply={apply}
                  onMove={(to) => apply({ kind: 'order', groupId: group?.group_id ?? null, names: swap(names, i, to) })}
                  first={i === 0}
                  last={i === categories.length - 1}
                  index={i}
                  send={send}
                />
              ))}
            </Stack>
          </Stack>
        );
      })}
    </Stack>
  );
}

function CategoryRow(props: {
  category: CategoryItem;
  busy: boolean;
  groupOptions: { value: string; label: string }[];
  onApply: (op: CategoryOperation) => void;
  onMove: (to: number) => void;
  first: boolean;
  last: boolean;
  index: number;
  send: Send;
}) {
  const { category: c, busy, onApply, send } = props;
  const color = categoryColor(c.name, c.color);
  return (
    <Group component="li" justify="space-between" py={6} gap="xs" wrap="wrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 160px' }}>
        <span aria-hidden style={{ width: 12, height: 12, borderRadius: 6, background: color, flexShrink: 0 }} />
        <div style={{ minWidth: 0 }}>
          <Text fw={500} truncate>
            {c.name}
          </Text>
          <Text size="xs" c="dimmed">
            {c.type === 'income' ? 'Income' : 'Expense'} · {count(c.transaction_count)}
            {c.is_default ? ' · built in' : ''}
          </Text>
        </div>
        {c.hidden && (
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            Hidden
          </Badge>
        )}
      </Group>
      <Group gap={6} wrap="wrap">
        <ColorInput
          aria-label={`Colour of ${c.name}`}
          eyeDropperButtonProps={{ 'aria-label': `Pick the colour of ${c.name} from the screen` }}
          size="xs"
          w={110}
          value={color}
          swatches={[...CUSTOM_CATEGORY_COLORS]}
          disabled={busy}
          onChangeEnd={(value) => value.toLowerCase() !== color && /^#[0-9a-f]{6}$/i.test(value) && onApply({ kind: 'update', name: c.name, patch: { color: value } })}
        />
        <Select
          aria-label={`Group of ${c.name}`}
          size="xs"
          w={120}
          data={props.groupOptions}
          value={c.group_id ?? NO_GROUP}
          allowDeselect={false}
          disabled={busy}
          onChange={(value) => value && value !== (c.group_id ?? NO_GROUP) && onApply({ kind: 'update', name: c.name, patch: { group_id: value === NO_GROUP ? null : value } })}
        />
        <Switch size="xs" label="Hidden" aria-label={`Hide ${c.name}`} checked={c.hidden} disabled={busy} onChange={(e) => onApply({ kind: 'update', name: c.name, patch: { hidden: e.currentTarget.checked } })} />
        <ActionIcon variant="subtle" size="sm" aria-label={`Move ${c.name} up`} disabled={busy || props.first} onClick={() => props.onMove(props.index - 1)}>
          ↑
        </ActionIcon>
        <ActionIcon variant="subtle" size="sm" aria-label={`Move ${c.name} down`} disabled={busy || props.last} onClick={() => props.onMove(props.index + 1)}>
          ↓
        </ActionIcon>
        <Button size="compact-xs" variant="subtle" aria-label={`Merge ${c.name} into another category`} disabled={busy} onClick={() => send({ type: 'categories.mergeStart', name: c.name })}>
          Merge…
        </Button>
        {!c.is_default && (
          <>
            <Button size="compact-xs" variant="subtle" aria-label={`Rename ${c.name}`} disabled={busy} onClick={() => send({ type: 'categories.renameStart', renaming: { kind: 'category', name: c.name } })}>
              Rename
            </Button>
            {c.transaction_count === 0 && (
              <Button size="compact-xs" variant="subtle" color="red" aria-label={`Delete ${c.name}`} disabled={busy} onClick={() => onApply({ kind: 'remove', name: c.name })}>
                Delete
              </Button>
            )}
          </>
        )}
      </Group>
    </Group>
  );
}

function RenameDialog({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const renaming = snapshot.context.renaming;
  const open = snapshot.matches({ ready: 'renaming' }) && renaming !== null;
  return (
    <Modal opened={open} onClose={() => send({ type: 'categories.renameCancel' })} title={renaming ? `Rename ${renaming.kind === 'group' ? 'group' : 'category'} “${renaming.name}”` : ''} centered>
      {renaming && <RenameForm key={renaming.name} current={renaming.name} category={renaming.kind === 'category'} send={send} />}
    </Modal>
  );
}

function RenameForm({ current, category, send }: { current: string; category: boolean; send: Send }) {
  const [name, setName] = useState(current);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) send({ type: 'categories.renameSubmit', name: name.trim() });
      }}
    >
      <Stack gap="sm">
        <TextInput label="New name" value={name} maxLength={CATEGORY_NAME_MAX} onChange={(e) => setName(e.currentTarget.value)} data-autofocus withAsterisk />
        {category && (
          <Text size="sm" c="dimmed">
            Every transaction in “{current}” moves to the new name.
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => send({ type: 'categories.renameCancel' })}>
            Cancel
          </Button>
          <Button type="submit" disabled={!name.trim() || name.trim() === current}>
            Rename
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MergeDialog({ list, snapshot, send }: { list: CategoryListResponse; snapshot: Snapshot; send: Send }) {
  const merge = snapshot.context.merge;
  const open = snapshot.matches({ ready: 'merging' }) && merge !== null;
  const source = merge ? list.categories.find((c) => c.name === merge.name) : undefined;
  const targets = list.categories.filter((c) => c.name !== merge?.name).map((c) => ({ value: c.name, label: c.name }));
  return (
    <Modal opened={open} onClose={() => send({ type: 'categories.mergeCancel' })} title={merge ? `Merge “${merge.name}”` : ''} centered>
      {merge && (
        <Stack gap="sm">
          <Select
            label="Merge into"
            placeholder="Pick the category that keeps the transactions"
            data={targets}
            searchable
            value={merge.into}
            onChange={(value) => value && send({ type: 'categories.mergePick', into: value })}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          {merge.into && <Text role="status">{mergeConfirmation(merge.name, merge.into, source?.transaction_count ?? 0, source?.is_default)}</Text>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => send({ type: 'categories.mergeCancel' })}>
              Cancel
            </Button>
            <Button color="red" disabled={!merge.into} onClick={() => send({ type: 'categories.mergeConfirm' })}>
              Merge
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

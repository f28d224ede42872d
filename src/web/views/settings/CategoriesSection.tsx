import { ActionIcon, Badge, ColorInput, Group, Select, Stack, Switch, Text, Title } from '@mantine/core';
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
import { AddNameForm, ManagedListItems, ManagedListRow, ManagedListSection, MergeDialog, RenameDialog, RowButton } from '../ManagedList';

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
    <ManagedListSection
      title="Categories"
      headingId="categories-heading"
      description="Your categories by group. Renaming or merging moves every transaction; hidden categories are not offered for new entries but stay on the ones that have them."
      skeletonHeight={120}
      loading={snapshot.matches('loading')}
      failed={snapshot.matches('failed')}
      error={snapshot.context.error?.message}
      opError={snapshot.context.opError?.message}
      onRetry={() => send({ type: 'categories.reload' })}
      dialogs={list && <Dialogs list={list} snapshot={snapshot} send={send} />}
    >
      {list && (
        <>
          <AddForms busy={busy} onAdd={apply} />
          <CategoryGroups list={list} busy={busy} apply={apply} send={send} />
        </>
      )}
    </ManagedListSection>
  );
}

type Send = ActorRefFrom<typeof categoryManagerMachine>['send'];
type Snapshot = SnapshotFrom<typeof categoryManagerMachine>;

function AddForms({ busy, onAdd }: { busy: boolean; onAdd: (op: CategoryOperation) => void }) {
  const [type, setType] = useState<'expense' | 'income'>('expense');
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <AddNameForm
        formLabel="Add a category"
        fieldLabel="New category"
        placeholder="Pets"
        buttonLabel="Add category"
        maxLength={CATEGORY_NAME_MAX}
        width={160}
        busy={busy}
        onAdd={(name) => onAdd({ kind: 'create', name, type })}
        extra={
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
        }
      />
      <AddNameForm formLabel="Add a group" fieldLabel="New group" placeholder="Savings" buttonLabel="Add group" maxLength={CATEGORY_NAME_MAX} width={160} busy={busy} onAdd={(name) => onAdd({ kind: 'createGroup', name })} />
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
                  <RowButton label={`Move group ${title} up`} disabled={busy || gi <= 0} onClick={() => apply({ kind: 'orderGroups', groupIds: swap(groupIds, gi, gi - 1) })}>
                    Up
                  </RowButton>
                  <RowButton label={`Move group ${title} down`} disabled={busy || gi >= groupIds.length - 1} onClick={() => apply({ kind: 'orderGroups', groupIds: swap(groupIds, gi, gi + 1) })}>
                    Down
                  </RowButton>
                  <RowButton label={`Rename group ${title}`} disabled={busy} onClick={() => send({ type: 'categories.renameStart', renaming: { kind: 'group', groupId: group.group_id, name: group.name } })}>
                    Rename
                  </RowButton>
                  <RowButton label={`Delete group ${title}`} danger disabled={busy} onClick={() => apply({ kind: 'removeGroup', groupId: group.group_id })}>
                    Delete
                  </RowButton>
                </Group>
              )}
            </Group>
            {categories.length === 0 && (
              <Text size="sm" c="dimmed">
                No categories in this group yet: pick it as a category’s group.
              </Text>
            )}
            <ManagedListItems label={`Categories in ${title}`}>
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
            </ManagedListItems>
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
    <ManagedListRow
      swatch={<span aria-hidden style={{ width: 12, height: 12, borderRadius: 6, background: color, flexShrink: 0 }} />}
      name={
        <Text fw={500} truncate>
          {c.name}
        </Text>
      }
      detail={
        <>
          {c.type === 'income' ? 'Income' : 'Expense'} · {count(c.transaction_count)}
          {c.is_default ? ' · built in' : ''}
        </>
      }
      badge={
        c.hidden && (
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            Hidden
          </Badge>
        )
      }
      menu={
        <>
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
          <RowButton label={`Merge ${c.name} into another category`} disabled={busy} onClick={() => send({ type: 'categories.mergeStart', name: c.name })}>
            Merge…
          </RowButton>
          {!c.is_default && (
            <>
              <RowButton label={`Rename ${c.name}`} disabled={busy} onClick={() => send({ type: 'categories.renameStart', renaming: { kind: 'category', name: c.name } })}>
                Rename
              </RowButton>
              {c.transaction_count === 0 && (
                <RowButton label={`Delete ${c.name}`} danger disabled={busy} onClick={() => onApply({ kind: 'remove', name: c.name })}>
                  Delete
                </RowButton>
              )}
            </>
          )}
        </>
      }
    />
  );
}

/** Rename (a category or a group) and merge, as the manager's context says. */
function Dialogs({ list, snapshot, send }: { list: CategoryListResponse; snapshot: Snapshot; send: Send }) {
  const renaming = snapshot.context.renaming;
  const merge = snapshot.context.merge;
  const source = merge ? list.categories.find((c) => c.name === merge.name) : undefined;
  return (
    <>
      <RenameDialog
        opened={snapshot.matches({ ready: 'renaming' })}
        current={renaming?.name ?? null}
        title={renaming ? `Rename ${renaming.kind === 'group' ? 'group' : 'category'} “${renaming.name}”` : ''}
        maxLength={CATEGORY_NAME_MAX}
        hint={renaming?.kind === 'category' && <>Every transaction in “{renaming.name}” moves to the new name.</>}
        onCancel={() => send({ type: 'categories.renameCancel' })}
        onSubmit={(name) => send({ type: 'categories.renameSubmit', name })}
      />
      <MergeDialog
        opened={snapshot.matches({ ready: 'merging' })}
        merge={merge}
        names={list.categories.map((c) => c.name)}
        placeholder="Pick the category that keeps the transactions"
        confirmation={(name, into) => mergeConfirmation(name, into, source?.transaction_count ?? 0, source?.is_default)}
        onPick={(into) => send({ type: 'categories.mergePick', into })}
        onCancel={() => send({ type: 'categories.mergeCancel' })}
        onConfirm={() => send({ type: 'categories.mergeConfirm' })}
      />
    </>
  );
}

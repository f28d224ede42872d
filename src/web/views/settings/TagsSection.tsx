import { Alert, Anchor, Button, Group, Modal, Paper, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { tagManagerMachine, type TagOperation } from '../../../../machines/tagManager';
import { RULE_LIMITS, tagListPath, tagTexts, type Tag } from '../../../contract/autoRules';
import { TRANSACTION_LIMITS } from '../../../contract/transactions';
import { unlessAborted } from '../../api/abort';
import { autoRulesApi } from '../../api/autoRules';
import type { AppActors } from '../../app/actors';
import { toastVia, usePageMachine } from '../../hooks/pageActor';

/** The colours a tag may take (the API's list), named so a screen reader and the picker can say which. */
const COLOUR_NAMES = ['Red', 'Amber', 'Olive', 'Leaf', 'Green', 'Jade', 'Teal', 'Blue', 'Indigo', 'Violet', 'Magenta', 'Pink'] as const;
const NO_COLOUR = 'none';
const colourOptions = [{ value: NO_COLOUR, label: 'No colour' }, ...RULE_LIMITS.tagColors.map((value, i) => ({ value, label: COLOUR_NAMES[i] ?? value }))];
const swatch = (color: string | null) => (
  <span aria-hidden style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 6, flexShrink: 0, background: color ?? 'transparent', border: color ? 'none' : '1px dashed var(--mantine-color-dimmed)' }} />
);

const managerWith = ({ api, ui }: AppActors) => {
  const tags = autoRulesApi(api.call);
  const list = async (signal?: AbortSignal) => (await tags.tags(signal)).tags;
  const run = async (op: TagOperation): Promise<string> => {
    switch (op.kind) {
      case 'create':
        return tagTexts.added((await tags.createTag(op.name)).name);
      case 'update': {
        const saved = await tags.updateTag(op.name, op.patch);
        return op.patch.name !== undefined ? tagTexts.renamed(saved.name) : tagTexts.recoloured(saved.name);
      }
      case 'merge':
        return tagTexts.merged((await tags.mergeTag(op.name, op.into)).name);
      case 'remove':
        await tags.removeTag(op.name);
        return tagTexts.deleted(op.name);
    }
  };
  return tagManagerMachine.provide({
    actors: {
      load: fromPromise(({ signal }) => unlessAborted(signal, list(signal))),
      apply: fromPromise(async ({ input }) => {
        const message = await run(input.operation);
        return { message, tags: await list() };
      }),
    },
    actions: { notify: toastVia(ui) },
  });
};

type Send = ActorRefFrom<typeof tagManagerMachine>['send'];
type Snapshot = SnapshotFrom<typeof tagManagerMachine>;

/**
 * Settings › Tags: the tag manager (machines/tagManager.ts). A tag's name opens the transactions that
 * carry it. Self-contained, so SettingsPage mounts it with one line.
 */
export function TagsSection() {
  const actorRef = usePageMachine(managerWith);
  const snapshot = useSelector(actorRef, (s) => s);
  const send = actorRef.send;
  const tags = snapshot.context.tags;
  const busy = snapshot.hasTag('busy');

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="tags-heading" id="tags">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="tags-heading">
          Tags
        </Title>
        <Text size="sm" c="dimmed">
          Tags cut across categories (a trip, a project). Renaming or merging changes every transaction that carries the tag; open a tag to see its transactions.
        </Text>
        {snapshot.matches('loading') && <Skeleton height={80} />}
        {snapshot.matches('failed') && (
          <Alert color="red" variant="light">
            {snapshot.context.error?.message}{' '}
            <Anchor component="button" onClick={() => send({ type: 'tags.reload' })}>
              Retry
            </Anchor>
          </Alert>
        )}
        {snapshot.context.opError && (
          <Alert color="red" variant="light" role="alert">
            {snapshot.context.opError.message}
          </Alert>
        )}
        {tags && (
          <>
            <AddTag busy={busy} send={send} />
            {tags.length === 0 ? (
              <Text size="sm" c="dimmed">
                No tags yet: add one here, or tag transactions from the list.
              </Text>
            ) : (
              <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Your tags">
                {tags.map((t) => (
                  <TagRow key={t.name} tag={t} busy={busy} canMerge={tags.length > 1} send={send} />
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
      {tags && <RenameDialog snapshot={snapshot} send={send} />}
      {tags && <MergeDialog tags={tags} snapshot={snapshot} send={send} />}
      {tags && <DeleteDialog tags={tags} snapshot={snapshot} send={send} />}
    </Paper>
  );
}

function AddTag({ busy, send }: { busy: boolean; send: Send }) {
  const [name, setName] = useState('');
  return (
    <form
      aria-label="Add a tag"
      onSubmit={(e) => {
        e.preventDefault();
        if (!name.trim()) return;
        send({ type: 'tags.apply', operation: { kind: 'create', name: name.trim().toLowerCase() } });
        setName('');
      }}
    >
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput label="New tag" placeholder="holiday" value={name} maxLength={TRANSACTION_LIMITS.tag} onChange={(e) => setName(e.currentTarget.value)} w={180} />
        <Button type="submit" variant="light" disabled={busy || !name.trim()}>
          Add tag
        </Button>
      </Group>
    </form>
  );
}

function TagRow({ tag: t, busy, canMerge, send }: { tag: Tag; busy: boolean; canMerge: boolean; send: Send }) {
  return (
    <Group component="li" justify="space-between" py={6} gap="xs" wrap="wrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 160px' }}>
        {swatch(t.color)}
        <div style={{ minWidth: 0 }}>
          <Anchor component={Link} to={tagListPath(t.name)} fw={500} style={{ display: 'block', overflowWrap: 'anywhere' }} aria-label={`${t.name}: show its transactions`}>
            {t.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {tagTexts.rows(t.transaction_count)}
          </Text>
        </div>
      </Group>
      <Group gap={6} wrap="wrap">
        <Select
          aria-label={`Colour of ${t.name}`}
          size="xs"
          w={130}
          data={colourOptions}
          value={t.color ?? NO_COLOUR}
          allowDeselect={false}
          disabled={busy}
          leftSection={swatch(t.color)}
          renderOption={({ option }) => (
            <Group gap={6} wrap="nowrap">
              {swatch(option.value === NO_COLOUR ? null : option.value)}
              {option.label}
            </Group>
          )}
          onChange={(value) => {
            if (!value || value === (t.color ?? NO_COLOUR)) return;
            const color = RULE_LIMITS.tagColors.find((c) => c === value) ?? null;
            send({ type: 'tags.apply', operation: { kind: 'update', name: t.name, patch: { color } } });
          }}
        />
        <Button size="compact-xs" variant="subtle" aria-label={`Rename ${t.name}`} disabled={busy} onClick={() => send({ type: 'tags.renameStart', name: t.name })}>
          Rename
        </Button>
        {canMerge && (
          <Button size="compact-xs" variant="subtle" aria-label={`Merge ${t.name} into another tag`} disabled={busy} onClick={() => send({ type: 'tags.mergeStart', name: t.name })}>
            Merge…
          </Button>
        )}
        <Button size="compact-xs" variant="subtle" color="red" aria-label={`Delete ${t.name}`} disabled={busy} onClick={() => send({ type: 'tags.deleteStart', name: t.name })}>
          Delete
        </Button>
      </Group>
    </Group>
  );
}

function RenameDialog({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const renaming = snapshot.context.renaming;
  const open = snapshot.matches({ ready: 'renaming' }) && renaming !== null;
  return (
    <Modal opened={open} onClose={() => send({ type: 'tags.renameCancel' })} title={renaming ? `Rename tag “${renaming}”` : ''} centered>
      {renaming && <RenameForm key={renaming} current={renaming} send={send} />}
    </Modal>
  );
}

function RenameForm({ current, send }: { current: string; send: Send }) {
  const [name, setName] = useState(current);
  const next = name.trim().toLowerCase();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (next && next !== current) send({ type: 'tags.renameSubmit', name: next });
      }}
    >
      <Stack gap="sm">
        <TextInput label="New name" value={name} maxLength={TRANSACTION_LIMITS.tag} onChange={(e) => setName(e.currentTarget.value)} data-autofocus withAsterisk />
        <Text size="sm" c="dimmed">
          Every transaction tagged “{current}” carries the new name.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => send({ type: 'tags.renameCancel' })}>
            Cancel
          </Button>
          <Button type="submit" disabled={!next || next === current}>
            Rename
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MergeDialog({ tags, snapshot, send }: { tags: Tag[]; snapshot: Snapshot; send: Send }) {
  const merge = snapshot.context.merge;
  const open = snapshot.matches({ ready: 'merging' }) && merge !== null;
  const source = merge ? tags.find((t) => t.name === merge.name) : undefined;
  const targets = tags.filter((t) => t.name !== merge?.name).map((t) => ({ value: t.name, label: t.name }));
  return (
    <Modal opened={open} onClose={() => send({ type: 'tags.mergeCancel' })} title={merge ? `Merge “${merge.name}”` : ''} centered>
      {merge && (
        <Stack gap="sm">
          <Select
            label="Merge into"
            placeholder="Pick the tag that stays"
            data={targets}
            searchable
            value={merge.into}
            onChange={(value) => value && send({ type: 'tags.mergePick', into: value })}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          {merge.into && <Text role="status">{tagTexts.mergeConfirmation(merge.name, merge.into, source?.transaction_count ?? 0)}</Text>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => send({ type: 'tags.mergeCancel' })}>
              Cancel
            </Button>
            <Button color="red" disabled={!merge.into} onClick={() => send({ type: 'tags.mergeConfirm' })}>
              Merge
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function DeleteDialog({ tags, snapshot, send }: { tags: Tag[]; snapshot: Snapshot; send: Send }) {
  const name = snapshot.context.deleting;
  const open = snapshot.matches({ ready: 'confirmingDelete' }) && name !== null;
  const count = tags.find((t) => t.name === name)?.transaction_count ?? 0;
  return (
    <Modal opened={open} onClose={() => send({ type: 'tags.deleteCancel' })} title={name ? `Delete tag “${name}”` : ''} centered>
      {name && (
        <Stack gap="sm">
          <Text>{tagTexts.deleteConfirmation(name, count)}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => send({ type: 'tags.deleteCancel' })} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={() => send({ type: 'tags.deleteConfirm' })}>
              Delete
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

import { Anchor, Group, Select, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { tagManagerMachine, type TagOperation } from '../../../../machines/tagManager';
import { RULE_LIMITS, tagListPath, tagTexts, type Tag } from '../../../contract/autoRules';
import { TRANSACTION_LIMITS } from '../../../contract/transactions';
import { unlessAborted } from '../../api/abort';
import { autoRulesApi } from '../../api/autoRules';
import type { AppActors } from '../../app/actors';
import { toastVia, usePageMachine } from '../../hooks/pageActor';
import { AddNameForm, DeleteDialog, ManagedListItems, ManagedListRow, ManagedListSection, MergeDialog, RenameDialog, RowButton } from '../ManagedList';

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
    <ManagedListSection
      title="Tags"
      headingId="tags-heading"
      id="tags"
      description="Tags cut across categories (a trip, a project). Renaming or merging changes every transaction that carries the tag; open a tag to see its transactions."
      skeletonHeight={80}
      loading={snapshot.matches('loading')}
      failed={snapshot.matches('failed')}
      error={snapshot.context.error?.message}
      opError={snapshot.context.opError?.message}
      onRetry={() => send({ type: 'tags.reload' })}
      dialogs={tags && <Dialogs tags={tags} snapshot={snapshot} send={send} />}
    >
      {tags && (
        <>
          <AddNameForm
            formLabel="Add a tag"
            fieldLabel="New tag"
            placeholder="holiday"
            buttonLabel="Add tag"
            maxLength={TRANSACTION_LIMITS.tag}
            width={180}
            busy={busy}
            normalize={lower}
            onAdd={(name) => send({ type: 'tags.apply', operation: { kind: 'create', name } })}
          />
          {tags.length === 0 ? (
            <Text size="sm" c="dimmed">
              No tags yet: add one here, or tag transactions from the list.
            </Text>
          ) : (
            <ManagedListItems label="Your tags">
              {tags.map((t) => (
                <TagRow key={t.name} tag={t} busy={busy} canMerge={tags.length > 1} send={send} />
              ))}
            </ManagedListItems>
          )}
        </>
      )}
    </ManagedListSection>
  );
}

const lower = (name: string) => name.toLowerCase();

function TagRow({ tag: t, busy, canMerge, send }: { tag: Tag; busy: boolean; canMerge: boolean; send: Send }) {
  return (
    <ManagedListRow
      swatch={swatch(t.color)}
      name={
        <Anchor component={Link} to={tagListPath(t.name)} fw={500} style={{ display: 'block', overflowWrap: 'anywhere' }} aria-label={`${t.name}: show its transactions`}>
          {t.name}
        </Anchor>
      }
      detail={tagTexts.rows(t.transaction_count)}
      menu={
        <>
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
          <RowButton label={`Rename ${t.name}`} disabled={busy} onClick={() => send({ type: 'tags.renameStart', name: t.name })}>
            Rename
          </RowButton>
          {canMerge && (
            <RowButton label={`Merge ${t.name} into another tag`} disabled={busy} onClick={() => send({ type: 'tags.mergeStart', name: t.name })}>
              Merge…
            </RowButton>
          )}
          <RowButton label={`Delete ${t.name}`} danger disabled={busy} onClick={() => send({ type: 'tags.deleteStart', name: t.name })}>
            Delete
          </RowButton>
        </>
      }
    />
  );
}

/** Rename, merge and delete, as the manager's context says. */
function Dialogs({ tags, snapshot, send }: { tags: Tag[]; snapshot: Snapshot; send: Send }) {
  const { renaming, merge, deleting } = snapshot.context;
  const countOf = (name: string) => tags.find((t) => t.name === name)?.transaction_count ?? 0;
  return (
    <>
      <RenameDialog
        opened={snapshot.matches({ ready: 'renaming' })}
        current={renaming}
        title={`Rename tag “${renaming}”`}
        maxLength={TRANSACTION_LIMITS.tag}
        hint={<>Every transaction tagged “{renaming}” carries the new name.</>}
        normalize={lower}
        onCancel={() => send({ type: 'tags.renameCancel' })}
        onSubmit={(name) => send({ type: 'tags.renameSubmit', name })}
      />
      <MergeDialog
        opened={snapshot.matches({ ready: 'merging' })}
        merge={merge}
        names={tags.map((t) => t.name)}
        placeholder="Pick the tag that stays"
        confirmation={(name, into) => tagTexts.mergeConfirmation(name, into, countOf(name))}
        onPick={(into) => send({ type: 'tags.mergePick', into })}
        onCancel={() => send({ type: 'tags.mergeCancel' })}
        onConfirm={() => send({ type: 'tags.mergeConfirm' })}
      />
      <DeleteDialog
        opened={snapshot.matches({ ready: 'confirmingDelete' })}
        name={deleting}
        title={`Delete tag “${deleting}”`}
        message={deleting !== null && tagTexts.deleteConfirmation(deleting, countOf(deleting))}
        onCancel={() => send({ type: 'tags.deleteCancel' })}
        onConfirm={() => send({ type: 'tags.deleteConfirm' })}
      />
    </>
  );
}

import { Alert, Anchor, Button, Group, Modal, Paper, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';

/**
 * The parts a Settings list of named things shares (categories, tags): the section with its loading,
 * failed and operation-error states, a row (swatch, name, a dimmed line, its menu), and the rename,
 * merge and delete dialogs. Each list keeps its own machine; these only render what it says and hand
 * the user's choice back through callbacks.
 */

/** The section: heading, description, the machine's load and operation states, then the list itself. */
export function ManagedListSection(props: {
  title: string;
  headingId: string;
  id?: string;
  description: ReactNode;
  skeletonHeight: number;
  loading: boolean;
  failed: boolean;
  error: string | undefined;
  opError: string | undefined;
  onRetry: () => void;
  children: ReactNode;
  dialogs: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={props.headingId} id={props.id}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={props.headingId}>
          {props.title}
        </Title>
        <Text size="sm" c="dimmed">
          {props.description}
        </Text>
        {props.loading && <Skeleton height={props.skeletonHeight} />}
        {props.failed && (
          <Alert color="red" variant="light">
            {props.error}{' '}
            <Anchor component="button" onClick={props.onRetry}>
              Retry
            </Anchor>
          </Alert>
        )}
        {props.opError && (
          <Alert color="red" variant="light" role="alert">
            {props.opError}
          </Alert>
        )}
        {props.children}
      </Stack>
      {props.dialogs}
    </Paper>
  );
}

/** The list's `<ul>`. */
export function ManagedListItems({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={label}>
      {children}
    </Stack>
  );
}

/** One row: the swatch, the name (text or link), a dimmed line, an optional badge, then the row's menu. */
export function ManagedListRow({ swatch, name, detail, badge, menu }: { swatch: ReactNode; name: ReactNode; detail: ReactNode; badge?: ReactNode; menu: ReactNode }) {
  return (
    <Group component="li" justify="space-between" py={6} gap="xs" wrap="wrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 160px' }}>
        {swatch}
        <div style={{ minWidth: 0 }}>
          {name}
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        </div>
        {badge}
      </Group>
      <Group gap={6} wrap="wrap">
        {menu}
      </Group>
    </Group>
  );
}

/** A small text button of a row's menu. */
export function RowButton({ label, disabled, danger, onClick, children }: { label: string; disabled: boolean; danger?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button size="compact-xs" variant="subtle" color={danger ? 'red' : undefined} aria-label={label} disabled={disabled} onClick={onClick}>
      {children}
    </Button>
  );
}

/** The add form: one name field and its button (more fields go in `extra`, before the button). */
export function AddNameForm(props: {
  formLabel: string;
  fieldLabel: string;
  placeholder: string;
  buttonLabel: string;
  maxLength: number;
  width: number;
  busy: boolean;
  normalize?: (name: string) => string;
  extra?: ReactNode;
  onAdd: (name: string) => void;
}) {
  const [name, setName] = useState('');
  const normalize = props.normalize ?? ((n: string) => n);
  return (
    <form
      aria-label={props.formLabel}
      onSubmit={(e) => {
        e.preventDefault();
        if (!name.trim()) return;
        props.onAdd(normalize(name.trim()));
        setName('');
      }}
    >
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput label={props.fieldLabel} placeholder={props.placeholder} value={name} maxLength={props.maxLength} onChange={(e) => setName(e.currentTarget.value)} w={props.width} />
        {props.extra}
        <Button type="submit" variant="light" disabled={props.busy || !name.trim()}>
          {props.buttonLabel}
        </Button>
      </Group>
    </form>
  );
}

/** Rename: a modal whose form starts from the current name; `hint` says what the rename moves. */
export function RenameDialog(props: {
  opened: boolean;
  current: string | null;
  title: string;
  maxLength: number;
  hint?: ReactNode;
  normalize?: (name: string) => string;
  onCancel: () => void;
  onSubmit: (name: string) => void;
}) {
  const { current } = props;
  return (
    <Modal opened={props.opened && current !== null} onClose={props.onCancel} title={current !== null ? props.title : ''} centered>
      {current !== null && <RenameForm key={current} current={current} maxLength={props.maxLength} hint={props.hint} normalize={props.normalize} onCancel={props.onCancel} onSubmit={props.onSubmit} />}
    </Modal>
  );
}

function RenameForm({ current, maxLength, hint, normalize = (n) => n, onCancel, onSubmit }: { current: string; maxLength: number; hint?: ReactNode; normalize?: (name: string) => string; onCancel: () => void; onSubmit: (name: string) => void }) {
  const [name, setName] = useState(current);
  const next = normalize(name.trim());
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (next && next !== current) onSubmit(next);
      }}
    >
      <Stack gap="sm">
        <TextInput label="New name" value={name} maxLength={maxLength} onChange={(e) => setName(e.currentTarget.value)} data-autofocus withAsterisk />
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
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

/** Merge: pick the one that stays among the others, read what will happen, confirm. */
export function MergeDialog(props: {
  opened: boolean;
  merge: { name: string; into: string | null } | null;
  names: string[];
  placeholder: string;
  confirmation: (name: string, into: string) => ReactNode;
  onPick: (into: string) => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { merge } = props;
  const targets = props.names.filter((n) => n !== merge?.name).map((n) => ({ value: n, label: n }));
  return (
    <Modal opened={props.opened && merge !== null} onClose={props.onCancel} title={merge ? `Merge “${merge.name}”` : ''} centered>
      {merge && (
        <Stack gap="sm">
          <Select
            label="Merge into"
            placeholder={props.placeholder}
            data={targets}
            searchable
            value={merge.into}
            onChange={(value) => value && props.onPick(value)}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          {merge.into && <Text role="status">{props.confirmation(merge.name, merge.into)}</Text>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
            <Button color="red" disabled={!merge.into} onClick={props.onConfirm}>
              Merge
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Delete with confirmation: what goes, Cancel first (focused), then Delete. */
export function DeleteDialog({ opened, name, title, message, onCancel, onConfirm }: { opened: boolean; name: string | null; title: string; message: ReactNode; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Modal opened={opened && name !== null} onClose={onCancel} title={name !== null ? title : ''} centered>
      {name !== null && (
        <Stack gap="sm">
          <Text>{message}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={onConfirm}>
              Delete
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { TARGET_KINDS, TARGET_LABELS, type TargetKind } from '../../../contract/budgets';
import { useBudget, useBudgetActor } from './budgetActor';

/** The month budget's dialogs: moving money between categories, and a category's target. */

export function MoveModal() {
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

export function TargetModal() {
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

import { Alert, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { GOAL_NAME_MAX, GOAL_NOTES_MAX } from '../../../contract/goals';
import type { GoalDraft } from '../../../../machines/goals';
import type { Goal } from '../../../contract/goals';
import { localDay } from '../../format/date';
import { categories, priorities } from './goalDisplay';
import { useGoalList, useGoals, useGoalsActor } from './goalsActor';

const categoryOptions = Object.entries(categories).map(([value, { label }]) => ({ value, label }));
const priorityOptions = Object.entries(priorities).map(([value, label]) => ({ value, label }));

/** An amount field's text as the number the API takes, or nothing when blank (the server says what is wrong with it). */
const amountOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim().replace(/[\s,]/g, '')));

/** The add/edit goal modal, driven by the goals machine's form region. */
export function GoalFormModal() {
  const actor = useGoalsActor();
  const open = useGoals((s) => !s.matches({ form: 'closed' }));
  const editingGoalId = useGoals((s) => s.context.editingGoalId);
  const editing = useGoalList((s) => s.context.items.find((g) => g.goal_id === editingGoalId) ?? null);
  const saving = useGoals((s) => s.matches({ form: 'saving' }));
  const error = useGoals((s) => s.context.formError?.message ?? null);
  const close = () => actor.send({ type: 'form.close' });

  return (
    // No exit animation: the title would flip to "New savings goal" while the closed form fades out.
    <Modal opened={open} onClose={saving ? () => undefined : close} title={editing ? 'Edit goal' : 'New savings goal'} centered size="lg" transitionProps={{ exitDuration: 0 }}>
      {/* Keyed so the uncontrolled fields start from the goal being edited each time. */}
      {open && <GoalForm key={editing?.goal_id ?? 'new'} goal={editing} saving={saving} error={error} onCancel={close} />}
    </Modal>
  );
}

function GoalForm({ goal, saving, error, onCancel }: { goal: Goal | null; saving: boolean; error: string | null; onCancel: () => void }) {
  const actor = useGoalsActor();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const values: GoalDraft = {
      name: text('name'),
      target_amount: amountOf(text('target_amount')),
      target_date: text('target_date'),
      category: text('category'),
      priority: text('priority') as GoalDraft['priority'],
      notes: text('notes').trim() || null,
    };
    const initial = amountOf(text('initial_amount'));
    if (!goal && initial !== undefined) values.initial_amount = initial;
    actor.send({ type: 'form.submit', values });
  };

  return (
    <form onSubmit={submit} aria-label={goal ? 'Edit goal' : 'New savings goal'} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert" title={goal ? 'The goal was not saved' : 'The goal was not created'}>
            {error}
          </Alert>
        )}
        <TextInput name="name" label="Goal name" placeholder="Emergency fund" defaultValue={goal?.name ?? ''} maxLength={GOAL_NAME_MAX} required data-autofocus />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput name="target_amount" label="Target amount" placeholder="5000.00" inputMode="decimal" defaultValue={goal ? goal.target_amount.toFixed(2) : ''} required />
          <TextInput name="target_date" label="Target date" type="date" min={goal ? undefined : localDay()} defaultValue={goal?.target_date ?? ''} required />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NativeSelect name="category" label="Category" data={categoryOptions} defaultValue={goal?.category ?? 'other'} />
          <NativeSelect name="priority" label="Priority" data={priorityOptions} defaultValue={goal?.priority ?? 'medium'} />
        </SimpleGrid>
        {!goal && (
          <TextInput
            name="initial_amount"
            label="Already saved (optional)"
            description="Money you have already put aside; it becomes the first entry of the fund history."
            placeholder="0.00"
            inputMode="decimal"
          />
        )}
        <Textarea name="notes" label="Notes (optional)" defaultValue={goal?.notes ?? ''} maxLength={GOAL_NOTES_MAX} autosize minRows={2} maxRows={5} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {goal ? 'Save changes' : 'Create goal'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

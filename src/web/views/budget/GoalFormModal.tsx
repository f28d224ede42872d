import { Alert, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CallFailure } from '../../../../machines/types';
import { createGoalRequest, updateGoalRequest, GOAL_NAME_MAX, GOAL_NOTES_MAX, type Goal } from '../../../contract/goals';
import { readAmount } from '../../format/money';
import { contractRules, focusFirstInvalid, useServerFieldError } from '../../forms/contractRules';
import type { GoalDraft } from '../../../../machines/goals';
import { localDay } from '../../format/date';
import { categories, priorities } from './goalDisplay';
import { useGoalList, useGoals, useGoalsActor } from './goalsActor';
import { useDialog } from '../../hooks/useDialog';

const categoryOptions = Object.entries(categories).map(([value, { label }]) => ({ value, label }));
const priorityOptions = Object.entries(priorities).map(([value, label]) => ({ value, label }));

/** The add/edit goal modal, driven by the goals machine's form region. */
export function GoalFormModal() {
  const actor = useGoalsActor();
  const open = useGoals((s) => !s.matches({ form: 'closed' }));
  const editingGoalId = useGoals((s) => s.context.editingGoalId);
  const editing = useGoalList((s) => s.context.items.find((g) => g.goal_id === editingGoalId) ?? null);
  const saving = useGoals((s) => s.matches({ form: 'saving' }));
  const failure = useGoals((s) => s.context.formError);
  const close = () => actor.send({ type: 'form.close' });
  useDialog('goalForm', open);

  return (
    // No exit animation: the title would flip to "New savings goal" while the closed form fades out.
    <Modal opened={open} onClose={saving ? () => undefined : close} title={editing ? 'Edit goal' : 'New savings goal'} centered size="lg" transitionProps={{ exitDuration: 0 }}>
      {/* Keyed so the uncontrolled fields start from the goal being edited each time. */}
      {open && <GoalForm key={editing?.goal_id ?? 'new'} goal={editing} saving={saving} failure={failure} onCancel={close} />}
    </Modal>
  );
}

interface GoalValues {
  name: string;
  target_amount: string;
  target_date: string;
  category: string;
  priority: string;
  initial_amount: string;
  notes: string;
}

/** What the form sends: amounts as the numbers typed (left out when blank, so the rules say they are required). */
const toDraft = (v: GoalValues, editing: boolean): GoalDraft => {
  const draft: GoalDraft = {
    name: v.name,
    target_amount: readAmount(v.target_amount),
    target_date: v.target_date,
    category: v.category,
    priority: v.priority as GoalDraft['priority'],
    notes: v.notes.trim() || null,
  };
  const initial = readAmount(v.initial_amount);
  if (!editing && initial !== undefined) draft.initial_amount = initial;
  return draft;
};

const fields = ['name', 'target_amount', 'target_date', 'category', 'priority', 'initial_amount', 'notes'] as const;
const labels = { name: 'Goal name', initial_amount: 'Already saved' };
const createRules = contractRules<GoalValues>(createGoalRequest, { labels, toInput: (v) => toDraft(v, false) });
const updateRules = contractRules<GoalValues>(updateGoalRequest, { labels, toInput: (v) => toDraft(v, true) });

function GoalForm({ goal, saving, failure, onCancel }: { goal: Goal | null; saving: boolean; failure: CallFailure | null; onCancel: () => void }) {
  const actor = useGoalsActor();
  // The contract's goal rules, every field at once; the server's refusal lands next to the field it names.
  const form = useForm<GoalValues>({
    name: 'goal',
    mode: 'controlled',
    initialValues: {
      name: goal?.name ?? '',
      target_amount: goal ? goal.target_amount.toFixed(2) : '',
      target_date: goal?.target_date ?? '',
      category: goal?.category ?? 'other',
      priority: goal?.priority ?? 'medium',
      initial_amount: '',
      notes: goal?.notes ?? '',
    },
    validate: goal ? updateRules : createRules,
  });
  const alert = useServerFieldError(form, failure, fields, { labels });

  return (
    <form
      onSubmit={form.onSubmit(
        (values) => actor.send({ type: 'form.submit', values: toDraft(values, goal !== null) }),
        (errors) => focusFirstInvalid(form, errors),
      )}
      aria-label={goal ? 'Edit goal' : 'New savings goal'}
      noValidate
    >
      <Stack gap="md">
        {alert && (
          <Alert color="red" variant="light" role="alert" title={goal ? 'The goal was not saved' : 'The goal was not created'}>
            {alert}
          </Alert>
        )}
        <TextInput label="Goal name" placeholder="Emergency fund" maxLength={GOAL_NAME_MAX} withAsterisk data-autofocus {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Target amount" placeholder="5000.00" inputMode="decimal" autoComplete="off" withAsterisk {...form.getInputProps('target_amount')} />
          <TextInput label="Target date" type="date" min={goal ? undefined : localDay()} withAsterisk {...form.getInputProps('target_date')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NativeSelect label="Category" data={categoryOptions} {...form.getInputProps('category')} />
          <NativeSelect label="Priority" data={priorityOptions} {...form.getInputProps('priority')} />
        </SimpleGrid>
        {!goal && (
          <TextInput
            label="Already saved (optional)"
            description="Money you have already put aside; it becomes the first entry of the fund history."
            placeholder="0.00"
            inputMode="decimal"
            autoComplete="off"
            {...form.getInputProps('initial_amount')}
          />
        )}
        <Textarea label="Notes (optional)" maxLength={GOAL_NOTES_MAX} autosize minRows={2} maxRows={5} {...form.getInputProps('notes')} />
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

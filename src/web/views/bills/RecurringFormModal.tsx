import { Alert, Button, Checkbox, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { recurringFormMachine, RecurringField } from '../../../../machines/recurringForm';
import { isRetryable } from '../../../../machines/types';
import { RECURRING_KIND_LABELS, RECURRING_KINDS, SCHEDULE_LABELS, WEEKDAYS, presetOf, WEEKDAY_LABELS, WEEKEND_SHIFTS, WEEKEND_SHIFT_LABELS } from '../../../contract/recurring';
import { useBillsOverview } from './billsActors';

type FormActor = ActorRefFrom<typeof recurringFormMachine>;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The recurring item form, while the page machine has one open (its `form` child). */
export function RecurringFormModal() {
  const form = useBillsOverview((s) => s.children.form as FormActor | undefined);
  const accounts = useBillsOverview((s) => s.context.overview?.accounts ?? []);
  const editing = useBillsOverview((s) => s.context.editing !== null);
  return (
    <Modal opened={!!form} onClose={() => form?.send({ type: 'form.cancel' })} title={editing ? 'Edit recurring item' : 'Add a recurring item'} size="lg">
      {form && <RecurringForm form={form} accounts={accounts} />}
    </Modal>
  );
}

function RecurringForm({ form, accounts }: { form: FormActor; accounts: { account_id: string; name: string }[] }) {
  const draft = useSelector(form, (s) => s.context.draft);
  const errors = useSelector(form, (s) => s.context.errors);
  const failure = useSelector(form, (s) => s.context.error);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const set = (field: RecurringField) => (value: string | boolean) => form.send({ type: 'field.change', field, value });
  const scheduleChoices = [
    ...Object.entries(SCHEDULE_LABELS).map(([value, label]) => ({ value, label })),
    // An item's own rule stays on offer after another choice, so choosing a preset can be taken back before saving.
    ...(draft.schedule === 'custom' || (draft.rrule && presetOf(draft.rrule) === null) ? [{ value: 'custom', label: `As set (${draft.rrule})` }] : []),
  ];
  return (
    <form
      noValidate
      aria-label="Recurring item"
      onSubmit={(e) => {
        e.preventDefault();
        form.send({ type: 'form.submit' });
      }}
    >
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert" title="Not saved">
            <Stack gap="xs">
              <Text size="sm">{failure.message}</Text>
              {isRetryable(failure) && (
                <Group>
                  <Button size="xs" variant="light" onClick={() => form.send({ type: 'form.retry' })}>
                    Retry
                  </Button>
                </Group>
              )}
            </Stack>
          </Alert>
        )}
        {errors.form && <Alert color="red">{errors.form}</Alert>}
        <TextInput label="Name" required value={draft.name} error={errors.name} onChange={(e) => set('name')(e.currentTarget.value)} />
        <TextInput label="Merchant pattern" description="Text the bank shows for it, to match its transactions" required value={draft.merchantPattern} error={errors.merchantPattern} onChange={(e) => set('merchantPattern')(e.currentTarget.value)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect label="Account" value={draft.accountId} error={errors.accountId} data={accounts.map((a) => ({ value: a.account_id, label: a.name }))} onChange={(e) => set('accountId')(e.currentTarget.value)} />
          <NativeSelect label="Kind" value={draft.kind} error={errors.kind} data={RECURRING_KINDS.map((k) => ({ value: k, label: RECURRING_KIND_LABELS[k] }))} onChange={(e) => set('kind')(e.currentTarget.value)} />
        </SimpleGrid>
        <TextInput label="Category" value={draft.category} error={errors.category} onChange={(e) => set('category')(e.currentTarget.value)} />
        <Checkbox label="The amount varies (a range)" checked={draft.variable} onChange={(e) => set('variable')(e.currentTarget.checked)} />
        {draft.variable ? (
          <SimpleGrid cols={2}>
            <TextInput label="Lowest amount" inputMode="decimal" value={draft.amountMin} error={errors.amountMin} onChange={(e) => set('amountMin')(e.currentTarget.value)} />
            <TextInput label="Highest amount" inputMode="decimal" value={draft.amountMax} error={errors.amountMax} onChange={(e) => set('amountMax')(e.currentTarget.value)} />
          </SimpleGrid>
        ) : (
          <TextInput label="Amount" inputMode="decimal" required value={draft.amount} error={errors.amount} onChange={(e) => set('amount')(e.currentTarget.value)} />
        )}
        <NativeSelect label="Schedule" value={draft.schedule} error={errors.schedule} data={scheduleChoices} onChange={(e) => set('schedule')(e.currentTarget.value)} />
        {draft.schedule === 'month_on_day' && <TextInput label="Day" description="A day the month lacks falls on its last day" inputMode="numeric" value={draft.day} error={errors.day} onChange={(e) => set('day')(e.currentTarget.value)} />}
        {draft.schedule === 'weeks' && (
          <SimpleGrid cols={2}>
            <TextInput label="Weeks" inputMode="numeric" value={draft.weeks} error={errors.weeks} onChange={(e) => set('weeks')(e.currentTarget.value)} />
            <NativeSelect label="Weekday" value={draft.weekday} data={WEEKDAYS.map((d) => ({ value: d, label: WEEKDAY_LABELS[d] }))} onChange={(e) => set('weekday')(e.currentTarget.value)} />
          </SimpleGrid>
        )}
        {draft.schedule === 'year_on' && (
          <SimpleGrid cols={2}>
            <NativeSelect label="Month" value={draft.month} error={errors.month} data={MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))} onChange={(e) => set('month')(e.currentTarget.value)} />
            <TextInput label="Day" inputMode="numeric" value={draft.day} error={errors.day} onChange={(e) => set('day')(e.currentTarget.value)} />
          </SimpleGrid>
        )}
        <NativeSelect label="On a weekend" value={draft.weekendShift} data={WEEKEND_SHIFTS.map((w) => ({ value: w, label: WEEKEND_SHIFT_LABELS[w] }))} onChange={(e) => set('weekendShift')(e.currentTarget.value)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Start date" type="date" value={draft.startDate} error={errors.startDate} onChange={(e) => set('startDate')(e.currentTarget.value)} />
          <TextInput label="End date" description="Empty: no end" type="date" value={draft.endDate} error={errors.endDate} onChange={(e) => set('endDate')(e.currentTarget.value)} />
        </SimpleGrid>
        <Checkbox label="Post the transaction on the due date" checked={draft.autoPost} onChange={(e) => set('autoPost')(e.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => form.send({ type: 'form.cancel' })}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS, notificationSettingsRequest, type NotificationKind, type NotificationSettings } from '../../../contract/recurring';
import { useAppActors } from '../../app/context';
import { useRequest } from '../../app/useRequest';
import { contractRules, focusFirstInvalid, useServerFieldError } from '../../forms/contractRules';
import { recurringApi } from '../../api/recurring';

interface ReminderValues {
  due_days: string;
  low_balance: string;
  email_kinds: NotificationKind[];
  quiet: boolean;
  quiet_start: string;
  quiet_end: string;
  time_zone: string;
  weekly_digest: boolean;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const toBody = (v: ReminderValues) => ({
  due_days: v.due_days.trim() === '' ? Number.NaN : Number(v.due_days),
  low_balance: v.low_balance.trim() === '' ? Number.NaN : Number(v.low_balance.trim()),
  email_kinds: v.email_kinds,
  quiet_start: v.quiet ? v.quiet_start : null,
  quiet_end: v.quiet ? v.quiet_end : null,
  time_zone: v.time_zone.trim(),
  weekly_digest: v.weekly_digest,
});

const valuesOf = (s: NotificationSettings): ReminderValues => ({
  due_days: String(s.due_days),
  low_balance: String(s.low_balance),
  email_kinds: s.email_kinds,
  quiet: s.quiet_start !== null,
  quiet_start: s.quiet_start ?? '22:00',
  quiet_end: s.quiet_end ?? '07:00',
  // Never set: the browser's zone is the first guess.
  time_zone: s.quiet_start === null && !s.weekly_digest && s.time_zone === 'UTC' ? browserZone() : s.time_zone,
  weekly_digest: s.weekly_digest,
});

const labels = { due_days: 'Days before a bill is due', low_balance: 'Low balance below', time_zone: 'Time zone', quiet_start: 'Quiet from', quiet_end: 'Quiet until' };

/** Bill reminders: how many days before, the low-balance threshold, which kinds are emailed, quiet hours and the weekly digest. */
export function RemindersSection() {
  const { api } = useAppActors();
  const bills = recurringApi(api.call);
  const form = useForm<ReminderValues>({
    name: 'reminders',
    mode: 'controlled',
    initialValues: { due_days: '3', low_balance: '0', email_kinds: [], quiet: false, quiet_start: '22:00', quiet_end: '07:00', time_zone: 'UTC', weekly_digest: false },
    validate: contractRules<ReminderValues>(notificationSettingsRequest, { labels, toInput: toBody }),
  });
  const load = useRequest<Record<string, never>>({
    submit: () => bills.reminderSettings(),
    defaultError: 'Failed to load your reminder settings',
    toastErrors: false,
    onSuccess: (settings) => {
      form.setValues(valuesOf(settings as NotificationSettings));
      form.resetDirty();
    },
  });
  const save = useRequest<ReturnType<typeof toBody>>({
    submit: (body) => bills.saveReminderSettings(body),
    defaultError: 'Failed to save your reminder settings',
    successToast: 'Reminder settings saved',
    toastErrors: false,
    onSuccess: () => form.resetDirty(),
  });
  useEffect(() => {
    load.submit({});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const failure = save.failure && !save.failure.handledGlobally ? save.failure : null;
  const alert = useServerFieldError(form, failure, ['due_days', 'low_balance', 'time_zone', 'quiet_start', 'quiet_end'], { labels });
  const loaded = load.succeeded;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="reminders-heading">
      <form aria-label="Reminders" noValidate onSubmit={form.onSubmit((v) => save.submit(toBody(v)), (errors) => focusFirstInvalid(form, errors))}>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="reminders-heading">
            Reminders
          </Title>
          {load.error && !loaded && (
            <Alert color="red" variant="light" role="alert">
              <Group justify="space-between">
                <Text size="sm">{load.error}</Text>
                <Button size="xs" variant="light" onClick={() => load.submit({})}>
                  Retry
                </Button>
              </Group>
            </Alert>
          )}
          <TextInput label="Days before a bill is due" description="0 to 30; 0 reminds on the day" inputMode="numeric" disabled={!loaded} {...form.getInputProps('due_days')} />
          <TextInput
            label="Low balance below"
            description="A notice when an account's forecast balance goes under this amount (0: below zero)"
            inputMode="decimal"
            disabled={!loaded}
            {...form.getInputProps('low_balance')}
          />
          <Checkbox.Group label="Email me when" {...form.getInputProps('email_kinds')}>
            <Stack gap={4} mt={4}>
              {NOTIFICATION_KINDS.map((k) => (
                <Checkbox key={k} value={k} label={NOTIFICATION_KIND_LABELS[k]} disabled={!loaded} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Switch label="Weekly digest: on Sunday, an email of what is due the next week" disabled={!loaded} {...form.getInputProps('weekly_digest', { type: 'checkbox' })} />
          <Switch label="Quiet hours: nothing is shown or emailed; it waits until they end" disabled={!loaded} {...form.getInputProps('quiet', { type: 'checkbox' })} />
          {form.values.quiet && (
            <SimpleGrid cols={2}>
              <TextInput label="Quiet from" type="time" {...form.getInputProps('quiet_start')} />
              <TextInput label="Quiet until" type="time" {...form.getInputProps('quiet_end')} />
            </SimpleGrid>
          )}
          <TextInput label="Time zone" description="For quiet hours and the digest, e.g. Europe/Paris" disabled={!loaded} {...form.getInputProps('time_zone')} />
          {alert && (
            <Alert color="red" variant="light" role="alert">
              {alert}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.busy} disabled={!loaded}>
              Save reminders
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

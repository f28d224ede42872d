import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { CalendarFeedStatus } from '../../../contract/recurring';
import { useAppActors } from '../../app/context';
import { useRequest } from '../../app/useRequest';
import { recurringApi } from '../../api/recurring';

/** The secret iCalendar URL of upcoming bills: made (shown once), replaced or revoked. */
export function CalendarFeedSection() {
  const { api } = useAppActors();
  const bills = recurringApi(api.call);
  // The newest answer (read, made or revoked) is what the section shows.
  const [feed, setFeed] = useState<CalendarFeedStatus | null>(null);
  const show = (result: unknown) => setFeed(result as CalendarFeedStatus);
  const read = useRequest<Record<string, never>>({ submit: () => bills.calendarFeed(), defaultError: 'Failed to read your calendar feed', toastErrors: false, onSuccess: show });
  const make = useRequest<Record<string, never>>({ submit: () => bills.newCalendarFeed(), defaultError: 'Failed to make a calendar feed', successToast: 'Calendar feed ready: copy its URL now', onSuccess: show });
  const revoke = useRequest<Record<string, never>>({ submit: () => bills.revokeCalendarFeed(), defaultError: 'Failed to revoke the calendar feed', successToast: 'Calendar feed revoked', onSuccess: show });
  useEffect(() => {
    read.submit({});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const active = feed?.active ?? false;
  const url = feed?.url;
  const needsPlan = read.failure?.status === 403;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="calendar-feed-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="calendar-feed-heading">
          Calendar feed
        </Title>
        <Text size="sm" c="dimmed">
          Subscribe to your upcoming bills in a calendar app. Anyone with the URL can read them: keep it private, and make a new one if it leaks.
        </Text>
        {needsPlan && <Text size="sm">The calendar feed comes with a plan.</Text>}
        {read.error && !read.succeeded && !needsPlan && (
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between">
              <Text size="sm">{read.error}</Text>
              <Button size="xs" variant="light" onClick={() => read.submit({})}>
                Retry
              </Button>
            </Group>
          </Alert>
        )}
        {url && <TextInput label="Feed URL (shown once)" value={url} readOnly onFocus={(e) => e.currentTarget.select()} />}
        {!url && active && <Text size="sm">A feed URL is active.</Text>}
        <Group>
          <Button size="sm" loading={make.busy} disabled={!read.succeeded} onClick={() => make.submit({})}>
            {active ? 'Make a new URL' : 'Make a feed URL'}
          </Button>
          {active && (
            <Button size="sm" variant="default" loading={revoke.busy} onClick={() => revoke.submit({})}>
              Revoke
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

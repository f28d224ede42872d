import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useNotificationCentreMachine } from './billsActors';

/** The bell in the header: the unread count, and the notification centre under it. */
export function NotificationBell() {
  const actor = useNotificationCentreMachine();
  const unread = useSelector(actor, (s) => s.context.unread);
  const notifications = useSelector(actor, (s) => s.context.notifications);
  const failure = useSelector(actor, (s) => (s.context.notifications.length === 0 ? (s.context.failure?.message ?? null) : null));
  const label = unread > 0 ? `Notifications: ${unread} unread` : 'Notifications';
  return (
    <Popover position="bottom-end" width={340} withinPortal onOpen={() => actor.send({ type: 'notifications.refresh' })}>
      <Popover.Target>
        <ActionIcon variant="default" size="lg" aria-label={label}>
          <Indicator label={unread} size={16} disabled={unread === 0} offset={-4}>
            <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
              <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0" />
            </svg>
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label="Notification centre">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>Notifications</Text>
          <Button size="compact-xs" variant="subtle" disabled={unread === 0} onClick={() => actor.send({ type: 'notifications.readAll' })}>
            Mark all read
          </Button>
        </Group>
        <ScrollArea.Autosize mah={360}>
          <Stack gap="xs">
            {failure && <Text c="red" size="sm">{failure}</Text>}
            {!failure && notifications.length === 0 && (
              <Text c="dimmed" size="sm">
                Nothing new. Reminders for your bills appear here.
              </Text>
            )}
            {notifications.map((n) => (
              <Group key={n.notification_id} justify="space-between" wrap="nowrap" align="flex-start" data-testid="notification">
                <UnstyledButton onClick={() => actor.send({ type: 'notification.open', id: n.notification_id })} style={{ flex: 1 }}>
                  <Text size="sm" fw={n.read ? 400 : 700}>
                    {n.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {n.body}
                  </Text>
                </UnstyledButton>
                <Button size="compact-xs" variant="subtle" color="gray" aria-label={`Dismiss: ${n.title}`} onClick={() => actor.send({ type: 'notification.dismiss', id: n.notification_id })}>
                  Dismiss
                </Button>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}

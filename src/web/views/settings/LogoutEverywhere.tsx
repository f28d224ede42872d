import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useAppActors } from '../../app/context';
import { useRequest } from '../../app/useRequest';
import { LinkedMethodsReview } from './SignInMethods';

/** 'Log out everywhere': every session of the account ends (phones, other browsers, billing links), then this one. */
export function LogoutEverywhere() {
  const { api, session } = useAppActors();
  const logoutAll = useRequest<Record<string, never>>({
    submit: () => api.auth.logoutEverywhere(),
    defaultError: 'Failed to log out everywhere',
    successToast: 'Logged out on every device',
    onSuccess: () => session.send({ type: 'session.logout' }),
    confirmation: {
      variant: 'warning',
      title: 'Log out everywhere?',
      message: 'Every device signed in to your account is logged out, this one too. Billing links already sent stop working.',
      confirmLabel: 'Log out everywhere',
    },
  });
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="sessions-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="sessions-heading">
          Sessions
        </Title>
        <Text c="dimmed" fz="sm">
          Lost a phone or signed in on a shared computer? End every session of your account at once.
        </Text>
        <LinkedMethodsReview intro="Logging out everywhere does not remove these: they keep signing in to your account. Remove any you do not recognise first." />
        <Group justify="flex-end">
          <Button variant="light" color="red" onClick={() => logoutAll.submit({})} loading={logoutAll.busy}>
            Log out everywhere
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

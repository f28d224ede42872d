import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppActors, useSession } from '../../app/context';
import { AuthLayout, formValues } from './AuthLayout';
import { SocialSignIn } from './SocialSignIn';

export function LoginPage() {
  const { session } = useAppActors();
  const busy = useSession((s) => s.matches({ anonymous: 'loggingIn' }) || s.matches('signingIn'));
  const [params] = useSearchParams();

  return (
    <AuthLayout
      title="Log in"
      subtitle="Welcome back. Pick up where you left off."
      footer={
        <>
          New here?{' '}
          <Anchor component={Link} to="/register">
            Create an account
          </Anchor>
        </>
      }
    >
      <form
        aria-label="Log in"
        onSubmit={(e) => {
          const v = formValues(e);
          session.send({ type: 'session.login', credentials: { email: v.email ?? '', password: v.password ?? '' }, returnTo: params.get('from') });
        }}
      >
        <Stack gap="sm">
          <TextInput name="email" type="email" label="Email" autoComplete="email" required placeholder="you@example.com" />
          <PasswordInput name="password" label="Password" autoComplete="current-password" required />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={busy} fullWidth>
            Log in
          </Button>
        </Stack>
      </form>
      <SocialSignIn />
    </AuthLayout>
  );
}

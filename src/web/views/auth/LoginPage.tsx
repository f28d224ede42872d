import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppActors, useSession } from '../../app/context';
import { focusFirstInvalid, markInvalid } from '../../forms/focus';
import { AuthLayout } from './AuthLayout';
import { SocialSignIn } from './SocialSignIn';

type LoginValues = { email: string; password: string };

/** The contract's login rules load with the first submit (they stay out of /login's first load). */
const rules = () => import('../../forms/authRules');

export function LoginPage() {
  const { session } = useAppActors();
  const busy = useSession((s) => s.matches({ anonymous: 'loggingIn' }) || s.matches('signingIn'));
  const [params] = useSearchParams();
  const form = useForm<LoginValues>({
    name: 'login',
    enhanceGetInputProps: markInvalid,
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: async (values) => (await rules()).loginRules(values),
  });

  const emailProps = form.getInputProps('email');

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
        noValidate
        onSubmit={form.onSubmit(
          (v) => session.send({ type: 'session.login', credentials: { email: v.email, password: v.password }, returnTo: params.get('from') }),
          (errors) => focusFirstInvalid(form, errors),
        )}
      >
        <Stack gap="sm">
          <TextInput type="email" label="Email" autoComplete="email" withAsterisk placeholder="you@example.com" {...emailProps} onFocus={() => {
              emailProps.onFocus?.();
              void rules();
            }} />
          <PasswordInput label="Password" autoComplete="current-password" withAsterisk {...form.getInputProps('password')} />
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

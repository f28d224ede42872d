import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppActors, useSession } from '../../app/context';
import { AuthLayout } from './AuthLayout';
import { SocialSignIn } from './SocialSignIn';

type LoginField = 'email' | 'password';

/**
 * The contract's login rules (the ones every form uses, src/web/forms/authRules.ts) load with the
 * first focus or submit. /login is the one page in the 150 KB first load, so it shows their errors
 * with Mantine's `error` prop and keeps @mantine/form (6 KB gzipped) out of that load.
 */
const rules = () => import('../../forms/authRules');

export function LoginPage() {
  const { session } = useAppActors();
  const busy = useSession((s) => s.matches({ anonymous: 'loggingIn' }) || s.matches('signingIn'));
  const [params] = useSearchParams();
  const accountDeleted = useSession((s) => s.context.signedOutBy === 'deleted');
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const clear = (field: LoginField) => () => errors[field] && setErrors(({ [field]: _, ...rest }) => rest);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const values = { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
    // Every field's problem at once, in the form's order; the focus goes to the first.
    const found = (await rules()).loginRules(values) as Partial<Record<LoginField, string>>;
    setErrors(found);
    const first = (['email', 'password'] as const).find((field) => found[field]);
    if (first) return form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
    session.send({ type: 'session.login', credentials: values, returnTo: params.get('from') });
  };

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
      {accountDeleted && (
        <Alert color="teal" variant="light" role="status" mb="md">
          Your account has been deleted, with everything in it. A goodbye email is on its way. Thank you for using Finu.
        </Alert>
      )}
      <form aria-label="Log in" noValidate onSubmit={(e) => void submit(e)}>
        <Stack gap="sm">
          <TextInput
            name="email"
            type="email"
            label="Email"
            autoComplete="email"
            withAsterisk
            placeholder="you@example.com"
            error={errors.email}
            onFocus={() => void rules()}
            onChange={clear('email')}
          />
          <PasswordInput
            name="password"
            label="Password"
            autoComplete="current-password"
            withAsterisk
            error={errors.password}
            aria-invalid={errors.password ? true : undefined}
            onChange={clear('password')}
          />
          <Group justify="space-between">
            <Anchor component={Link} to="/email-verification-sent" size="sm">
              Need a new verification link?
            </Anchor>
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

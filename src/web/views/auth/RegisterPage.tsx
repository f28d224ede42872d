import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH } from '../../../contract/constants';
import { useAppActors, useSession } from '../../app/context';
import { AuthLayout, formValues } from './AuthLayout';

export function RegisterPage() {
  const { session } = useAppActors();
  const busy = useSession((s) => s.matches({ anonymous: 'registering' }));

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Track spending, save towards goals and ask your coach anything about your money."
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/login" underline="always">
            Log in
          </Anchor>
        </>
      }
    >
      <form
        aria-label="Create account"
        onSubmit={(e) => {
          const v = formValues(e);
          const fullName = v.full_name?.trim();
          session.send({ type: 'session.register', registration: { email: v.email ?? '', password: v.password ?? '', ...(fullName ? { full_name: fullName } : {}) } });
        }}
      >
        <Stack gap="sm">
          <TextInput name="full_name" label="Name" autoComplete="name" placeholder="Optional" />
          <TextInput name="email" type="email" label="Email" autoComplete="email" required placeholder="you@example.com" />
          <PasswordInput
            name="password"
            label="Password"
            autoComplete="new-password"
            required
            description={`At least ${PASSWORD_MIN_LENGTH} characters`}
          />
          <Button type="submit" loading={busy} fullWidth>
            Create account
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { signupRequest } from '../../../contract/auth';
import { PASSWORD_MIN_LENGTH } from '../../../contract/constants';
import { useAppActors, useSession } from '../../app/context';
import { contractRules, focusFirstInvalid, useServerFieldError } from '../../forms/contractRules';
import { markInvalid } from '../../forms/focus';
import { PasswordStrengthMeter, usePasswordChecker } from '../../forms/passwordStrength';
import { AuthLayout } from './AuthLayout';
import { SocialSignIn } from './SocialSignIn';

type RegisterValues = { full_name: string; email: string; password: string };

export function RegisterPage() {
  const { session } = useAppActors();
  const busy = useSession((s) => s.matches({ anonymous: 'registering' }));
  // The session keeps the refusal of the last sign-up (the machine does not toast it): shown under the
  // field it names ('An account with this email already exists.' under Email), else above the button.
  const [submitted, setSubmitted] = useState(false);
  const refusal = useSession((s) => (submitted && s.matches({ anonymous: 'idle' }) && s.context.error && !s.context.error.handledGlobally ? s.context.error : null));
  const check = usePasswordChecker();
  // The contract's signup rules, every field at once, plus the shared strength rule once it has loaded.
  const form = useForm<RegisterValues>({
    name: 'register',
    enhanceGetInputProps: markInvalid,
    mode: 'controlled',
    initialValues: { full_name: '', email: '', password: '' },
    validate: contractRules<RegisterValues>(signupRequest, {
      labels: { full_name: 'Name' },
      toInput: (v) => ({ email: v.email, password: v.password, ...(v.full_name.trim() ? { full_name: v.full_name } : {}) }),
      extra: (v) => ({ password: v.password ? (check?.(v.password, [v.email, v.full_name]).problem ?? null) : null }),
    }),
  });

  const alert = useServerFieldError(form, refusal, ['full_name', 'email', 'password'], { labels: { full_name: 'Name' }, also: { email: /\bemail\b/i } });

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
        noValidate
        onSubmit={form.onSubmit(
          (v) => {
            const fullName = v.full_name.trim();
            setSubmitted(true);
            session.send({ type: 'session.register', registration: { email: v.email.trim(), password: v.password, ...(fullName ? { full_name: fullName } : {}) } });
          },
          (errors) => focusFirstInvalid(form, errors),
        )}
      >
        <Stack gap="sm">
          <TextInput label="Name" autoComplete="name" placeholder="Optional" {...form.getInputProps('full_name')} />
          <TextInput type="email" label="Email" autoComplete="email" withAsterisk placeholder="you@example.com" {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="new-password" withAsterisk description={`At least ${PASSWORD_MIN_LENGTH} characters; a few unusual words work well`} {...form.getInputProps('password')} />
          <PasswordStrengthMeter password={form.values.password} userInputs={[form.values.email, form.values.full_name]} />
          {alert && (
            <Alert color="red" variant="light" role="alert" title="The account was not created">
              {alert}
            </Alert>
          )}
          <Button type="submit" loading={busy} fullWidth>
            Create account
          </Button>
        </Stack>
      </form>
      <SocialSignIn />
    </AuthLayout>
  );
}

import { Alert, Button, Group, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { changePasswordRequest } from '../../../contract/auth';
import { useAppActors, useSession } from '../../app/context';
import { useRequest } from '../../app/useRequest';
import { contractRules, focusFirstInvalid, useServerFieldError } from '../../forms/contractRules';
import { markInvalid } from '../../forms/focus';
import { PasswordStrengthMeter, usePasswordChecker } from '../../forms/passwordStrength';
import { LinkedMethodsReview } from './SignInMethods';

type PasswordValues = {
  current_password: string;
  new_password: string;
};

const labels = { current_password: 'Current password', new_password: 'New password' };

/** Change password: current and new, with the shared strength rule and a meter. */
export function PasswordSection() {
  const { api, session } = useAppActors();
  const email = useSession((s) => s.context.user?.email ?? '');
  const name = useSession((s) => s.context.user?.full_name ?? null);
  // Settings opens without the strength dictionaries; they load once a password is typed here.
  const [typing, setTyping] = useState(false);
  const check = usePasswordChecker(typing);
  const form = useForm<PasswordValues>({
    name: 'password',
    enhanceGetInputProps: markInvalid,
    mode: 'controlled',
    initialValues: { current_password: '', new_password: '' },
    onValuesChange: (v) => setTyping((was) => was || v.current_password !== '' || v.new_password !== ''),
    validate: contractRules<PasswordValues>(changePasswordRequest, {
      labels,
      extra: (v) => ({
        new_password:
          v.new_password && v.new_password === v.current_password ? 'The new password must differ from the current one' : (check?.(v.new_password, [email, name]).problem ?? null),
      }),
    }),
  });
  const change = useRequest<PasswordValues>({
    submit: (body) => api.auth.changePassword(body),
    defaultError: 'Failed to change password',
    successToast: 'Password changed. Other devices have been signed out.',
    // A refusal about a field ("Current password is incorrect") is shown under it, not toasted.
    toastErrors: false,
    onSuccess: (result) => {
      form.reset();
      session.send({ type: 'session.tokenRenewed', token: (result as { access_token: string }).access_token });
    },
  });
  const failure = change.failure && !change.failure.handledGlobally ? change.failure : null;
  const alert = useServerFieldError(form, failure, ['current_password', 'new_password'], { labels, also: { new_password: /new password/i } });
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="password-heading">
      <form
        aria-label="Change password"
        noValidate
        onSubmit={form.onSubmit(
          (v) => change.submit(v),
          (errors) => focusFirstInvalid(form, errors),
        )}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg" id="password-heading">
            Password
          </Title>
          <PasswordInput label="Current password" autoComplete="current-password" withAsterisk {...form.getInputProps('current_password')} />
          <PasswordInput label="New password" autoComplete="new-password" description="At least 8 characters; a few unusual words work well" withAsterisk {...form.getInputProps('new_password')} />
          <PasswordStrengthMeter password={form.values.new_password} userInputs={[email, name]} />
          {alert && (
            <Alert color="red" variant="light" role="alert">
              {alert}
            </Alert>
          )}
          {change.result !== null && change.result !== undefined && (
            <LinkedMethodsReview intro="Your password is changed and other devices are signed out, but these still sign in to your account. Remove any you do not recognise." />
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={change.busy}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

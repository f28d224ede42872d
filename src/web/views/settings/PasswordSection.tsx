import { Button, Group, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changePasswordRequest } from '../../../contract/rules/auth';
import { useAppActors, useSession } from '../../app/context';
import { useRequest } from '../../app/useRequest';
import { contractRules } from '../../forms/contractRules';
import { PasswordStrengthMeter, usePasswordChecker } from '../../forms/passwordStrength';

type PasswordValues = {
  current_password: string;
  new_password: string;
};

/** Change password: current and new, with the shared strength rule and a meter. */
export function PasswordSection() {
  const { api, session } = useAppActors();
  const email = useSession((s) => s.context.user?.email ?? '');
  const name = useSession((s) => s.context.user?.full_name ?? null);
  const check = usePasswordChecker();
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: { current_password: '', new_password: '' },
    validate: contractRules<PasswordValues>(changePasswordRequest, {
      labels: { current_password: 'Current password', new_password: 'New password' },
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
    onSuccess: (result) => {
      form.reset();
      session.send({ type: 'session.tokenRenewed', token: (result as { access_token: string }).access_token });
    },
  });
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="password-heading">
      <form aria-label="Change password" noValidate onSubmit={form.onSubmit((v) => change.submit(v))}>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="password-heading">
            Password
          </Title>
          <PasswordInput label="Current password" autoComplete="current-password" withAsterisk {...form.getInputProps('current_password')} />
          <PasswordInput label="New password" autoComplete="new-password" description="At least 8 characters; a few unusual words work well" withAsterisk {...form.getInputProps('new_password')} />
          <PasswordStrengthMeter password={form.values.new_password} userInputs={[email, name]} />
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

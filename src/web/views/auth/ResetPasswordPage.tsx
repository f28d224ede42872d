import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH } from '../../../contract/constants';
import { defaultMessages } from '../../../contract/errors';
import { useAppActors } from '../../app/context';
import { useRequest } from '../../app/useRequest';
import { AuthLayout, formValues } from './AuthLayout';

export function ResetPasswordPage() {
  const { api } = useAppActors();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const request = useRequest<{ password: string }>({
    submit: ({ password }) => api.auth.resetPassword(token, password),
    defaultError: defaultMessages.resetPassword,
    successToast: 'Password reset successful!',
    onSuccess: () => navigate('/login'),
  });

  return (
    <AuthLayout
      title="Choose a new password"
      footer={
        <Anchor component={Link} to="/forgot-password">
          Need a new link?
        </Anchor>
      }
    >
      {token ? (
        <form aria-label="Reset password" onSubmit={(e) => request.submit({ password: formValues(e).new_password ?? '' })}>
          <Stack gap="sm">
            <PasswordInput name="new_password" label="New password" autoComplete="new-password" required description={`At least ${PASSWORD_MIN_LENGTH} characters`} />
            <Button type="submit" loading={request.busy} fullWidth>
              Reset password
            </Button>
          </Stack>
        </form>
      ) : (
        <Alert color="red" variant="light" role="alert">
          This page needs the link from your password reset email.
        </Alert>
      )}
    </AuthLayout>
  );
}

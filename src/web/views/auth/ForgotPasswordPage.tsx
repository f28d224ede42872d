import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import { defaultMessages } from '../../../contract/errors';
import { useAppActors } from '../../app/context';
import { useRequest } from '../../app/useRequest';
import { AuthLayout, formValues } from './AuthLayout';

export function ForgotPasswordPage() {
  const { api } = useAppActors();
  const request = useRequest<{ email: string }>({
    submit: ({ email }) => api.auth.forgotPassword(email),
    defaultError: defaultMessages.forgotPassword,
    successToast: 'Password reset email sent!',
  });

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the email of your account and we will send you a link to choose a new password."
      footer={
        <Anchor component={Link} to="/login">
          Back to log in
        </Anchor>
      }
    >
      <form aria-label="Send reset link" onSubmit={(e) => request.submit({ email: formValues(e).email ?? '' })}>
        <Stack gap="sm">
          <TextInput name="email" type="email" label="Email" required autoComplete="email" placeholder="you@example.com" />
          {request.succeeded && (
            <Alert color="teal" variant="light" role="status">
              If an account exists for that email, a reset link is on its way. It works for one hour.
            </Alert>
          )}
          <Button type="submit" loading={request.busy} fullWidth>
            Send reset link
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import { defaultMessages } from '../../../contract/errors';
import { useForm } from '@mantine/form';
import { useAppActors } from '../../app/context';
import { useRequest } from '../../app/useRequest';
import { emailRules } from '../../forms/authRules';
import { focusFirstInvalid, useServerFieldError } from '../../forms/contractRules';
import { AuthLayout } from './AuthLayout';

export function ForgotPasswordPage() {
  const { api } = useAppActors();
  const request = useRequest<{ email: string }>({
    submit: ({ email }) => api.auth.forgotPassword(email),
    defaultError: defaultMessages.forgotPassword,
    successToast: 'Password reset email sent!',
    // A refusal about the email ("email must be a valid email address") is shown under the field.
    toastErrors: false,
  });
  const form = useForm({ name: 'forgot', mode: 'controlled', initialValues: { email: '' }, validate: emailRules });
  // Failures the API client already toasted (network, 5xx) are not repeated here.
  const failure = request.failure && !request.failure.handledGlobally ? request.failure : null;
  const alert = useServerFieldError(form, failure, ['email']);

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
      <form
        aria-label="Send reset link"
        noValidate
        onSubmit={form.onSubmit(
          (v) => request.submit({ email: v.email.trim() }),
          (errors) => focusFirstInvalid(form, errors),
        )}
      >
        <Stack gap="sm">
          <TextInput type="email" label="Email" withAsterisk autoComplete="email" placeholder="you@example.com" {...form.getInputProps('email')} />
          {alert && (
            <Alert color="red" variant="light" role="alert">
              {alert}
            </Alert>
          )}
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

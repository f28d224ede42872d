import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { defaultMessages } from '../../../contract/errors';
import { useAppActors, useSession } from '../../app/context';
import { useRequest } from '../../app/useRequest';
import { useForm } from '@mantine/form';
import { emailRules } from '../../forms/authRules';
import { focusFirstInvalid, useServerFieldError } from '../../forms/contractRules';
import { AuthLayout } from './AuthLayout';

export function EmailVerificationSentPage() {
  const { api } = useAppActors();
  const [params] = useSearchParams();
  const registeredEmail = useSession((s) => s.context.registeredEmail);
  const email = params.get('email') ?? registeredEmail ?? '';
  const resend = useRequest<{ email: string }>({
    submit: ({ email: to }) => api.auth.resendVerification(to),
    defaultError: defaultMessages.resendVerification,
    successToast: 'Verification email sent!',
    // A refusal about the email is shown under it (when the page asks for it), anything else in the form.
    toastErrors: false,
  });
  const form = useForm({ name: 'resend', mode: 'controlled', initialValues: { email }, validate: (v) => (email ? {} : emailRules(v)) });
  const failure = resend.failure && !resend.failure.handledGlobally ? resend.failure : null;
  const alert = useServerFieldError(form, failure, email ? [] : ['email']);

  return (
    <AuthLayout
      title="Check your inbox"
      subtitle={
        email ? (
          <>
            We sent a verification link to <strong>{email}</strong>. Open it to activate your account.
          </>
        ) : (
          'We sent you a verification link. Open it to activate your account.'
        )
      }
      footer={
        <Anchor component={Link} to="/login">
          Back to log in
        </Anchor>
      }
    >
      <form
        aria-label="Resend verification email"
        noValidate
        onSubmit={form.onSubmit(
          (v) => resend.submit({ email: (email || v.email).trim() }),
          (errors) => focusFirstInvalid(form, errors),
        )}
      >
        <Stack gap="sm">
          {!email && <TextInput type="email" label="Email" withAsterisk autoComplete="email" {...form.getInputProps('email')} />}
          <Text size="sm" c="dimmed">
            Nothing arrived after a few minutes? Check your spam folder, or send a new link.
          </Text>
          {alert && (
            <Alert color="red" variant="light" role="alert">
              {alert}
            </Alert>
          )}
          {resend.succeeded && (
            <Alert color="teal" variant="light" role="status">
              A new link is on its way. Links expire after 48 hours.
            </Alert>
          )}
          <Button type="submit" variant="light" loading={resend.busy} fullWidth>
            Resend verification email
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { defaultMessages } from '../../../contract/errors';
import { useAppActors, useSession } from '../../app/context';
import { useRequest } from '../../app/useRequest';
import { AuthLayout, formValues } from './AuthLayout';

export function EmailVerificationSentPage() {
  const { api } = useAppActors();
  const [params] = useSearchParams();
  const registeredEmail = useSession((s) => s.context.registeredEmail);
  const email = params.get('email') ?? registeredEmail ?? '';
  const resend = useRequest<{ email: string }>({
    submit: ({ email: to }) => api.auth.resendVerification(to),
    defaultError: defaultMessages.resendVerification,
    successToast: 'Verification email sent!',
  });

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
      <form aria-label="Resend verification email" onSubmit={(e) => resend.submit({ email: formValues(e).email ?? email })}>
        <Stack gap="sm">
          {!email && <TextInput name="email" type="email" label="Email" required autoComplete="email" />}
          <Text size="sm" c="dimmed">
            Nothing arrived after a few minutes? Check your spam folder, or send a new link.
          </Text>
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

import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH } from '../../../contract/constants';
import { defaultMessages } from '../../../contract/errors';
import { useAppActors } from '../../app/context';
import { useRequest } from '../../app/useRequest';
import { useForm } from '@mantine/form';
import { resetPasswordRequest } from '../../../contract/auth';
import { contractRules, focusFirstInvalid, useServerFieldError } from '../../forms/contractRules';
import { markInvalid } from '../../forms/focus';
import { PasswordStrengthMeter, usePasswordChecker } from '../../forms/passwordStrength';
import { AuthLayout } from './AuthLayout';

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
    // A refusal about the password is shown under it; an expired link in the form.
    toastErrors: false,
  });
  // The link is checked as the page opens, so a used or expired one says so before a password is typed.
  const linkCheck = useRequest<{ token: string }>({ submit: ({ token: t }) => api.auth.checkResetLink(t), defaultError: defaultMessages.resetPassword, toastErrors: false });
  const checkLink = linkCheck.submit;
  useEffect(() => {
    if (token) checkLink({ token });
    // Once per link: the request actor is stable, its submit function is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
  const deadLink = linkCheck.failure && !linkCheck.failure.handledGlobally && linkCheck.failure.status === 400 ? linkCheck.failure.message : null;
  const check = usePasswordChecker();
  const form = useForm<{ new_password: string }>({
    name: 'reset',
    enhanceGetInputProps: markInvalid,
    mode: 'controlled',
    initialValues: { new_password: '' },
    validate: contractRules<{ new_password: string }>(resetPasswordRequest, {
      labels: { new_password: 'New password' },
      toInput: (v) => ({ token, new_password: v.new_password }),
      extra: (v) => ({ new_password: v.new_password ? (check?.(v.new_password).problem ?? null) : null }),
    }),
  });

  const failure = request.failure && !request.failure.handledGlobally ? request.failure : null;
  const alert = useServerFieldError(form, failure, ['new_password'], { labels: { new_password: 'New password' }, also: { new_password: /password/i } });

  return (
    <AuthLayout
      title="Choose a new password"
      footer={
        <Anchor component={Link} to="/forgot-password">
          Need a new link?
        </Anchor>
      }
    >
      {deadLink ? (
        <Stack gap="sm">
          <Alert color="red" variant="light" role="alert">
            {deadLink}
          </Alert>
          <Button component={Link} to="/forgot-password">
            Send me a new link
          </Button>
        </Stack>
      ) : token ? (
        <form
          aria-label="Reset password"
          noValidate
          onSubmit={form.onSubmit(
            (v) => request.submit({ password: v.new_password }),
            (errors) => focusFirstInvalid(form, errors),
          )}
        >
          <Stack gap="sm">
            <PasswordInput label="New password" autoComplete="new-password" withAsterisk description={`At least ${PASSWORD_MIN_LENGTH} characters; a few unusual words work well`} {...form.getInputProps('new_password')} />
            <PasswordStrengthMeter password={form.values.new_password} />
            {alert && (
              <Alert color="red" variant="light" role="alert">
                {alert}
              </Alert>
            )}
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

import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { SubscriptionStatus } from '../../../contract/subscription';
import { useAppActors, useSession } from '../../app/context';
import { useRequest } from '../../app/useRequest';
import { AuthLayout } from '../auth/AuthLayout';

/** /subscription/success?session_id=…: confirms the checkout, then access is back. */
export function SubscriptionSuccessPage() {
  const { api, session } = useAppActors();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const signedIn = useSession((s) => s.hasTag('authenticated'));
  const checking = useSession((s) => s.hasTag('busy'));
  const confirm = useRequest<{ sessionId: string }>({
    submit: ({ sessionId: id }) => api.subscription.confirm(id),
    defaultError: 'Failed to confirm the subscription',
    successToast: 'Subscription activated. Thank you!',
    onSuccess: () => session.send({ type: 'session.refreshProfile' }),
  });
  const sent = useRef(false);
  const { submit } = confirm;
  useEffect(() => {
    if (!signedIn || !sessionId || sent.current) return;
    sent.current = true;
    submit({ sessionId });
  }, [signedIn, sessionId, submit]);
  const status = confirm.result as SubscriptionStatus | null;

  return (
    <AuthLayout title={confirm.succeeded ? 'You are subscribed' : 'Finishing your subscription'}>
      {!sessionId ? (
        <Alert color="red" variant="light" role="alert">
          This page needs the link from checkout.
        </Alert>
      ) : !signedIn && !checking ? (
        <Stack>
          <Text>Log in to finish activating your subscription.</Text>
          <Button component={Link} to={`/login?from=${encodeURIComponent(`/subscription/success?session_id=${sessionId}`)}`}>
            Log in
          </Button>
        </Stack>
      ) : confirm.succeeded && status ? (
        <Stack>
          <Text>
            {status.plan?.name} plan is active{status.current_period_end ? ` until ${new Date(status.current_period_end).toLocaleDateString(undefined, { dateStyle: 'long' })}, renewing automatically` : ''}. Every feature is open again.
          </Text>
          <Button component={Link} to="/dashboard">
            Go to the dashboard
          </Button>
        </Stack>
      ) : confirm.error ? (
        <Stack>
          <Alert color="red" variant="light" role="alert">
            {confirm.error}
          </Alert>
          <Button variant="default" onClick={() => submit({ sessionId })}>
            Try again
          </Button>
        </Stack>
      ) : (
        <Stack align="center" py="md" role="status" aria-live="polite">
          <Loader />
          <Text c="dimmed">Confirming your payment…</Text>
        </Stack>
      )}
    </AuthLayout>
  );
}

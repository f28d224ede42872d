import { useSelector } from '@xstate/react';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { useSession } from '../../app/context';
import { formatLongDate } from '../../format/date';
import { AuthLayout } from '../auth/AuthLayout';
import { useSubscriptionActor } from './subscriptionActor';

/** Confirms the checkout as soon as it shows (its subscription actor starts in `confirming`). */
function Confirmation({ sessionId }: { sessionId: string }) {
  const subscription = useSubscriptionActor({ sessionId });
  const status = useSelector(subscription, (s) => (s.matches({ account: 'plan' }) ? s.context.status : null));
  const error = useSelector(subscription, (s) => (s.matches({ account: 'failed' }) ? (s.context.error?.message ?? null) : null));
  return (
    <AuthLayout title={status ? 'You are subscribed' : 'Finishing your subscription'}>
      {status ? (
        <Stack>
          <Text>
            {status.plan?.name} plan is active{status.current_period_end ? ` until ${formatLongDate(status.current_period_end)}, renewing automatically` : ''}. Every feature is open again.
          </Text>
          <Button component={Link} to="/dashboard">
            Go to the dashboard
          </Button>
        </Stack>
      ) : error ? (
        <Stack>
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
          <Button variant="default" onClick={() => subscription.send({ type: 'subscription.confirm' })}>
            Try again
          </Button>
        </Stack>
      ) : (
        <Confirming />
      )}
    </AuthLayout>
  );
}

function Confirming() {
  return (
    <Stack align="center" py="md" role="status" aria-live="polite">
      <Loader />
      <Text c="dimmed">Confirming your payment…</Text>
    </Stack>
  );
}

/** /subscription/success?session_id=…: confirms the checkout, then access is back. */
export function SubscriptionSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const signedIn = useSession((s) => s.hasTag('authenticated'));
  const checking = useSession((s) => s.hasTag('busy'));
  if (sessionId && signedIn) return <Confirmation sessionId={sessionId} />;
  return (
    <AuthLayout title="Finishing your subscription">
      {!sessionId ? (
        <Alert color="red" variant="light" role="alert">
          This page needs the link from checkout.
        </Alert>
      ) : !checking ? (
        <Stack>
          <Text>Log in to finish activating your subscription.</Text>
          <Button component={Link} to={`/login?from=${encodeURIComponent(`/subscription/success?session_id=${sessionId}`)}`}>
            Log in
          </Button>
        </Stack>
      ) : (
        <Confirming />
      )}
    </AuthLayout>
  );
}

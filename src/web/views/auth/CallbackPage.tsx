import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { returnPathFromSaved, type CallbackKind } from '../../../../machines/session';
import { loadLastLocation, takeOAuthRedirect } from '../../app/storage';
import { useAppActors, useSession } from '../../app/context';
import { AuthLayout } from './AuthLayout';

const names = ['access_token', 'token', 'token_type', 'user_id', 'error', 'success', 'message'] as const;

/**
 * /verify-email and /oauth-callback: hands the query parameters to the session machine once.
 * A bare ?token= on /verify-email is a verification token (the page calls GET /users/verify-email).
 */
export function CallbackPage({ kind }: { kind: CallbackKind }) {
  const { session } = useAppActors();
  const [params] = useSearchParams();
  const failed = useSession((s) => s.matches({ anonymous: 'idle' }) && s.context.error !== null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const read = Object.fromEntries(names.map((n) => [n, params.get(n)]));
    const isVerificationToken = kind === 'email' && read.token && !read.success && !read.user_id && !read.error;
    if (isVerificationToken) session.send({ type: 'session.verifyEmail', token: read.token! });
    else if (kind === 'oauth') session.send({ type: 'session.callback', kind, params: read, returnTo: returnPathFromSaved(takeOAuthRedirect()) });
    // An old link opened by a verified, signed-in user continues on the last page they had open here.
    else session.send({ type: 'session.callback', kind, params: read, returnTo: loadLastLocation() });
  }, [kind, params, session]);

  return (
    <AuthLayout title={kind === 'email' ? 'Verifying your email' : 'Signing you in'}>
      {failed ? (
        <Stack>
          <Alert color="red" variant="light" role="alert">
            We could not complete this step.
          </Alert>
          <Button component={Link} to="/login">
            Go to log in
          </Button>
        </Stack>
      ) : (
        <Stack align="center" py="md" role="status" aria-live="polite">
          <Loader />
          <Text c="dimmed">One moment…</Text>
        </Stack>
      )}
    </AuthLayout>
  );
}

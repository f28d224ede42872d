import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { guardRoute } from '../../../machines/routes';
import { useSession } from './context';

/** Consults the route rules (machines/routes.ts) with the session's state; renders, waits or redirects. */
export function Guard() {
  const location = useLocation();
  const session = useSession((s) => (s.hasTag('authenticated') ? 'authenticated' : s.matches('checking') || s.matches('restoring') ? 'checking' : 'anonymous'));
  const onboardingCompleted = useSession((s) => s.context.user?.onboarding_completed === true);
  const onboardingSkipped = useSession((s) => s.context.user?.onboarding_skipped === true);
  const decision = guardRoute({
    path: location.pathname.replace(/\/+$/, '') || '/',
    location: location.pathname + location.search,
    session,
    onboardingCompleted,
    onboardingSkipped,
  });
  if (decision.kind === 'wait') {
    return (
      <Center mih="100dvh" role="status" aria-label="Loading">
        <Loader />
      </Center>
    );
  }
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}

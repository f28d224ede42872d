import { Center, Loader } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { guardRoute, type GuardDecision } from '../../../machines/routes';
import { PageTitle } from '../views/PageTitle';
import { useAccess, useAppActors, useOnboarding, useSession } from './context';

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="40dvh" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

/** The route rules (machines/routes.ts) applied to the current location and machine state. */
function useRouteDecision(): { decision: GuardDecision; path: string } {
  const location = useLocation();
  const [search] = useSearchParams();
  const path = location.pathname.replace(/\/+$/, '') || '/';
  const session = useSession((s) => (s.hasTag('authenticated') ? 'authenticated' : s.matches('checking') || s.matches('restoring') ? 'checking' : 'anonymous'));
  const onboardingCompleted = useOnboarding((s) => s.context.completed);
  const onboardingSkipped = useOnboarding((s) => s.context.skipped);
  const rememberOrigin = useSession((s) => s.context.signedOutBy !== 'logout');
  const decision = guardRoute({
    path,
    location: location.pathname + location.search,
    session,
    onboardingCompleted,
    onboardingSkipped,
    force: search.get('force') === 'true',
    from: search.get('from'),
    rememberOrigin,
  });
  return { decision, path };
}

/** Top of the router: waits for the session check, redirects (sign-in, onboarding, unknown paths) or renders. */
export function Guard() {
  const { decision } = useRouteDecision();
  if (decision.kind === 'wait') return <Loading />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}

/**
 * Inside the app shell, around each guarded page: the onboarding-required modal (through the ui
 * machine) and the access check (the access machine: status, trial autostart, subscription modal).
 */
export function FeatureGate({ title, children }: { title: string; children: ReactNode }) {
  const { ui, access } = useAppActors();
  const { decision, path } = useRouteDecision();
  const needsModal = decision.kind === 'onboardingModal';
  const checkAccess = decision.kind === 'allow' && decision.checkAccess;
  const accessOpen = useAccess((s) => s.context.path === path && (s.hasTag('open') || (s.hasTag('busy') && s.context.granted)));

  useEffect(() => {
    ui.send({ type: needsModal ? 'modal.open' : 'modal.close', modal: 'onboardingRequired' });
  }, [needsModal, ui]);

  useEffect(() => {
    if (checkAccess) access.send({ type: 'access.check', path });
  }, [checkAccess, path, access]);

  if (needsModal) return <PageTitle title={title} />;
  if (checkAccess && !accessOpen) return <Loading label="Checking access" />;
  return children;
}

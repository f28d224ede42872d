import { Center, Loader } from '@mantine/core';
import { useLayoutEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageTitle } from '../views/PageTitle';
import { opensAt } from '../../../machines/app';
import { useApp, useAppActors } from './context';

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="40dvh" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

/** The location the router shows, as the app machine keeps it (path without trailing slash, plus query). */
export function useCurrentLocation(): string {
  const location = useLocation();
  return `${location.pathname.replace(/\/+$/, '') || '/'}${location.search}`;
}

/**
 * Top of the router. It forwards the browser's location to the app machine (machines/app.ts), which owns
 * the route decision and performs redirects; this only renders what the machine decided.
 */
export function Guard() {
  const { app } = useAppActors();
  const location = useCurrentLocation();
  // Before paint, so a refused page never flashes.
  useLayoutEffect(() => {
    app.send({ type: 'route.changed', location });
  }, [app, location]);
  const decided = useApp((s) => s.context.location === location);
  // A move the rules allow keeps the shell (and the focus in its navigation) mounted for the moment before
  // the machine has the new location; a refused one shows nothing until the machine has redirected.
  const opens = useApp((s) => opensAt(s.context, location));
  const waiting = useApp((s) => s.matches('waitingForSession') || s.matches('waitingForRouter'));
  const redirecting = useApp((s) => s.matches('signIn') || s.matches('onboarding') || s.matches('redirecting'));
  if (!decided) return opens ? <Outlet /> : null;
  if (redirecting) return null;
  if (waiting) return <Loading />;
  return <Outlet />;
}

/**
 * Inside the app shell, around each guarded page: behind the onboarding-required modal only the title shows;
 * during the access check a loader (or the page, when the last check allowed).
 */
export function FeatureGate({ title, children }: { title: string; children: ReactNode }) {
  const location = useCurrentLocation();
  // Until the machine has decided this location, its state still describes the last one. Access goes by the
  // path: a new query on the same page (a search typed, a filter) keeps the page mounted, and the focus in it.
  const path = location.split('?')[0];
  const decided = useApp((s) => s.context.location === location || s.context.location.split('?')[0] === path);
  const behindModal = useApp((s) => s.matches('onboardingModal'));
  const visible = useApp((s) => s.hasTag('pageOpen') || (s.hasTag('loading') && s.context.accessGranted));
  if (!decided) return <Loading label="Checking access" />;
  if (behindModal) return <PageTitle title={title} />;
  if (!visible) return <Loading label="Checking access" />;
  return children;
}

import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { accessMachine } from '../../../machines/access';
import type { appMachine } from '../../../machines/app';
import type { onboardingMachine } from '../../../machines/onboarding';
import type { sessionMachine } from '../../../machines/session';
import type { uiMachine } from '../../../machines/ui';
import type { AppActors } from './actors';

export const AppActorsContext = createContext<AppActors | null>(null);

export function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('useAppActors outside <AppActorsContext.Provider>');
  return actors;
}

/** Narrow selectors over the app actor (the route decision); return primitives or stable references. */
export function useApp<T>(selector: (snapshot: SnapshotFrom<typeof appMachine>) => T): T {
  return useSelector(useAppActors().app, selector);
}

/** Narrow selectors over the session actor; return primitives or stable references. */
export function useSession<T>(selector: (snapshot: SnapshotFrom<typeof sessionMachine>) => T): T {
  return useSelector(useAppActors().session, selector);
}

export function useUi<T>(selector: (snapshot: SnapshotFrom<typeof uiMachine>) => T): T {
  return useSelector(useAppActors().ui, selector);
}

export function useOnboarding<T>(selector: (snapshot: SnapshotFrom<typeof onboardingMachine>) => T): T {
  return useSelector(useAppActors().onboarding, selector);
}

export function useAccess<T>(selector: (snapshot: SnapshotFrom<typeof accessMachine>) => T): T {
  return useSelector(useAppActors().access, selector);
}

import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Loading } from './Guard';

/** A lazily loaded component whose code can also be fetched ahead of its first render. */
export type Preloadable<P extends object> = LazyExoticComponent<ComponentType<P>> & { preload(): void };

/**
 * A named export loaded on first use, so the first load of /login carries only what /login shows.
 * `preload()` fetches the code ahead (once; a failed fetch is tried again on the next use).
 */
export function lazyNamed<P extends object>(load: () => Promise<Record<string, ComponentType<P>>>, name: string): Preloadable<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const get = () =>
    (loading ??= load().then(
      (m) => ({ default: m[name]! }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return Object.assign(lazy(get), { preload: () => void get().catch(() => undefined) });
}

/** A lazily loaded page with the one loading state every route shows while its code arrives. */
export function Loaded({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

/**
 * An overlay whose code (Mantine's Modal and its scroll area) loads the first time it opens, then
 * stays mounted so it can animate closed and open again at once.
 */
export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [seen, setSeen] = useState(opened);
  if (opened && !seen) setSeen(true);
  return seen ? <Suspense fallback={null}>{children}</Suspense> : null;
}

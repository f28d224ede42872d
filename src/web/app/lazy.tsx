import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Loading } from './Guard';

/** A named export loaded on first use, so the first load of /login carries only what /login shows. */
export const lazyNamed = <P extends object>(load: () => Promise<Record<string, ComponentType<P>>>, name: string): LazyExoticComponent<ComponentType<P>> =>
  lazy(() => load().then((m) => ({ default: m[name]! })));

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

/**
 * The one inspection observer the app passes to every actor it creates (`createActor(…, { inspect })`,
 * `useActorRef(…, { inspect })`), so the whole actor system can be watched:
 * - `npm run dev:inspect` (Vite dev server with VITE_INSPECT=true): Stately's inspector (@statelyai/inspect)
 *   opens in a window of its own. Production builds never contain it: the import sits behind
 *   `import.meta.env.DEV`, which Vite replaces with `false` there, so the bundler drops it
 *   (tests/e2e/inspect-bundle.e2e.test.ts checks the built bundle).
 * - `window.__FINU_INSPECT__`, when a test harness defines it before the app loads, receives every
 *   inspection event (the Chromium coverage recorder, tests/support/machine-coverage.ts). Like a
 *   devtools hook, only code already running in the page can set it.
 */
import type { InspectionEvent, Observer } from 'xstate';

let stately: Observer<InspectionEvent> | undefined;

/** Starts Stately's inspector in `npm run dev:inspect`; a no-op anywhere else. Call before creating actors. */
export async function startInspection(): Promise<void> {
  if (import.meta.env.DEV && import.meta.env.VITE_INSPECT === 'true') {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    stately = createBrowserInspector().inspect;
  }
}

export function inspect(event: InspectionEvent): void {
  stately?.next?.(event);
  (window as unknown as { __FINU_INSPECT__?: (event: InspectionEvent) => void }).__FINU_INSPECT__?.(event);
}

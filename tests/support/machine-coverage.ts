/**
 * Records which states and transitions of the real machines (machines/*.ts) each model-based path walks,
 * in node (attach to the actors under test) and in Chromium (the app passes every inspection event to
 * `window.__FINU_INSPECT__`, see src/web/app/inspect.ts; the init script below records them in the page).
 * Each test file writes .tmp/machine-coverage/<env>/<file>.json when it ends; `npm run docs:machines`
 * turns the recordings into docs/machines/coverage.md and `npm test` checks the docs/product.md §4 transitions
 * (src/tools/machine-coverage.ts).
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach } from 'vitest';
import type { AnyActorRef, InspectionEvent } from 'xstate';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
export const coverageDir = join(repoRoot, '.tmp', 'machine-coverage');

export type CoverageEnv = 'node' | 'chromium';

/** Per machine id: the state ids and transition keys (`<source id>|<event type>|<index>`) walked. */
export type Walked = Record<string, { states: string[]; transitions: string[] }>;

export interface CoverageFile {
  file: string;
  env: CoverageEnv;
  paths: Array<{ name: string; machines: Walked }>;
}

interface MachineLike {
  id: string;
  root: unknown;
}
interface NodeLike {
  id: string;
  always?: unknown[];
  transitions: Map<string, unknown[]>;
}
interface TransitionLike {
  source: NodeLike;
  eventType: string;
}

/** Adds what one inspection event shows to `walked` (the same logic runs in the page, see browserRecorder). */
export function recordInspection(walked: Record<string, { states: Set<string>; transitions: Set<string> }>, event: InspectionEvent): void {
  const logic = (event.actorRef as { logic?: Partial<MachineLike> }).logic;
  if (!logic || typeof logic.id !== 'string' || !logic.root) return;
  const entry = (walked[logic.id] ??= { states: new Set(), transitions: new Set() });
  if (event.type === '@xstate.snapshot' || event.type === '@xstate.microstep') {
    for (const node of ((event.snapshot as { _nodes?: Array<{ id: string }> })._nodes ?? [])) entry.states.add(node.id);
  }
  if (event.type === '@xstate.microstep') {
    for (const transition of (event as unknown as { _transitions: TransitionLike[] })._transitions) {
      const group = transition.eventType === '' ? (transition.source.always ?? []) : (transition.source.transitions.get(transition.eventType) ?? []);
      entry.transitions.add(`${transition.source.id}|${transition.eventType}|${Math.max(0, group.indexOf(transition))}`);
    }
  }
}

/**
 * Installed with `page.addInitScript(browserRecorder)` (tests/e2e/support/browser.ts): records into
 * `window.__FINU_COVERAGE__`, kept in sessionStorage across full page loads. Self-contained: it runs in the page.
 */
export function browserRecorder(): void {
  type Entry = { states: string[]; transitions: string[] };
  const w = window as unknown as { __FINU_INSPECT__?: (event: unknown) => void; __FINU_COVERAGE__?: Record<string, Entry> };
  const key = '__FINU_COVERAGE__';
  let saved: Record<string, Entry> = {};
  try {
    saved = JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, Entry>;
  } catch {
    saved = {};
  }
  const walked: Record<string, { states: Set<string>; transitions: Set<string> }> = {};
  for (const [id, entry] of Object.entries(saved)) walked[id] = { states: new Set(entry.states), transitions: new Set(entry.transitions) };
  const snapshot = () => Object.fromEntries(Object.entries(walked).map(([id, e]) => [id, { states: [...e.states], transitions: [...e.transitions] }]));
  Object.defineProperty(w, '__FINU_COVERAGE__', { get: snapshot, configurable: true });
  addEventListener('pagehide', () => sessionStorage.setItem(key, JSON.stringify(snapshot())));
  // A failure's evidence (tests/e2e/support/browser.ts writes it next to the screenshot): the last events
  // each machine took and every change of the URL, with the time in ms.
  const trace: string[] = [];
  const note = (line: string) => {
    trace.push(`${Math.round(performance.now())} ${line}`);
    if (trace.length > 400) trace.shift();
  };
  Object.defineProperty(w, '__FINU_TRACE__', { get: () => [...trace], configurable: true });
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      note(`history.${method} ${String(args[2])}`);
      return original.apply(this, args);
    };
  }
  addEventListener('popstate', () => note(`popstate ${location.pathname}${location.search}`));
  w.__FINU_INSPECT__ = (event: unknown) => {
    const e = event as { type: string; actorRef: { logic?: { id?: unknown; root?: unknown } }; snapshot?: { value?: unknown; _nodes?: Array<{ id: string }> }; event?: { type?: string }; _transitions?: Array<{ source: { id: string; always?: unknown[]; transitions: Map<string, unknown[]> }; eventType: string }> };
    const logic = e.actorRef?.logic;
    if (!logic || typeof logic.id !== 'string' || !logic.root) return;
    if (e.type === '@xstate.snapshot' && e.event?.type) note(`${logic.id} ${e.event.type} -> ${JSON.stringify(e.snapshot?.value)}`);
    const entry = (walked[logic.id] ??= { states: new Set(), transitions: new Set() });
    if (e.type === '@xstate.snapshot' || e.type === '@xstate.microstep') for (const node of e.snapshot?._nodes ?? []) entry.states.add(node.id);
    if (e.type === '@xstate.microstep') {
      for (const t of e._transitions ?? []) {
        const group = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
        entry.transitions.add(`${t.source.id}|${t.eventType}|${Math.max(0, group.indexOf(t))}`);
      }
    }
  };
}

export interface PathRecording {
  /** Node: records everything the actor's system (the actor and its children) does from now on. */
  attach(actor: AnyActorRef): void;
  /** Chromium: adds what the page recorded (call at the end of the path, before the page closes). */
  collect(page: { evaluate<T>(fn: () => T): Promise<T> }): Promise<void>;
}

/**
 * One recorder per test file: `const coverage = recordMachineCoverage(import.meta.url, 'node')`, then in each
 * path `const walk = coverage.path(path.description)` and `walk.attach(actor)` / `await walk.collect(page)`.
 */
export function recordMachineCoverage(testFileUrl: string, env: CoverageEnv): { path(name: string): PathRecording } {
  const file = relative(repoRoot, fileURLToPath(testFileUrl));
  const paths: CoverageFile['paths'] = [];
  afterAll(() => {
    const dir = join(coverageDir, env);
    mkdirSync(dir, { recursive: true });
    const content: CoverageFile = { file, env, paths };
    // Written by rename: a run beside this one (npm test twice at once) never reads half a file.
    const target = join(dir, `${basename(file).replace(/\.ts$/, '')}.json`);
    const partial = `${target}.${process.pid}.partial`;
    writeFileSync(partial, `${JSON.stringify(content, null, 1)}\n`);
    renameSync(partial, target);
  });
  return {
    path(name) {
      const walked: Record<string, { states: Set<string>; transitions: Set<string> }> = {};
      const machines: Walked = {};
      const flush = () => {
        for (const [id, entry] of Object.entries(walked)) machines[id] = { states: [...entry.states].sort(), transitions: [...entry.transitions].sort() };
      };
      paths.push({ name, machines });
      return {
        attach(actor) {
          const snapshot = actor.getSnapshot() as { _nodes?: Array<{ id: string }> };
          recordInspection(walked, { type: '@xstate.snapshot', actorRef: actor, snapshot, event: { type: 'xstate.init' }, rootId: actor.id } as unknown as InspectionEvent);
          actor.system.inspect((event: InspectionEvent) => {
            recordInspection(walked, event);
            flush();
          });
          flush();
        },
        async collect(page) {
          const recorded = await page.evaluate(() => (window as unknown as { __FINU_COVERAGE__?: Walked }).__FINU_COVERAGE__ ?? {});
          for (const [id, entry] of Object.entries(recorded)) {
            const into = (walked[id] ??= { states: new Set(), transitions: new Set() });
            entry.states.forEach((s) => into.states.add(s));
            entry.transitions.forEach((t) => into.transitions.add(t));
          }
          flush();
        },
      };
    },
  };
}

/**
 * Chromium: after each test whose name is one of `pathNames`, adds what its page recorded (register inside
 * the describe of the model paths; vitest runs it before useBrowser closes the page).
 */
export function collectAfterEachPath(coverage: ReturnType<typeof recordMachineCoverage>, pathNames: readonly string[], page: () => { evaluate<T>(fn: () => T): Promise<T> }): void {
  afterEach(async ({ task }) => {
    if (pathNames.includes(task.name) && task.result?.state !== 'fail') await coverage.path(task.name).collect(page());
  });
}

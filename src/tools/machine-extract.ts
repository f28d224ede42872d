/**
 * Reads machines/*.ts the way Stately's editor extension and visualizer do, with
 * `@xstate/machine-extractor` (static analysis of the source, no code run), and compares what it
 * reads with the runtime machine: states, transitions, targets, guards, actions, invoked actors and
 * descriptions. Used by tests/docs/machine-extractor.test.ts.
 *
 * The extractor is written for XState 4 and imports `xstate/lib/*` at run time; this project runs
 * XState 5, so the extractor is bundled once with esbuild against XState 4 (the dev dependency
 * `xstate4`) into node_modules/.cache and loaded from there.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { repoRoot } from './machine-files';

// ---------------------------------------------------------------------------
// Loading the extractor

/** The subset of the extractor's output this module reads (ExtractorMachineConfig). */
export interface ExtractedNode {
  id?: string;
  initial?: string;
  type?: 'parallel' | 'history' | 'final';
  description?: string;
  entry?: ExtractedAction | ExtractedAction[];
  exit?: ExtractedAction | ExtractedAction[];
  on?: Record<string, ExtractedTransition | ExtractedTransition[]>;
  after?: Record<string, ExtractedTransition | ExtractedTransition[]>;
  always?: ExtractedTransition | ExtractedTransition[];
  onDone?: ExtractedTransition | ExtractedTransition[];
  invoke?: ExtractedInvoke | ExtractedInvoke[];
  states?: Record<string, ExtractedNode>;
}
export interface ExtractedTransition {
  target?: string | string[];
  cond?: { kind: 'named' | 'inline'; type: string };
  actions?: ExtractedAction | ExtractedAction[];
  description?: string;
}
export interface ExtractedInvoke {
  src: string;
  id?: string;
  kind: 'named' | 'inline';
  onDone?: ExtractedTransition | ExtractedTransition[];
  onError?: ExtractedTransition | ExtractedTransition[];
}
export type ExtractedAction = { kind: 'named' | 'builtin'; action: { type: string } } | { kind: 'inline'; action: { expr: string } };

interface ExtractorModule {
  extractMachinesFromFile(content: string): { machines: Array<{ toConfig(opts: { fileContent: string }): ExtractedNode | undefined } | undefined> } | null;
}

let extractor: Promise<ExtractorModule> | undefined;

/** The extractor, bundled against XState 4 on first use (cached by version in node_modules/.cache). */
export function loadExtractor(): Promise<ExtractorModule> {
  extractor ??= (async () => {
    const require = createRequire(import.meta.url);
    const version = (JSON.parse(readFileSync(require.resolve('@xstate/machine-extractor/package.json'), 'utf8')) as { version: string }).version;
    const dir = join(repoRoot, 'node_modules', '.cache', 'finu-machine-extractor');
    const file = join(dir, `machine-extractor-${version}.mjs`);
    if (!existsSync(file)) {
      const { build } = await import('esbuild');
      const result = await build({
        entryPoints: [require.resolve('@xstate/machine-extractor').replace(/\.cjs\.js$/, '.esm.js')],
        bundle: true,
        platform: 'node',
        format: 'esm',
        write: false,
        alias: { xstate: 'xstate4' },
        logLevel: 'error',
        banner: { js: "import { createRequire as __finuCreateRequire } from 'node:module'; const require = __finuCreateRequire(import.meta.url);" },
      });
      mkdirSync(dir, { recursive: true });
      // Parallel test workers may build at once: write aside, then rename (atomic).
      const partial = `${file}.${process.pid}.tmp`;
      writeFileSync(partial, result.outputFiles[0]!.text);
      renameSync(partial, file);
    }
    return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as ExtractorModule;
  })();
  return extractor;
}

/** A value the extractor could not read statically (it warns "Unsupported property value ..."). */
export interface UnsupportedValue {
  line: number;
  key: string;
  /** The Babel node type of the value (`MemberExpression`, `ArrowFunctionExpression`, ...). */
  nodeType: string;
  /** `params: ({ event }) => …` on an action or guard: XState 5's idiom, allowed. */
  dynamicParams: boolean;
}

export interface FileExtraction {
  machines: ExtractedNode[];
  unsupported: UnsupportedValue[];
  /** Set when the extractor threw or returned a machine it could not turn into a config. */
  error?: string;
}

/** Runs the extractor over one source text, collecting the values it cannot show. */
export async function extractSource(content: string): Promise<FileExtraction> {
  const { extractMachinesFromFile } = await loadExtractor();
  const unsupported: UnsupportedValue[] = [];
  const warn = console.warn;
  console.warn = (message: unknown, detail?: { key?: string; value?: { type?: string; loc?: { start?: { line?: number } } } }) => {
    if (typeof message === 'string' && message.startsWith('Unsupported property value')) {
      const nodeType = detail?.value?.type ?? 'unknown';
      const key = detail?.key ?? '?';
      unsupported.push({ line: detail?.value?.loc?.start?.line ?? 0, key, nodeType, dynamicParams: key === 'params' && /FunctionExpression$/.test(nodeType) });
    } else warn(message, detail);
  };
  try {
    const result = extractMachinesFromFile(content);
    const machines: ExtractedNode[] = [];
    for (const machine of result?.machines ?? []) {
      const config = machine?.toConfig({ fileContent: content });
      if (!config) return { machines, unsupported, error: 'the extractor found a machine call it could not read' };
      machines.push(config);
    }
    return { machines, unsupported };
  } catch (error) {
    return { machines: [], unsupported, error: error instanceof Error ? error.message : String(error) };
  } finally {
    console.warn = warn;
  }
}

// ---------------------------------------------------------------------------
// One comparable outline per machine: a sorted list of lines

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const dotted = (node: AnyStateNode) => (node.path.length ? node.path.join('.') : '(root)');

/** What the extractor calls an action: its name, the builtin's type, or `inline`. */
function extractedActionName(action: ExtractedAction): string {
  return action.kind === 'inline' ? 'inline' : action.action.type;
}

/** The same for a runtime action: a name, `{ type }`, a builtin (`assign` has type `xstate.assign`) or an inline function. */
export function runtimeActionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const type = (action as { type?: unknown }).type;
    return typeof type === 'string' && type.startsWith('xstate.') ? type : 'inline';
  }
  if (action && typeof action === 'object' && typeof (action as { type?: unknown }).type === 'string') return (action as { type: string }).type;
  return 'inline';
}

export function runtimeGuardName(guard: unknown): string {
  if (guard === undefined || guard === null) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') return (guard as { type: string }).type;
  return 'inline';
}

function extractedGuardName(cond: ExtractedTransition['cond']): string {
  if (!cond) return '';
  return cond.kind === 'inline' ? 'inline' : cond.type;
}

interface Line {
  /** Where in the machine: `state idle`, `transition idle on export.start #0`. */
  key: string;
  value: string;
}

function outlineRuntime(machine: AnyStateMachine): Line[] {
  const lines: Line[] = [];
  const visit = (node: AnyStateNode) => {
    const at = dotted(node);
    lines.push({ key: `state ${at}`, value: `type=${node.type === 'atomic' || node.type === 'compound' ? 'normal' : node.type} initial=${node.type === 'compound' ? (node.initial.target as AnyStateNode[]).map((t) => t.key).join(',') : ''}` });
    lines.push({ key: `description of state ${at}`, value: node.description ?? '' });
    // `after` adds a delayed raise to entry and its cancel to exit: part of the transition, not actions of the state.
    const isDelayEvent = (value: unknown) => typeof value === 'string' && value.startsWith('xstate.after.');
    const entry = node.entry.filter((a) => !(runtimeActionName(a) === 'xstate.raise' && isDelayEvent((a as { event?: { type?: unknown } }).event?.type)));
    const exit = node.exit.filter((a) => !(runtimeActionName(a) === 'xstate.cancel' && isDelayEvent((a as { sendId?: unknown }).sendId)));
    lines.push({ key: `entry of ${at}`, value: entry.map(runtimeActionName).join(', ') });
    lines.push({ key: `exit of ${at}`, value: exit.map(runtimeActionName).join(', ') });
    node.invoke.forEach((definition, index) => {
      const src = typeof definition.src === 'string' && !definition.src.startsWith('xstate.invoke.') ? definition.src : 'inline';
      lines.push({ key: `invoke ${at} #${index}`, value: src });
    });
    const triggerOf = (eventType: string): string => {
      for (const [prefix, word] of [
        ['xstate.done.actor.', 'onDone'],
        ['xstate.error.actor.', 'onError'],
      ] as const) {
        if (eventType.startsWith(prefix)) return `invoke #${node.invoke.findIndex((d) => d.id === eventType.slice(prefix.length))} ${word}`;
      }
      if (eventType.startsWith('xstate.done.state.')) return 'onDone';
      const after = /^xstate\.after\.(.+)\.[^.]*$/.exec(eventType);
      if (after && eventType.endsWith(`.${node.id}`)) return `after ${eventType.slice('xstate.after.'.length, eventType.length - node.id.length - 1)}`;
      return `on ${eventType}`;
    };
    const transitions: Array<[string, AnyTransitionDefinition[]]> = [...node.transitions.entries()].map(([eventType, group]) => [triggerOf(eventType), group]);
    if (node.always?.length) transitions.push(['always', node.always]);
    for (const [trigger, group] of transitions) {
      group.forEach((transition, index) => {
        const key = `transition ${at} ${trigger} #${index}`;
        const targets = (transition.target ?? []).map((t: AnyStateNode) => t.id).sort();
        lines.push({ key, value: `target=${targets.join(',')} guard=${runtimeGuardName(transition.guard)} actions=${transition.actions.map(runtimeActionName).join(',')}` });
        lines.push({ key: `description of ${key}`, value: transition.description ?? '' });
      });
    }
    Object.values(node.states).forEach((child) => visit(child as AnyStateNode));
  };
  visit(machine.root);
  return lines;
}

/** Resolves an extracted target the way XState 5 does: `#id.path`, `.child`, or `sibling.path`. */
function resolveTarget(machine: AnyStateMachine, source: AnyStateNode, target: string): string {
  try {
    if (target.startsWith('#')) return machine.getStateNodeById(target).id;
    const walk = (from: AnyStateNode, path: string) => path.split('.').reduce<AnyStateNode>((node, key) => {
      const next = node.states[key] as AnyStateNode | undefined;
      if (!next) throw new Error(key);
      return next;
    }, from).id;
    if (target.startsWith('.')) return walk(source, target.slice(1));
    if (!source.parent) return `unresolvable(${target})`;
    return walk(source.parent, target);
  } catch {
    return `unresolvable(${target})`;
  }
}

function outlineExtracted(machine: AnyStateMachine, config: ExtractedNode): Line[] {
  const lines: Line[] = [];
  const visit = (config: ExtractedNode, path: string[]) => {
    const at = path.length ? path.join('.') : '(root)';
    // The runtime node at the same path, to resolve relative targets from (missing nodes show up as differences).
    let runtimeNode: AnyStateNode | undefined = machine.root;
    for (const key of path) runtimeNode = runtimeNode?.states[key] as AnyStateNode | undefined;
    const hasChildren = Object.keys(config.states ?? {}).length > 0;
    lines.push({ key: `state ${at}`, value: `type=${config.type ?? 'normal'} initial=${hasChildren && config.type !== 'parallel' ? (config.initial ?? '') : ''}` });
    lines.push({ key: `description of state ${at}`, value: config.description ?? '' });
    lines.push({ key: `entry of ${at}`, value: list(config.entry).map(extractedActionName).join(', ') });
    lines.push({ key: `exit of ${at}`, value: list(config.exit).map(extractedActionName).join(', ') });
    const transition = (trigger: string, group: ExtractedTransition | ExtractedTransition[] | undefined) => {
      list(group).forEach((t, index) => {
        const key = `transition ${at} ${trigger} #${index}`;
        const targets = list(t.target)
          .map((target) => (runtimeNode ? resolveTarget(machine, runtimeNode, target) : `unresolvable(${target})`))
          .sort();
        lines.push({ key, value: `target=${targets.join(',')} guard=${extractedGuardName(t.cond)} actions=${list(t.actions).map(extractedActionName).join(',')}` });
        lines.push({ key: `description of ${key}`, value: t.description ?? '' });
      });
    };
    list(config.invoke).forEach((invoke, index) => {
      lines.push({ key: `invoke ${at} #${index}`, value: invoke.kind === 'inline' ? 'inline' : invoke.src });
      transition(`invoke #${index} onDone`, invoke.onDone);
      transition(`invoke #${index} onError`, invoke.onError);
    });
    for (const [event, group] of Object.entries(config.on ?? {})) transition(`on ${event}`, group);
    for (const [delay, group] of Object.entries(config.after ?? {})) transition(`after ${delay}`, group);
    transition('always', config.always);
    transition('onDone', config.onDone);
    for (const [key, child] of Object.entries(config.states ?? {})) visit(child, [...path, key]);
  };
  visit(config, []);
  return lines;
}

/**
 * Where the extractor's reading differs from the runtime machine, one readable line per difference
 * (empty when Stately shows exactly what runs).
 */
export function compareWithRuntime(machine: AnyStateMachine, config: ExtractedNode): string[] {
  const runtime = new Map(outlineRuntime(machine).map((line) => [line.key, line.value]));
  const extracted = new Map(outlineExtracted(machine, config).map((line) => [line.key, line.value]));
  const differences: string[] = [];
  for (const [key, value] of runtime) {
    if (!extracted.has(key)) {
      if (value !== '' || !/^(description of|entry of|exit of)/.test(key)) differences.push(`${key}: runs as "${value}" but Stately does not show it`);
    } else if (extracted.get(key) !== value) differences.push(`${key}: runs as "${value}" but Stately shows "${extracted.get(key)}"`);
  }
  for (const [key, value] of extracted) if (!runtime.has(key)) differences.push(`${key}: Stately shows "${value}" but it does not run`);
  return differences;
}

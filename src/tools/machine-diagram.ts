/**
 * Turns XState v5 machine definitions into Mermaid `stateDiagram-v2` text and
 * Markdown pages (docs/machines/*.md). Pure: no file system, no clock.
 *
 * Mermaid limits this works around (checked against mermaid 11):
 * - state ids are global to a diagram, so each id is the state's path joined
 *   with `_` (`signedIn_idle`) and the key is shown through `state "key" as id`;
 * - `--` (parallel regions) only parses inside a composite state, so a
 *   parallel root is drawn as one composite named after the machine;
 * - an edge from a composite state to its own descendant breaks the layout,
 *   so transitions that stay inside their source state (root `on`, targetless
 *   handlers on compound states, re-entry) start from a dashed pseudo-state
 *   "any state" / "any state in <key>";
 * - `;` ends a statement, so it is escaped in labels;
 * - edges between the same two states overlap, so they become one edge whose
 *   label lists each transition on its own line (`<br>`).
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { parseDescription, SPEC_RULES } from './machine-catalog';
import { transitionKey, transitionsOf } from './machine-walk';

/** Anything that looks like an XState v5 machine (duck-typed: `instanceof` breaks across module copies). */
export function isStateMachine(value: unknown): value is AnyStateMachine {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<'id' | 'root' | 'transition' | 'getInitialSnapshot' | 'provide', unknown>>;
  const root = candidate.root as Partial<Record<'states' | 'transitions' | 'key', unknown>> | undefined;
  return (
    typeof candidate.id === 'string' &&
    typeof candidate.transition === 'function' &&
    typeof candidate.getInitialSnapshot === 'function' &&
    typeof candidate.provide === 'function' &&
    typeof root === 'object' &&
    root !== null &&
    typeof root.states === 'object' &&
    root.transitions instanceof Map
  );
}

// ---------------------------------------------------------------------------
// Reading the definition


function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

function isAncestorOrSelf(ancestor: AnyStateNode, node: AnyStateNode): boolean {
  for (let current: AnyStateNode | undefined = node; current; current = current.parent) {
    if (current === ancestor) return true;
  }
  return false;
}

/** Every transition of a node, in definition order: `on`, `after`, invoke/onDone, then `always`. */
function ownTransitions(node: AnyStateNode): AnyTransitionDefinition[] {
  const list: AnyTransitionDefinition[] = [];
  for (const group of node.transitions.values()) list.push(...group);
  list.push(...(node.always ?? []));
  return list;
}

function allNodes(root: AnyStateNode): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    out.push(node);
    children(node).forEach(visit);
  };
  visit(root);
  return out;
}

/** A guard as a reader would write it: `name`, `!name`, `a && b`, `a || b`, `in(state)`. */
export function guardLabel(guard: unknown): string {
  if (guard === undefined || guard === null) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const composite = guard as { name: string; guards?: unknown[]; stateValue?: unknown };
    const parts = (composite.guards ?? []).map((inner) => {
      const text = guardLabel(inner);
      return (composite.guards?.length ?? 0) > 1 && /\s/.test(text) ? `(${text})` : text;
    });
    if (composite.name === 'not' && parts.length === 1) return /\s/.test(parts[0]!) ? `!(${parts[0]})` : `!${parts[0]}`;
    if (composite.name === 'and' && composite.guards) return parts.join(' && ');
    if (composite.name === 'or' && composite.guards) return parts.join(' || ');
    if (composite.name === 'stateIn' && 'stateValue' in composite) {
      return `in(${typeof composite.stateValue === 'string' ? composite.stateValue : JSON.stringify(composite.stateValue)})`;
    }
    return composite.name && composite.name !== 'guard' ? composite.name : 'inline guard';
  }
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return 'guard';
}

/** The name shown for an invoked actor: its `src` name, else its explicit id. */
function invokeLabel(node: AnyStateNode, invokeId: string): string {
  const index = node.invoke.findIndex((definition) => definition.id === invokeId);
  const definition = node.invoke[index];
  if (!definition) return invokeId;
  // Inline logic gets src `xstate.invoke.<index>.<state id>` and id `<index>.<state id>`.
  if (typeof definition.src === 'string' && !definition.src.startsWith('xstate.invoke.')) return definition.src;
  return definition.id !== `${index}.${node.id}` ? definition.id : 'inline actor';
}

function formatDelay(delay: unknown): string {
  if (typeof delay === 'number') return `${delay}ms`;
  if (typeof delay === 'string') return /^\d+$/.test(delay) ? `${delay}ms` : delay;
  return 'delay';
}

/** The label of a transition on the diagram, without the guard. */
function triggerLabel(transition: AnyTransitionDefinition): string {
  const { eventType, source } = transition;
  if (eventType === '') return 'always';
  if ('delay' in transition) return `after ${formatDelay((transition as { delay: unknown }).delay)}`;
  const prefixes: Array<[string, string]> = [
    ['xstate.done.actor.', 'done'],
    ['xstate.error.actor.', 'error'],
    ['xstate.snapshot.', 'snapshot'],
  ];
  for (const [prefix, word] of prefixes) {
    if (eventType.startsWith(prefix)) return `${word}: ${invokeLabel(source, eventType.slice(prefix.length))}`;
  }
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

function transitionLabel(transition: AnyTransitionDefinition): string {
  const guard = guardLabel(transition.guard);
  return guard ? `${triggerLabel(transition)} [${guard}]` : triggerLabel(transition);
}

// ---------------------------------------------------------------------------
// Mermaid

const MERMAID_KEYWORDS = new Set(['state', 'note', 'end', 'class', 'classdef', 'style', 'direction', 'click', 'hide', 'scale', 'as', 'left', 'right', 'of']);

class IdAllocator {
  private readonly used: Set<string>;

  constructor(reserved: Iterable<string>) {
    this.used = new Set(reserved);
  }

  allocate(wanted: string): string {
    let base = wanted.replace(/[^A-Za-z0-9_]/g, '_') || 'state';
    if (/^\d/.test(base) || MERMAID_KEYWORDS.has(base.toLowerCase())) base = `s_${base}`;
    let id = base;
    for (let n = 2; this.used.has(id); n++) id = `${base}_${n}`;
    this.used.add(id);
    return id;
  }

  reserve(id: string): void {
    this.used.add(id);
  }
}

const quote = (text: string) => `"${text.replace(/"/g, '#quot;').replace(/\s+/g, ' ')}"`;
const edgeText = (text: string) => text.replace(/;/g, '#59;').replace(/\s+/g, ' ');

/** Mermaid `stateDiagram-v2` text (no code fence) for one machine. */
export function toMermaid(machine: AnyStateMachine): string {
  const root = machine.root;
  const nodes = allNodes(root);
  // Mermaid names the `[*]` of a composite `<id>_start` / `<id>_end` (`root_start` at the top level).
  const reserved = ['root_start', 'root_end'];
  for (const node of nodes) {
    if (node !== root && children(node).length > 0) reserved.push(`${node.path.join('_')}_start`, `${node.path.join('_')}_end`);
  }
  if (root.type === 'parallel') reserved.push(`${machine.id}_start`, `${machine.id}_end`);
  const ids = new IdAllocator(reserved.map((name) => name.replace(/[^A-Za-z0-9_]/g, '_')));
  const idOf = new Map<AnyStateNode, string>();
  const anyIdOf = new Map<AnyStateNode, string>();

  // Allocate state ids first (document order) so they do not depend on which transitions exist.
  const rootIsWrapped = root.type === 'parallel';
  if (rootIsWrapped) idOf.set(root, ids.allocate(machine.id));
  for (const node of nodes) {
    if (node === root) continue;
    const id = ids.allocate(node.path.join('_'));
    idOf.set(node, id);
    if (children(node).length > 0) [`${id}_start`, `${id}_end`].forEach((name) => ids.reserve(name));
  }

  // Transitions that stay within a compound source start from that source's pseudo-state.
  // Mermaid draws parallel edges on top of each other, so one edge per (from, to) carries every label.
  const edges = new Map<string, { from: string; to: string; labels: string[] }>();
  // A pseudo-state sits inside its source's box, except for a parallel source (its box holds only
  // regions): then it sits in the nearest enclosing non-parallel box. The root's sits at the top level.
  const pseudoHome = (source: AnyStateNode) => {
    let home = source;
    while (home.type === 'parallel' && home !== root) home = home.parent!;
    return home;
  };
  const anyId = (source: AnyStateNode) => {
    let id = anyIdOf.get(source);
    if (!id) {
      id = ids.allocate(source === root ? 'any_state' : `${idOf.get(source)}_any`);
      anyIdOf.set(source, id);
    }
    return id;
  };
  for (const node of nodes) {
    for (const transition of ownTransitions(node)) {
      const targets = transition.target?.length ? transition.target : [node];
      for (const target of targets as AnyStateNode[]) {
        const staysInside = isAncestorOrSelf(node, target) && (node === root || (node.type !== 'atomic' && node.type !== 'final'));
        const from = staysInside ? anyId(node) : idOf.get(node)!;
        const to = staysInside && target === node ? from : idOf.get(target)!;
        const edge = edges.get(`${from} ${to}`) ?? { from, to, labels: [] };
        edges.set(`${from} ${to}`, edge);
        const label = transitionLabel(transition);
        if (!edge.labels.includes(label)) edge.labels.push(label);
      }
    }
  }

  const lines: string[] = ['stateDiagram-v2'];
  const pad = (depth: number) => '  '.repeat(depth);

  const declarePseudoStates = (home: AnyStateNode, depth: number) => {
    for (const source of anyIdOf.keys()) {
      if (pseudoHome(source) !== home) continue;
      const label = source === root ? 'any state' : `any state in ${source.key}`;
      lines.push(`${pad(depth)}state ${quote(label)} as ${anyIdOf.get(source)}`);
    }
  };

  /** Declares the children of `node` at `depth`: initial arrow, states, final arrows. */
  const declareChildren = (node: AnyStateNode, depth: number) => {
    if (node.type === 'compound') {
      for (const initial of node.initial.target as AnyStateNode[]) lines.push(`${pad(depth)}[*] --> ${idOf.get(initial)}`);
    }
    children(node).forEach((child, index) => {
      if (node.type === 'parallel' && index > 0) lines.push(`${pad(depth)}--`);
      declareState(child, depth);
    });
    if (node.type !== 'parallel') declarePseudoStates(node, depth);
    for (const child of children(node)) {
      if (child.type === 'final') lines.push(`${pad(depth)}${idOf.get(child)} --> [*]`);
    }
  };

  const declareState = (node: AnyStateNode, depth: number) => {
    const id = idOf.get(node)!;
    const label = node.type === 'history' ? (node.history === 'deep' ? 'H*' : 'H') : node.key;
    if (children(node).length === 0) {
      lines.push(`${pad(depth)}state ${quote(label)} as ${id}`);
      return;
    }
    lines.push(`${pad(depth)}state ${quote(label)} as ${id} {`);
    declareChildren(node, depth + 1);
    lines.push(`${pad(depth)}}`);
  };

  if (rootIsWrapped) {
    lines.push(`  [*] --> ${idOf.get(root)}`);
    declareState(root, 1);
    declarePseudoStates(root, 1);
  } else {
    declareChildren(root, 1);
  }
  for (const edge of edges.values()) lines.push(`  ${edge.from} --> ${edge.to} : ${edge.labels.map(edgeText).join('<br>')}`);
  if (anyIdOf.size > 0) {
    lines.push('  classDef anyState fill:none,stroke-dasharray:4 4');
    lines.push(`  class ${[...anyIdOf.values()].join(',')} anyState`);
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------
// Markdown

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>').trim();
const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;

function table(header: string[], rows: string[][]): string[] {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`)];
}

/** `signedIn.idle`; the root is the machine id. */
function statePath(node: AnyStateNode): string {
  return node.path.length === 0 ? node.machine.id : node.path.join('.');
}

function stateKind(node: AnyStateNode): string {
  const parentInitial = node.parent?.type === 'compound' && (node.parent.initial.target as AnyStateNode[]).includes(node);
  const kind = node.type === 'history' ? `${node.history} history` : node.type === 'atomic' ? '' : node.type;
  return [parentInitial ? 'initial' : '', kind].filter(Boolean).join(', ');
}

function statesSection(machine: AnyStateMachine): string[] {
  const nodes = allNodes(machine.root).filter((node) => node !== machine.root);
  if (nodes.length === 0) return [];
  const hasTags = nodes.some((node) => node.tags.length > 0);
  const hasInvokes = nodes.some((node) => node.invoke.length > 0);
  const header = ['State', 'Kind', ...(hasTags ? ['Tags'] : []), ...(hasInvokes ? ['Invokes'] : []), 'Description'];
  const rows = nodes.map((node) => [
    code(statePath(node)),
    stateKind(node),
    ...(hasTags ? [node.tags.map(code).join(', ')] : []),
    ...(hasInvokes ? [node.invoke.map((definition) => code(invokeLabel(node, definition.id))).join(', ')] : []),
    node.description ?? '',
  ]);
  return ['### States', '', ...table(header, rows), ''];
}

/** Who walked a transition (machine id, transition key) → `node: tests/…`; empty when unknown. */
export type WalkedBy = (machineId: string, key: string) => string[];

function transitionsSection(machine: AnyStateMachine, walkedBy: WalkedBy | undefined): string[] {
  const transitions = transitionsOf(machine);
  if (transitions.length === 0) return [];
  const rows = transitions.map(({ source, transition }) => {
    const from = source === machine.root ? 'any state' : statePath(source);
    const to = transition.target?.length ? (transition.target as AnyStateNode[]).map(statePath).join(', ') : '(stays)';
    const guard = guardLabel(transition.guard);
    const { text, rules } = parseDescription(transition.description);
    const walkers = walkedBy?.(machine.id, transitionKey(transition)) ?? [];
    return [
      code(triggerLabel(transition)),
      `${code(from)} → ${to === '(stays)' ? to : code(to)}${guard ? ` if ${code(guard)}` : ''}`,
      text,
      rules.map((rule) => `${code(rule)} ${SPEC_RULES[rule] ?? ''}`.trim()).join('<br>'),
      walkers.length ? walkers.map((w) => w.replace(/^(\w+): (.*)$/, (_, env: string, file: string) => `${env}: ${code(file)}`)).join('<br>') : '',
    ];
  });
  return ['### Transitions', '', ...table(['Trigger', 'From → to', 'Description', 'Spec rule', 'Walked by (model-based paths)'], rows), ''];
}

/**
 * The Markdown page for one machines/<name>.ts file. `machines` maps export
 * names to machines (an array works too when export names are unknown).
 */
export function toMarkdown(name: string, machines: Record<string, AnyStateMachine> | readonly AnyStateMachine[], walkedBy?: WalkedBy): string {
  const entries: Array<[string | undefined, AnyStateMachine]> = Array.isArray(machines)
    ? (machines as readonly AnyStateMachine[]).map((machine) => [undefined, machine])
    : Object.entries(machines as Record<string, AnyStateMachine>);
  const lines: string[] = [
    `<!-- Generated from machines/${name}.ts by \`npm run docs:machines\`. Do not edit by hand. -->`,
    '',
    `# ${name}`,
    '',
  ];
  if (entries.length === 0) lines.push('This file exports no state machine.', '');
  for (const [exportName, machine] of entries) {
    lines.push(`## ${code(machine.id)}${exportName ? ` (export ${code(exportName)})` : ''}`, '');
    const description = machine.root.description?.trim();
    if (description) lines.push(description, '');
    lines.push('```mermaid', toMermaid(machine), '```', '');
    lines.push(...statesSection(machine), ...transitionsSection(machine, walkedBy));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

export interface MachineFileSummary {
  /** File basename without extension (`session`). */
  name: string;
  machines: AnyStateMachine[];
}

/** docs/machines/README.md: one row per machine file. */
export function toIndex(files: readonly MachineFileSummary[]): string {
  const rows = files.flatMap(({ name, machines }) =>
    machines.map((machine) => {
      const transitions = transitionsOf(machine);
      const states = allNodes(machine.root);
      const described = states.filter((n) => n.description?.trim()).length + transitions.filter((t) => t.transition.description?.trim()).length;
      const rules = new Set(transitions.flatMap((t) => parseDescription(t.transition.description).rules));
      return [
        `[${name}](${name}.md)`,
        code(machine.id),
        (machine.root.description ?? '').trim().split(/\r?\n/)[0] ?? '',
        String(states.length - 1),
        String(transitions.length),
        `${described}/${states.length + transitions.length}`,
        [...rules].sort().map(code).join(', '),
      ];
    }),
  );
  const lines = [
    '<!-- Generated by `npm run docs:machines`. Do not edit by hand. -->',
    '',
    '# State machines',
    '',
    'Diagrams and tables generated from the XState v5 statecharts in `machines/`.',
    'Run `npm run docs:machines` after changing a machine; `npm test` fails while these pages are stale.',
    'Diagrams use Mermaid `stateDiagram-v2`; edges read `event [guard]`, `always`, `after <delay>`,',
    '`done: <actor>` / `error: <actor>` (invoke results) and `done` (a compound state reached its final state).',
    'A dashed "any state" node stands for transitions declared on an enclosing state, which apply in every state inside it.',
    'Each page lists every state and transition in product words, the product rule (docs/product.md) a transition implements',
    '(`[spec:4-…]` at the end of its description) and the model-based tests that walk it; [coverage.md](coverage.md)',
    'has the figures per machine. "Described" counts the machine, its states and its transitions that have a description.',
    '',
  ];
  lines.push(...(rows.length > 0 ? table(['File', 'Machine', 'Description', 'States', 'Transitions', 'Described', 'Spec rules'], rows) : ['No machines yet.']));
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * The statechart checks of issue 17, per machines/ file, as lists of readable problems (empty = passes):
 * - extractorProblems: Stately's extractor reads every machine, sees what runs, and can show every value
 *   (dynamic `params` functions excepted: XState 5's idiom);
 * - descriptionProblems: every state and transition has a description; spec tags are known and at the end.
 * Which files must pass is src/tools/machine-catalog.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { loadMachines, machinesDir } from './docs-machines';
import { parseDescription } from './machine-catalog';
import { compareWithRuntime, extractSource, type UnsupportedValue } from './machine-extract';

export interface ExtractorReport {
  problems: string[];
  /** Values the extractor cannot show, dynamic params included. */
  unsupported: UnsupportedValue[];
}

export async function extractorReport(name: string, dir = machinesDir): Promise<ExtractorReport> {
  const source = readFileSync(join(dir, `${name}.ts`), 'utf8');
  const runtime = Object.values(await loadMachines(name, dir));
  const extraction = await extractSource(source);
  const problems: string[] = [];
  if (extraction.error) problems.push(`the extractor cannot read machines/${name}.ts: ${extraction.error}`);
  const extractedIds = extraction.machines.map((config) => config.id ?? '(no id)');
  for (const machine of runtime) {
    const config = extraction.machines.find((candidate) => candidate.id === machine.id);
    if (!config) {
      problems.push(`machine '${machine.id}' is not found by the extractor (it found ${extractedIds.join(', ') || 'none'}): write it as a literal createMachine/setup().createMachine call with a literal id`);
      continue;
    }
    problems.push(...compareWithRuntime(machine, config).map((difference) => `${machine.id}: ${difference}`));
  }
  for (const id of extractedIds) {
    if (!runtime.some((machine) => machine.id === id)) problems.push(`the extractor finds machine '${id}', which the file does not export`);
  }
  for (const value of extraction.unsupported) {
    if (!value.dynamicParams) problems.push(`machines/${name}.ts:${value.line}: Stately cannot show the value of '${value.key}' (${value.nodeType}); write the text itself there, or quote it in the transition's description`);
  }
  return { problems, unsupported: extraction.unsupported };
}

export interface DescribedTransition {
  /** `editing on funds.submit #1`, `submitting invoke moveFunds done`, `(root) on note.change #0`. */
  label: string;
  source: AnyStateNode;
  transition: AnyTransitionDefinition;
}

/** The name of what triggers a transition, as the docs and the checks print it. */
export function triggerName(source: AnyStateNode, eventType: string): string {
  if (eventType === '') return 'always';
  for (const [prefix, word] of [
    ['xstate.done.actor.', 'done'],
    ['xstate.error.actor.', 'error'],
  ] as const) {
    if (!eventType.startsWith(prefix)) continue;
    const id = eventType.slice(prefix.length);
    const index = source.invoke.findIndex((definition) => definition.id === id);
    const definition = source.invoke[index];
    const src = definition && typeof definition.src === 'string' && !definition.src.startsWith('xstate.invoke.') ? definition.src : id;
    return `${word}: ${src}`;
  }
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  if (eventType.startsWith('xstate.after.') && eventType.endsWith(`.${source.id}`)) {
    const delay = eventType.slice('xstate.after.'.length, eventType.length - source.id.length - 1);
    return `after ${/^\d+$/.test(delay) ? `${delay}ms` : delay}`;
  }
  return eventType;
}

export const statePathOf = (node: AnyStateNode) => (node.path.length ? node.path.join('.') : '(machine)');

/** Every state node of a machine, root first, in document order. */
export function stateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    out.push(node);
    Object.values(node.states).forEach((child) => visit(child as AnyStateNode));
  };
  visit(machine.root);
  return out;
}

/** Every transition of a machine (events, delays, invoke results, done, always), with a stable label. */
export function transitionsOf(machine: AnyStateMachine): DescribedTransition[] {
  const out: DescribedTransition[] = [];
  for (const source of stateNodes(machine)) {
    const groups: Array<[string, AnyTransitionDefinition[]]> = [...source.transitions.entries()];
    if (source.always?.length) groups.push(['', source.always]);
    for (const [eventType, group] of groups) {
      group.forEach((transition, index) => {
        const alternatives = group.length > 1 ? ` #${index + 1}` : '';
        out.push({ label: `${statePathOf(source)} ${triggerName(source, eventType)}${alternatives}`, source, transition });
      });
    }
  }
  return out;
}

/**
 * A stable key for one transition of one machine, the same in node and in the browser:
 * `<source state id>|<event type>|<index in its group>`.
 */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const group = transition.eventType === '' ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
  return `${source.id}|${transition.eventType}|${Math.max(0, group.indexOf(transition))}`;
}

export async function descriptionProblems(name: string, dir = machinesDir): Promise<string[]> {
  const problems: string[] = [];
  for (const machine of Object.values(await loadMachines(name, dir))) {
    for (const node of stateNodes(machine)) {
      if (!node.description?.trim()) problems.push(`${machine.id}: state ${statePathOf(node)} has no description`);
      else problems.push(...parseDescription(node.description).problems.map((p) => `${machine.id}: state ${statePathOf(node)}: ${p}`));
    }
    for (const { label, transition } of transitionsOf(machine)) {
      if (!transition.description?.trim()) problems.push(`${machine.id}: transition ${label} has no description`);
      else problems.push(...parseDescription(transition.description).problems.map((p) => `${machine.id}: transition ${label}: ${p}`));
    }
  }
  return problems;
}

/** Pure helpers that walk a machine definition: its states, its transitions with stable labels and keys. */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

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


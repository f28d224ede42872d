/**
 * Which paths of a test model (tests/models/) a browser file walks. The machine-level model tests
 * (tests/machines/*.model.test.ts) walk every simple path against the real machine in milliseconds; in
 * Chromium a path costs seconds, so a browser file walks a few paths that together visit every state and
 * take every transition the simple paths do (greedy set cover, stable: the same model gives the same paths).
 */
import { createTestModel } from '@xstate/test';
import type { AnyStateMachine } from 'xstate';

export interface ModelStep {
  state: { value: unknown };
  event: { type: string };
}
export interface ModelPath {
  steps: ModelStep[];
  description: string;
}

const stateKey = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The states a path visits (the model's state values). */
export function statesOf(path: ModelPath): string[] {
  return path.steps.map((step) => stateKey(step.state.value));
}

/** The transitions a path takes, as `<source state>:<event type>` (a step's event leads into that step's state). */
export function transitionsOf(path: ModelPath): string[] {
  return path.steps.slice(1).map((step, i) => `${stateKey(path.steps[i]!.state.value)}:${step.event.type}`);
}

const itemsOf = (path: ModelPath) => [...statesOf(path).map((s) => `state ${s}`), ...transitionsOf(path).map((t) => `transition ${t}`)];

/** Every state and transition that some path of `paths` walks. */
export function walkedBy(paths: readonly ModelPath[]): { states: string[]; transitions: string[] } {
  return {
    states: [...new Set(paths.flatMap(statesOf))].sort(),
    transitions: [...new Set(paths.flatMap(transitionsOf))].sort(),
  };
}

/** Every state and `<state>:<event>` transition a flat test model declares (what the chosen paths must walk). */
export function declaredBy(model: { root: { states: Record<string, { key: string; transitions: Map<string, unknown> }> } }): { states: string[]; transitions: string[] } {
  const nodes = Object.values(model.root.states);
  return {
    states: nodes.map((node) => node.key).sort(),
    transitions: nodes.flatMap((node) => [...node.transitions.keys()].map((event) => `${node.key}:${event}`)).sort(),
  };
}

/**
 * A subset of `paths` that walks every state and transition `paths` walk together: each pick is the path that
 * adds the most not yet walked, the shorter on a tie, then the earlier (so the choice is the same every run).
 */
export function coveringPaths<P extends ModelPath>(paths: readonly P[]): P[] {
  const needed = new Set(paths.flatMap(itemsOf));
  const chosen: P[] = [];
  while (needed.size > 0) {
    let best: P | undefined;
    let bestGain = 0;
    for (const path of paths) {
      const gain = new Set(itemsOf(path).filter((item) => needed.has(item))).size;
      if (gain > bestGain || (gain > 0 && gain === bestGain && path.steps.length < best!.steps.length)) [best, bestGain] = [path, gain];
    }
    chosen.push(best!);
    for (const item of itemsOf(best!)) needed.delete(item);
  }
  return chosen;
}

/**
 * The paths a browser file walks for a test model: `coveringPaths` of its simple paths. Throws (failing the
 * file as it loads, before any browser starts) when they miss a state or transition the model declares: one
 * that no simple path reaches.
 */
export function coveringModelPaths<TMachine extends AnyStateMachine>(model: TMachine) {
  const paths = coveringPaths(createTestModel(model).getSimplePaths());
  const walked = walkedBy(paths);
  const declared = declaredBy(model);
  const missed = [...declared.states.filter((s) => !walked.states.includes(s)), ...declared.transitions.filter((t) => !walked.transitions.includes(t))];
  if (missed.length > 0) throw new Error(`no simple path of the model walks ${missed.join(', ')}`);
  return paths;
}

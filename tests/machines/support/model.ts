import { createTestModel } from '@xstate/test';
import { expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';

/**
 * The paths of a flat test model (tests/models/*.ts: states are what the user sees, events what the user or
 * the server does): `@xstate/test`'s simple paths, every route from the first state to each state without a loop.
 */
export function modelPaths(model: AnyStateMachine) {
  return createTestModel(model).getSimplePaths();
}

/** Every transition of a flat test model as "state:EVENT". */
export function modelTransitions(model: AnyStateMachine): string[] {
  return Object.values(model.root.states).flatMap((node) => [...node.transitions.keys()].map((event) => `${node.key}:${event}`));
}

/** A test that fails when the paths leave a state or a transition of the model unwalked (the model would promise more than runs). */
export function itWalksTheWholeModel(model: AnyStateMachine, paths: ReturnType<typeof modelPaths>): void {
  it('the paths walk every state and every transition of the model', () => {
    const walked = new Set(paths.flatMap((p) => p.steps.slice(1).map((step, i) => `${String(p.steps[i]!.state.value)}:${step.event.type}`)));
    const visited = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...walked].sort()).toEqual(modelTransitions(model).sort());
    expect([...visited].sort()).toEqual(Object.keys(model.root.states).sort());
  });
}

/** An error as the API client reports it (status 0 and handledGlobally for a dropped connection). */
export const apiError = (message: string, status = 400, handledGlobally = false) => Object.assign(new Error(message), { status, handledGlobally });
export const OFFLINE = 'Network error. Please check your connection.';

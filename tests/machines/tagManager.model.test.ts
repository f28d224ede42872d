import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/test';
import { createActor, fromPromise, waitFor } from 'xstate';
import { tagManagerMachine, type TagOperation } from '../../machines/tagManager';
import type { Toast } from '../../machines/types';
import { tagListPath, tagTexts, type Tag } from '../../src/contract/autoRules';
import { tagManagerFlow as flow, tagManagerModel, tagManagerTransitions } from '../models/tagManager';
import { recordMachineCoverage } from '../support/machine-coverage';

const tag = (name: string, transaction_count: number): Tag => ({ name, color: null, transaction_count, income: 0, expense: 0 });

/** A backend with the server's rules for these operations: a rename onto a name in use is refused (409), a merge moves the rows. */
function fakeBackend() {
  let tags = [tag(flow.into, flow.intoCount), tag(flow.name, flow.count)];
  const list = () => tags.map((t) => ({ ...t }));
  const calls: TagOperation[] = [];
  async function apply(op: TagOperation): Promise<{ tags: Tag[]; message: string }> {
    calls.push(op);
    if (op.kind === 'update' && op.patch.name !== undefined) {
      const to = op.patch.name;
      if (tags.some((t) => t.name === to)) throw Object.assign(new Error(`A tag named '${to}' already exists: merge into it instead`), { status: 409 });
      tags = tags.map((t) => (t.name === op.name ? { ...t, name: to } : t));
      return { tags: list(), message: tagTexts.renamed(to) };
    }
    if (op.kind === 'merge') {
      const moved = tags.find((t) => t.name === op.name)!.transaction_count;
      tags = tags.filter((t) => t.name !== op.name).map((t) => (t.name === op.into ? { ...t, transaction_count: t.transaction_count + moved } : t));
      return { tags: list(), message: tagTexts.merged(op.into) };
    }
    if (op.kind === 'remove') {
      tags = tags.filter((t) => t.name !== op.name);
      return { tags: list(), message: tagTexts.deleted(op.name) };
    }
    throw new Error(`not part of the model: ${op.kind}`);
  }
  return { list, apply, calls };
}

async function system() {
  const backend = fakeBackend();
  const toasts: Toast[] = [];
  const actor = createActor(
    tagManagerMachine.provide({
      actors: { load: fromPromise(async () => backend.list()), apply: fromPromise(({ input }) => backend.apply(input.operation)) },
      actions: { notify: (_, t) => void (t.message && toasts.push(t)) },
    }),
  ).start();
  const idle = () => waitFor(actor, (s) => s.matches({ ready: 'idle' }));
  await idle();
  return { actor, backend, toasts, idle };
}

const model = createTestModel(tagManagerModel);
const paths = model.getSimplePaths();
const coverage = recordMachineCoverage(import.meta.url, 'node');

describe('model-based paths: Settings › Tags (the real tagManager machine)', () => {
  it('the paths cover every state and every transition of the model', () => {
    const covered = new Set(paths.flatMap((p) => p.steps.slice(1).map((step, i) => `${String(p.steps[i]!.state.value)}:${step.event.type}`)));
    const visited = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...covered].sort()).toEqual(tagManagerTransitions().sort());
    expect([...visited].sort()).toEqual(Object.keys(tagManagerModel.root.states).sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, backend, toasts, idle } = await system();
      coverage.path(path.description).attach(actor);
      const listed = (name: string) => actor.getSnapshot().context.tags?.find((t) => t.name === name);
      const unchanged = () => expect(listed(flow.name)).toMatchObject({ transaction_count: flow.count });

      await path.test({
        events: {
          RENAME_START: async () => void actor.send({ type: 'tags.renameStart', name: flow.name }),
          RENAME_SUBMIT: async () => {
            actor.send({ type: 'tags.renameSubmit', name: flow.newName });
            await idle();
          },
          RENAME_TAKEN: async () => {
            actor.send({ type: 'tags.renameSubmit', name: flow.into });
            await idle();
          },
          RENAME_CANCEL: async () => void actor.send({ type: 'tags.renameCancel' }),
          MERGE_START: async () => void actor.send({ type: 'tags.mergeStart', name: flow.name }),
          MERGE_CONFIRM: async () => {
            actor.send({ type: 'tags.mergePick', into: flow.into });
            actor.send({ type: 'tags.mergeConfirm' });
            await idle();
          },
          MERGE_CANCEL: async () => void actor.send({ type: 'tags.mergeCancel' }),
          DELETE_START: async () => void actor.send({ type: 'tags.deleteStart', name: flow.name }),
          DELETE_CONFIRM: async () => {
            actor.send({ type: 'tags.deleteConfirm' });
            await idle();
          },
          DELETE_CANCEL: async () => void actor.send({ type: 'tags.deleteCancel' }),
          // The name is a link the view renders; the machine only has to stay put.
          OPEN: async () => {},
        },
        states: {
          listed: () => {
            expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
            unchanged();
            expect(toasts).toEqual([]);
          },
          renaming: () => {
            expect(actor.getSnapshot().matches({ ready: 'renaming' })).toBe(true);
            expect(actor.getSnapshot().context.renaming).toBe(flow.name);
          },
          merging: () => {
            expect(actor.getSnapshot().matches({ ready: 'merging' })).toBe(true);
            expect(actor.getSnapshot().context.merge).toMatchObject({ name: flow.name });
          },
          confirmingDelete: () => {
            expect(actor.getSnapshot().matches({ ready: 'confirmingDelete' })).toBe(true);
            const name = actor.getSnapshot().context.deleting!;
            expect(tagTexts.deleteConfirmation(name, listed(name)!.transaction_count)).toBe(flow.deleteQuestion);
            expect(backend.calls).toEqual([]);
          },
          renamed: () => {
            expect(toasts.at(-1)).toEqual({ kind: 'success', message: flow.renamedToast });
            expect(listed(flow.name)).toBeUndefined();
            expect(listed(flow.newName)?.transaction_count).toBe(flow.count);
          },
          refused: () => {
            expect(toasts.at(-1)).toMatchObject({ kind: 'error', message: flow.takenDetail });
            expect(actor.getSnapshot().context.opError?.message).toBe(flow.takenDetail);
            unchanged();
          },
          merged: () => {
            expect(toasts.at(-1)).toEqual({ kind: 'success', message: flow.mergedToast });
            expect(listed(flow.name)).toBeUndefined();
            expect(listed(flow.into)?.transaction_count).toBe(flow.count + flow.intoCount);
          },
          deleted: () => {
            expect(toasts.at(-1)).toEqual({ kind: 'success', message: flow.deletedToast });
            expect(listed(flow.name)).toBeUndefined();
            expect(backend.calls).toEqual([{ kind: 'remove', name: flow.name }]);
          },
          cancelled: () => {
            expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
            expect(toasts).toEqual([]);
            expect(backend.calls).toEqual([]);
            unchanged();
          },
          opened: () => {
            expect(tagListPath(flow.name)).toBe('/transactions?tags=trip');
            expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
          },
        },
      });
    });
  }
});

import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/test';
import { createActor, fromPromise, waitFor } from 'xstate';
import { categoryManagerMachine, type CategoryOperation } from '../../machines/categoryManager';
import type { Toast } from '../../machines/types';
import type { CategoryItem, CategoryListResponse } from '../../src/contract/categories';
import { categoryManagerFlow as flow, categoryManagerModel, categoryManagerTransitions } from '../models/categoryManager';
import { recordMachineCoverage } from '../support/machine-coverage';

const item = (name: string, extra: Partial<CategoryItem> = {}): CategoryItem => ({
  category_id: name,
  name,
  type: 'expense',
  color: null,
  is_default: false,
  transaction_count: 0,
  hidden: false,
  group_id: null,
  group: null,
  order: 0,
  ...extra,
});

/** A backend with the server's rules for these operations: a rename onto a name in use is refused (409), a merge moves the count. */
function fakeBackend() {
  let categories = [item(flow.name, { transaction_count: flow.count }), item(flow.takenName, { is_default: true }), item(flow.into, { is_default: true })];
  const list = (): CategoryListResponse => ({ categories: categories.map((c) => ({ ...c })), groups: [] });
  const calls: CategoryOperation[] = [];
  async function apply(op: CategoryOperation): Promise<{ list: CategoryListResponse; message: string }> {
    calls.push(op);
    if (op.kind === 'update' && op.patch.name !== undefined) {
      const to = op.patch.name;
      if (categories.some((c) => c.name === to)) throw Object.assign(new Error(`A category named '${to}' already exists: merge into it instead`), { status: 409 });
      categories = categories.map((c) => (c.name === op.name ? { ...c, name: to, category_id: to } : c));
      return { list: list(), message: `Renamed to “${to}”` };
    }
    if (op.kind === 'update' && op.patch.hidden !== undefined) {
      categories = categories.map((c) => (c.name === op.name ? { ...c, hidden: op.patch.hidden! } : c));
      return { list: list(), message: `“${op.name}” hidden from new entries` };
    }
    if (op.kind === 'merge') {
      const moved = categories.find((c) => c.name === op.name)!.transaction_count;
      categories = categories.filter((c) => c.name !== op.name).map((c) => (c.name === op.into ? { ...c, transaction_count: c.transaction_count + moved } : c));
      return { list: list(), message: `Merged into ${op.into}: ${moved} transactions moved` };
    }
    throw new Error(`not part of the model: ${op.kind}`);
  }
  return { list, apply, calls };
}

async function system() {
  const backend = fakeBackend();
  const toasts: Toast[] = [];
  const actor = createActor(
    categoryManagerMachine.provide({
      actors: { load: fromPromise(async () => backend.list()), apply: fromPromise(({ input }) => backend.apply(input.operation)) },
      actions: { notify: (_, t) => void (t.message && toasts.push(t)) },
    }),
  ).start();
  const idle = () => waitFor(actor, (s) => s.matches({ ready: 'idle' }));
  await idle();
  return { actor, backend, toasts, idle };
}

const model = createTestModel(categoryManagerModel);
const paths = model.getSimplePaths();
const coverage = recordMachineCoverage(import.meta.url, 'node');

describe('model-based paths: Settings › Categories (the real categoryManager machine)', () => {
  it('the paths cover every state and every transition of the model', () => {
    const covered = new Set(paths.flatMap((p) => p.steps.slice(1).map((step, i) => `${String(p.steps[i]!.state.value)}:${step.event.type}`)));
    const visited = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...covered].sort()).toEqual(categoryManagerTransitions().sort());
    expect([...visited].sort()).toEqual(Object.keys(categoryManagerModel.root.states).sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, backend, toasts, idle } = await system();
      coverage.path(path.description).attach(actor);
      const listed = (name: string) => actor.getSnapshot().context.list?.categories.find((c) => c.name === name);
      const unchanged = () => {
        expect(listed(flow.name)).toMatchObject({ transaction_count: flow.count, hidden: false });
      };

      await path.test({
        events: {
          RENAME_START: async () => void actor.send({ type: 'categories.renameStart', renaming: { kind: 'category', name: flow.name } }),
          RENAME_SUBMIT: async () => {
            actor.send({ type: 'categories.renameSubmit', name: flow.newName });
            await idle();
          },
          RENAME_TAKEN: async () => {
            actor.send({ type: 'categories.renameSubmit', name: flow.takenName });
            await idle();
          },
          RENAME_CANCEL: async () => void actor.send({ type: 'categories.renameCancel' }),
          MERGE_START: async () => void actor.send({ type: 'categories.mergeStart', name: flow.name }),
          MERGE_CONFIRM: async () => {
            actor.send({ type: 'categories.mergePick', into: flow.into });
            actor.send({ type: 'categories.mergeConfirm' });
            await idle();
          },
          MERGE_CANCEL: async () => void actor.send({ type: 'categories.mergeCancel' }),
          HIDE: async () => {
            actor.send({ type: 'categories.apply', operation: { kind: 'update', name: flow.name, patch: { hidden: true } } });
            await idle();
          },
        },
        states: {
          listed: () => {
            expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
            unchanged();
            expect(toasts).toEqual([]);
          },
          renaming: () => {
            expect(actor.getSnapshot().matches({ ready: 'renaming' })).toBe(true);
            expect(actor.getSnapshot().context.renaming).toEqual({ kind: 'category', name: flow.name });
          },
          merging: () => {
            expect(actor.getSnapshot().matches({ ready: 'merging' })).toBe(true);
            expect(actor.getSnapshot().context.merge).toMatchObject({ name: flow.name });
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
            expect(listed(flow.into)?.transaction_count).toBe(flow.count);
          },
          cancelled: () => {
            expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
            expect(toasts).toEqual([]);
            expect(backend.calls).toEqual([]);
            unchanged();
          },
          hidden: () => {
            expect(toasts.at(-1)).toEqual({ kind: 'success', message: flow.hiddenToast });
            expect(listed(flow.name)).toMatchObject({ hidden: true, transaction_count: flow.count });
          },
        },
      });
    });
  }
});

import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { categoryManagerMachine, type CategoryOperation } from '../../machines/categoryManager';
import type { Toast } from '../../machines/types';
import type { CategoryItem, CategoryListResponse } from '../../src/contract/categories';

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
const listOf = (...categories: CategoryItem[]): CategoryListResponse => ({ categories, groups: [{ group_id: 'g1', name: 'Bills', order: 0 }] });

class Refusal extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

function start(options: { load?: () => Promise<CategoryListResponse>; apply?: (op: CategoryOperation) => Promise<{ list: CategoryListResponse; message: string }> } = {}) {
  const toasts: Toast[] = [];
  const sent: CategoryOperation[] = [];
  const actor = createActor(
    categoryManagerMachine.provide({
      actors: {
        load: fromPromise(async () => (options.load ? options.load() : listOf(item('Pets', { transaction_count: 3 }), item('Other', { is_default: true })))),
        apply: fromPromise(async ({ input }) => {
          sent.push(input.operation);
          return options.apply ? options.apply(input.operation) : { list: listOf(item('Other', { is_default: true, transaction_count: 3 })), message: 'Done' };
        }),
      },
      actions: { notify: (_, t) => void (t.message && toasts.push(t)) },
    }),
  ).start();
  return { actor, toasts, sent, idle: () => waitFor(actor, (s) => s.matches({ ready: 'idle' })) };
}

describe('categoryManager', () => {
  it('loads the list; a failed load shows the reason and retries', async () => {
    let calls = 0;
    const m = start({
      load: async () => {
        calls++;
        if (calls === 1) throw new Refusal('Server down', 503);
        return listOf(item('Pets'));
      },
    });
    await waitFor(m.actor, (s) => s.matches('failed'));
    expect(m.actor.getSnapshot().context.error?.message).toBe('Server down');
    m.actor.send({ type: 'categories.reload' });
    await m.idle();
    expect(m.actor.getSnapshot().context.list?.categories.map((c) => c.name)).toEqual(['Pets']);
  });

  it('a merge waits for the receiving category and the confirmation, then sends one merge and shows the new list', async () => {
    const m = start();
    await m.idle();
    m.actor.send({ type: 'categories.mergeStart', name: 'Pets' });
    expect(m.actor.getSnapshot().matches({ ready: 'merging' })).toBe(true);
    m.actor.send({ type: 'categories.mergeConfirm' });
    expect(m.actor.getSnapshot().matches({ ready: 'merging' })).toBe(true);
    expect(m.sent).toEqual([]);
    m.actor.send({ type: 'categories.mergePick', into: 'Other' });
    m.actor.send({ type: 'categories.mergeConfirm' });
    await m.idle();
    expect(m.sent).toEqual([{ kind: 'merge', name: 'Pets', into: 'Other' }]);
    expect(m.actor.getSnapshot().context.list?.categories.map((c) => c.name)).toEqual(['Other']);
    expect(m.toasts).toEqual([{ kind: 'success', message: 'Done' }]);
  });

  it('cancelling a merge or a rename sends nothing', async () => {
    const m = start();
    await m.idle();
    m.actor.send({ type: 'categories.mergeStart', name: 'Pets' });
    m.actor.send({ type: 'categories.mergePick', into: 'Other' });
    m.actor.send({ type: 'categories.mergeCancel' });
    m.actor.send({ type: 'categories.renameStart', renaming: { kind: 'category', name: 'Pets' } });
    m.actor.send({ type: 'categories.renameCancel' });
    expect(m.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(m.actor.getSnapshot().context).toMatchObject({ merge: null, renaming: null });
    expect(m.sent).toEqual([]);
  });

  it('renames a category or a group through the dialog', async () => {
    const m = start();
    await m.idle();
    m.actor.send({ type: 'categories.renameStart', renaming: { kind: 'category', name: 'Pets' } });
    m.actor.send({ type: 'categories.renameSubmit', name: 'Animals' });
    await m.idle();
    m.actor.send({ type: 'categories.renameStart', renaming: { kind: 'group', groupId: 'g1', name: 'Bills' } });
    m.actor.send({ type: 'categories.renameSubmit', name: 'Fixed' });
    await m.idle();
    expect(m.sent).toEqual([
      { kind: 'update', name: 'Pets', patch: { name: 'Animals' } },
      { kind: 'renameGroup', groupId: 'g1', name: 'Fixed' },
    ]);
  });

  it("a refused change keeps the list and shows the server's reason until the next change succeeds", async () => {
    let refuse = true;
    const m = start({
      apply: async () => {
        if (refuse) throw new Refusal("A category named 'other' already exists: merge into it instead", 409);
        return { list: listOf(item('Pets', { hidden: true })), message: 'Category hidden' };
      },
    });
    await m.idle();
    m.actor.send({ type: 'categories.renameStart', renaming: { kind: 'category', name: 'Pets' } });
    m.actor.send({ type: 'categories.renameSubmit', name: 'other' });
    await m.idle();
    expect(m.actor.getSnapshot().context.opError).toMatchObject({ message: "A category named 'other' already exists: merge into it instead", status: 409 });
    expect(m.actor.getSnapshot().context.list?.categories.map((c) => c.name)).toEqual(['Pets', 'Other']);
    expect(m.toasts.at(-1)).toMatchObject({ kind: 'error' });
    refuse = false;
    m.actor.send({ type: 'categories.apply', operation: { kind: 'update', name: 'Pets', patch: { hidden: true } } });
    expect(m.actor.getSnapshot().hasTag('busy')).toBe(true);
    await m.idle();
    expect(m.actor.getSnapshot().context.opError).toBeNull();
    expect(m.actor.getSnapshot().context.list?.categories[0]).toMatchObject({ name: 'Pets', hidden: true });
  });
});

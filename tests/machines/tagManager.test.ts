import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { tagManagerMachine, type TagOperation } from '../../machines/tagManager';
import type { Toast } from '../../machines/types';
import { tagTexts, type Tag } from '../../src/contract/autoRules';

const tag = (name: string, transaction_count = 0, color: string | null = null): Tag => ({ name, color, transaction_count, income: 0, expense: 0 });

class Refusal extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

function start(options: { load?: () => Promise<Tag[]>; apply?: (op: TagOperation) => Promise<{ tags: Tag[]; message: string }> } = {}) {
  const toasts: Toast[] = [];
  const sent: TagOperation[] = [];
  const actor = createActor(
    tagManagerMachine.provide({
      actors: {
        load: fromPromise(async () => (options.load ? options.load() : [tag('holiday', 3), tag('work', 1)])),
        apply: fromPromise(async ({ input }) => {
          sent.push(input.operation);
          return options.apply ? options.apply(input.operation) : { tags: [tag('work', 1)], message: 'Done' };
        }),
      },
      actions: { notify: (_, t) => void (t.message && toasts.push(t)) },
    }),
  ).start();
  return { actor, toasts, sent, idle: () => waitFor(actor, (s) => s.matches({ ready: 'idle' })) };
}

describe('tagManager', () => {
  it('loads the list; a failed load shows the reason and retries', async () => {
    let calls = 0;
    const m = start({
      load: async () => {
        calls++;
        if (calls === 1) throw new Refusal('Server down', 503);
        return [];
      },
    });
    await waitFor(m.actor, (s) => s.matches('failed'));
    expect(m.actor.getSnapshot().context.error?.message).toBe('Server down');
    m.actor.send({ type: 'tags.reload' });
    await m.idle();
    expect(m.actor.getSnapshot().context.tags).toEqual([]);
    expect(m.actor.getSnapshot().context.error).toBeNull();
  });

  it('a load without a reason says so', async () => {
    const m = start({ load: async () => Promise.reject(new Error('')) });
    await waitFor(m.actor, (s) => s.matches('failed'));
    expect(m.actor.getSnapshot().context.error?.message).toBe('Failed to fetch tags');
  });

  it('delete waits for the confirmation; cancel sends nothing, confirm sends the removal and shows the list after it', async () => {
    const m = start();
    await m.idle();
    m.actor.send({ type: 'tags.deleteStart', name: 'holiday' });
    expect(m.actor.getSnapshot().matches({ ready: 'confirmingDelete' })).toBe(true);
    expect(m.actor.getSnapshot().context.deleting).toBe('holiday');
    m.actor.send({ type: 'tags.deleteCancel' });
    expect(m.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(m.actor.getSnapshot().context.deleting).toBeNull();
    expect(m.sent).toEqual([]);

    m.actor.send({ type: 'tags.deleteStart', name: 'holiday' });
    m.actor.send({ type: 'tags.deleteConfirm' });
    expect(m.actor.getSnapshot().hasTag('busy')).toBe(true);
    await m.idle();
    expect(m.sent).toEqual([{ kind: 'remove', name: 'holiday' }]);
    expect(m.actor.getSnapshot().context.tags?.map((t) => t.name)).toEqual(['work']);
    expect(m.toasts).toEqual([{ kind: 'success', message: 'Done' }]);
  });

  it('merge needs the tag that stays before it can be confirmed', async () => {
    const m = start();
    await m.idle();
    m.actor.send({ type: 'tags.mergeStart', name: 'holiday' });
    m.actor.send({ type: 'tags.mergeConfirm' });
    expect(m.actor.getSnapshot().matches({ ready: 'merging' })).toBe(true);
    m.actor.send({ type: 'tags.mergePick', into: 'work' });
    m.actor.send({ type: 'tags.mergeConfirm' });
    await m.idle();
    expect(m.sent).toEqual([{ kind: 'merge', name: 'holiday', into: 'work' }]);
    expect(m.actor.getSnapshot().context.merge).toBeNull();
  });

  it('a rename to the same name (or nothing) is not sent; a new name is, trimmed', async () => {
    const m = start();
    await m.idle();
    m.actor.send({ type: 'tags.renameStart', name: 'holiday' });
    m.actor.send({ type: 'tags.renameSubmit', name: 'holiday' });
    m.actor.send({ type: 'tags.renameSubmit', name: '  ' });
    expect(m.actor.getSnapshot().matches({ ready: 'renaming' })).toBe(true);
    m.actor.send({ type: 'tags.renameSubmit', name: ' trips ' });
    await m.idle();
    expect(m.sent).toEqual([{ kind: 'update', name: 'holiday', patch: { name: 'trips' } }]);
  });

  it("a refusal keeps the list, shows the server's reason above it and in a toast; the next dialog clears it", async () => {
    const m = start({ apply: async () => Promise.reject(new Refusal("A tag named 'work' already exists: merge into it instead", 409)) });
    await m.idle();
    m.actor.send({ type: 'tags.renameStart', name: 'holiday' });
    m.actor.send({ type: 'tags.renameSubmit', name: 'work' });
    await m.idle();
    const detail = "A tag named 'work' already exists: merge into it instead";
    expect(m.actor.getSnapshot().context.opError?.message).toBe(detail);
    expect(m.toasts.at(-1)).toMatchObject({ kind: 'error', message: detail });
    expect(m.actor.getSnapshot().context.tags?.map((t) => t.name)).toEqual(['holiday', 'work']);
    m.actor.send({ type: 'tags.deleteStart', name: 'work' });
    expect(m.actor.getSnapshot().context.opError).toBeNull();
  });

  it('add and colour are sent at once', async () => {
    const m = start();
    await m.idle();
    m.actor.send({ type: 'tags.apply', operation: { kind: 'create', name: 'gifts' } });
    await m.idle();
    m.actor.send({ type: 'tags.apply', operation: { kind: 'update', name: 'work', patch: { color: '#2885bc' } } });
    await m.idle();
    expect(m.sent).toEqual([
      { kind: 'create', name: 'gifts' },
      { kind: 'update', name: 'work', patch: { color: '#2885bc' } },
    ]);
  });

  it('the confirmations name how many transactions the change touches', () => {
    expect(tagTexts.deleteConfirmation('holiday', 3)).toBe('Delete the tag “holiday”? It comes off 3 transactions; the transactions stay.');
    expect(tagTexts.deleteConfirmation('holiday', 1)).toBe('Delete the tag “holiday”? It comes off 1 transaction; the transactions stay.');
    expect(tagTexts.deleteConfirmation('holiday', 0)).toBe('Delete the tag “holiday”? No transaction carries it.');
    expect(tagTexts.mergeConfirmation('trip', 'holiday', 2)).toBe('Merge “trip” into “holiday”? 2 transactions will carry “holiday” instead, and “trip” will be gone.');
  });
});

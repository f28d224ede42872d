import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { requestMachine } from '../../machines/request';

function start(submit: (p: Record<string, unknown>) => Promise<unknown>, confirmFirst = false) {
  const outcomes: string[] = [];
  const actor = createActor(
    requestMachine.provide({
      actors: { submit: fromPromise(({ input }) => submit(input)) },
      actions: { onSuccess: () => void outcomes.push('success'), onFailure: (_, f) => void outcomes.push(`failure:${f.message}`), requestConfirmation: () => void outcomes.push('asked') },
    }),
    { input: { defaultError: 'Failed to send password reset', confirmFirst } },
  ).start();
  return { actor, outcomes };
}

describe('request machine (one form submission)', () => {
  it('submitting then succeeding', async () => {
    const r = start(async (p) => ({ echoed: p.email }));
    r.actor.send({ type: 'request.submit', params: { email: 'a@b.co' } });
    expect(r.actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(r.actor, (s) => s.matches('succeeded'));
    expect(r.actor.getSnapshot().context.result).toEqual({ echoed: 'a@b.co' });
    expect(r.outcomes).toEqual(['success']);
  });

  it("a failure keeps the server's message; without one, the call's default (docs/product.md §8)", async () => {
    const r = start(async () => {
      throw new Error('email: email must be a valid email address');
    });
    r.actor.send({ type: 'request.submit', params: {} });
    await waitFor(r.actor, (s) => s.matches('failed'));
    expect(r.outcomes).toEqual(['failure:email: email must be a valid email address']);

    const r2 = start(async () => {
      throw {};
    });
    r2.actor.send({ type: 'request.submit', params: {} });
    await waitFor(r2.actor, (s) => s.matches('failed'));
    expect(r2.actor.getSnapshot().context.error?.message).toBe('Failed to send password reset');
  });

  it('can be retried after a failure', async () => {
    let calls = 0;
    const r = start(async () => {
      calls += 1;
      if (calls === 1) throw new Error('Network error. Please check your connection.');
      return 'ok';
    });
    r.actor.send({ type: 'request.submit', params: {} });
    await waitFor(r.actor, (s) => s.matches('failed'));
    r.actor.send({ type: 'request.submit', params: {} });
    await waitFor(r.actor, (s) => s.matches('succeeded'));
    expect(r.actor.getSnapshot().context.error).toBeNull();
  });

  it('a call that asks first sends nothing until the confirmation answers yes; no sends nothing at all', async () => {
    const sent: Record<string, unknown>[] = [];
    const r = start(async (p) => void sent.push(p), true);
    r.actor.send({ type: 'request.submit', params: { all: true } });
    expect(r.actor.getSnapshot().matches('confirming')).toBe(true);
    r.actor.send({ type: 'request.dismiss' });
    expect(r.actor.getSnapshot().matches('idle')).toBe(true);
    r.actor.send({ type: 'request.submit', params: { all: true } });
    r.actor.send({ type: 'request.confirm' });
    await waitFor(r.actor, (s) => s.matches('succeeded'));
    expect(sent).toEqual([{ all: true }]);
    expect(r.outcomes).toEqual(['asked', 'asked', 'success']);
    // Sent again after it succeeded, it asks again.
    r.actor.send({ type: 'request.submit', params: { all: true } });
    expect(r.actor.getSnapshot().matches('confirming')).toBe(true);
  });
});

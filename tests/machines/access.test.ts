import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { accessMachine, type AccessStatus } from '../../machines/access';
import type { Toast } from '../../machines/types';
import { recordMachineCoverage } from '../support/machine-coverage';

// These cases walk the real access machine too (the rare answers no model path reaches, such as a trial
// start that does not report 'started'): record them for docs/machines/coverage.md and the docs/product.md §4 check.
const coverage = recordMachineCoverage(import.meta.url, 'node');

type Server = { status?: AccessStatus | Error; trial?: { status: string } | Error };

function start(server: Server) {
  const log = { modals: 0, navigations: [] as string[], toasts: [] as Toast[], trialStarts: 0 };
  const actor = createActor(
    accessMachine.provide({
      actors: {
        getStatus: fromPromise(async () => {
          if (server.status instanceof Error) throw server.status;
          return server.status!;
        }),
        startTrial: fromPromise(async (): Promise<{ status: string; trial?: AccessStatus['trial'] }> => {
          log.trialStarts += 1;
          if (server.trial instanceof Error) throw server.trial;
          return { ...server.trial!, trial: { active: true, has_used_trial: true, days_left: 14 } };
        }),
      },
      actions: {
        openSubscriptionModal: () => void (log.modals += 1),
        navigate: (_, { to }) => void log.navigations.push(to),
        notify: (_, t) => void log.toasts.push(t),
      },
    }),
  ).start();
  coverage.path(expect.getState().currentTestName ?? 'access machine').attach(actor);
  const check = async (path = '/transactions') => {
    actor.send({ type: 'access.check', path });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    return actor.getSnapshot();
  };
  return { actor, log, check };
}

const status = (has_access: boolean, active: boolean, has_used_trial: boolean): AccessStatus => ({ has_access, trial: { active, has_used_trial } });

describe('access machine (docs/product.md §4 access check after onboarding)', () => {
  it('has_access allows', async () => {
    const a = start({ status: status(true, true, true) });
    const snap = await a.check();
    expect(snap.value).toBe('allowed');
    expect(snap.hasTag('open')).toBe(true);
    expect(a.log.trialStarts).toBe(0);
  });

  it("no active trial and the trial never used starts the trial; 'started' allows", async () => {
    const a = start({ status: status(false, false, false), trial: { status: 'started' } });
    const snap = await a.check();
    expect(snap.value).toBe('allowed');
    expect(a.log.trialStarts).toBe(1);
    expect(a.log.toasts.at(-1)?.message).toBe('Your 14-day free trial has started. Enjoy every feature!');
    expect(a.log.modals).toBe(0);
  });

  it('a trial start that does not report started opens the subscription modal and goes to /ai-coach', async () => {
    const a = start({ status: status(false, false, false), trial: { status: 'already_used' } });
    const snap = await a.check();
    expect(snap.value).toBe('denied');
    expect(a.log.modals).toBe(1);
    expect(a.log.navigations).toEqual(['/ai-coach']);
  });

  it('a failing trial start is denied', async () => {
    const a = start({ status: status(false, false, false), trial: new Error('The free trial has already been used.') });
    expect((await a.check()).value).toBe('denied');
  });

  it('otherwise (trial used, no access) opens the subscription modal and redirects to /ai-coach', async () => {
    const a = start({ status: status(false, false, true) });
    const snap = await a.check();
    expect(snap.value).toBe('denied');
    expect(a.log.trialStarts).toBe(0);
    expect(a.log.modals).toBe(1);
    expect(a.log.navigations).toEqual(['/ai-coach']);
  });

  it('if the status call fails, allow', async () => {
    const a = start({ status: new Error('Network error. Please check your connection.') });
    expect((await a.check()).value).toBe('allowed');
  });

  it('each visit checks again, keeping the page open while re-checking after a grant', async () => {
    const server: Server = { status: status(true, true, true) };
    const a = start(server);
    await a.check('/budget');
    server.status = status(false, false, true);
    a.actor.send({ type: 'access.check', path: '/transactions' });
    const during = a.actor.getSnapshot();
    expect(during.hasTag('busy') && during.context.granted).toBe(true);
    await waitFor(a.actor, (s) => !s.hasTag('busy'));
    expect(a.actor.getSnapshot().value).toBe('denied');
    expect(a.actor.getSnapshot().context.granted).toBe(false);
  });

  it('reset on logout forgets the last decision', async () => {
    const a = start({ status: status(true, false, false) });
    await a.check();
    a.actor.send({ type: 'access.reset' });
    expect(a.actor.getSnapshot().value).toBe('idle');
    expect(a.actor.getSnapshot().context).toEqual({ path: null, status: null, granted: false });
  });
});

import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/test';
import { authFlowModel, transitionsOf } from '../models/authFlow';
import { recordMachineCoverage, type PathRecording } from '../support/machine-coverage';
import { fakeBackend, startSession } from './support/session';

const EMAIL = 'model@example.com';
const PASSWORD = 'model-password';

/** One system under test per path: the real session machine on a fake backend, with storage carried across "reloads". */
function system(walk: PathRecording) {
  const backend = fakeBackend();
  let session = startSession(backend);
  walk.attach(session.actor);
  return {
    backend,
    get session() {
      return session;
    },
    reload() {
      session.actor.stop();
      session = startSession(backend, { token: session.storage.token, user: session.storage.user });
      walk.attach(session.actor);
    },
  };
}

const model = createTestModel(authFlowModel);
const paths = model.getSimplePaths();
const coverage = recordMachineCoverage(import.meta.url, 'node');

describe('model-based paths: sign-up, sign-in (password, email link, Google, wallet), sign-out (real session machine)', () => {
  it('the paths cover every state and every transition of the model', () => {
    const covered = new Set(paths.flatMap((p) => p.steps.slice(1).map((step, i) => `${String(p.steps[i]!.state.value)}:${step.event.type}`)));
    const visited = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...covered].sort()).toEqual(transitionsOf(authFlowModel).sort());
    expect([...visited].sort()).toEqual(Object.keys(authFlowModel.root.states).sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      const sut = system(coverage.path(path.description));
      await path.test({
        events: {
          REGISTER: async () => {
            sut.session.actor.send({ type: 'session.register', registration: { email: EMAIL, password: PASSWORD } });
            await sut.session.settled();
          },
          LOG_IN: async () => {
            sut.session.actor.send({ type: 'session.login', credentials: { email: EMAIL, password: PASSWORD } });
            await sut.session.settled();
          },
          LOG_IN_WITH_WRONG_PASSWORD: async () => {
            sut.session.actor.send({ type: 'session.login', credentials: { email: EMAIL, password: 'wrong-password' } });
            await sut.session.settled();
          },
          OPEN_VERIFICATION_LINK: async () => {
            sut.session.actor.send({ type: 'session.verifyEmail', token: sut.backend.verificationTokenFor(EMAIL) });
            await sut.session.settled();
          },
          FOLLOW_VERIFICATION_CALLBACK: async () => {
            sut.session.actor.send({ type: 'session.callback', kind: 'email', params: sut.backend.verifyByCallback(EMAIL) });
            await sut.session.settled();
          },
          SIGN_IN_WITH_GOOGLE: async () => {
            sut.session.actor.send({ type: 'session.callback', kind: 'oauth', params: sut.backend.googleCallbackFor(EMAIL) });
            await sut.session.settled();
          },
          FOLLOW_TOKEN_CALLBACK: async () => {
            sut.session.actor.send({ type: 'session.callback', kind: 'oauth', params: sut.backend.tokenCallbackFor(EMAIL) });
            await sut.session.settled();
          },
          SIGN_IN_WITH_WALLET: async () => {
            sut.backend.linkWallet(EMAIL);
            sut.session.actor.send({ type: 'session.wallet' });
            await sut.session.settled();
          },
          LOG_OUT: async () => {
            sut.session.actor.send({ type: 'session.logout' });
          },
          SESSION_EXPIRES: async () => {
            sut.backend.tokens.clear();
            sut.reload();
            await sut.session.settled();
          },
          RELOAD: async () => {
            sut.reload();
            await sut.session.settled();
          },
        },
        states: {
          noAccount: () => {
            expect(sut.session.actor.getSnapshot().matches('anonymous')).toBe(true);
            expect(sut.backend.accounts.has(EMAIL)).toBe(false);
          },
          awaitingVerification: () => {
            expect(sut.session.actor.getSnapshot().matches({ anonymous: 'registered' })).toBe(true);
            expect(sut.session.lastToast()?.message).toBe('Registration successful! Please check your email for verification.');
            expect(sut.session.storage.token).toBeNull();
          },
          unverifiedLoginRefused: () => {
            expect(sut.session.actor.getSnapshot().matches({ anonymous: 'idle' })).toBe(true);
            expect(sut.session.lastToast()?.message).toMatch(/verify your email/);
          },
          signedIn: () => {
            const snap = sut.session.actor.getSnapshot();
            expect(snap.hasTag('authenticated')).toBe(true);
            expect(sut.session.storage.token).toBe(snap.context.token);
            expect(snap.context.user?.email).toBe(EMAIL);
          },
          signedOut: () => {
            expect(sut.session.actor.getSnapshot().matches('anonymous')).toBe(true);
            expect(sut.session.storage).toEqual({ token: null, user: null });
          },
          loginRefused: () => {
            expect(sut.session.actor.getSnapshot().matches({ anonymous: 'idle' })).toBe(true);
            expect(sut.session.lastToast()?.message).toBe('Incorrect email or password');
            expect(sut.session.storage.token).toBeNull();
          },
        },
      });
    });
  }
});

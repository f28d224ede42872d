import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { subscriptions } from '../../src/server/db/schema';
import { AuthCache, type AuthState } from '../../src/server/services/authCache';
import { bearer, createTestApp, signUpWithAccess, type TestApp, type VerifiedUser } from '../support/app';

/**
 * Token and access checks are answered from a per-process cache (src/server/services/authCache.ts).
 * Every change that affects them must take effect on the very next request, whichever code path or
 * direct SQL made it. The cache's TTL is set to ten minutes here, so only the database's
 * announcements (NOTIFY 'finu_auth', migration 0016) can explain a refusal.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_CACHE_TTL_MS: '600000' } });
}, 120_000);
afterAll(async () => t?.close());

const get = (path: string, token: string) => t.app.inject({ method: 'GET', url: path, headers: bearer(token) });
const post = (path: string, token: string, payload?: unknown) => t.app.inject({ method: 'POST', url: path, headers: bearer(token), ...(payload ? { payload } : {}) });

/** A user whose token has just been checked, so the cache holds them. */
async function cachedUser(): Promise<VerifiedUser> {
  const user = await signUpWithAccess(t.app);
  // On PostgreSQL the sign-up's own change announcements arrive a moment later and may drop a load they raced:
  // ask again until the copy is kept (the precondition is made to happen, not waited for).
  for (let i = 0; i < 50 && t.app.authCache.size === 0; i++) {
    expect((await get('/transactions?limit=1', user.token)).statusCode).toBe(200);
    if (t.app.authCache.size === 0) await new Promise((r) => setTimeout(r, 50));
  }
  expect(t.app.authCache.size).toBeGreaterThan(0);
  return user;
}

describe('the auth cache follows every change at once', () => {
  it('logout: the token is refused on the next request', async () => {
    const user = await cachedUser();
    expect((await post('/users/logout', user.token)).statusCode).toBe(200);
    expect((await get('/users/me', user.token)).statusCode).toBe(401);
  });

  it('logout everywhere: every token of the user is refused', async () => {
    const user = await cachedUser();
    const second = (await t.app.inject({ method: 'POST', url: '/users/login', payload: { email: user.email, password: user.password } })).json<{ access_token: string }>().access_token;
    expect((await get('/users/me', second)).statusCode).toBe(200);
    expect((await post('/users/logout-all', user.token)).statusCode).toBe(200);
    expect((await get('/users/me', user.token)).statusCode).toBe(401);
    expect((await get('/transactions?limit=1', second)).statusCode).toBe(401);
  });

  it('password change: old tokens are refused, the new one works', async () => {
    const user = await cachedUser();
    const changed = await post('/users/me/change-password', user.token, { current_password: user.password, new_password: 'a brand new passphrase 42' });
    expect(changed.statusCode).toBe(200);
    expect((await get('/users/me', user.token)).statusCode).toBe(401);
    expect((await get('/users/me', changed.json<{ access_token: string }>().access_token)).statusCode).toBe(200);
  });

  it('account deletion: the token is refused', async () => {
    const user = await cachedUser();
    const deleted = await t.app.inject({ method: 'DELETE', url: '/users/me', headers: bearer(user.token), payload: { password: user.password } });
    expect(deleted.statusCode).toBe(200);
    expect((await get('/users/me', user.token)).statusCode).toBe(401);
  });

  it('ending the trial: premium requests answer 403 at once', async () => {
    const user = await cachedUser();
    expect((await post('/subscription/trial/end-now', user.token)).statusCode).toBe(200);
    expect((await get('/transactions?limit=1', user.token)).statusCode).toBe(403);
  });

  it('a change made straight in the database (another code path, another process) is heard too', async () => {
    const user = await cachedUser();
    await t.app.db.update(subscriptions).set({ trialEndsAt: new Date(Date.now() - 60_000) }).where(eq(subscriptions.userId, user.userId));
    expect((await get('/transactions?limit=1', user.token)).statusCode).toBe(403);
    await t.app.db.update(subscriptions).set({ trialEndsAt: new Date(Date.now() + 86_400_000) }).where(eq(subscriptions.userId, user.userId));
    expect((await get('/transactions?limit=1', user.token)).statusCode).toBe(200);
    await t.app.db.execute(sql`update users set token_version = token_version + 1 where id = ${user.userId}`);
    expect((await get('/transactions?limit=1', user.token)).statusCode).toBe(401);
  });

  it('the trial running out needs no announcement: access is decided with the time of each request', async () => {
    const user = await cachedUser();
    // Set the end a minute ahead and let the cache hold the row; then the test's clock (Date only) moves two
    // minutes on, well inside the cache's ten: no waiting, and no busy machine can make the first call late.
    await t.app.db.update(subscriptions).set({ trialEndsAt: new Date(Date.now() + 60_000) }).where(eq(subscriptions.userId, user.userId));
    expect((await get('/transactions?limit=1', user.token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 120_000 });
    try {
      expect((await get('/transactions?limit=1', user.token)).statusCode).toBe(403);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('AuthCache', () => {
  const state = (tokenVersion: number): AuthState => ({ tokenVersion, revoked: new Set(), subscription: undefined });

  it('does not keep a load that a change overtook', async () => {
    let version = 1;
    let release: () => void = () => undefined;
    const cache = new AuthCache({
      ttlMs: 60_000,
      live: () => true,
      load: async () => {
        const seen = version;
        await new Promise<void>((r) => (release = r));
        return state(seen);
      },
    });
    const first = cache.get('u');
    version = 2;
    cache.forget('u'); // the change commits while the first load is in flight
    release();
    expect((await first).tokenVersion).toBe(1);
    const second = cache.get('u');
    release();
    expect((await second).tokenVersion).toBe(2);
  });

  it('keeps nothing while announcements could be missed, and forgets everyone on a reset', async () => {
    let loads = 0;
    let live = false;
    const cache = new AuthCache({ ttlMs: 60_000, live: () => live, load: async () => (loads++, state(1)) });
    await cache.get('u');
    await cache.get('u');
    expect(loads).toBe(2);
    live = true;
    await cache.get('u');
    await cache.get('u');
    expect(loads).toBe(3);
    cache.clear();
    await cache.get('u');
    expect(loads).toBe(4);
  });

  it('a copy lives at most ttlMs', async () => {
    let now = 0;
    let loads = 0;
    const cache = new AuthCache({ ttlMs: 1_000, live: () => true, now: () => now, load: async () => (loads++, state(1)) });
    await cache.get('u');
    now = 999;
    await cache.get('u');
    expect(loads).toBe(1);
    now = 1_000;
    await cache.get('u');
    expect(loads).toBe(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/app';
import { createAccount, http, logIn, startApi, type ApiProcess } from './support/api';

/**
 * Two API processes sharing one PostgreSQL, each answering token and access checks from its own
 * cache (src/server/services/authCache.ts). A change made through one process must reach the
 * other's cache through the database's announcements (LISTEN/NOTIFY, migration 0016): the cache
 * TTL is ten minutes here, so nothing else could explain a refusal within the wait below.
 * PGlite is one process, so this runs only when DATABASE_URL names a PostgreSQL server.
 */
const env = { AUTH_CACHE_TTL_MS: '600000' };
let database: TestDatabase;
let a: ApiProcess;
let b: ApiProcess;

describe.skipIf(!process.env.DATABASE_URL)('two API processes on one PostgreSQL', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    a = await startApi({ databaseUrl: database.databaseUrl, env });
    b = await startApi({ databaseUrl: database.databaseUrl, env });
  }, 400_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  /** Polls process b until the answer's status is `status` (announcements take a moment between processes). */
  async function settlesTo(path: string, token: string, status: number): Promise<number> {
    let last = 0;
    for (let i = 0; i < 100; i++) {
      last = (await http(b.url, 'GET', path, { token })).status;
      if (last === status) return last;
      await new Promise((r) => setTimeout(r, 100));
    }
    return last;
  }

  it('logout everywhere in one process ends the sessions the other has cached', { timeout: 120_000 }, async () => {
    const account = await createAccount(a.url);
    const other = await logIn(a.url, account);
    // b has checked both tokens, so its cache holds the user.
    expect((await http(b.url, 'GET', '/transactions?limit=1', { token: account.token })).status).toBe(200);
    expect((await http(b.url, 'GET', '/users/me', { token: other })).status).toBe(200);
    expect((await http(a.url, 'POST', '/users/logout-all', { token: account.token })).status).toBe(200);
    expect(await settlesTo('/users/me', other, 401)).toBe(401);
    expect(await settlesTo('/transactions?limit=1', account.token, 401)).toBe(401);
  });

  it('a logout in one process ends that token in the other; in its own process at once', { timeout: 120_000 }, async () => {
    const account = await createAccount(a.url);
    const second = await logIn(b.url, account);
    expect((await http(b.url, 'GET', '/users/me', { token: account.token })).status).toBe(200);
    expect((await http(a.url, 'GET', '/users/me', { token: second })).status).toBe(200);
    expect((await http(a.url, 'POST', '/users/logout', { token: account.token })).status).toBe(200);
    expect(await settlesTo('/users/me', account.token, 401)).toBe(401);
    // The other session of the same user is untouched.
    expect((await http(b.url, 'GET', '/users/me', { token: second })).status).toBe(200);
    expect((await http(b.url, 'POST', '/users/logout', { token: second })).status).toBe(200);
    expect((await http(b.url, 'GET', '/users/me', { token: second })).status).toBe(401);
  });

  it('a subscription change in one process changes access in the other', { timeout: 120_000 }, async () => {
    const account = await createAccount(a.url);
    expect((await http(b.url, 'GET', '/transactions?limit=1', { token: account.token })).status).toBe(200);
    expect((await http(a.url, 'POST', '/subscription/trial/end-now', { token: account.token })).status).toBe(200);
    expect(await settlesTo('/transactions?limit=1', account.token, 403)).toBe(403);
  });

  it('a password change in one process ends the old tokens in the other', { timeout: 120_000 }, async () => {
    const account = await createAccount(a.url);
    expect((await http(b.url, 'GET', '/users/me', { token: account.token })).status).toBe(200);
    const changed = await http(a.url, 'POST', '/users/me/change-password', { token: account.token, body: { current_password: account.password, new_password: 'another long passphrase 7' } });
    expect(changed.status).toBe(200);
    expect(await settlesTo('/users/me', account.token, 401)).toBe(401);
  });
});

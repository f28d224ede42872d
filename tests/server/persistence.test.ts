import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createTestDatabase, logIn, signUpAndVerify, type TestDatabase } from '../support/app';

let dataDir: string;
let database: TestDatabase;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'finu-data-'));
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('data survives a restart', () => {
  it('an account made before a restart logs in after it, and its old session still works', async () => {
    const first = await createTestApp({ dataDir, database });
    const user = await signUpAndVerify(first.app);
    await first.close();

    // The JWT secret was generated once into DATA_DIR, readable by its owner only.
    const secretFile = join(dataDir, 'jwt-secret');
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    if (!database.databaseUrl) expect(statSync(join(dataDir, 'pg')).isDirectory()).toBe(true);

    const second = await createTestApp({ dataDir, database });
    try {
      const login = await logIn(second.app, user.email, user.password);
      expect(login.statusCode).toBe(200);
      expect(login.json().user_id).toBe(user.userId);
      // A token issued before the restart verifies: the same secret file was reused.
      const me = await second.app.inject({ method: 'GET', url: '/users/me', headers: bearer(user.token) });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ user_id: user.userId, email: user.email, email_verified: true });
    } finally {
      await second.close();
    }
    // Two full boots (migrations, fsync'd PGlite) in one test: give a loaded machine room.
  }, 120_000);
});

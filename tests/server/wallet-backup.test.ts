import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_TEXTS } from '../../src/server/services/signIn';
import { bearer, createTestApp, logIn, sessionFrom, signUpAndVerify, type TestApp } from '../support/app';

let testApp: TestApp;

beforeAll(async () => {
  // A known secret: the tests sign a session issued 20 minutes ago, as a thief would hold it.
  testApp = await createTestApp({ env: { JWT_SECRET: 'wallet-backup-test-secret-0123456789abcdefghijklmn' } });
}, 120_000);
afterAll(() => testApp?.close());

const backup = (token: string, body: Record<string, string>) => testApp.app.inject({ method: 'POST', url: '/api/wallet/backup', headers: bearer(token), payload: body });

describe('POST /api/wallet/backup needs the owner', () => {
  it('an older session gets 428 without the account password, 400 with a wrong one, and the keystore with the right one', async () => {
    const user = await signUpAndVerify(testApp.app);
    const stolen = await sessionFrom(testApp, user.userId, 20);
    const missing = await backup(stolen, { password: 'thief chooses this' });
    expect(missing.statusCode).toBe(428);
    expect(missing.json()).toEqual({ detail: SIGN_IN_TEXTS.reauthRequired });
    const wrong = await backup(stolen, { password: 'thief chooses this', account_password: 'a guess at it' });
    expect(wrong.statusCode).toBe(400);

    const ok = await backup(stolen, { password: 'a long backup password', account_password: user.password });
    expect(ok.statusCode).toBe(200);
    const { keystore, address } = ok.json<{ keystore: string; address: string }>();
    const info = (await testApp.app.inject({ method: 'GET', url: '/api/wallet/info', headers: bearer(user.token) })).json<{ address: string }>();
    expect(address).toBe(info.address);
    const restored = await Wallet.fromEncryptedJson(keystore, 'a long backup password');
    expect(restored.address).toBe(address);
    await expect(Wallet.fromEncryptedJson(keystore, 'wrong password!')).rejects.toThrow();
  }, 60_000);

  it('a session signed in a moment ago backs up without the account password', async () => {
    const user = await signUpAndVerify(testApp.app);
    const fresh = (await logIn(testApp.app, user.email, user.password)).json<{ access_token: string }>().access_token;
    expect((await backup(fresh, { password: 'a long backup password' })).statusCode).toBe(200);
  }, 60_000);
});

describe('the backup key derivation runs off the event loop', () => {
  // Its own server: backups are rate limited per client (5 a minute), and the tests above use some.
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await createTestApp();
  }, 120_000);
  afterAll(() => quiet?.close());

  it('a health request answers quickly while two backups run', async () => {
    const user = await signUpAndVerify(quiet.app);
    const backup = (token: string, body: Record<string, string>) => quiet.app.inject({ method: 'POST', url: '/api/wallet/backup', headers: bearer(token), payload: body });
    // Wallets made first, so the backups are only the key derivation.
    await quiet.app.inject({ method: 'GET', url: '/api/wallet/info', headers: bearer(user.token) });
    let backupsDone = 0;
    const backups = [1, 2].map(() => backup(user.token, { password: 'a long backup password' }).then((res) => (backupsDone++, res)));
    await new Promise((r) => setTimeout(r, 50));
    const started = performance.now();
    const health = await quiet.app.inject({ method: 'GET', url: '/health' });
    const took = performance.now() - started;
    expect(health.statusCode).toBe(200);
    // The health answer came while the derivations still ran, and without waiting for them.
    expect(backupsDone).toBe(0);
    expect(took).toBeLessThan(1000);
    expect((await Promise.all(backups)).map((r) => r.statusCode)).toEqual([200, 200]);
  }, 60_000);
});

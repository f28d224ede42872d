import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BackupResponse } from '../../src/contract/rewards';
import type { Toast } from '../../machines/types';
import { walletMachine, walletTexts } from '../../machines/wallet';

const keystore: BackupResponse = { address: '0x0000000000000000000000000000000000000001', filename: 'finu-wallet.json', keystore: '{"version":3}' };

function start(backup: () => Promise<BackupResponse>) {
  const toasts: Toast[] = [];
  const downloads: unknown[] = [];
  const actor = createActor(
    walletMachine.provide({
      actors: { backup: fromPromise(backup), sign: fromPromise(async () => ({ signed: { message: 'hi', signature: '0x1', address: keystore.address }, verified: true as boolean })) },
      actions: { notify: (_, toast) => void toasts.push(toast), download: (_, file) => void downloads.push(file) },
    }),
  ).start();
  return { actor, toasts, downloads };
}

describe('wallet machine', () => {
  it("a backup downloads the keystore and toasts 'Encrypted wallet backup downloaded'", async () => {
    const { actor, toasts, downloads } = start(async () => keystore);
    actor.send({ type: 'wallet.backup', password: 'long enough' });
    await waitFor(actor, (s) => !s.hasTag('backingUp'));
    expect(downloads).toEqual([keystore]);
    expect(toasts).toEqual([{ kind: 'success', message: walletTexts.backupSaved }]);
    expect(actor.getSnapshot().context.backupError).toBeNull();
  });

  it("a failed backup downloads nothing and shows the server's reason", async () => {
    const { actor, toasts, downloads } = start(async () => Promise.reject(Object.assign(new Error('Password too short'), { status: 422 })));
    actor.send({ type: 'wallet.backup', password: 'x' });
    await waitFor(actor, (s) => !s.hasTag('backingUp'));
    expect(downloads).toEqual([]);
    expect(toasts).toEqual([]);
    expect(actor.getSnapshot().context.backupError?.message).toBe('Password too short');
  });

  it('signing shows the signature; reset forgets it', async () => {
    const { actor } = start(async () => keystore);
    actor.send({ type: 'wallet.sign', message: 'hi' });
    await waitFor(actor, (s) => !s.hasTag('signing'));
    expect(actor.getSnapshot().context).toMatchObject({ verified: true, signError: null });
    actor.send({ type: 'wallet.reset' });
    expect(actor.getSnapshot().context).toMatchObject({ signed: null, verified: null });
  });
});

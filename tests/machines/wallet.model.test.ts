import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BackupResponse } from '../../src/contract/rewards';
import type { Toast } from '../../machines/types';
import { walletMachine, walletTexts } from '../../machines/wallet';
import { walletModel } from '../models/wallet';
import { recordMachineCoverage } from '../support/machine-coverage';
import { apiError, itWalksTheWholeModel, modelPaths } from './support/model';

const paths = modelPaths(walletModel);
const coverage = recordMachineCoverage(import.meta.url, 'node');
const ADDRESS = '0x00000000000000000000000000000000000000a1';
const MESSAGE = 'I own this wallet';
const SHORT = 'Password must be at least 8 characters';

/** The real wallet machine on a fake sign and backup API (the password rule is the server's). */
function start() {
  const server = { down: false };
  const toasts: Toast[] = [];
  const downloads: BackupResponse[] = [];
  const actor = createActor(
    walletMachine.provide({
      actors: {
        sign: fromPromise(async ({ input }) => {
          if (server.down) throw apiError('', 502);
          return { signed: { message: input.message, signature: `0x${'5'.repeat(130)}`, address: ADDRESS }, verified: true as boolean };
        }),
        backup: fromPromise(async ({ input }) => {
          if (input.password.length < 8) throw apiError(SHORT, 422);
          return { address: ADDRESS, filename: 'finu-wallet.json', keystore: '{"version":3}' };
        }),
      },
      actions: { notify: (_, toast) => void toasts.push(toast), download: (_, file) => void downloads.push(file) },
    }),
  );
  const settled = () => waitFor(actor, (s) => !s.hasTag('signing') && !s.hasTag('backingUp'));
  return { actor, server, toasts, downloads, settled };
}

describe('model-based paths: the wallet card (real wallet machine)', () => {
  itWalksTheWholeModel(walletModel, paths);

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, server, toasts, downloads, settled } = start();
      coverage.path(path.description).attach(actor);
      actor.start();
      const context = () => actor.getSnapshot().context;
      await path.test({
        events: {
          SIGN: async () => {
            actor.send({ type: 'wallet.sign', message: MESSAGE });
            await settled();
          },
          SIGN_OFFLINE: async () => {
            server.down = true;
            actor.send({ type: 'wallet.sign', message: MESSAGE });
            await settled();
          },
          BACKUP: async () => {
            actor.send({ type: 'wallet.backup', password: 'correct horse' });
            await settled();
          },
          BACKUP_REFUSED: async () => {
            actor.send({ type: 'wallet.backup', password: 'short' });
            await settled();
          },
          LEAVE: () => {
            actor.send({ type: 'wallet.reset' });
          },
        },
        states: {
          blank: () => expect(context()).toEqual({ signed: null, verified: null, signError: null, backupError: null }),
          signed: () => {
            expect(context().signed).toMatchObject({ message: MESSAGE, address: ADDRESS });
            expect(context().verified).toBe(true);
          },
          signFailed: () => {
            expect(context().signed).toBeNull();
            expect(context().signError?.message).toBe(walletTexts.signFailed);
          },
          backedUp: () => {
            expect(downloads).toEqual([expect.objectContaining({ filename: 'finu-wallet.json' })]);
            // The machine writes the toast literally (Stately shows it): the same text as walletTexts.
            expect(toasts).toEqual([{ kind: 'success', message: walletTexts.backupSaved }]);
          },
          backupRefused: () => {
            expect(downloads).toEqual([]);
            expect(toasts).toEqual([]);
            expect(context().backupError?.message).toBe(SHORT);
          },
          forgotten: () => expect(context()).toEqual({ signed: null, verified: null, signError: null, backupError: null }),
        },
      });
    });
  }
});

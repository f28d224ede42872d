import { createMachine } from 'xstate';

/**
 * The wallet card of /tokens: sign a message with the custodial wallet, download its encrypted backup.
 * Its paths run against the real wallet machine (tests/machines/wallet.model.test.ts).
 */
export const walletModel = createMachine({
  id: 'walletFlow',
  initial: 'blank',
  states: {
    blank: {
      description: 'No signature and no message on the card.',
      on: { SIGN: 'signed', SIGN_OFFLINE: 'signFailed', BACKUP: 'backedUp', BACKUP_REFUSED: 'backupRefused' },
    },
    signed: {
      description: "The signature of 'I own this wallet', the signing address, and 'verified'.",
      on: { LEAVE: 'forgotten' },
    },
    signFailed: { description: "'Failed to sign message' (the server answered 502 without a reason); no signature." },
    backedUp: { description: "The keystore file was downloaded and a toast says 'Encrypted wallet backup downloaded'." },
    backupRefused: { description: "The server's reason ('Password must be at least 8 characters') under the form; nothing downloaded." },
    forgotten: { description: 'Back on the page after leaving it: the signature is gone.' },
  },
});

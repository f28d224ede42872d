import { createMachine } from 'xstate';

/**
 * /tokens for a user with 155 points: the overview, the history pages, FINU on chain, and converting points
 * to FINU (form, confirmation, the transfer followed until final). Its paths run against the real tokens
 * machine (tests/machines/tokens.model.test.ts). States are what the user sees; events what the user (or the
 * server, or the chain) does.
 */
export const tokensModel = createMachine({
  id: 'tokensFlow',
  initial: 'opening',
  states: {
    opening: { description: '/tokens is opening.', on: { OPEN: 'page', OPEN_WHILE_SERVER_FAILS: 'failed' } },
    failed: {
      description: "'Failed to fetch token balance', 'Failed to fetch token history' and 'FINU balance unavailable', with Reload.",
      on: { RELOAD: 'reloaded' },
    },
    reloaded: { description: 'Reload brought back the points, the history and the FINU balance.' },
    page: {
      description: '155 points, the first page of the history, the FINU balance; the conversion panel closed.',
      on: { NEXT_PAGE: 'secondPage', REFRESH_FINU: 'finuRefreshed', CONVERT: 'editing' },
    },
    secondPage: { description: 'The second page of the history.' },
    finuRefreshed: { description: 'The FINU balance read again from the chain.' },
    editing: {
      description: "The 'Convert to FINU' form, empty.",
      on: { SUBMIT_EMPTY: 'fieldErrors', TYPE_MISTYPED_ADDRESS: 'checksumError', CLOSE: 'closedUnconverted' },
    },
    fieldErrors: {
      description: "'Enter how many points to convert' and 'Enter the address to send FINU to' under the fields.",
      on: { USE_ALL_AND_MY_WALLET: 'filled' },
    },
    checksumError: { description: "150 points to an address with a wrong checksum: 'Enter an Ethereum address: 0x followed by 40 hexadecimal characters'." },
    filled: { description: "'Use all' and 'Use my wallet' filled in 155 points and the user's own address; the messages are gone.", on: { SUBMIT: 'confirming' } },
    confirming: {
      description: 'The confirmation: 155 points, 1.55 FINU, the address; nothing debited yet.',
      on: {
        BACK: 'backToForm',
        CLOSE: 'closedUnconverted',
        CONFIRM: 'sent',
        CONFIRM_THROUGH_A_DROPPED_CONNECTION: 'sent',
        CONFIRM_REFUSED: 'refused',
        CONFIRM_FAILS_ON_CHAIN: 'refunded',
        CONFIRM_AND_HIDE: 'hidden',
      },
    },
    backToForm: { description: 'Back on the form with 155 points and the address kept.' },
    closedUnconverted: { description: 'The panel closed; nothing converted, still 155 points.' },
    sent: {
      description: "The transfer was followed to 'confirmed': 'FINU sent to your wallet!', 0 points left.",
      on: { CONVERT_AGAIN: 'editingAgain', CLOSE: 'closedAfterSending' },
    },
    refused: { description: "The server's reason ('Conversions are paused') above the form; still 155 points." },
    refunded: { description: "The transfer failed on chain: 'The transfer failed; your points are back.'" },
    hidden: { description: 'The panel was hidden while the transfer was pending; it goes on on the server.' },
    editingAgain: { description: 'Another conversion: the form empty again.' },
    closedAfterSending: { description: 'The panel closed after the transfer; 0 points left.' },
  },
});

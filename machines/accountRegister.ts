import { assign, fromPromise, setup } from 'xstate';
import type { Register, RegisterRow } from '../src/contract/accounts';
import { toFailure, type CallFailure } from './types';

export interface RegisterPageInput {
  accountId: string;
  cursor: string | null;
}

export interface AccountRegisterContext {
  accountId: string;
  rows: RegisterRow[];
  nextCursor: string | null;
  error: CallFailure | null;
}

export type AccountRegisterEvent = { type: 'register.more' } | { type: 'register.retry' };

/** One account's register: its transactions newest first, each with the balance after it, a page at a time. */
export const accountRegisterMachine = setup({
  types: {
    context: {} as AccountRegisterContext,
    events: {} as AccountRegisterEvent,
    input: {} as { accountId: string },
    tags: {} as 'busy',
  },
  actors: {
    /** GET /accounts/{id}/register?cursor. */
    fetchRegister: fromPromise<Register, RegisterPageInput>(async () => {
      throw new Error('fetchRegister not provided');
    }),
  },
  guards: { hasMore: ({ context }) => context.nextCursor !== null },
}).createMachine({
  id: 'accountRegister',
  description: "One account's transactions with the running balance.",
  context: ({ input }) => ({ accountId: input.accountId, rows: [], nextCursor: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads a page of the register (the first, or the next after the last row shown).',
      tags: ['busy'],
      invoke: {
        src: 'fetchRegister',
        input: ({ context }) => ({ accountId: context.accountId, cursor: context.nextCursor }),
        onDone: {
          target: 'ready',
          description: 'The rows are added below the ones shown, each with its balance.',
          actions: assign({ rows: ({ context, event }) => [...context.rows, ...event.output.transactions], nextCursor: ({ event }) => event.output.next_cursor, error: null }),
        },
        onError: { target: 'failed', description: "Failed: 'Failed to fetch transactions' or the server's detail, with Retry.", actions: assign({ error: ({ event }) => toFailure(event.error, 'Failed to fetch transactions') }) },
      },
    },
    ready: {
      description: 'The rows are shown; more can be read while there are older ones.',
      on: { 'register.more': { guard: 'hasMore', target: 'loading', description: 'Reads the next page.' } },
    },
    failed: {
      description: 'The page could not be read.',
      on: { 'register.retry': { target: 'loading', description: 'Reads the same page again.' } },
    },
  },
});

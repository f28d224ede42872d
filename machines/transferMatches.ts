import { assign, fromPromise, setup } from 'xstate';
import type { TransferPairs } from '../src/contract/accounts';
import type { Transaction } from '../src/contract/transactions';
import { toFailure, type CallFailure } from './types';

export interface TransferPair {
  from: Transaction;
  to: Transaction;
}

export interface TransferMatchesContext {
  pairs: TransferPair[];
  nextCursor: string | null;
  /** The pair being linked or dismissed (its outgoing row's id). */
  pending: TransferPair | null;
  error: CallFailure | null;
}

export type TransferMatchesEvent = { type: 'matches.link'; fromId: string } | { type: 'matches.dismiss'; fromId: string } | { type: 'matches.more' } | { type: 'matches.retry' };

const touches = (p: TransferPair, done: TransferPair) => [p.from.transaction_id, p.to.transaction_id].some((id) => id === done.from.transaction_id || id === done.to.transaction_id);
const find = (context: TransferMatchesContext, fromId: string) => context.pairs.find((p) => p.from.transaction_id === fromId) ?? null;

/** "Match transfers": likely pairs across the user's accounts, each linked as a transfer or dismissed as not one. */
export const transferMatchesMachine = setup({
  types: {
    context: {} as TransferMatchesContext,
    events: {} as TransferMatchesEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** GET /transactions/transfer-matches?cursor. */
    fetchPairs: fromPromise<TransferPairs, { cursor: string | null }>(async () => {
      throw new Error('fetchPairs not provided');
    }),
    /** POST /transactions/{from}/link-transfer {other_transaction_id: to}. */
    linkPair: fromPromise<unknown, { fromId: string; toId: string }>(async () => {
      throw new Error('linkPair not provided');
    }),
    /** POST /transactions/{from}/dismiss-transfer-match {other_transaction_id: to}. */
    dismissPair: fromPromise<unknown, { fromId: string; toId: string }>(async () => {
      throw new Error('dismissPair not provided');
    }),
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
    isListed: ({ context, event }) => 'fromId' in event && find(context, event.fromId) !== null,
  },
}).createMachine({
  id: 'transferMatches',
  description: 'Match transfers: rows of two accounts that look like one transfer, to link or dismiss.',
  context: { pairs: [], nextCursor: null, pending: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads a page of likely pairs (the first, or the next after the last shown).',
      tags: ['busy'],
      invoke: {
        src: 'fetchPairs',
        input: ({ context }) => ({ cursor: context.nextCursor }),
        onDone: {
          target: 'ready',
          description: 'The pairs are added below the ones shown.',
          actions: assign({ pairs: ({ context, event }) => [...context.pairs, ...event.output.pairs], nextCursor: ({ event }) => event.output.next_cursor, error: null }),
        },
        onError: { target: 'failed', description: "Failed: 'Failed to fetch transfer matches' or the server's detail, with Retry.", actions: assign({ error: ({ event }) => toFailure(event.error, 'Failed to fetch transfer matches') }) },
      },
    },
    ready: {
      description: 'The pairs are shown, each with Link and Not a transfer.',
      on: {
        'matches.link': { guard: 'isListed', target: 'linking', description: 'Links the pair as one transfer.', actions: assign({ pending: ({ context, event }) => find(context, event.fromId), error: null }) },
        'matches.dismiss': { guard: 'isListed', target: 'dismissing', description: 'Marks the pair as not a transfer.', actions: assign({ pending: ({ context, event }) => find(context, event.fromId), error: null }) },
        'matches.more': { guard: 'hasMore', target: 'loading', description: 'Reads the next page.' },
      },
    },
    linking: {
      description: 'Linking the pending pair.',
      tags: ['busy'],
      invoke: {
        src: 'linkPair',
        input: ({ context }) => ({ fromId: context.pending!.from.transaction_id, toId: context.pending!.to.transaction_id }),
        onDone: {
          target: 'ready',
          description: 'Linked: the pair and any other pair holding either row leave the list.',
          actions: assign({ pairs: ({ context }) => context.pairs.filter((p) => !touches(p, context.pending!)), pending: null }),
        },
        onError: { target: 'ready', description: "Failed: the server's detail is shown; the pair stays.", actions: assign({ error: ({ event }) => toFailure(event.error, 'Failed to link transfer'), pending: null }) },
      },
    },
    dismissing: {
      description: 'Dismissing the pending pair.',
      tags: ['busy'],
      invoke: {
        src: 'dismissPair',
        input: ({ context }) => ({ fromId: context.pending!.from.transaction_id, toId: context.pending!.to.transaction_id }),
        onDone: {
          target: 'ready',
          description: 'Dismissed: the pair leaves the list and is not offered again.',
          actions: assign({ pairs: ({ context }) => context.pairs.filter((p) => p !== context.pending), pending: null }),
        },
        onError: { target: 'ready', description: "Failed: the server's detail is shown; the pair stays.", actions: assign({ error: ({ event }) => toFailure(event.error, 'Failed to dismiss match'), pending: null }) },
      },
    },
    failed: {
      description: 'The page could not be read.',
      on: { 'matches.retry': { target: 'loading', description: 'Reads the same page again.' } },
    },
  },
});

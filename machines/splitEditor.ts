import { assign, fromPromise, setup } from 'xstate';
import { readAmount } from '../src/contract/money';
import { SPLIT_LIMITS, listedSplit, splitRemainderMinor, type SplitRequest, type SplitResponse } from '../src/contract/splits';
import type { Transaction } from '../src/contract/transactions';
import { toFailure, type CallFailure, type Toast } from './types';

/** One line as typed: the amount stays text until it is sent. */
export interface SplitDraftLine {
  category: string;
  amount: string;
  memo: string;
}
export type SplitLineField = keyof SplitDraftLine;

export interface SplitEditorInput {
  transaction: Transaction;
}

export interface SplitEditorContext {
  transaction: Transaction;
  lines: SplitDraftLine[];
  /** Whether the transaction was split when the editor opened (Unsplit is offered then). */
  wasSplit: boolean;
  error: CallFailure | null;
  /** Why Save is refused, said beside the remainder. */
  problem: string | null;
  saved: Transaction | null;
}

export type SplitEditorEvent =
  | { type: 'line.change'; index: number; field: SplitLineField; value: string }
  | { type: 'line.add' }
  | { type: 'line.remove'; index: number }
  | { type: 'line.fillRest'; index: number }
  | { type: 'split.save' }
  | { type: 'split.unsplit' }
  | { type: 'split.cancel' }
  | { type: 'split.retry' };

export const splitTexts = {
  saved: 'Transaction split',
  unsplit: 'Split removed',
  loadFailed: 'Failed to fetch split lines',
  saveFailed: 'Failed to split transaction',
  unsplitFailed: 'Failed to remove split',
  unbalanced: 'The lines must add up to the total',
  incomplete: 'Each line needs a category and an amount',
} as const;

const blank = (category = ''): SplitDraftLine => ({ category, amount: '', memo: '' });

/** What is left to assign, in cents (negative: the lines exceed the total). */
export const remainderOf = (context: Pick<SplitEditorContext, 'transaction' | 'lines'>) =>
  splitRemainderMinor(
    context.transaction.amount,
    context.lines.map((l) => readAmount(l.amount)),
  );

/** The request to send, or why it cannot be sent yet. */
export function checkSplit(context: Pick<SplitEditorContext, 'transaction' | 'lines'>): { body: SplitRequest | null; problem: string | null } {
  const typed = context.lines.filter((l) => l.category || l.amount.trim() || l.memo.trim());
  const amounts = typed.map((l) => readAmount(l.amount));
  if (typed.length < SPLIT_LIMITS.minLines || typed.some((l, i) => !l.category || typeof amounts[i] !== 'number' || (amounts[i] as number) <= 0)) return { body: null, problem: splitTexts.incomplete };
  if (remainderOf({ transaction: context.transaction, lines: typed }) !== 0) return { body: null, problem: splitTexts.unbalanced };
  return { body: { lines: typed.map((l, i) => ({ category: l.category, amount: amounts[i] as number, memo: l.memo.trim() || null })) }, problem: null };
}

const change = (lines: SplitDraftLine[], index: number, patch: Partial<SplitDraftLine>) => lines.map((l, i) => (i === index ? { ...l, ...patch } : l));

/**
 * Dividing one transaction into category lines inside the transaction form: the lines it has are read,
 * the user types lines while the remainder shows what is left to assign, and Save is sent only when
 * they add up to the total exactly (the server and the database check the same).
 */
export const splitEditorMachine = setup({
  types: {
    context: {} as SplitEditorContext,
    events: {} as SplitEditorEvent,
    input: {} as SplitEditorInput,
    output: {} as Transaction | null,
    tags: {} as 'busy',
  },
  actors: {
    /** GET /transactions/{id}/split. */
    loadSplit: fromPromise<SplitResponse, { transactionId: string }>(async () => {
      throw new Error('loadSplit not provided');
    }),
    /** PUT /transactions/{id}/split. */
    saveSplit: fromPromise<SplitResponse, { transactionId: string; body: SplitRequest }>(async () => {
      throw new Error('saveSplit not provided');
    }),
    /** DELETE /transactions/{id}/split. */
    removeSplit: fromPromise<SplitResponse, { transactionId: string }>(async () => {
      throw new Error('removeSplit not provided');
    }),
  },
  actions: { notify: (_, _toast: Toast) => {} },
  guards: {
    balanced: ({ context }) => checkSplit(context).body !== null,
    canRemoveLine: ({ context }) => context.lines.length > SPLIT_LIMITS.minLines,
    canAddLine: ({ context }) => context.lines.length < SPLIT_LIMITS.maxLines,
  },
}).createMachine({
  id: 'splitEditor',
  description: 'Splitting one transaction into category lines that add up to its amount, inside the transaction form.',
  context: ({ input }) => ({ transaction: input.transaction, lines: [], wasSplit: input.transaction.split === true, error: null, problem: null, saved: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads the lines the transaction has.',
      tags: ['busy'],
      invoke: {
        src: 'loadSplit',
        input: ({ context }) => ({ transactionId: context.transaction.transaction_id }),
        onDone: {
          target: 'editing',
          description: 'Its lines, or two blank lines (the first in its category) when it is not split.',
          actions: assign({
            lines: ({ context, event }) =>
              event.output.lines.length > 0 ? event.output.lines.map((l) => ({ category: l.category, amount: l.amount.toFixed(2), memo: l.memo ?? '' })) : [blank(context.transaction.category), blank()],
            wasSplit: ({ event }) => event.output.lines.length > 0,
          }),
        },
        onError: { target: 'failed', description: "The lines could not be read: 'Failed to fetch split lines' or the server's detail.", actions: assign({ error: ({ event }) => toFailure(event.error, splitTexts.loadFailed) }) },
      },
    },
    editing: {
      description: 'The lines are typed; what is left to assign shows under them.',
      on: {
        'line.change': { description: 'A line changes; the remainder follows.', actions: assign({ lines: ({ context, event }) => change(context.lines, event.index, { [event.field]: event.value }), problem: null, error: null }) },
        'line.add': { guard: 'canAddLine', description: 'Adds a blank line (at most 50).', actions: assign({ lines: ({ context }) => [...context.lines, blank()], problem: null }) },
        'line.remove': { guard: 'canRemoveLine', description: 'Removes a line (two stay at least).', actions: assign({ lines: ({ context, event }) => context.lines.filter((_, i) => i !== event.index), problem: null }) },
        'line.fillRest': {
          description: 'Puts what is left to assign into a line (added to what it holds).',
          actions: assign({
            lines: ({ context, event }) => {
              const line = context.lines[event.index];
              if (!line) return context.lines;
              const current = readAmount(line.amount);
              const minor = (typeof current === 'number' && current > 0 ? Math.round(current * 100) : 0) + remainderOf(context);
              return minor > 0 ? change(context.lines, event.index, { amount: (minor / 100).toFixed(2) }) : context.lines;
            },
            problem: null,
          }),
        },
        'split.save': [
          { guard: 'balanced', target: 'saving', description: 'The lines add up: sent.' },
          { description: "Not yet: 'The lines must add up to the total' or 'Each line needs a category and an amount'; nothing is sent.", actions: assign({ problem: ({ context }) => checkSplit(context).problem }) },
        ],
        'split.unsplit': { guard: ({ context }) => context.wasSplit, target: 'unsplitting', description: 'Unsplit (only a split transaction): one row again, in its own category.' },
        'split.cancel': { target: 'cancelled', description: 'Back to the form; nothing is saved.' },
      },
    },
    saving: {
      description: 'Saves the lines.',
      tags: ['busy'],
      invoke: {
        src: 'saveSplit',
        input: ({ context }) => ({ transactionId: context.transaction.transaction_id, body: checkSplit(context).body! }),
        onDone: {
          target: 'done',
          description: "Saved: a toast says 'Transaction split'.",
          actions: [assign({ saved: ({ event }) => listedSplit(event.output) }), { type: 'notify', params: { kind: 'success', message: 'Transaction split' } }],
        },
        onError: { target: 'editing', description: "Refused: the server's detail shows under the lines.", actions: assign({ error: ({ event }) => toFailure(event.error, splitTexts.saveFailed) }) },
      },
    },
    unsplitting: {
      description: 'Removes the lines.',
      tags: ['busy'],
      invoke: {
        src: 'removeSplit',
        input: ({ context }) => ({ transactionId: context.transaction.transaction_id }),
        onDone: {
          target: 'done',
          description: "Unsplit: a toast says 'Split removed'.",
          actions: [assign({ saved: ({ event }) => event.output.transaction }), { type: 'notify', params: { kind: 'success', message: 'Split removed' } }],
        },
        onError: { target: 'editing', description: "Refused: the server's detail shows under the lines.", actions: assign({ error: ({ event }) => toFailure(event.error, splitTexts.unsplitFailed) }) },
      },
    },
    failed: {
      description: 'The lines could not be read.',
      on: {
        'split.retry': { target: 'loading', description: 'Reads again.', actions: assign({ error: null }) },
        'split.cancel': { target: 'cancelled', description: 'Back to the form.' },
      },
    },
    done: { type: 'final', description: 'Saved or unsplit: the changed transaction is the output.' },
    cancelled: { type: 'final', description: 'Closed without a change.' },
  },
  output: ({ context }) => context.saved,
});

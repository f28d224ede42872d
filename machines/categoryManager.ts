import { assign, fromPromise, setup } from 'xstate';
import type { CategoryListResponse, UpdateCategoryRequest } from '../src/contract/categories';
import { failureToast, toFailure, type CallFailure, type Toast } from './types';

/** One change the manager sends; each is one API call, after which the list is read again. */
export type CategoryOperation =
  | { kind: 'create'; name: string; type: 'income' | 'expense' }
  | { kind: 'update'; name: string; patch: UpdateCategoryRequest }
  | { kind: 'merge'; name: string; into: string }
  | { kind: 'remove'; name: string }
  | { kind: 'order'; groupId: string | null; names: string[] }
  | { kind: 'createGroup'; name: string }
  | { kind: 'renameGroup'; groupId: string; name: string }
  | { kind: 'removeGroup'; groupId: string }
  | { kind: 'orderGroups'; groupIds: string[] };

/** The machine's fallback messages (the server's detail wins when there is one). */
export const categoryManagerTexts = { loadFailed: 'Failed to load categories', saveFailed: 'Failed to save the category' } as const;

/** What is being renamed in the rename dialog: a category (by name) or a group (by id). */
export type Renaming = { kind: 'category'; name: string } | { kind: 'group'; groupId: string; name: string };

export interface CategoryManagerContext {
  list: CategoryListResponse | null;
  /** Why the list could not be read. */
  error: CallFailure | null;
  /** Why the last change was refused (shown above the list until the next change). */
  opError: CallFailure | null;
  /** The merge being chosen: the category that goes and, once picked, the one that receives its transactions. */
  merge: { name: string; into: string | null } | null;
  renaming: Renaming | null;
  /** The change in flight. */
  pending: CategoryOperation | null;
}

export type CategoryManagerEvent =
  | { type: 'categories.reload' }
  | { type: 'categories.apply'; operation: CategoryOperation }
  | { type: 'categories.mergeStart'; name: string }
  | { type: 'categories.mergePick'; into: string }
  | { type: 'categories.mergeConfirm' }
  | { type: 'categories.mergeCancel' }
  | { type: 'categories.renameStart'; renaming: Renaming }
  | { type: 'categories.renameSubmit'; name: string }
  | { type: 'categories.renameCancel' };

/** The operation a rename dialog's new name makes. */
export function renameOperation(renaming: Renaming, name: string): CategoryOperation {
  return renaming.kind === 'category' ? { kind: 'update', name: renaming.name, patch: { name } } : { kind: 'renameGroup', groupId: renaming.groupId, name };
}

/**
 * Settings › Categories: the user's categories by group, each with its colour, hidden flag and usage;
 * create, rename, merge (after a confirmation naming how many transactions move), hide, colour, regroup
 * and reorder; add, rename, delete and reorder groups.
 */
export const categoryManagerMachine = setup({
  types: {
    context: {} as CategoryManagerContext,
    events: {} as CategoryManagerEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** GET /transactions/categories. */
    load: fromPromise<CategoryListResponse, void>(async () => {
      throw new Error('load not provided');
    }),
    /** The operation's call, then the list again: what the toast says and the list as it now is. */
    apply: fromPromise<{ list: CategoryListResponse; message: string }, { operation: CategoryOperation }>(async () => {
      throw new Error('apply not provided');
    }),
  },
  actions: {
    notify: (_, _params: Toast) => {},
  },
  guards: {
    mergeTargetPicked: ({ context }) => !!context.merge?.into,
  },
}).createMachine({
  id: 'categoryManager',
  description: 'Settings › Categories: the category manager. Every change is one call; the list is read again after it.',
  context: { list: null, error: null, opError: null, merge: null, renaming: null, pending: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /transactions/categories: categories with groups, colours, hidden flags and usage.',
      tags: ['busy'],
      invoke: {
        src: 'load',
        onDone: { target: 'ready', description: 'The categories show by group.', actions: assign({ list: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          description: "The server's reason, or 'Failed to load categories', with a Retry.",
          actions: assign({ error: ({ event }) => toFailure(event.error, categoryManagerTexts.loadFailed) }),
        },
      },
    },
    failed: {
      description: 'The list could not be read.',
      on: { 'categories.reload': { target: 'loading', description: 'Retry.' } },
    },
    ready: {
      description: 'The list shows; one change at a time.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Waiting for a change.',
          on: {
            'categories.apply': {
              target: 'applying',
              description: 'Create, hide, colour, regroup, reorder, delete or a group change: sent at once.',
              actions: assign({ pending: ({ event }) => event.operation }),
            },
            'categories.mergeStart': {
              target: 'merging',
              description: 'Merge: the dialog asks which category receives the transactions.',
              actions: assign({ merge: ({ event }) => ({ name: event.name, into: null }), opError: null }),
            },
            'categories.renameStart': {
              target: 'renaming',
              description: 'Rename: the dialog asks for the new name.',
              actions: assign({ renaming: ({ event }) => event.renaming, opError: null }),
            },
            'categories.reload': { target: '#categoryManager.loading', description: 'Read the list again.' },
          },
        },
        merging: {
          description: 'The merge dialog: pick the category that receives the transactions; the confirmation names how many move.',
          on: {
            'categories.mergePick': { description: 'The receiving category is chosen.', actions: assign({ merge: ({ context, event }) => (context.merge ? { ...context.merge, into: event.into } : null) }) },
            'categories.mergeConfirm': {
              guard: 'mergeTargetPicked',
              target: 'applying',
              description: 'Confirmed: every transaction moves and the merged category goes.',
              actions: assign({ pending: ({ context }) => ({ kind: 'merge' as const, name: context.merge?.name ?? '', into: context.merge?.into ?? '' }), merge: null }),
            },
            'categories.mergeCancel': { target: 'idle', description: 'Nothing changes.', actions: assign({ merge: null }) },
          },
        },
        renaming: {
          description: 'The rename dialog of a category or a group.',
          on: {
            'categories.renameSubmit': {
              target: 'applying',
              description: 'The new name is sent; a category’s transactions move with it.',
              actions: assign({ pending: ({ context, event }) => (context.renaming ? renameOperation(context.renaming, event.name) : null), renaming: null }),
            },
            'categories.renameCancel': { target: 'idle', description: 'Nothing changes.', actions: assign({ renaming: null }) },
          },
        },
        applying: {
          description: 'The change is sent, then the list is read again.',
          tags: ['busy'],
          invoke: {
            src: 'apply',
            input: ({ context }) => ({ operation: context.pending! }),
            onDone: {
              target: 'idle',
              description: 'Done: the list shows the change and a toast says what happened.',
              actions: [
                assign({ list: ({ event }) => event.output.list, pending: null, opError: null }),
                { type: 'notify', params: ({ event }) => ({ kind: 'success', message: event.output.message }) },
              ],
            },
            onError: {
              target: 'idle',
              description: "Refused (a name in use, a category still used): the server's reason shows above the list and in a toast.",
              actions: [assign({ opError: ({ event }) => toFailure(event.error, categoryManagerTexts.saveFailed), pending: null }), { type: 'notify', params: ({ context }) => failureToast(context.opError) }],
            },
          },
        },
      },
    },
  },
});

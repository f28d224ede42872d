import { assign, fromPromise, setup } from 'xstate';
import type { Tag, UpdateTagRequest } from '../src/contract/autoRules';
import { failureToast, toFailure, type CallFailure, type Toast } from './types';

/** One change the tags screen sends; each is one API call, after which the list is read again. */
export type TagOperation =
  | { kind: 'create'; name: string }
  | { kind: 'update'; name: string; patch: UpdateTagRequest }
  | { kind: 'merge'; name: string; into: string }
  | { kind: 'remove'; name: string };

/** The machine's fallback messages (the server's detail wins when there is one). */
export const tagManagerTexts = { loadFailed: 'Failed to fetch tags', saveFailed: 'Failed to save the tag' } as const;

export interface TagManagerContext {
  tags: Tag[] | null;
  /** Why the list could not be read. */
  error: CallFailure | null;
  /** Why the last change was refused (shown above the list until the next change). */
  opError: CallFailure | null;
  /** The tag whose rename dialog is open. */
  renaming: string | null;
  /** The merge being chosen: the tag that goes and, once picked, the one its transactions carry instead. */
  merge: { name: string; into: string | null } | null;
  /** The tag whose deletion waits for the user's answer. */
  deleting: string | null;
  /** The change in flight. */
  pending: TagOperation | null;
}

export type TagManagerEvent =
  | { type: 'tags.reload' }
  | { type: 'tags.apply'; operation: TagOperation }
  | { type: 'tags.renameStart'; name: string }
  | { type: 'tags.renameSubmit'; name: string }
  | { type: 'tags.renameCancel' }
  | { type: 'tags.mergeStart'; name: string }
  | { type: 'tags.mergePick'; into: string }
  | { type: 'tags.mergeConfirm' }
  | { type: 'tags.mergeCancel' }
  | { type: 'tags.deleteStart'; name: string }
  | { type: 'tags.deleteConfirm' }
  | { type: 'tags.deleteCancel' };

/**
 * Settings › Tags: every tag with its colour and how many transactions carry it; add, rename, recolour,
 * merge (the confirmation names how many transactions change) and delete (the confirmation names how many
 * transactions lose it).
 */
export const tagManagerMachine = setup({
  types: {
    context: {} as TagManagerContext,
    events: {} as TagManagerEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** GET /tags. */
    load: fromPromise<Tag[], void>(async () => {
      throw new Error('load not provided');
    }),
    /** The operation's call, then the list again: what the toast says and the list as it now is. */
    apply: fromPromise<{ tags: Tag[]; message: string }, { operation: TagOperation }>(async () => {
      throw new Error('apply not provided');
    }),
  },
  actions: {
    notify: (_, _params: Toast) => {},
  },
  guards: {
    mergeTargetPicked: ({ context }) => !!context.merge?.into,
    renamedToAnother: ({ context, event }) => event.type === 'tags.renameSubmit' && event.name.trim() !== '' && event.name.trim().toLowerCase() !== context.renaming,
  },
}).createMachine({
  id: 'tagManager',
  description: 'Settings › Tags: the tag manager. Every change is one call; the list is read again after it.',
  context: { tags: null, error: null, opError: null, renaming: null, merge: null, deleting: null, pending: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /tags: every tag with its colour and how many transactions carry it.',
      tags: ['busy'],
      invoke: {
        src: 'load',
        onDone: { target: 'ready', description: "The tags show (or 'No tags yet').", actions: assign({ tags: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          description: "The server's reason, or 'Failed to fetch tags', with a Retry.",
          actions: assign({ error: ({ event }) => toFailure(event.error, tagManagerTexts.loadFailed) }),
        },
      },
    },
    failed: {
      description: 'The list could not be read.',
      on: { 'tags.reload': { target: 'loading', description: 'Retry.' } },
    },
    ready: {
      description: 'The list shows; one change at a time.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Waiting for a change.',
          on: {
            'tags.apply': {
              target: 'applying',
              description: 'Add a tag or change a colour: sent at once.',
              actions: assign({ pending: ({ event }) => event.operation }),
            },
            'tags.renameStart': {
              target: 'renaming',
              description: 'Rename: the dialog asks for the new name.',
              actions: assign({ renaming: ({ event }) => event.name, opError: null }),
            },
            'tags.mergeStart': {
              target: 'merging',
              description: 'Merge: the dialog asks which tag the transactions carry instead.',
              actions: assign({ merge: ({ event }) => ({ name: event.name, into: null }), opError: null }),
            },
            'tags.deleteStart': {
              target: 'confirmingDelete',
              description: 'Delete: the confirmation names how many transactions carry the tag.',
              actions: assign({ deleting: ({ event }) => event.name, opError: null }),
            },
            'tags.reload': { target: '#tagManager.loading', description: 'Read the list again.' },
          },
        },
        renaming: {
          description: 'The rename dialog of a tag.',
          on: {
            'tags.renameSubmit': {
              guard: 'renamedToAnother',
              target: 'applying',
              description: 'The new name is sent; every transaction carrying the tag carries the new name.',
              actions: assign({ pending: ({ context, event }) => ({ kind: 'update' as const, name: context.renaming ?? '', patch: { name: event.name.trim() } }), renaming: null }),
            },
            'tags.renameCancel': { target: 'idle', description: 'Nothing changes.', actions: assign({ renaming: null }) },
          },
        },
        merging: {
          description: 'The merge dialog: pick the tag that stays; the confirmation names how many transactions change.',
          on: {
            'tags.mergePick': { description: 'The tag that stays is chosen.', actions: assign({ merge: ({ context, event }) => (context.merge ? { ...context.merge, into: event.into } : null) }) },
            'tags.mergeConfirm': {
              guard: 'mergeTargetPicked',
              target: 'applying',
              description: 'Confirmed: every transaction carries the other tag and the merged one goes.',
              actions: assign({ pending: ({ context }) => ({ kind: 'merge' as const, name: context.merge?.name ?? '', into: context.merge?.into ?? '' }), merge: null }),
            },
            'tags.mergeCancel': { target: 'idle', description: 'Nothing changes.', actions: assign({ merge: null }) },
          },
        },
        confirmingDelete: {
          description: 'Delete the tag? The question names how many transactions lose it (they stay).',
          on: {
            'tags.deleteConfirm': {
              target: 'applying',
              description: 'Confirmed: the tag comes off every transaction and is gone.',
              actions: assign({ pending: ({ context }) => ({ kind: 'remove' as const, name: context.deleting ?? '' }), deleting: null }),
            },
            'tags.deleteCancel': { target: 'idle', description: 'Nothing changes.', actions: assign({ deleting: null }) },
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
                assign({ tags: ({ event }) => event.output.tags, pending: null, opError: null }),
                { type: 'notify', params: ({ event }) => ({ kind: 'success', message: event.output.message }) },
              ],
            },
            onError: {
              target: 'idle',
              description: "Refused (a name in use, a tag gone meanwhile): the server's reason shows above the list and in a toast.",
              actions: [assign({ opError: ({ event }) => toFailure(event.error, tagManagerTexts.saveFailed), pending: null }), { type: 'notify', params: ({ context }) => failureToast(context.opError) }],
            },
          },
        },
      },
    },
  },
});

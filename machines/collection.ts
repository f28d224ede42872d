import { assign, fromPromise, sendParent, setup, type PromiseActorLogic, type StateMachine } from 'xstate';
import { failureToast, toFailure, type CallFailure, type Toast } from './types';

/** One page of a list call: the rows, how many match (null when not counted), and where the next page starts. */
export interface CollectionPage<Item> {
  items: Item[];
  total: number | null;
  /** Pass back to read the next page; null on the last one. */
  nextCursor: string | null;
  hasMore: boolean;
}

export interface FetchPageInput<Query> {
  query: Query;
  /** nextCursor of the previous page; null for the first page. */
  cursor: string | null;
  limit: number;
  includeTotal: boolean;
}

/** The collection's own texts: the defaults of the list and delete calls ([spec:8-message]), and the toast after a delete ('' for none). */
export interface CollectionTexts {
  fetchFailed: string;
  deleteFailed: string;
  deleted: string;
}

export interface CollectionInput<Item, Query> {
  /** The field naming an item (`goal_id`, `transaction_id`). */
  idKey: keyof Item & string;
  query: Query;
  texts: CollectionTexts;
  /** Rows of the first page and of each further page (see PageSizes). */
  pageSizes?: PageSizes;
}

/**
 * Rows of the first page and of further pages. A further page is as large as the rows already listed,
 * between `more` and `most` (`most` defaults to `more`): someone who has scrolled through thousands of
 * rows is moving fast, and one larger page costs one render instead of many.
 */
export interface PageSizes {
  first: number;
  more: number;
  most?: number;
}

/** The size of the next further page after `listed` rows. */
export const nextPageSize = (sizes: PageSizes, listed: number) => Math.min(Math.max(listed, sizes.more), Math.max(sizes.more, sizes.most ?? sizes.more));

export interface CollectionContext<Item, Query> {
  idKey: keyof Item & string;
  query: Query;
  texts: CollectionTexts;
  pageSizes: PageSizes;
  /** The rows loaded so far, in the list's order. */
  items: Item[];
  /** Rows matching the query (null until known). */
  total: number | null;
  nextCursor: string | null;
  hasMore: boolean;
  loadError: CallFailure | null;
  loadMoreError: CallFailure | null;
  /** The item waiting for the delete confirmation, or being deleted. */
  deleting: Item | null;
}

export type CollectionEvent<Item, Query> =
  | { type: 'list.query'; query: Query; preview?: Item[] }
  | { type: 'list.reload' }
  | { type: 'list.retry' }
  | { type: 'list.loadMore' }
  | { type: 'item.add'; item: Item }
  | { type: 'item.replace'; item: Item }
  | { type: 'item.delete'; id: string }
  | { type: 'deletion.confirm' }
  | { type: 'deletion.cancel' };

/** What the collection tells its parent: the rows changed (the parent reads its summaries again). */
export type CollectionReport = { type: 'list.changed' };

const idOf = <Item>(idKey: keyof Item, item: Item) => String(item[idKey]);

/** [spec:4-create-front], [spec:4-replace-by-id], [spec:4-delete-removes]: create adds to the front (once), update replaces by id, delete removes. */
export const addToFront = <Item>(idKey: keyof Item, list: Item[], item: Item) => [item, ...list.filter((x) => idOf(idKey, x) !== idOf(idKey, item))];
export const replaceById = <Item>(idKey: keyof Item, list: Item[], item: Item) => list.map((x) => (idOf(idKey, x) === idOf(idKey, item) ? item : x));
export const removeById = <Item>(idKey: keyof Item, list: Item[], id: string) => list.filter((x) => idOf(idKey, x) !== id);

/** Appends a further page, skipping rows already listed (one added meanwhile may reappear in a later page). */
export function appendPage<Item>(idKey: keyof Item, list: Item[], page: Item[]): Item[] {
  if (page.length === 0) return list;
  const seen = new Set(list.map((x) => idOf(idKey, x)));
  const fresh = page.filter((x) => !seen.has(idOf(idKey, x)));
  return fresh.length === 0 ? list : list.concat(fresh);
}

const findItem = <Item, Query>(context: CollectionContext<Item, Query>, id: string) => context.items.find((x) => idOf(context.idKey, x) === id) ?? null;

/** What the machine is written over: any record. Each page sees it typed for its own items (CollectionMachine<Item, Query>). */
type AnyItem = Record<string, unknown>;

/**
 * A collection the user manages ([spec:4-create-front], [spec:4-replace-by-id], [spec:4-delete-removes]: transactions, goals and conversations): the list
 * (first page, more on demand), create to the front, replace by id, delete after a danger confirmation.
 * One machine, written once as it runs (Stately reads it whole); each page provides its effects with
 * `.provide()` (`fetchPage`, `deleteItem`, `notify`, `requestDeleteConfirmation`) and its item key, query
 * and texts as input, and sees it typed for its items through `collectionMachineOf<Item, Query>()`.
 */
export const collectionMachine = setup({
  types: {
    context: {} as CollectionContext<AnyItem, unknown>,
    events: {} as CollectionEvent<AnyItem, unknown>,
    input: {} as CollectionInput<AnyItem, unknown>,
    tags: {} as 'busy',
  },
  actors: {
    /** The list call: the first page (cursor null) or the next one. */
    fetchPage: fromPromise<CollectionPage<AnyItem>, FetchPageInput<unknown>>(async () => {
      throw new Error('fetchPage not provided');
    }),
    /** The delete call of one item. */
    deleteItem: fromPromise<unknown, { id: string }>(async () => {
      throw new Error('deleteItem not provided');
    }),
  },
  actions: {
    notify: (_, _toast: Toast) => {},
    /** Opens the danger confirmation dialog; it answers deletion.confirm or deletion.cancel. */
    requestDeleteConfirmation: (_, _params: { item: AnyItem }) => {},
    /** Tells the page the rows changed, so it reads its summaries again. */
    reportChange: sendParent({ type: 'list.changed' } satisfies CollectionReport),
  },
  guards: {
    hasMore: ({ context }) => context.hasMore && context.nextCursor !== null,
    itemExists: ({ context, event }) => event.type === 'item.delete' && findItem(context, event.id) !== null,
  },
}).createMachine({
  id: 'collection',
  description:
    'A list the user manages (the rule of docs/product.md for transactions, goals and conversations): loads it (more on demand), adds created items to the front, replaces updated ones by id, deletes after a danger confirmation. The transactions page (100 rows, then further pages as large as what is listed, 500 to 4,000 rows, filtered) and the goals page each run it with their own calls and texts.',
  context: ({ input }) => ({
    idKey: input.idKey,
    query: input.query,
    texts: input.texts,
    pageSizes: input.pageSizes ?? { first: 100, more: 500 },
    items: [],
    total: null,
    nextCursor: null,
    hasMore: false,
    loadError: null,
    loadMoreError: null,
    deleting: null,
  }),
  type: 'parallel',
  on: {
    'item.add': {
      description: 'A created item is added to the front of the list (once, even if a page already brought it). [spec:4-create-front]',
      actions: assign({
        items: ({ context, event }) => addToFront(context.idKey, context.items, event.item),
        total: ({ context, event }) => (context.total === null || findItem(context, idOf(context.idKey, event.item)) ? context.total : context.total + 1),
      }),
    },
    'item.replace': {
      description: 'An updated item replaces the one with the same id, in place. [spec:4-replace-by-id]',
      actions: assign({ items: ({ context, event }) => replaceById(context.idKey, context.items, event.item) }),
    },
  },
  states: {
    list: {
      description: 'The items matching the query, in the list’s order.',
      initial: 'loading',
      on: {
        'list.query': {
          description:
            'Another query (filters or order): load the first page again (a query still loading is cancelled). Rows already listed that are known to match it (a longer search word) are shown at once meanwhile.',
          target: '.loading',
          actions: assign({
            query: ({ event }) => event.query,
            items: ({ context, event }) => event.preview ?? context.items,
            total: ({ context, event }) => (event.preview ? null : context.total),
          }),
        },
        'list.reload': { description: 'Rows changed elsewhere (an import, demo data): load the first page again.', target: '.loading' },
      },
      states: {
        loading: {
          description: 'Loads the first page (skeletons on screen, or the previous rows dimmed).',
          tags: ['busy'],
          invoke: {
            src: 'fetchPage',
            input: ({ context }) => ({ query: context.query, cursor: null, limit: context.pageSizes.first, includeTotal: true }),
            onDone: {
              description: 'The first page is on screen with the count of matching rows.',
              target: 'loaded',
              actions: assign({
                items: ({ event }) => event.output.items,
                total: ({ event }) => event.output.total,
                nextCursor: ({ event }) => event.output.nextCursor,
                hasMore: ({ event }) => event.output.hasMore,
                loadError: null,
                loadMoreError: null,
              }),
            },
            onError: {
              description: "Loading failed: the server's detail, or the page's 'Failed to fetch …' default.",
              target: 'failed',
              actions: assign({ loadError: ({ context, event }) => toFailure(event.error, context.texts.fetchFailed), items: [], total: null, nextCursor: null, hasMore: false }),
            },
          },
        },
        failed: {
          description: 'The list could not be loaded: the error and a Retry button.',
          on: { 'list.retry': { description: 'The Retry button loads the list again.', target: 'loading' } },
        },
        loaded: {
          description: 'The items are on screen; scrolling near the end loads the next page.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Nothing is loading.',
              on: {
                'list.loadMore': { description: 'Load more appends the next page.', guard: 'hasMore', target: 'loadingMore', actions: assign({ loadMoreError: null }) },
              },
            },
            loadingMore: {
              description: 'Loads the next page after the rows already listed: as many rows as are listed, within the page sizes.',
              tags: ['busy'],
              invoke: {
                src: 'fetchPage',
                input: ({ context }) => ({ query: context.query, cursor: context.nextCursor, limit: nextPageSize(context.pageSizes, context.items.length), includeTotal: false }),
                onDone: {
                  description: 'The next page is appended, without repeating a row already listed.',
                  target: 'idle',
                  actions: assign({
                    items: ({ context, event }) => appendPage(context.idKey, context.items, event.output.items),
                    nextCursor: ({ event }) => event.output.nextCursor,
                    hasMore: ({ event }) => event.output.hasMore,
                  }),
                },
                onError: {
                  description: 'The rows so far stay; the end of the list offers a retry.',
                  target: 'idle',
                  actions: assign({ loadMoreError: ({ context, event }) => toFailure(event.error, context.texts.fetchFailed) }),
                },
              },
            },
          },
        },
      },
    },
    deletion: {
      description: 'Deleting an item, always after a danger confirmation.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No deletion under way.',
          on: {
            'item.delete': {
              description: "Delete asks first: the danger confirmation dialog opens ('Delete … This cannot be undone.'). [spec:4-delete-confirm]",
              guard: 'itemExists',
              target: 'confirming',
              actions: [
                assign({ deleting: ({ context, event }) => findItem(context, event.id) }),
                { type: 'requestDeleteConfirmation', params: ({ context, event }) => ({ item: findItem(context, event.id)! }) },
              ],
            },
          },
        },
        confirming: {
          description: 'The danger confirmation dialog is open.',
          on: {
            'deletion.confirm': { description: 'The dialog answered Delete.', target: 'deleting' },
            'deletion.cancel': { description: 'The dialog answered Cancel: the item stays.', target: 'idle', actions: assign({ deleting: null }) },
            'item.delete': {
              description: 'Another item’s Delete while the dialog is open asks about that one instead.',
              guard: 'itemExists',
              actions: [
                assign({ deleting: ({ context, event }) => findItem(context, event.id) }),
                { type: 'requestDeleteConfirmation', params: ({ context, event }) => ({ item: findItem(context, event.id)! }) },
              ],
            },
          },
        },
        deleting: {
          description: 'Deletes it on the server.',
          tags: ['busy'],
          invoke: {
            src: 'deleteItem',
            input: ({ context }) => ({ id: idOf(context.idKey, context.deleting!) }),
            onDone: {
              description: "Delete removes the item from the list; the page's toast (e.g. 'Transaction deleted') if it has one. [spec:4-delete-removes]",
              target: 'idle',
              actions: [
                assign({
                  items: ({ context }) => removeById(context.idKey, context.items, idOf(context.idKey, context.deleting!)),
                  total: ({ context }) => (context.total === null ? null : Math.max(0, context.total - 1)),
                  deleting: null,
                }),
                { type: 'notify', params: ({ context }) => ({ kind: 'success', message: context.texts.deleted }) },
                'reportChange',
              ],
            },
            onError: {
              description: "The item stays; a toast says the server's detail or 'Failed to delete …'.",
              target: 'idle',
              actions: [assign({ deleting: null }), { type: 'notify', params: ({ context, event }) => failureToast(toFailure(event.error, context.texts.deleteFailed)) }],
            },
          },
        },
      },
    },
  },
});

/**
 * The collection machine as one page sees it, typed for its items and query: the same machine object
 * (nothing is built at run time), with the item type in its context, events, input and effects.
 */
export type CollectionMachine<Item, Query = null> =
  typeof collectionMachine extends StateMachine<
    infer _Context,
    infer _Event,
    infer Children,
    infer Actor,
    infer Action,
    infer Guard,
    infer Delay,
    infer StateValue,
    infer Tag,
    infer _Input,
    infer Output,
    infer Emitted,
    infer Meta,
    infer Schema,
    infer TransitionMeta
  >
    ? StateMachine<
        CollectionContext<Item, Query>,
        CollectionEvent<Item, Query>,
        Children,
        Exclude<Actor, { src: 'fetchPage' }> | { src: 'fetchPage'; logic: PromiseActorLogic<CollectionPage<Item>, FetchPageInput<Query>>; id: string | undefined },
        Exclude<Action, { type: 'requestDeleteConfirmation' }> | { type: 'requestDeleteConfirmation'; params: { item: Item } },
        Guard,
        Delay,
        StateValue,
        Tag,
        CollectionInput<Item, Query>,
        Output,
        Emitted,
        Meta,
        Schema,
        TransitionMeta
      >
    : never;

/** The collection machine typed for one page's items and query (transactionList.ts, goals.ts). */
export const collectionMachineOf = <Item, Query = null>() => collectionMachine as unknown as CollectionMachine<Item, Query>;

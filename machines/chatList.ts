import { assign, fromPromise, raise, sendParent, setup } from 'xstate';
import type { Conversation, ConversationsResponse, RenameResponse } from '../src/contract/chat';
import { afterAnswer, afterQuestion, chatTexts, currentId, listErrorText, loadedList, renamed, shown, toFront, withTitle, without, type ConversationSummary, type CurrentConversation } from './chatRules';
import { failureToast, toFailure, type Toast } from './types';

/**
 * The conversation list of the coach page (a child of machines/chat.ts): load, search, which conversation is
 * current (switch, start a new one), rename, delete after a confirmation, clear memory after a confirmation.
 * It tells the page when the current conversation changes; the page opens it and abandons a running answer.
 */

export interface ChatListContext {
  conversations: ConversationSummary[];
  totalConversations: number;
  currentConversation: CurrentConversation | null;
  listError: string | null;
  searchQuery: string;
  /** Null when not searching: the view shows `conversations`. */
  searchResults: ConversationSummary[] | null;
  searchError: string | null;
  /** The conversation a rename or delete is about. */
  targetId: string | null;
  renameTitle: string | null;
  clearConversationOnly: boolean;
}

/** What the list tells the page about the current conversation. */
export type ChatListNews =
  | { type: 'list.switching'; conversationId: string }
  | { type: 'list.creating' }
  | { type: 'list.created'; conversationId: string }
  | { type: 'list.createFailed'; conversationId: string | null }
  | { type: 'list.currentDeleted' }
  | { type: 'list.memoryCleared'; conversationOnly: boolean; conversationId: string | null };

export type ChatListEvent =
  | { type: 'chat.reload' }
  | { type: 'conversation.create' }
  | { type: 'conversation.select'; conversationId: string }
  | { type: 'conversation.rename'; conversationId: string; title: string }
  | { type: 'conversation.delete'; conversationId: string }
  | { type: 'deletion.confirm' }
  | { type: 'deletion.cancel' }
  | { type: 'memory.clear'; conversationOnly?: boolean }
  | { type: 'clearing.confirm' }
  | { type: 'clearing.cancel' }
  | { type: 'conversations.search'; query: string }
  // From the page.
  | { type: 'conversation.opened'; conversationId: string; title: string }
  | { type: 'question.saved'; conversationId: string; title: string; question: string }
  | { type: 'answer.saved'; content: string };

export const chatListMachine = setup({
  types: {
    context: {} as ChatListContext,
    events: {} as ChatListEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** GET /chat/conversations. */
    loadConversations: fromPromise<ConversationsResponse>(async () => { throw new Error('loadConversations not provided'); }),
    /** GET /chat/user-conversations/search?search&limit=10&page=1. */
    searchConversations: fromPromise<ConversationsResponse, { query: string }>(async () => { throw new Error('searchConversations not provided'); }),
    /** POST /chat/start-new-conversation. */
    startConversation: fromPromise<Conversation>(async () => { throw new Error('startConversation not provided'); }),
    /** PUT /chat/conversation/{id}/rename {new_title}. */
    renameConversation: fromPromise<Pick<RenameResponse, 'conversation_id' | 'conversation_title'>, { conversationId: string; title: string }>(async () => { throw new Error('renameConversation not provided'); }),
    /** DELETE /chat/conversation/{id}. */
    deleteConversation: fromPromise<unknown, { conversationId: string }>(async () => { throw new Error('deleteConversation not provided'); }),
    /** DELETE /chat/clear-memory?conversation_only=. */
    clearMemory: fromPromise<unknown, { conversationOnly: boolean; conversationId: string | null }>(async () => { throw new Error('clearMemory not provided'); }),
  },
  actions: {
    notify: (_, _toast: Toast) => {},
    /** Opens the danger confirmation; it answers deletion.confirm or deletion.cancel. */
    requestDeleteConfirmation: (_, _params: { conversationId: string; title: string }) => {},
    /** Opens the warning confirmation; it answers clearing.confirm or clearing.cancel. */
    requestClearConfirmation: (_, _params: { conversationOnly: boolean }) => {},
    /** Tells the page about the current conversation. */
    report: sendParent((_, news: ChatListNews) => news),
  },
  guards: {
    isOtherConversation: ({ context, event }) => 'conversationId' in event && event.conversationId !== currentId(context),
    isKnownConversation: ({ context, event }) => 'conversationId' in event && shown(context).some((c) => c.conversation_id === event.conversationId),
    deletedCurrent: ({ context }) => context.targetId !== null && context.targetId === currentId(context),
    clearingAll: ({ context }) => !context.clearConversationOnly,
    hasSearchQuery: ({ event }) => (event as { query: string }).query.trim().length > 0,
    hasCurrentToOpen: ({ context, event }) => Boolean((event as unknown as { output: ConversationsResponse }).output.current_conversation_id) && context.currentConversation === null,
  },
}).createMachine({
  id: 'chatList',
  description:
    "The conversation list: loaded when the coach page opens (the conversation the user was in reopens), searched as the user types, which conversation is current (switch, or start a new one), rename, delete after a danger confirmation, and clear memory after a warning confirmation.",
  context: {
    conversations: [],
    totalConversations: 0,
    currentConversation: null,
    listError: null,
    searchQuery: '',
    searchResults: null,
    searchError: null,
    targetId: null,
    renameTitle: null,
    clearConversationOnly: false,
  },
  type: 'parallel',
  states: {
    list: {
      description: "The list itself. Errors: 'Unable to connect to server. Please check your connection.' (no connection) and 'Authentication required. Please log in again.' (401).",
      initial: 'loading',
      states: {
        loading: {
          description: 'Loads the conversations (a loader in the sidebar).',
          tags: ['busy'],
          invoke: {
            src: 'loadConversations',
            onDone: [
              {
                description: 'The list is on screen and the conversation the user was in reopens.',
                guard: 'hasCurrentToOpen',
                target: 'ready',
                actions: [
                  assign({ conversations: ({ event }) => event.output.conversations, totalConversations: ({ event }) => event.output.total_conversations, listError: null }),
                  raise(({ event }) => ({ type: 'conversation.select' as const, conversationId: event.output.current_conversation_id! })),
                ],
              },
              {
                description: "The list is on screen (a conversation started while it loaded stays in front); the current conversation's missing title is filled from it.",
                target: 'ready',
                actions: assign(({ context, event }) => ({
                  ...loadedList(context, event.output),
                  listError: null,
                  currentConversation: context.currentConversation ? withTitle(context.currentConversation, event.output.conversations) : null,
                })),
              },
            ],
            onError: {
              description: "The list could not be loaded: 'Unable to connect to server. Please check your connection.', 'Authentication required. Please log in again.' or the server's detail, with Retry.",
              target: 'failed',
              actions: assign({ listError: ({ event }) => listErrorText(toFailure(event.error, chatTexts.fetchConversations)) }),
            },
          },
        },
        failed: {
          description: 'The list could not be loaded; Retry loads it again.',
          on: { 'chat.reload': { description: 'Retry: load the list again.', target: 'loading' } },
        },
        ready: {
          description: 'The list is on screen; typing in the search box searches titles and messages.',
          initial: 'browsing',
          on: {
            'chat.reload': { description: 'Load the list again.', target: 'loading' },
            'conversations.search': [
              { description: 'Typing a search: it runs once typing pauses.', guard: 'hasSearchQuery', target: '.debouncing', reenter: true, actions: assign({ searchQuery: ({ event }) => event.query, searchError: null }) },
              { description: 'An empty search shows the whole list again.', target: '.browsing', actions: assign({ searchQuery: '', searchResults: null, searchError: null }) },
            ],
          },
          states: {
            browsing: { description: 'The whole list, or the last search results.' },
            debouncing: { description: 'Waits for typing to pause.', after: { 300: { description: 'Typing paused for 300 ms: search.', target: 'searching' } } },
            searching: {
              description: 'Searches titles and messages (a small loader in the search box).',
              tags: ['busy'],
              invoke: {
                src: 'searchConversations',
                input: ({ context }) => ({ query: context.searchQuery }),
                onDone: { description: 'The matching conversations are listed.', target: 'browsing', actions: assign({ searchResults: ({ event }) => event.output.conversations }) },
                onError: {
                  description: "The search failed: no results and the server's detail, or 'Failed to search conversations'.",
                  target: 'browsing',
                  actions: assign({ searchResults: [], searchError: ({ event }) => toFailure(event.error, chatTexts.searchConversations).message }),
                },
              },
            },
          },
        },
      },
    },

    current: {
      description: 'Which conversation is current: the user switches to another, or starts a new one.',
      initial: 'settled',
      on: {
        'conversation.select': {
          description: 'Switching to a different conversation makes it current (its title filled from the list); its messages replace the others. [spec:4-chat-switch]',
          guard: 'isOtherConversation',
          target: '.settled',
          reenter: true,
          actions: [
            assign({ currentConversation: ({ context, event }) => withTitle({ conversation_id: event.conversationId, conversation_title: null }, shown(context)) }),
            { type: 'report', params: ({ event }) => ({ type: 'list.switching' as const, conversationId: event.conversationId }) },
          ],
        },
        'conversation.create': { description: 'New conversation: questions wait until it exists.', target: '.creating', reenter: true, actions: { type: 'report', params: { type: 'list.creating' } } },
        'conversation.opened': {
          description: "The current conversation arrived: a missing title is filled from the list. [spec:4-chat-title-fill]",
          actions: assign({
            currentConversation: ({ context, event }) =>
              currentId(context) === event.conversationId ? withTitle({ conversation_id: event.conversationId, conversation_title: event.title || null }, context.conversations) : context.currentConversation,
          }),
        },
        'question.saved': {
          description: 'A question was saved: its conversation moves to the front with the question as preview (a first question started it: it is current now, titled by the question).',
          actions: assign(({ context, event }) => afterQuestion(context, event)),
        },
        'answer.saved': {
          description: "The coach's answer was saved: the current conversation counts it and previews it.",
          actions: assign({ conversations: ({ context, event }) => afterAnswer(context, event.content) }),
        },
      },
      states: {
        settled: { description: 'The current conversation (or none) is the one on screen.' },
        creating: {
          description: "Starts a new conversation ('New conversation' button shows a loader).",
          tags: ['busy'],
          invoke: {
            src: 'startConversation',
            onDone: {
              description: "The new conversation is added to the front of the list and becomes current, with no messages. [spec:4-chat-create] [spec:4-create-front]",
              target: 'settled',
              actions: [
                assign({
                  currentConversation: ({ event }) => ({ conversation_id: event.output.conversation_id, conversation_title: event.output.conversation_title }),
                  conversations: ({ context, event }) => toFront(context.conversations, { ...event.output, messages: undefined } as ConversationSummary),
                  totalConversations: ({ context, event }) => context.totalConversations + (context.conversations.some((c) => c.conversation_id === event.output.conversation_id) ? 0 : 1),
                }),
                { type: 'report', params: ({ event }) => ({ type: 'list.created' as const, conversationId: event.output.conversation_id }) },
              ],
            },
            onError: {
              description: "It could not be started: a toast with the server's detail, or 'Failed to start new conversation'; the current conversation stays.",
              target: 'settled',
              actions: [
                { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, chatTexts.startConversation)) },
                { type: 'report', params: ({ context }) => ({ type: 'list.createFailed' as const, conversationId: currentId(context) }) },
              ],
            },
          },
        },
      },
    },

    operations: {
      description: 'Rename, delete (after a danger confirmation) and clear memory (after a warning confirmation), one at a time.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No operation under way.',
          on: {
            'conversation.rename': {
              description: 'Rename from the conversation menu (the title as typed, trimmed).',
              guard: 'isKnownConversation',
              target: 'renaming',
              actions: assign({ targetId: ({ event }) => event.conversationId, renameTitle: ({ event }) => event.title.trim() }),
            },
            'conversation.delete': {
              description: "Delete asks first: the danger confirmation 'Delete conversation' opens ('Delete \"…\" and all its messages? This cannot be undone.'). [spec:4-delete-confirm]",
              guard: 'isKnownConversation',
              target: 'confirmingDelete',
              actions: [
                assign({ targetId: ({ event }) => event.conversationId }),
                { type: 'requestDeleteConfirmation', params: ({ context, event }) => ({ conversationId: event.conversationId, title: shown(context).find((c) => c.conversation_id === event.conversationId)?.conversation_title ?? '' }) },
              ],
            },
            'memory.clear': {
              description: "Clear memory (or Clear this conversation) asks first: the warning confirmation 'Clear chat memory' (or 'Clear this conversation') opens.",
              target: 'confirmingClear',
              actions: [assign({ clearConversationOnly: ({ event }) => event.conversationOnly === true }), { type: 'requestClearConfirmation', params: ({ event }) => ({ conversationOnly: event.conversationOnly === true }) }],
            },
          },
        },
        renaming: {
          description: 'Renames it; errors are swallowed, as docs/product.md says: the old title stays, no toast.',
          invoke: {
            src: 'renameConversation',
            input: ({ context }) => ({ conversationId: context.targetId!, title: context.renameTitle! }),
            onDone: {
              description: 'Renaming updates the title in the list (and the search results) and in the current conversation. [spec:4-chat-rename]',
              target: 'idle',
              actions: assign({
                conversations: ({ context, event }) => renamed(context.conversations, event.output.conversation_id, event.output.conversation_title),
                searchResults: ({ context, event }) => (context.searchResults ? renamed(context.searchResults, event.output.conversation_id, event.output.conversation_title) : null),
                currentConversation: ({ context, event }) =>
                  currentId(context) === event.output.conversation_id ? { conversation_id: event.output.conversation_id, conversation_title: event.output.conversation_title } : context.currentConversation,
                targetId: null,
                renameTitle: null,
              }),
            },
            onError: { description: 'The rename failed: the old title stays, no toast.', target: 'idle', actions: assign({ targetId: null, renameTitle: null }) },
          },
        },
        confirmingDelete: {
          description: 'The danger confirmation is open.',
          on: {
            'deletion.confirm': { description: 'The dialog answered Delete.', target: 'deleting' },
            'deletion.cancel': { description: 'The dialog answered Cancel: nothing is deleted.', target: 'idle', actions: assign({ targetId: null }) },
          },
        },
        deleting: {
          description: 'Deletes the conversation and its messages.',
          tags: ['busy'],
          invoke: {
            src: 'deleteConversation',
            input: ({ context }) => ({ conversationId: context.targetId! }),
            onDone: [
              {
                description: 'Deleting the current conversation removes it from the list and clears the current one: no conversation is on screen. [spec:4-chat-delete-current] [spec:4-delete-removes]',
                guard: 'deletedCurrent',
                target: 'idle',
                actions: [assign(({ context }) => ({ ...without(context), currentConversation: null })), { type: 'report', params: { type: 'list.currentDeleted' } }],
              },
              { description: 'Deleting another conversation removes it from the list; the current one stays on screen.', target: 'idle', actions: assign(({ context }) => without(context)) },
            ],
            onError: {
              description: "The delete failed: a toast with the server's detail, or 'Failed to delete conversation'; it stays listed.",
              target: 'idle',
              actions: [assign({ targetId: null }), { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, chatTexts.deleteConversation)) }],
            },
          },
        },
        confirmingClear: {
          description: 'The warning confirmation is open.',
          on: {
            'clearing.confirm': { description: 'The dialog answered Clear.', target: 'clearing' },
            'clearing.cancel': { description: 'The dialog answered Cancel: nothing is cleared.', target: 'idle' },
          },
        },
        clearing: {
          description: 'Clears the memory (every conversation, or only the current one).',
          tags: ['busy'],
          invoke: {
            src: 'clearMemory',
            input: ({ context }) => ({ conversationOnly: context.clearConversationOnly, conversationId: currentId(context) }),
            onDone: [
              {
                description: 'Clearing memory empties all chat data: no conversations, none current, no search. [spec:4-chat-clear-memory]',
                guard: 'clearingAll',
                target: 'idle',
                actions: [
                  assign({ conversations: [], totalConversations: 0, currentConversation: null, searchQuery: '', searchResults: null, searchError: null }),
                  { type: 'report', params: { type: 'list.memoryCleared', conversationOnly: false, conversationId: null } },
                ],
              },
              {
                description: 'Clearing one conversation empties its messages; it stays in the list and stays current.',
                target: 'idle',
                actions: [
                  assign({ conversations: ({ context }) => context.conversations.map((c) => (c.conversation_id === currentId(context) ? { ...c, message_count: 0, last_message_preview: null } : c)) }),
                  { type: 'report', params: ({ context }) => ({ type: 'list.memoryCleared' as const, conversationOnly: true, conversationId: currentId(context) }) },
                ],
              },
            ],
            onError: { description: "The clear failed: a toast with the server's detail, or 'Failed to clear memory'.", target: 'idle', actions: { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, chatTexts.clearMemory)) } },
          },
        },
      },
    },
  },
});

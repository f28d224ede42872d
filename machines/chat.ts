import { and, assign, fromCallback, fromPromise, not, raise, setup, stateIn, type EventObject } from 'xstate';
import type { ChatAllowance, ChatMessage, ChatStatistics, Conversation, ConversationsResponse, ConversationSummary as WireConversationSummary, HistoryEntry } from '../src/contract/chat';
import { failureToast, toFailure, type CallFailure, type Toast } from './types';

// ---------------------------------------------------------------------------------------------
// Shapes: the wire types are src/contract/chat.ts's

export type { ChatAllowance, ChatStatistics };
/** A chat message as the server sends it; spec §3: any role but 'user' is shown as the coach, so the role is read as any text. */
export type ServerChatMessage = Pick<ChatMessage, 'chat_id' | 'message' | 'timestamp'> & { role: string; status?: string };
/** A conversation with its messages (open, switch, start-new). */
export type ServerConversation = Conversation;
/** GET /chat/conversations and the search answer. */
export type ConversationList = ConversationsResponse;
export type ChatHistoryEntry = HistoryEntry;
/** A conversation as the list shows it; counts and dates the client fills in before the server says them are optional. */
export type ConversationSummary = Pick<WireConversationSummary, 'conversation_id' | 'conversation_title'> & Partial<Omit<WireConversationSummary, 'conversation_id' | 'conversation_title'>>;

/** Spec §3 displayed message: id, sender user or ai, content, timestamp, type 'text'. */
export interface DisplayedMessage {
  id: string;
  sender: 'user' | 'ai';
  content: string;
  timestamp: string;
  type: 'text';
  /** The answer was stopped before it finished. */
  stopped?: boolean;
}

export interface CurrentConversation {
  conversation_id: string;
  /** Null until known; filled from the list (spec §4). */
  conversation_title: string | null;
}

export interface ChatContext {
  conversations: ConversationSummary[];
  totalConversations: number;
  currentConversation: CurrentConversation | null;
  chatMessages: DisplayedMessage[];
  /** Spec §3 financial state; emptied with the rest by clear memory. */
  chatHistory: ChatHistoryEntry[];
  chatStatistics: ChatStatistics | null;
  /** The answer being streamed, chunk after chunk (whether one is streaming is the `streaming` tag). */
  streamingMessage: string;
  /** What the user is typing. */
  draft: string;
  /** The question in flight (or the last one that failed). */
  pendingQuestion: string | null;
  /** The failed question can be sent again (it never reached the coach). */
  retryable: boolean;
  allowance: ChatAllowance | null;
  listError: string | null;
  conversationError: string | null;
  streamError: string | null;
  searchQuery: string;
  /** Null when not searching: the view shows `conversations`. */
  searchResults: ConversationSummary[] | null;
  searchError: string | null;
  /** The conversation a rename, delete or open is about. */
  targetId: string | null;
  renameTitle: string | null;
  clearConversationOnly: boolean;
  /** Numbers the user's messages until the server gives them ids. */
  localCount: number;
}

export type ChatEvent =
  | { type: 'chat.reload' }
  | { type: 'conversation.create' }
  | { type: 'conversation.select'; conversationId: string }
  | { type: 'conversation.retry' }
  | { type: 'conversation.rename'; conversationId: string; title: string }
  | { type: 'conversation.delete'; conversationId: string }
  | { type: 'deletion.confirm' }
  | { type: 'deletion.cancel' }
  | { type: 'memory.clear'; conversationOnly?: boolean }
  | { type: 'clearing.confirm' }
  | { type: 'clearing.cancel' }
  | { type: 'conversations.search'; query: string }
  | { type: 'draft.change'; text: string }
  | { type: 'message.send'; text?: string }
  | { type: 'message.stop' }
  | { type: 'message.retry' }
  | { type: 'statistics.refresh' }
  // Sent by the streamAnswer actor.
  | { type: 'stream.started'; conversationId: string; title: string; userMessageId: string; allowance?: ChatAllowance | null }
  | { type: 'stream.chunk'; content: string }
  | { type: 'stream.completed'; aiMessageId: string; allowance?: ChatAllowance | null }
  | { type: 'stream.failed'; message: string; started: boolean; aiMessageId?: string | null; /** HTTP status when the server refused the question. */ status?: number }
  // Raised inside the machine.
  | { type: 'stream.cancel' }
  | { type: 'conversation.cleared' };

export interface StreamInput {
  message: string;
  conversationId: string | null;
}


/** Spec §8 texts of the chat. */
export const chatTexts = {
  listConnection: 'Unable to connect to server. Please check your connection.',
  listAuth: 'Authentication required. Please log in again.',
  listFailed: 'Failed to fetch conversations',
  streamFailed: 'Failed to send streaming message',
  openFailed: 'Failed to fetch conversation',
  startFailed: 'Failed to start new conversation',
  deleteFailed: 'Failed to delete conversation',
  clearFailed: 'Failed to clear memory',
  searchFailed: 'Failed to search conversations',
} as const;

// ---------------------------------------------------------------------------------------------
// The rules, as plain functions (tests and the view use them too)

/** Spec §3: any role but 'user' is shown as the coach. */
export function toDisplayed(message: ServerChatMessage): DisplayedMessage {
  return {
    id: message.chat_id,
    sender: message.role === 'user' ? 'user' : 'ai',
    content: message.message,
    timestamp: message.timestamp,
    type: 'text',
    ...(message.status === 'stopped' ? { stopped: true } : {}),
  };
}

/** Spec §8 conversation-list errors: no connection, or not signed in; else the server's message. */
export function listErrorText(failure: CallFailure): string {
  if (failure.status === undefined) return chatTexts.listConnection;
  if (failure.status === 401) return chatTexts.listAuth;
  return failure.message;
}

/** Spec §4: a missing title is filled from the list. */
export function withTitle(current: CurrentConversation, list: ConversationSummary[]): CurrentConversation {
  if (current.conversation_title) return current;
  const listed = list.find((c) => c.conversation_id === current.conversation_id);
  return { ...current, conversation_title: listed?.conversation_title ?? null };
}

/** A conversation moved (or added) to the front of the list. */
export function toFront(list: ConversationSummary[], entry: ConversationSummary): ConversationSummary[] {
  const existing = list.find((c) => c.conversation_id === entry.conversation_id);
  return [{ ...existing, ...entry }, ...list.filter((c) => c.conversation_id !== entry.conversation_id)];
}

/** Spec §4: renaming updates the title in the list (and in search results). */
export function renamed(list: ConversationSummary[], conversationId: string, title: string): ConversationSummary[] {
  return list.map((c) => (c.conversation_id === conversationId ? { ...c, conversation_title: title } : c));
}

const now = () => new Date().toISOString();
const isCurrent = (context: ChatContext, conversationId: string | null | undefined) => Boolean(conversationId) && context.currentConversation?.conversation_id === conversationId;
const preview = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 120);

export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
    tags: {} as 'busy' | 'streaming',
  },
  actors: {
    /** GET /chat/conversations. */
    loadConversations: fromPromise<ConversationList>(async () => {
      throw new Error('loadConversations not provided');
    }),
    /** GET /chat/user-conversations/search?search&limit=10&page=1. */
    searchConversations: fromPromise<ConversationList, { query: string }>(async () => {
      throw new Error('searchConversations not provided');
    }),
    /** POST /chat/switch-conversation/{id}: makes it current, answers it with its messages. */
    openConversation: fromPromise<ServerConversation, { conversationId: string }>(async () => {
      throw new Error('openConversation not provided');
    }),
    /** POST /chat/start-new-conversation. */
    startConversation: fromPromise<ServerConversation>(async () => {
      throw new Error('startConversation not provided');
    }),
    /** PUT /chat/conversation/{id}/rename {new_title}. */
    renameConversation: fromPromise<{ conversation_id: string; conversation_title: string }, { conversationId: string; title: string }>(async () => {
      throw new Error('renameConversation not provided');
    }),
    /** DELETE /chat/conversation/{id}. */
    deleteConversation: fromPromise<unknown, { conversationId: string }>(async () => {
      throw new Error('deleteConversation not provided');
    }),
    /** DELETE /chat/clear-memory?conversation_only=. */
    clearMemory: fromPromise<unknown, { conversationOnly: boolean; conversationId: string | null }>(async () => {
      throw new Error('clearMemory not provided');
    }),
    /** GET /chat/statistics (counts and today's allowance). */
    loadStatistics: fromPromise<ChatStatistics>(async () => {
      throw new Error('loadStatistics not provided');
    }),
    /**
     * POST /chat/financial-advice-stream: sends back stream.started, stream.chunk…, then
     * stream.completed or stream.failed. Stopping the actor aborts the request.
     */
    streamAnswer: fromCallback<EventObject, StreamInput>(() => {
      throw new Error('streamAnswer not provided');
    }),
  },
  actions: {
    notify: (_, _toast: Toast) => {},
    /** Opens the danger confirmation; it answers deletion.confirm or deletion.cancel. */
    requestDeleteConfirmation: (_, _params: { conversationId: string; title: string }) => {},
    /** Opens the warning confirmation; it answers clearing.confirm or clearing.cancel. */
    requestClearConfirmation: (_, _params: { conversationOnly: boolean }) => {},
  },
  guards: {
    isOtherConversation: ({ context, event }) => 'conversationId' in event && !isCurrent(context, event.conversationId as string),
    hasQuestion: ({ context, event }) => ((event as { text?: string }).text ?? context.draft).trim().length > 0,
    /** A question can be asked unless a conversation is being opened or created. */
    canAsk: and(['hasQuestion', not(stateIn({ conversation: 'opening' })), not(stateIn({ conversation: 'creating' }))]),
    isKnownConversation: ({ context, event }) => 'conversationId' in event && [...context.conversations, ...(context.searchResults ?? [])].some((c) => c.conversation_id === (event as { conversationId: string }).conversationId),
    isRetryable: ({ context }) => context.retryable && Boolean(context.pendingQuestion),
    deletedCurrent: ({ context }) => isCurrent(context, context.targetId),
    clearingAll: ({ context }) => !context.clearConversationOnly,
    hasSearchQuery: ({ event }) => (event as { query: string }).query.trim().length > 0,
    hasCurrentToOpen: ({ context, event }) => {
      const id = (event as unknown as { output: ConversationList }).output.current_conversation_id;
      return Boolean(id) && context.currentConversation === null;
    },
  },
}).createMachine({
  id: 'chat',
  description:
    'The AI coach chat (spec §4 chat): the conversation list with search, the current conversation and its messages, a streamed answer, rename, delete after confirmation, and clear memory.',
  context: {
    conversations: [],
    totalConversations: 0,
    currentConversation: null,
    chatMessages: [],
    chatHistory: [],
    chatStatistics: null,
    streamingMessage: '',
    draft: '',
    pendingQuestion: null,
    retryable: false,
    allowance: null,
    listError: null,
    conversationError: null,
    streamError: null,
    searchQuery: '',
    searchResults: null,
    searchError: null,
    targetId: null,
    renameTitle: null,
    clearConversationOnly: false,
    localCount: 0,
  },
  type: 'parallel',
  on: {
    'draft.change': { description: 'Typing in the message box.', actions: assign({ draft: ({ event }) => event.text }) },
  },
  states: {
    list: {
      description: "The conversation list. Errors: 'Unable to connect to server. Please check your connection.' (no connection) and 'Authentication required. Please log in again.' (401).",
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'loadConversations',
            onDone: [
              {
                description: 'The conversation the user was in reopens.',
                guard: 'hasCurrentToOpen',
                target: 'ready',
                actions: [
                  assign({ conversations: ({ event }) => event.output.conversations, totalConversations: ({ event }) => event.output.total_conversations, listError: null }),
                  raise(({ event }) => ({ type: 'conversation.select' as const, conversationId: event.output.current_conversation_id! })),
                ],
              },
              {
                target: 'ready',
                actions: assign({
                  conversations: ({ event }) => event.output.conversations,
                  totalConversations: ({ event }) => event.output.total_conversations,
                  listError: null,
                  currentConversation: ({ context, event }) => (context.currentConversation ? withTitle(context.currentConversation, event.output.conversations) : null),
                }),
              },
            ],
            onError: { target: 'failed', actions: assign({ listError: ({ event }) => listErrorText(toFailure(event.error, chatTexts.listFailed)) }) },
          },
        },
        failed: {
          description: 'The list could not be loaded; Retry loads again.',
          on: { 'chat.reload': { target: 'loading' } },
        },
        ready: {
          description: 'The list is on screen; typing in the search box searches titles and messages.',
          initial: 'browsing',
          on: {
            'chat.reload': { target: 'loading' },
            'conversations.search': [
              { guard: 'hasSearchQuery', target: '.debouncing', reenter: true, actions: assign({ searchQuery: ({ event }) => event.query, searchError: null }) },
              { description: 'An empty search shows the whole list again.', target: '.browsing', actions: assign({ searchQuery: '', searchResults: null, searchError: null }) },
            ],
          },
          states: {
            browsing: {},
            debouncing: { after: { 300: { target: 'searching' } } },
            searching: {
              tags: ['busy'],
              invoke: {
                src: 'searchConversations',
                input: ({ context }) => ({ query: context.searchQuery }),
                onDone: { target: 'browsing', actions: assign({ searchResults: ({ event }) => event.output.conversations }) },
                onError: { target: 'browsing', actions: assign({ searchResults: [], searchError: ({ event }) => toFailure(event.error, chatTexts.searchFailed).message }) },
              },
            },
          },
        },
      },
    },

    conversation: {
      description: 'Which conversation is current, and its messages.',
      initial: 'none',
      on: {
        'conversation.select': {
          description: 'Switching to a different conversation clears messages (and stops a running answer); its title is filled from the list.',
          guard: 'isOtherConversation',
          target: '.opening',
          reenter: true,
          actions: [
            assign({
              chatMessages: [],
              conversationError: null,
              targetId: ({ event }) => event.conversationId,
              currentConversation: ({ context, event }) => withTitle({ conversation_id: event.conversationId, conversation_title: null }, [...context.conversations, ...(context.searchResults ?? [])]),
            }),
            raise({ type: 'stream.cancel' }),
          ],
        },
        'conversation.create': {
          description: 'New conversation: it becomes current and messages are cleared.',
          target: '.creating',
          reenter: true,
          actions: [assign({ conversationError: null }), raise({ type: 'stream.cancel' })],
        },
        'conversation.cleared': { description: 'The current conversation is gone (deleted, or memory cleared).', target: '.none' },
        'stream.started': {
          description: 'A first question without a conversation created one: it is current now.',
          target: '.open',
        },
      },
      states: {
        none: { description: 'No current conversation: suggested prompts invite the first question.' },
        creating: {
          tags: ['busy'],
          invoke: {
            src: 'startConversation',
            onDone: {
              target: 'open',
              actions: [
                assign({
                  currentConversation: ({ event }) => ({ conversation_id: event.output.conversation_id, conversation_title: event.output.conversation_title }),
                  chatMessages: [],
                  conversations: ({ context, event }) => toFront(context.conversations, { ...event.output, messages: undefined } as ConversationSummary),
                  totalConversations: ({ context, event }) => context.totalConversations + (context.conversations.some((c) => c.conversation_id === event.output.conversation_id) ? 0 : 1),
                }),
              ],
            },
            onError: {
              target: 'none',
              actions: { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, chatTexts.startFailed)) },
            },
          },
        },
        opening: {
          description: 'Loads the chosen conversation (and makes it current on the server).',
          tags: ['busy'],
          invoke: {
            src: 'openConversation',
            input: ({ context }) => ({ conversationId: context.targetId! }),
            onDone: {
              target: 'open',
              actions: assign({
                currentConversation: ({ context, event }) => withTitle({ conversation_id: event.output.conversation_id, conversation_title: event.output.conversation_title || null }, context.conversations),
                chatMessages: ({ event }) => (event.output.messages ?? []).map(toDisplayed),
                targetId: null,
              }),
            },
            onError: { target: 'failed', actions: assign({ conversationError: ({ event }) => toFailure(event.error, chatTexts.openFailed).message }) },
          },
        },
        open: { description: 'The conversation and its messages are on screen.' },
        failed: {
          description: 'The conversation could not be loaded; Retry loads it again.',
          on: {
            'conversation.retry': { target: 'opening', actions: assign({ targetId: ({ context }) => context.currentConversation?.conversation_id ?? null, conversationError: null }) },
          },
        },
      },
    },

    stream: {
      description: "Asking the coach: sending, streaming (chunks appended to streamingMessage; the 'streaming' tag is on), done, stopped, failed ('Failed to send streaming message').",
      initial: 'idle',
      on: {
        'stream.cancel': {
          description: 'The conversation changed: a running answer is abandoned (the server keeps what was said, marked stopped).',
          target: '.idle',
          actions: assign({ streamingMessage: '', streamError: null, pendingQuestion: null, retryable: false }),
        },
        'conversation.cleared': { target: '.idle', actions: assign({ streamingMessage: '', streamError: null, pendingQuestion: null, retryable: false }) },
      },
      states: {
        idle: {
          on: { 'message.send': { guard: 'canAsk', target: 'asking' } },
        },
        asking: {
          description: 'One question to the coach: one streaming request for its whole life (leaving this state aborts it).',
          tags: ['busy', 'streaming'],
          initial: 'sending',
          entry: assign(({ context, event }) => {
            const question = event.type === 'message.retry' ? (context.pendingQuestion ?? '') : ((event as { text?: string }).text ?? context.draft).trim();
            return {
              pendingQuestion: question,
              draft: '',
              retryable: false,
              streamError: null,
              streamingMessage: '',
              localCount: context.localCount + 1,
              chatMessages: [...context.chatMessages, { id: `local-${context.localCount + 1}`, sender: 'user' as const, content: question, timestamp: now(), type: 'text' as const }],
            };
          }),
          invoke: {
            src: 'streamAnswer',
            input: ({ context }) => ({ message: context.pendingQuestion!, conversationId: context.currentConversation?.conversation_id ?? null }),
            onError: { target: 'failed', actions: assign({ streamError: chatTexts.streamFailed, streamingMessage: '' }) },
          },
          states: {
            sending: {
              description: "The question is on screen and sent; waiting for the coach's first chunk.",
              on: {
                'stream.started': {
                  target: 'streaming',
                  actions: assign({
                    currentConversation: ({ context, event }) =>
                      context.currentConversation?.conversation_id === event.conversationId
                        ? withTitle({ ...context.currentConversation, conversation_title: event.title || context.currentConversation.conversation_title }, context.conversations)
                        : { conversation_id: event.conversationId, conversation_title: event.title },
                    chatMessages: ({ context, event }) => context.chatMessages.map((m) => (m.id === `local-${context.localCount}` ? { ...m, id: event.userMessageId } : m)),
                    conversations: ({ context, event }) =>
                      toFront(context.conversations, {
                        conversation_id: event.conversationId,
                        conversation_title: event.title,
                        message_count: (context.conversations.find((c) => c.conversation_id === event.conversationId)?.message_count ?? 0) + 1,
                        last_message_preview: preview(context.pendingQuestion ?? ''),
                        updated_at: now(),
                      }),
                    totalConversations: ({ context, event }) => context.totalConversations + (context.conversations.some((c) => c.conversation_id === event.conversationId) ? 0 : 1),
                    allowance: ({ context, event }) => event.allowance ?? context.allowance,
                  }),
                },
                'stream.failed': {
                  description: 'Refused or unreachable before the coach started: the question goes back into the message box.',
                  target: '#chat.stream.failed',
                  actions: assign({
                    streamError: ({ event }) => event.message || chatTexts.streamFailed,
                    retryable: true,
                    chatMessages: ({ context }) => context.chatMessages.filter((m) => m.id !== `local-${context.localCount}`),
                    draft: ({ context }) => context.draft || (context.pendingQuestion ?? ''),
                    // 429 is the daily allowance used up (spec §8): none remains today.
                    allowance: ({ context, event }) => (event.status === 429 && context.allowance ? { ...context.allowance, remaining_today: 0 } : context.allowance),
                  }),
                },
                'message.stop': { description: 'Stop before the first chunk: the request is aborted.', target: '#chat.stream.stopped', actions: assign({ pendingQuestion: null }) },
              },
            },
            streaming: {
              description: 'Chunks arrive and are appended to streamingMessage.',
              on: {
                'stream.chunk': { actions: assign({ streamingMessage: ({ context, event }) => context.streamingMessage + event.content }) },
                'stream.completed': {
                  target: '#chat.stream.done',
                  actions: assign({
                    chatMessages: ({ context, event }) => [...context.chatMessages, { id: event.aiMessageId, sender: 'ai' as const, content: context.streamingMessage, timestamp: now(), type: 'text' as const }],
                    conversations: ({ context }) =>
                      context.conversations.map((c) =>
                        c.conversation_id === context.currentConversation?.conversation_id ? { ...c, message_count: (c.message_count ?? 0) + 1, last_message_preview: preview(context.streamingMessage) } : c,
                      ),
                    streamingMessage: '',
                    pendingQuestion: null,
                    allowance: ({ context, event }) => event.allowance ?? context.allowance,
                  }),
                },
                'stream.failed': {
                  description: 'The coach broke off: what it said stays, marked stopped.',
                  target: '#chat.stream.failed',
                  actions: assign({
                    chatMessages: ({ context, event }) =>
                      context.streamingMessage
                        ? [...context.chatMessages, { id: event.aiMessageId ?? `stopped-${context.localCount}`, sender: 'ai' as const, content: context.streamingMessage, timestamp: now(), type: 'text' as const, stopped: true }]
                        : context.chatMessages,
                    streamError: ({ event }) => event.message || chatTexts.streamFailed,
                    streamingMessage: '',
                    retryable: false,
                  }),
                },
                'message.stop': {
                  description: 'Stop: the request is aborted; the partial answer stays, marked stopped (the server saves it the same way).',
                  target: '#chat.stream.stopped',
                  actions: assign({
                    chatMessages: ({ context }) =>
                      context.streamingMessage
                        ? [...context.chatMessages, { id: `stopped-${context.localCount}`, sender: 'ai' as const, content: context.streamingMessage, timestamp: now(), type: 'text' as const, stopped: true }]
                        : context.chatMessages,
                    streamingMessage: '',
                    pendingQuestion: null,
                  }),
                },
              },
            },
          },
        },
        done: {
          description: 'The answer is complete and appended to the messages.',
          on: { 'message.send': { guard: 'canAsk', target: 'asking' } },
        },
        stopped: {
          description: 'The user stopped the answer.',
          on: { 'message.send': { guard: 'canAsk', target: 'asking' } },
        },
        failed: {
          description: "The question could not be answered: 'Failed to send streaming message' or the server's detail (e.g. the daily allowance).",
          on: {
            'message.send': { guard: 'canAsk', target: 'asking' },
            'message.retry': { guard: 'isRetryable', target: 'asking', actions: assign({ draft: '' }) },
          },
        },
      },
    },

    operations: {
      description: 'Rename, delete (after a danger confirmation) and clear memory (after a warning confirmation), one at a time.',
      initial: 'idle',
      states: {
        idle: {
          on: {
            'conversation.rename': {
              guard: 'isKnownConversation',
              target: 'renaming',
              actions: assign({ targetId: ({ event }) => event.conversationId, renameTitle: ({ event }) => event.title.trim() }),
            },
            'conversation.delete': {
              guard: 'isKnownConversation',
              target: 'confirmingDelete',
              actions: [
                assign({ targetId: ({ event }) => event.conversationId }),
                {
                  type: 'requestDeleteConfirmation',
                  params: ({ context, event }) => ({
                    conversationId: event.conversationId,
                    title: [...context.conversations, ...(context.searchResults ?? [])].find((c) => c.conversation_id === event.conversationId)?.conversation_title ?? '',
                  }),
                },
              ],
            },
            'memory.clear': {
              target: 'confirmingClear',
              actions: [assign({ clearConversationOnly: ({ event }) => event.conversationOnly === true }), { type: 'requestClearConfirmation', params: ({ event }) => ({ conversationOnly: event.conversationOnly === true }) }],
            },
          },
        },
        renaming: {
          description: 'Renames it; errors are swallowed (spec §8): the old title stays, no toast.',
          invoke: {
            src: 'renameConversation',
            input: ({ context }) => ({ conversationId: context.targetId!, title: context.renameTitle! }),
            onDone: {
              description: 'Renaming updates the title in the list and in the current conversation.',
              target: 'idle',
              actions: assign({
                conversations: ({ context, event }) => renamed(context.conversations, event.output.conversation_id, event.output.conversation_title),
                searchResults: ({ context, event }) => (context.searchResults ? renamed(context.searchResults, event.output.conversation_id, event.output.conversation_title) : null),
                currentConversation: ({ context, event }) =>
                  context.currentConversation?.conversation_id === event.output.conversation_id ? { ...context.currentConversation, conversation_title: event.output.conversation_title } : context.currentConversation,
                targetId: null,
                renameTitle: null,
              }),
            },
            onError: { target: 'idle', actions: assign({ targetId: null, renameTitle: null }) },
          },
        },
        confirmingDelete: {
          description: 'The danger confirmation is open.',
          on: {
            'deletion.confirm': { target: 'deleting' },
            'deletion.cancel': { target: 'idle', actions: assign({ targetId: null }) },
          },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            src: 'deleteConversation',
            input: ({ context }) => ({ conversationId: context.targetId! }),
            onDone: [
              {
                description: 'Deleting the current conversation clears the current one.',
                guard: 'deletedCurrent',
                target: 'idle',
                actions: [
                  assign({
                    conversations: ({ context }) => context.conversations.filter((c) => c.conversation_id !== context.targetId),
                    searchResults: ({ context }) => context.searchResults?.filter((c) => c.conversation_id !== context.targetId) ?? null,
                    totalConversations: ({ context }) => Math.max(0, context.totalConversations - 1),
                    currentConversation: null,
                    chatMessages: [],
                    targetId: null,
                  }),
                  raise({ type: 'conversation.cleared' }),
                ],
              },
              {
                target: 'idle',
                actions: assign({
                  conversations: ({ context }) => context.conversations.filter((c) => c.conversation_id !== context.targetId),
                  searchResults: ({ context }) => context.searchResults?.filter((c) => c.conversation_id !== context.targetId) ?? null,
                  totalConversations: ({ context }) => Math.max(0, context.totalConversations - 1),
                  targetId: null,
                }),
              },
            ],
            onError: { target: 'idle', actions: [assign({ targetId: null }), { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, chatTexts.deleteFailed)) }] },
          },
        },
        confirmingClear: {
          description: 'The warning confirmation is open.',
          on: {
            'clearing.confirm': { target: 'clearing' },
            'clearing.cancel': { target: 'idle' },
          },
        },
        clearing: {
          tags: ['busy'],
          invoke: {
            src: 'clearMemory',
            input: ({ context }) => ({ conversationOnly: context.clearConversationOnly, conversationId: context.currentConversation?.conversation_id ?? null }),
            onDone: [
              {
                description: 'Clearing memory empties all chat data.',
                guard: 'clearingAll',
                target: 'idle',
                actions: [
                  assign({
                    conversations: [],
                    totalConversations: 0,
                    currentConversation: null,
                    chatMessages: [],
                    chatHistory: [],
                    chatStatistics: ({ context }) => (context.chatStatistics ? { ...context.chatStatistics, total_conversations: 0, total_messages: 0, user_messages: 0, ai_messages: 0 } : null),
                    streamingMessage: '',
                    searchQuery: '',
                    searchResults: null,
                    pendingQuestion: null,
                    streamError: null,
                  }),
                  raise({ type: 'conversation.cleared' }),
                ],
              },
              {
                description: 'Clearing one conversation empties its messages; it stays in the list.',
                target: 'idle',
                actions: [
                  assign({
                    chatMessages: [],
                    chatHistory: ({ context }) => context.chatHistory.filter((h) => h.conversation_id !== context.currentConversation?.conversation_id),
                    conversations: ({ context }) =>
                      context.conversations.map((c) => (c.conversation_id === context.currentConversation?.conversation_id ? { ...c, message_count: 0, last_message_preview: null } : c)),
                  }),
                  raise({ type: 'stream.cancel' }),
                ],
              },
            ],
            onError: { target: 'idle', actions: { type: 'notify', params: ({ event }) => failureToast(toFailure(event.error, chatTexts.clearFailed)) } },
          },
        },
      },
    },

    statistics: {
      description: "Counts and today's coach allowance (shown to users without a trial or plan).",
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadStatistics',
            onDone: { target: 'ready', actions: assign({ chatStatistics: ({ event }) => event.output, allowance: ({ context, event }) => event.output.allowance ?? context.allowance }) },
            // Counts are a nicety: the chat works without them.
            onError: { target: 'ready' },
          },
        },
        ready: { on: { 'statistics.refresh': { target: 'loading' } } },
      },
    },
  },
});

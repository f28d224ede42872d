import * as z from 'zod/mini';
import type { Reward } from './rewards';
import { calendarDate, text } from './fields';
import { CONVERSATION_SEARCH_DEFAULTS } from './constants';

/**
 * The AI coach chat ([spec:3-conversation], [spec:3-chat-message], [spec:3-stream-chunk], [spec:7-chat],
 * [spec:8-chat-list], [spec:9-constants]). Design choices beyond the product rules: docs/coach.md.
 */

// ---------------------------------------------------------------------------------------------
// Constants

export const CHAT_LIMITS = {
  /** Longest question the coach accepts (characters). */
  message: 2000,
  title: 100,
  /** A conversation's first question becomes its title, cut at a word to about this length. */
  autoTitle: 60,
  search: 100,
  /** Messages a conversation call answers (the newest ones, oldest first). */
  conversationMessages: 500,
  pageSize: 50,
  historyDefaultLimit: 50,
  historyMaxLimit: 200,
} as const;

/** The title of a conversation nobody has asked anything in yet. */
export const NEW_CONVERSATION_TITLE = 'New conversation';

export const CHAT_ROLES = ['user', 'assistant'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/** complete: the answer was delivered whole; stopped: the client stopped (or lost) the stream and the partial answer was kept. */
export const MESSAGE_STATUSES = ['complete', 'stopped'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** The chat's texts ([spec:8-chat-list], [spec:8-stream]), and the default message of each chat call. */
export const chatTexts = {
  listConnection: 'Unable to connect to server. Please check your connection.',
  listAuth: 'Authentication required. Please log in again.',
  streamFailed: 'Failed to send streaming message',
  sendMessage: 'Failed to send message',
  fetchConversations: 'Failed to fetch conversations',
  searchConversations: 'Failed to search conversations',
  fetchConversation: 'Failed to fetch conversation',
  fetchConversationDetails: 'Failed to fetch conversation details',
  startConversation: 'Failed to start new conversation',
  switchConversation: 'Failed to switch conversation',
  deleteConversation: 'Failed to delete conversation',
  renameConversation: 'Failed to rename conversation',
  fetchHistory: 'Failed to fetch chat history',
  clearMemory: 'Failed to clear memory',
  fetchStatistics: 'Failed to fetch chat statistics',
  conversationNotFound: 'Conversation not found',
} as const;
/** What a client sends (the schema coerces query strings). */
export interface UserConversationsQuery {
  limit?: number;
  page?: number;
  from?: string;
  to?: string;
  has_messages?: 'true' | 'false';
}
export interface SearchQuery {
  search?: string;
  limit?: number;
  page?: number;
}
export interface HistoryQuery {
  limit?: number;
  offset?: number;
  conversation_id?: string;
}

// ---------------------------------------------------------------------------------------------
// Streaming (POST /chat/financial-advice-stream): server-sent events, one `data: {json}` line each

/** The first chunk: where the answer is saved, and the saved question. */
export interface StreamStartChunk {
  type: 'start';
  conversation_id: string;
  conversation_title: string;
  user_message_id: string;
  allowance: ChatAllowance;
}
/** A piece of the answer, to append. */
export interface StreamContentChunk {
  type: 'chunk';
  content: string;
}
/** The coach is reading the user's data (a tool runs); for a "looking at your numbers" hint. */
export interface StreamToolChunk {
  type: 'tool';
  name: string;
}
/** The last chunk of a complete answer, with the saved message ids. */
export interface StreamDoneChunk {
  type: 'done';
  done: true;
  conversation_id: string;
  user_message_id: string;
  ai_message_id: string;
  status: 'complete';
  allowance: ChatAllowance;
  /** Points this question earned (the first conversation with the coach). */
  reward?: Reward;
}
/** The last chunk when the answer could not be finished; the partial answer is saved as stopped. */
export interface StreamErrorChunk {
  type: 'error';
  done: true;
  detail: string;
  conversation_id: string;
  ai_message_id: string | null;
}
export type StreamChunk = StreamStartChunk | StreamContentChunk | StreamToolChunk | StreamDoneChunk | StreamErrorChunk;

// ---------------------------------------------------------------------------------------------
// Field validators

const queryFlag = (field: string) =>
  z.pipe(z.optional(z
    .enum(['true', 'false', '1', '0', ''], { error: `${field} must be true or false` })), z.transform((v) => v === 'true' || v === '1'));

const wholeNumber = (field: string, min: number, max: number, fallback: number) =>
  z._default(z.coerce
    .number({ error: `${field} must be a whole number` })
    .check(z.int(`${field} must be a whole number`), z.gte(min, `${field} must be ${min} or more`), z.lte(max, `${field} must be at most ${max}`)), fallback);

const isoDay = (field: string) => calendarDate(field);

export const conversationId = z.uuid({ error: 'conversation_id must be a conversation id (a UUID)' });
export const conversationIdParams = z.object({ id: z.uuid({ error: 'id must be a conversation id (a UUID)' }) });

// ---------------------------------------------------------------------------------------------
// Requests

export const adviceRequest = z.object({
  message: text('message')
    .check(z.trim(), z.minLength(1, 'message is required'), z.maxLength(CHAT_LIMITS.message, `message must be at most ${CHAT_LIMITS.message} characters`)),
  /** Absent or null: the answer goes to a new conversation titled by this question. */
  conversation_id: z.optional(z.nullable(conversationId)),
});

export const renameRequest = z.object({
  new_title: text('new_title')
    .check(z.trim(), z.minLength(1, 'new_title is required'), z.maxLength(CHAT_LIMITS.title, `new_title must be at most ${CHAT_LIMITS.title} characters`)),
});

export const startConversationRequest = z.nullish(z
  .object({ title: z.optional(text('title').check(z.trim(), z.maxLength(CHAT_LIMITS.title, `title must be at most ${CHAT_LIMITS.title} characters`))) }));

export const userConversationsQuery = z.object({
  limit: wholeNumber('limit', 1, CHAT_LIMITS.pageSize, 20),
  page: wholeNumber('page', 1, 10_000, 1),
  /** Conversations active on or after this day (UTC). */
  from: z.optional(isoDay('from')),
  /** Conversations active on or before this day (UTC). */
  to: z.optional(isoDay('to')),
  /** Only conversations with (true) or without (false) messages. */
  has_messages: z.optional(z.enum(['true', 'false'], { error: 'has_messages must be true or false' })),
});

export const searchQuery = z.object({
  search: z._default(text('search').check(z.trim(), z.maxLength(CHAT_LIMITS.search, `search must be at most ${CHAT_LIMITS.search} characters`)), ''),
  limit: wholeNumber('limit', 1, CHAT_LIMITS.pageSize, CONVERSATION_SEARCH_DEFAULTS.limit),
  page: wholeNumber('page', 1, 10_000, CONVERSATION_SEARCH_DEFAULTS.page),
});

export const conversationDetailsQuery = z.object({ include_metadata: queryFlag('include_metadata') });

export const historyQuery = z.object({
  limit: wholeNumber('limit', 1, CHAT_LIMITS.historyMaxLimit, CHAT_LIMITS.historyDefaultLimit),
  offset: wholeNumber('offset', 0, 100_000, 0),
  conversation_id: z.optional(conversationId),
});

export const clearMemoryQuery = z.object({
  /** true: only the messages of one conversation (conversation_id, else the current one); false: every conversation. */
  conversation_only: queryFlag('conversation_only'),
  conversation_id: z.optional(conversationId),
});

// ---------------------------------------------------------------------------------------------
// Responses

/** A chat message ([spec:3-chat-message]): role is 'user' or anything else, which clients show as the coach. */
export const chatMessage = z
  .object({
    chat_id: z.string(),
    conversation_id: z.string(),
    role: z.enum(CHAT_ROLES),
    message: z.string(),
    timestamp: z.string().register(z.globalRegistry, { description: 'ISO 8601' }),
    status: z.enum(MESSAGE_STATUSES),
  })
  .register(z.globalRegistry, { id: 'ChatMessage' });

/** Today's coach messages: unlimited with a trial or plan, COACH_FREE_DAILY_MESSAGES a day without. */
export const allowance = z
  .object({
    unlimited: z.boolean(),
    /** Messages a day without access; null when unlimited. */
    daily_limit: z.nullable(z.number().check(z.int())),
    used_today: z.number().check(z.int()),
    remaining_today: z.nullable(z.number().check(z.int())),
    /** When the count starts again (next midnight UTC). */
    resets_at: z.string(),
  })
  .register(z.globalRegistry, { id: 'ChatAllowance' });

const metadata = z.record(z.string(), z.unknown());

export const conversationSummary = z
  .object({
    conversation_id: z.string(),
    conversation_title: z.string(),
    message_count: z.number().check(z.int()),
    last_message_preview: z.nullable(z.string()),
    is_current: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    metadata,
  })
  .register(z.globalRegistry, { id: 'ConversationSummary' });

/** A conversation ([spec:3-conversation]): id, title, messages (oldest first) and metadata. */
export const conversation = z.extend(conversationSummary, {
    messages: z.array(chatMessage),
  })
  .register(z.globalRegistry, { id: 'Conversation' });

export const conversationsResponse = z.object({
  conversations: z.array(conversationSummary),
  total_conversations: z.number().check(z.int()),
  current_conversation_id: z.nullable(z.string()),
});

export const conversationPage = z.extend(conversationsResponse, {
  page: z.number().check(z.int()),
  limit: z.number().check(z.int()),
  total_pages: z.number().check(z.int()),
  search: z.optional(z.string()),
});

export const conversationDetails = z.extend(conversation, {
  statistics: z.object({
    user_messages: z.number().check(z.int()),
    ai_messages: z.number().check(z.int()),
    stopped_answers: z.number().check(z.int()),
    first_message_at: z.nullable(z.string()),
    last_message_at: z.nullable(z.string()),
  }),
  /** Per answer: the engine, the intent the built-in coach recognised, the tools it used (include_metadata=true only). */
  message_metadata: z.optional(z.array(z.object({ chat_id: z.string(), metadata }))),
});

export const adviceResponse = z.object({
  response: z.string(),
  conversation_id: z.string(),
  conversation_title: z.string(),
  user_message: chatMessage,
  ai_message: chatMessage,
  allowance,
});

export const renameResponse = z.object({ conversation_id: z.string(), conversation_title: z.string(), message: z.string() });

export const deleteConversationResponse = z.object({ conversation_id: z.string(), message: z.string() });

/** One exchange: the user's question and the coach's answer to it ([spec:3-chat-message]: message and response). */
export const historyEntry = z.object({
  chat_id: z.string(),
  conversation_id: z.string(),
  conversation_title: z.string(),
  role: z.literal('user'),
  message: z.string(),
  response: z.nullable(z.string()),
  response_status: z.nullable(z.enum(MESSAGE_STATUSES)),
  timestamp: z.string(),
});

export const historyResponse = z.object({ history: z.array(historyEntry), total: z.number().check(z.int()), limit: z.number().check(z.int()), offset: z.number().check(z.int()) });

export const clearMemoryResponse = z.object({
  message: z.string(),
  conversation_only: z.boolean(),
  conversation_id: z.nullable(z.string()),
  deleted_conversations: z.number().check(z.int()),
  deleted_messages: z.number().check(z.int()),
});

export const chatStatistics = z
  .object({
    total_conversations: z.number().check(z.int()),
    total_messages: z.number().check(z.int()),
    user_messages: z.number().check(z.int()),
    ai_messages: z.number().check(z.int()),
    first_message_at: z.nullable(z.string()),
    last_message_at: z.nullable(z.string()),
    current_conversation_id: z.nullable(z.string()),
    /** 'builtin' or 'openai-compatible'. */
    engine: z.string(),
    allowance,
  })
  .register(z.globalRegistry, { id: 'ChatStatistics' });

export type AdviceRequest = z.input<typeof adviceRequest>;
export type RenameRequest = z.input<typeof renameRequest>;
export type ChatMessage = z.infer<typeof chatMessage>;
export type ChatAllowance = z.infer<typeof allowance>;
export type ConversationSummary = z.infer<typeof conversationSummary>;
export type Conversation = z.infer<typeof conversation>;
export type ConversationsResponse = z.infer<typeof conversationsResponse>;
export type ConversationPage = z.infer<typeof conversationPage>;
export type ConversationDetails = z.infer<typeof conversationDetails>;
export type AdviceResponse = z.infer<typeof adviceResponse>;
export type RenameResponse = z.infer<typeof renameResponse>;
export type DeleteConversationResponse = z.infer<typeof deleteConversationResponse>;
export type HistoryEntry = z.infer<typeof historyEntry>;
export type HistoryResponse = z.infer<typeof historyResponse>;
export type ClearMemoryResponse = z.infer<typeof clearMemoryResponse>;
export type ChatStatistics = z.infer<typeof chatStatistics>;

import type { z } from 'zod';
import type { Reward } from './rewards';
import type { adviceRequest, adviceResponse, allowance, chatMessage, chatStatistics, clearMemoryResponse, conversation, conversationDetails, conversationPage, conversationSummary, conversationsResponse, deleteConversationResponse, historyEntry, historyResponse, renameRequest, renameResponse } from './schemas/chat';

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
export type AdviceRequest = z.input<typeof adviceRequest>;
export type RenameRequest = z.input<typeof renameRequest>;
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

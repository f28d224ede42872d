import type { ChatMessage, chatTexts as contractTexts, ConversationSummary as WireConversationSummary } from '../src/contract/chat';
import type { CallFailure } from './types';

/** The coach chat's shapes, texts and rules as plain functions (the chat machines use them; tests and views too). */

/** The chat machines' texts ([spec:8-chat-list], [spec:8-stream]), held by the compiler to the contract's. */
export const chatTexts: Pick<
  typeof contractTexts,
  'listConnection' | 'listAuth' | 'streamFailed' | 'fetchConversations' | 'searchConversations' | 'fetchConversation' | 'startConversation' | 'deleteConversation' | 'clearMemory'
> = {
  listConnection: 'Unable to connect to server. Please check your connection.',
  listAuth: 'Authentication required. Please log in again.',
  streamFailed: 'Failed to send streaming message',
  fetchConversations: 'Failed to fetch conversations',
  searchConversations: 'Failed to search conversations',
  fetchConversation: 'Failed to fetch conversation',
  startConversation: 'Failed to start new conversation',
  deleteConversation: 'Failed to delete conversation',
  clearMemory: 'Failed to clear memory',
};

/** A conversation as the list shows it; counts and dates the client fills in before the server says them are optional. */
export type ConversationSummary = Pick<WireConversationSummary, 'conversation_id' | 'conversation_title'> & Partial<Omit<WireConversationSummary, 'conversation_id' | 'conversation_title'>>;

export interface CurrentConversation {
  conversation_id: string;
  /** Null until known; filled from the list ([spec:4-chat-title-fill]). */
  conversation_title: string | null;
}

/** A chat message as the server sends it; [spec:3-chat-message]: any role but 'user' is shown as the coach, so the role is read as any text. */
export type ServerChatMessage = Pick<ChatMessage, 'chat_id' | 'message' | 'timestamp'> & { role: string; status?: string };

/** The displayed message ([spec:3-chat-message]): id, sender user or ai, content, timestamp, type 'text'. */
export interface DisplayedMessage {
  id: string;
  sender: 'user' | 'ai';
  content: string;
  timestamp: string;
  type: 'text';
  /** The answer was stopped before it finished. */
  stopped?: boolean;
}

/** [spec:3-chat-message]: any role but 'user' is shown as the coach. */
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

/** The conversation list's errors ([spec:8-chat-list]): no connection, or not signed in; else the server's message. */
export function listErrorText(failure: CallFailure): string {
  if (failure.status === undefined) return chatTexts.listConnection;
  if (failure.status === 401) return chatTexts.listAuth;
  return failure.message;
}

/** [spec:4-chat-title-fill]: a missing title is filled from the list. */
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

/** [spec:4-chat-rename]: renaming updates the title in the list (and in search results). */
export function renamed(list: ConversationSummary[], conversationId: string, title: string): ConversationSummary[] {
  return list.map((c) => (c.conversation_id === conversationId ? { ...c, conversation_title: title } : c));
}

export const now = () => new Date().toISOString();
/** A message as the list previews it: one line, at most 120 characters. */
export const preview = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 120);

/** What the list knows of its conversations. */
interface ListState {
  conversations: ConversationSummary[];
  totalConversations: number;
  currentConversation: CurrentConversation | null;
}

export const currentId = (list: Pick<ListState, 'currentConversation'>) => list.currentConversation?.conversation_id ?? null;
/**
 * The list as loaded, keeping the current conversation in front when the answer lacks it: a conversation the
 * user started while the list was loading is newer than the list the server read ([spec:4-chat-create]: a new conversation
 * is added to the front).
 */
export function loadedList(list: ListState, loaded: { conversations: ConversationSummary[]; total_conversations: number }): Pick<ListState, 'conversations' | 'totalConversations'> {
  const id = currentId(list);
  const started = id === null || loaded.conversations.some((c) => c.conversation_id === id) ? undefined : list.conversations.find((c) => c.conversation_id === id);
  return started
    ? { conversations: [started, ...loaded.conversations], totalConversations: loaded.total_conversations + 1 }
    : { conversations: loaded.conversations, totalConversations: loaded.total_conversations };
}

/** Every conversation on screen: the list and the search results. */
export const shown = (list: Pick<ListState, 'conversations'> & { searchResults: ConversationSummary[] | null }) => [...list.conversations, ...(list.searchResults ?? [])];

/** The list without the conversation just deleted (`targetId`). */
export const without = (list: ListState & { searchResults: ConversationSummary[] | null; targetId: string | null }) => ({
  conversations: list.conversations.filter((c) => c.conversation_id !== list.targetId),
  searchResults: list.searchResults?.filter((c) => c.conversation_id !== list.targetId) ?? null,
  totalConversations: Math.max(0, list.totalConversations - 1),
  targetId: null,
});

/** The coach's answer was saved: the current conversation counts it and previews it. */
export const afterAnswer = (list: Pick<ListState, 'conversations' | 'currentConversation'>, content: string) =>
  list.conversations.map((c) => (c.conversation_id === currentId(list) ? { ...c, message_count: (c.message_count ?? 0) + 1, last_message_preview: preview(content) } : c));

/**
 * A question was saved in a conversation: it moves to the front with the question as preview; a first
 * question started it, so it is current now, titled by the question.
 */
export function afterQuestion(list: ListState, saved: { conversationId: string; title: string; question: string }): ListState {
  const current = list.currentConversation;
  const listed = list.conversations.find((c) => c.conversation_id === saved.conversationId);
  return {
    currentConversation:
      current?.conversation_id === saved.conversationId
        ? withTitle({ ...current, conversation_title: saved.title || current.conversation_title }, list.conversations)
        : { conversation_id: saved.conversationId, conversation_title: saved.title },
    conversations: toFront(list.conversations, {
      conversation_id: saved.conversationId,
      conversation_title: saved.title,
      message_count: (listed?.message_count ?? 0) + 1,
      last_message_preview: preview(saved.question),
      updated_at: now(),
    }),
    totalConversations: list.totalConversations + (listed ? 0 : 1),
  };
}

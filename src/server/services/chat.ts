import type { z } from 'zod';
import { type ChatStatistics, type ClearMemoryResponse, type Conversation, type ConversationDetails, type ConversationPage, type HistoryResponse, chatTexts, type historyQuery, type searchQuery, type userConversationsQuery } from '../../contract/chat';
import { notFound } from '../errors';
import type { ChatRepository, ConversationFilter, ConversationRow } from '../repositories/chat';
import { toChatMessage, toSummary, type CoachConversations } from './coach/conversation';

/** Conversations GET /chat/conversations answers (most recent first); older ones are reached by search and paging. */
export const LIST_LIMIT = 100;

/**
 * A user's conversations with the coach as stored: listing, paging, search, one conversation with its
 * messages and statistics, start, switch, rename, delete, history and clearing memory. Asking the coach
 * is `coachConversations` (services/coach/conversation.ts).
 */
export function chatService(deps: { chat: ChatRepository; coach: Pick<CoachConversations, 'allowanceOf'>; engineName: () => string }) {
  const { chat } = deps;
  const withMessages = async (userId: string, row: ConversationRow, currentId: string | null): Promise<Conversation> => ({
    ...toSummary(row, currentId),
    messages: (await chat.messages(userId, row.id)).map(toChatMessage),
  });
  const own = async (userId: string, id: string) => {
    const row = await chat.findConversation(userId, id);
    if (!row) throw notFound(chatTexts.conversationNotFound);
    return row;
  };
  const page = async (userId: string, filter: ConversationFilter, limit: number, pageNumber: number): Promise<ConversationPage> => {
    const [{ rows, total }, currentId] = await Promise.all([chat.listConversations(userId, filter), chat.currentConversationId(userId)]);
    return {
      conversations: rows.map((row) => toSummary(row, currentId)),
      total_conversations: total,
      current_conversation_id: currentId,
      page: pageNumber,
      limit,
      total_pages: Math.max(1, Math.ceil(total / limit)),
    };
  };

  return {
    async recent(userId: string) {
      const { conversations, total_conversations, current_conversation_id } = await page(userId, { limit: LIST_LIMIT, offset: 0 }, LIST_LIMIT, 1);
      return { conversations, total_conversations, current_conversation_id };
    },

    userConversations(userId: string, q: z.output<typeof userConversationsQuery>) {
      const hasMessages = q.has_messages === undefined ? undefined : q.has_messages === 'true';
      return page(userId, { limit: q.limit, offset: (q.page - 1) * q.limit, from: q.from, to: q.to, hasMessages }, q.limit, q.page);
    },

    async search(userId: string, q: z.output<typeof searchQuery>) {
      return { ...(await page(userId, { limit: q.limit, offset: (q.page - 1) * q.limit, search: q.search }, q.limit, q.page)), search: q.search };
    },

    async conversation(userId: string, id: string) {
      const row = await own(userId, id);
      return withMessages(userId, row, await chat.currentConversationId(userId));
    },

    async details(userId: string, id: string, includeMetadata: boolean | undefined): Promise<ConversationDetails> {
      const row = await own(userId, id);
      const [base, stats] = await Promise.all([withMessages(userId, row, await chat.currentConversationId(userId)), chat.conversationStatistics(userId, row.id)]);
      const details = {
        ...base,
        statistics: {
          user_messages: stats.userMessages,
          ai_messages: stats.aiMessages,
          stopped_answers: stats.stoppedAnswers,
          first_message_at: stats.firstMessageAt?.toISOString() ?? null,
          last_message_at: stats.lastMessageAt?.toISOString() ?? null,
        },
      };
      if (!includeMetadata) return details;
      const answers = base.messages.filter((m) => m.role === 'assistant').map((m) => m.chat_id);
      const metadata = await chat.answerMetadata(userId, row.id, answers);
      return { ...details, message_metadata: metadata.map((m) => ({ chat_id: m.id, metadata: m.metadata ?? {} })) };
    },

    /** An untouched conversation (no messages, never titled) is reused rather than leaving empty ones behind. */
    async start(userId: string, title: string | undefined) {
      const row = await chat.startConversation(userId, title || undefined);
      return withMessages(userId, row, row.id);
    },

    async switchTo(userId: string, id: string) {
      const row = await own(userId, id);
      await chat.setCurrent(userId, row.id);
      return withMessages(userId, row, row.id);
    },

    async remove(userId: string, id: string) {
      if (!(await chat.deleteConversation(userId, id))) throw notFound(chatTexts.conversationNotFound);
      return { conversation_id: id, message: 'Conversation deleted' };
    },

    async rename(userId: string, id: string, title: string) {
      const row = await chat.rename(userId, id, title);
      if (!row) throw notFound(chatTexts.conversationNotFound);
      return { conversation_id: row.id, conversation_title: row.title, message: 'Conversation renamed' };
    },

    async history(userId: string, q: z.output<typeof historyQuery>): Promise<HistoryResponse> {
      const { rows, total } = await chat.history(userId, { limit: q.limit, offset: q.offset, conversationId: q.conversation_id });
      return {
        history: rows.map((r) => ({
          chat_id: r.id,
          conversation_id: r.conversationId,
          conversation_title: r.conversationTitle,
          role: 'user' as const,
          message: r.content,
          response: r.response,
          response_status: r.responseStatus,
          timestamp: r.createdAt.toISOString(),
        })),
        total,
        limit: q.limit,
        offset: q.offset,
      };
    },

    /** One conversation emptied and kept (the given one, else the current one), or everything deleted. The allowance count stays. */
    async clearMemory(userId: string, conversationOnly: boolean | undefined, conversationId: string | undefined): Promise<ClearMemoryResponse> {
      if (conversationOnly) {
        const target = conversationId ?? (await chat.currentConversationId(userId));
        if (!target) return { message: 'There is no current conversation to clear', conversation_only: true, conversation_id: null, deleted_conversations: 0, deleted_messages: 0 };
        await own(userId, target);
        const deleted = await chat.clearConversation(userId, target);
        return { message: 'Conversation cleared', conversation_only: true, conversation_id: target, deleted_conversations: 0, deleted_messages: deleted };
      }
      const deleted = await chat.clearAll(userId);
      return { message: 'Chat memory cleared', conversation_only: false, conversation_id: null, deleted_conversations: deleted.conversations, deleted_messages: deleted.messages };
    },

    async statistics(userId: string): Promise<ChatStatistics> {
      const [stats, currentId, allowance] = await Promise.all([chat.statistics(userId), chat.currentConversationId(userId), deps.coach.allowanceOf(userId)]);
      return {
        total_conversations: stats.conversations,
        total_messages: stats.messages,
        user_messages: stats.userMessages,
        ai_messages: stats.aiMessages,
        first_message_at: stats.firstMessageAt?.toISOString() ?? null,
        last_message_at: stats.lastMessageAt?.toISOString() ?? null,
        current_conversation_id: currentId,
        engine: deps.engineName(),
        allowance,
      };
    },
  };
}

export type ChatService = ReturnType<typeof chatService>;

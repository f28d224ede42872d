import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adviceRequest,
  adviceResponse,
  chatStatistics,
  chatTexts,
  clearMemoryQuery,
  clearMemoryResponse,
  conversation,
  conversationDetails,
  conversationDetailsQuery,
  conversationIdParams,
  conversationPage,
  conversationsResponse,
  deleteConversationResponse,
  historyQuery,
  historyResponse,
  renameRequest,
  renameResponse,
  searchQuery,
  startConversationRequest,
  userConversationsQuery,
  type StreamChunk,
} from '../../contract/schemas/chat';
import { errorBody } from '../../contract/schemas/errors';
import { withReward } from '../../contract/schemas/rewards';
import { notFound } from '../errors';
import { eventStream } from '../plugins/sse';
import { statusOf } from '../services/billing/status';
import type { ConversationRow } from '../repositories/chat';
import { coachConversations, toChatMessage, toSummary } from '../services/coach/conversation';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 422: errorBody, 429: errorBody };
const security = [{ bearerAuth: [] }];
const tags = ['chat'];
/** Conversations GET /chat/conversations answers (most recent first); older ones are reached by search and paging. */
const LIST_LIMIT = 100;
const askLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/**
 * The chat calls ([spec:7-chat]). Every route needs a signed-in user, and none needs a subscription: the coach
 * is where users without access land. Users without a trial or plan get a daily allowance of
 * questions (docs/coach.md).
 */
export default async function chatRoutes(fastify: FastifyInstance) {
  fastify.addHook('onRequest', fastify.authenticate);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { repos } = fastify;
  const coach = coachConversations({
    chat: repos.chat,
    users: repos.users,
    data: repos.coach,
    engine: fastify.coach,
    rewards: fastify.rewards,
    // Access from the auth cache the request's token check just read (kept in step by the database's announcements), not another query.
    subscriptionStatus: async (userId) => statusOf((await fastify.authCache.get(userId)).subscription, fastify.plans, fastify.billing.kind),
    freeDailyMessages: fastify.config.coach.freeDailyMessages,
    log: fastify.log,
  });

  const withMessages = async (userId: string, row: ConversationRow, currentId: string | null) => ({
    ...toSummary(row, currentId),
    messages: (await repos.chat.messages(userId, row.id)).map(toChatMessage),
  });
  const ownConversation = async (userId: string, id: string) => {
    const row = await repos.chat.findConversation(userId, id);
    if (!row) throw notFound(chatTexts.conversationNotFound);
    return row;
  };
  const page = async (userId: string, filter: Parameters<typeof repos.chat.listConversations>[1], limit: number, pageNumber: number) => {
    const [{ rows, total }, currentId] = await Promise.all([repos.chat.listConversations(userId, filter), repos.chat.currentConversationId(userId)]);
    return {
      conversations: rows.map((row) => toSummary(row, currentId)),
      total_conversations: total,
      current_conversation_id: currentId,
      page: pageNumber,
      limit,
      total_pages: Math.max(1, Math.ceil(total / limit)),
    };
  };

  app.post(
    '/chat/financial-advice',
    {
      config: askLimit,
      schema: {
        tags,
        security,
        summary: 'Ask the coach and get the whole answer',
        description: 'Without conversation_id the question starts a new conversation, titled by it. Over the free daily allowance: 429.',
        body: adviceRequest,
        response: { 200: withReward(adviceResponse), ...errors, 503: errorBody },
      },
    },
    async (request) => {
      const prepared = await coach.prepareQuestion(request.userId, request.body);
      // A client that hangs up stops the answer.
      const controller = new AbortController();
      const socket = request.raw.socket;
      const abort = () => controller.abort();
      socket?.once('close', abort);
      return coach.ask(request.userId, prepared, controller.signal, request.log).finally(() => socket?.off('close', abort));
    },
  );

  app.post(
    '/chat/financial-advice-stream',
    {
      config: askLimit,
      schema: {
        tags,
        security,
        summary: 'Ask the coach and stream the answer (server-sent events)',
        description:
          'Answers text/event-stream: lines `data: {json}`. The first chunk is {type:"start", conversation_id, conversation_title, user_message_id, allowance}; ' +
          'then {type:"chunk", content} pieces (and {type:"tool", name} while the coach reads your data); the last is {type:"done", done:true, conversation_id, user_message_id, ai_message_id, status:"complete", allowance} ' +
          'or {type:"error", done:true, detail}. A client that disconnects stops the answer; what was said so far is saved with status "stopped". Refusals before the stream starts are JSON errors (429 over the free daily allowance).',
        body: adviceRequest,
        response: errors,
      },
    },
    async (request, reply) => {
      // Refusals (allowance, unknown conversation) are JSON errors, before the stream starts.
      const prepared = await coach.prepareQuestion(request.userId, request.body);
      const sse = eventStream<StreamChunk>(reply);
      void coach.stream(request.userId, prepared, (chunk) => sse.send(chunk), sse.signal, request.log).finally(() => sse.end());
      return sse.respond() as unknown as FastifyReply;
    },
  );

  app.get(
    '/chat/conversations',
    { schema: { tags, security, summary: `The user's conversations, most recent first (at most ${LIST_LIMIT})`, response: { 200: conversationsResponse, ...errors } } },
    async (request) => {
      const { conversations, total_conversations, current_conversation_id } = await page(request.userId, { limit: LIST_LIMIT, offset: 0 }, LIST_LIMIT, 1);
      return { conversations, total_conversations, current_conversation_id };
    },
  );

  app.get(
    '/chat/user-conversations',
    {
      schema: {
        tags,
        security,
        summary: 'Conversations, paged and filtered by activity dates and whether they have messages',
        querystring: userConversationsQuery,
        response: { 200: conversationPage, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return page(
        request.userId,
        { limit: q.limit, offset: (q.page - 1) * q.limit, from: q.from, to: q.to, hasMessages: q.has_messages === undefined ? undefined : q.has_messages === 'true' },
        q.limit,
        q.page,
      );
    },
  );

  app.get(
    '/chat/user-conversations/search',
    {
      schema: {
        tags,
        security,
        summary: 'Search conversations by title and message words (defaults limit=10, page=1)',
        querystring: searchQuery,
        response: { 200: conversationPage, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return { ...(await page(request.userId, { limit: q.limit, offset: (q.page - 1) * q.limit, search: q.search }, q.limit, q.page)), search: q.search };
    },
  );

  app.get(
    '/chat/conversation/:id',
    { schema: { tags, security, summary: 'A conversation with its messages, oldest first', params: conversationIdParams, response: { 200: conversation, ...errors } } },
    async (request) => {
      const row = await ownConversation(request.userId, request.params.id);
      return withMessages(request.userId, row, await repos.chat.currentConversationId(request.userId));
    },
  );

  app.get(
    '/chat/conversation-details/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A conversation with statistics, and with include_metadata=true the metadata of each answer',
        params: conversationIdParams,
        querystring: conversationDetailsQuery,
        response: { 200: conversationDetails, ...errors },
      },
    },
    async (request) => {
      const userId = request.userId;
      const row = await ownConversation(userId, request.params.id);
      const [base, stats] = await Promise.all([withMessages(userId, row, await repos.chat.currentConversationId(userId)), repos.chat.conversationStatistics(userId, row.id)]);
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
      if (!request.query.include_metadata) return details;
      const metadata = await repos.chat.answerMetadata(
        userId,
        row.id,
        base.messages.filter((m) => m.role === 'assistant').map((m) => m.chat_id),
      );
      return { ...details, message_metadata: metadata.map((m) => ({ chat_id: m.id, metadata: m.metadata ?? {} })) };
    },
  );

  app.post(
    '/chat/start-new-conversation',
    {
      schema: {
        tags,
        security,
        summary: 'Start a new conversation and make it the current one',
        description: 'An untouched conversation (no messages, never titled) is reused rather than leaving empty ones behind. Its first question titles it.',
        body: startConversationRequest,
        response: { 201: conversation, ...errors },
      },
    },
    async (request, reply) => {
      const row = await repos.chat.startConversation(request.userId, request.body?.title || undefined);
      reply.code(201);
      return { ...toSummary(row, row.id), messages: (await repos.chat.messages(request.userId, row.id)).map(toChatMessage) };
    },
  );

  app.post(
    '/chat/switch-conversation/:id',
    { schema: { tags, security, summary: 'Make a conversation the current one; answers it with its messages', params: conversationIdParams, response: { 200: conversation, ...errors } } },
    async (request) => {
      const row = await ownConversation(request.userId, request.params.id);
      await repos.chat.setCurrent(request.userId, row.id);
      return withMessages(request.userId, row, row.id);
    },
  );

  app.delete(
    '/chat/conversation/:id',
    { schema: { tags, security, summary: 'Delete a conversation and its messages', params: conversationIdParams, response: { 200: deleteConversationResponse, ...errors } } },
    async (request) => {
      if (!(await repos.chat.deleteConversation(request.userId, request.params.id))) throw notFound(chatTexts.conversationNotFound);
      return { conversation_id: request.params.id, message: 'Conversation deleted' };
    },
  );

  app.put(
    '/chat/conversation/:id/rename',
    { schema: { tags, security, summary: 'Rename a conversation', params: conversationIdParams, body: renameRequest, response: { 200: renameResponse, ...errors } } },
    async (request) => {
      const row = await repos.chat.rename(request.userId, request.params.id, request.body.new_title);
      if (!row) throw notFound(chatTexts.conversationNotFound);
      return { conversation_id: row.id, conversation_title: row.title, message: 'Conversation renamed' };
    },
  );

  app.get(
    '/chat/history',
    {
      schema: {
        tags,
        security,
        summary: 'Questions with the answer each got, newest first (optionally of one conversation)',
        querystring: historyQuery,
        response: { 200: historyResponse, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await repos.chat.history(request.userId, { limit: q.limit, offset: q.offset, conversationId: q.conversation_id });
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
  );

  app.delete(
    '/chat/clear-memory',
    {
      schema: {
        tags,
        security,
        summary: 'Clear the coach memory',
        description:
          'conversation_only=true empties one conversation (conversation_id, else the current one) and keeps it; otherwise every conversation and message is deleted. The daily allowance count is not reset.',
        querystring: clearMemoryQuery,
        response: { 200: clearMemoryResponse, ...errors },
      },
    },
    async (request) => {
      const userId = request.userId;
      if (request.query.conversation_only) {
        const target = request.query.conversation_id ?? (await repos.chat.currentConversationId(userId));
        if (!target) return { message: 'There is no current conversation to clear', conversation_only: true, conversation_id: null, deleted_conversations: 0, deleted_messages: 0 };
        await ownConversation(userId, target);
        const deleted = await repos.chat.clearConversation(userId, target);
        return { message: 'Conversation cleared', conversation_only: true, conversation_id: target, deleted_conversations: 0, deleted_messages: deleted };
      }
      const deleted = await repos.chat.clearAll(userId);
      return { message: 'Chat memory cleared', conversation_only: false, conversation_id: null, deleted_conversations: deleted.conversations, deleted_messages: deleted.messages };
    },
  );

  app.get(
    '/chat/statistics',
    { schema: { tags, security, summary: 'Counts of conversations and messages, and today’s allowance', response: { 200: chatStatistics, ...errors } } },
    async (request) => {
      const userId = request.userId;
      const [stats, currentId, allowance] = await Promise.all([repos.chat.statistics(userId), repos.chat.currentConversationId(userId), coach.allowanceOf(userId)]);
      return {
        total_conversations: stats.conversations,
        total_messages: stats.messages,
        user_messages: stats.userMessages,
        ai_messages: stats.aiMessages,
        first_message_at: stats.firstMessageAt?.toISOString() ?? null,
        last_message_at: stats.lastMessageAt?.toISOString() ?? null,
        current_conversation_id: currentId,
        engine: fastify.coach.name,
        allowance,
      };
    },
  );
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adviceRequest,
  adviceResponse,
  chatStatistics,
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
} from '../../contract/chat';
import { errorBody } from '../../contract/errors';
import { withReward } from '../../contract/rewards';
import { eventStream } from '../plugins/sse';
import { areaSchemas } from '../routeSchema';
import { LIST_LIMIT } from '../services/chat';
import { answerSlots } from '../services/coach/conversation';

const schema = areaSchemas({ tags: ['chat'], errors: [400, 401, 404, 422, 429] });
const askLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/**
 * The chat calls ([spec:7-chat]). Every route needs a signed-in user, and none needs a subscription: the coach
 * is where users without access land. Users without a trial or plan get a daily allowance of
 * questions (docs/coach.md). Asking is services/coach/conversation.ts; the stored conversations services/chat.ts.
 */
export default async function chatRoutes(fastify: FastifyInstance) {
  fastify.addHook('onRequest', fastify.authenticate);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { coachConversations: coach, chats } = fastify;
  const answers = answerSlots();

  app.post(
    '/chat/financial-advice',
    {
      config: askLimit,
      schema: schema({
        summary: 'Ask the coach and get the whole answer',
        description: 'Without conversation_id the question starts a new conversation, titled by it. Over the free daily allowance: 429.',
        body: adviceRequest,
        response: { 200: withReward(adviceResponse), 503: errorBody },
      }),
    },
    async (request) => {
      const release = answers.take(request.userId);
      try {
        const prepared = await coach.prepareQuestion(request.userId, request.body);
        // A client that hangs up stops the answer.
        const controller = new AbortController();
        const socket = request.raw.socket;
        const abort = () => controller.abort();
        socket?.once('close', abort);
        return await coach.ask(request.userId, prepared, controller.signal, request.log).finally(() => socket?.off('close', abort));
      } finally {
        release();
      }
    },
  );

  app.post(
    '/chat/financial-advice-stream',
    {
      config: askLimit,
      schema: schema({
        summary: 'Ask the coach and stream the answer (server-sent events)',
        description:
          'Answers text/event-stream: lines `data: {json}`. The first chunk is {type:"start", conversation_id, conversation_title, user_message_id, allowance}; ' +
          'then {type:"chunk", content} pieces (and {type:"tool", name} while the coach reads your data); the last is {type:"done", done:true, conversation_id, user_message_id, ai_message_id, status:"complete", allowance} ' +
          'or {type:"error", done:true, detail}. A client that disconnects stops the answer; what was said so far is saved with status "stopped". Refusals before the stream starts are JSON errors (429 over the free daily allowance, or with 3 answers of the user already being written).',
        body: adviceRequest,
        response: {},
      }),
    },
    async (request, reply) => {
      // Refusals (answers at once, allowance, unknown conversation) are JSON errors, before the stream starts.
      const release = answers.take(request.userId);
      let prepared;
      try {
        prepared = await coach.prepareQuestion(request.userId, request.body);
      } catch (error) {
        release();
        throw error;
      }
      const sse = eventStream<StreamChunk>(reply);
      void coach.stream(request.userId, prepared, (chunk) => sse.send(chunk), sse.signal, request.log).finally(() => {
        release();
        sse.end();
      });
      return sse.respond() as unknown as FastifyReply;
    },
  );

  app.get('/chat/conversations', { schema: schema({ summary: `The user's conversations, most recent first (at most ${LIST_LIMIT})`, response: { 200: conversationsResponse } }) }, async (request) =>
    chats.recent(request.userId),
  );

  app.get(
    '/chat/user-conversations',
    { schema: schema({ summary: 'Conversations, paged and filtered by activity dates and whether they have messages', querystring: userConversationsQuery, response: { 200: conversationPage } }) },
    async (request) => chats.userConversations(request.userId, request.query),
  );

  app.get(
    '/chat/user-conversations/search',
    { schema: schema({ summary: 'Search conversations by title and message words (defaults limit=10, page=1)', querystring: searchQuery, response: { 200: conversationPage } }) },
    async (request) => chats.search(request.userId, request.query),
  );

  app.get(
    '/chat/conversation/:id',
    { schema: schema({ summary: 'A conversation with its messages, oldest first', params: conversationIdParams, response: { 200: conversation } }) },
    async (request) => chats.conversation(request.userId, request.params.id),
  );

  app.get(
    '/chat/conversation-details/:id',
    {
      schema: schema({
        summary: 'A conversation with statistics, and with include_metadata=true the metadata of each answer',
        params: conversationIdParams,
        querystring: conversationDetailsQuery,
        response: { 200: conversationDetails },
      }),
    },
    async (request) => chats.details(request.userId, request.params.id, request.query.include_metadata),
  );

  app.post(
    '/chat/start-new-conversation',
    {
      schema: schema({
        summary: 'Start a new conversation and make it the current one',
        description: 'An untouched conversation (no messages, never titled) is reused rather than leaving empty ones behind. Its first question titles it.',
        body: startConversationRequest,
        response: { 201: conversation },
      }),
    },
    async (request, reply) => {
      const started = await chats.start(request.userId, request.body?.title);
      reply.code(201);
      return started;
    },
  );

  app.post(
    '/chat/switch-conversation/:id',
    { schema: schema({ summary: 'Make a conversation the current one; answers it with its messages', params: conversationIdParams, response: { 200: conversation } }) },
    async (request) => chats.switchTo(request.userId, request.params.id),
  );

  app.delete(
    '/chat/conversation/:id',
    { schema: schema({ summary: 'Delete a conversation and its messages', params: conversationIdParams, response: { 200: deleteConversationResponse } }) },
    async (request) => chats.remove(request.userId, request.params.id),
  );

  app.put(
    '/chat/conversation/:id/rename',
    { schema: schema({ summary: 'Rename a conversation', params: conversationIdParams, body: renameRequest, response: { 200: renameResponse } }) },
    async (request) => chats.rename(request.userId, request.params.id, request.body.new_title),
  );

  app.get(
    '/chat/history',
    { schema: schema({ summary: 'Questions with the answer each got, newest first (optionally of one conversation)', querystring: historyQuery, response: { 200: historyResponse } }) },
    async (request) => chats.history(request.userId, request.query),
  );

  app.delete(
    '/chat/clear-memory',
    {
      schema: schema({
        summary: 'Clear the coach memory',
        description:
          'conversation_only=true empties one conversation (conversation_id, else the current one) and keeps it; otherwise every conversation and message is deleted. The daily allowance count is not reset.',
        querystring: clearMemoryQuery,
        response: { 200: clearMemoryResponse },
      }),
    },
    async (request) => chats.clearMemory(request.userId, request.query.conversation_only, request.query.conversation_id),
  );

  app.get('/chat/statistics', { schema: schema({ summary: 'Counts of conversations and messages, and today’s allowance', response: { 200: chatStatistics } }) }, async (request) =>
    chats.statistics(request.userId),
  );
}

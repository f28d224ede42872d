import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
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
} from '../../contract/chat';
import { areaSchemas } from '../routeSchema';
import { LIST_LIMIT } from '../services/chat';

const schema = areaSchemas({ tags: ['chat'], errors: [400, 401, 404, 422, 429] });

/**
 * The stored conversations with the coach ([spec:7-chat]): list, page, search, start, switch, rename, delete,
 * history, statistics (services/chat.ts). Every route needs a signed-in user and none a subscription; asking
 * is routes/chat-answers.ts.
 */
export default async function chatRoutes(fastify: FastifyInstance) {
  fastify.addHook('onRequest', fastify.authenticate);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { chats } = fastify;

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

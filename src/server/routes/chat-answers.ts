import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adviceRequest, adviceResponse, type StreamChunk } from '../../contract/chat';
import { errorBody } from '../../contract/errors';
import { withReward } from '../../contract/rewards';
import { eventStream } from '../plugins/sse';
import { areaSchemas } from '../routeSchema';

const schema = areaSchemas({ tags: ['chat'], errors: [400, 401, 404, 422, 429] });
const askLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/**
 * Asking the coach ([spec:7-chat]), answered whole or streamed (services/coach/conversation.ts). A signed-in
 * user is needed and no subscription: the coach is where users without access land, with a daily allowance
 * of questions (docs/coach.md).
 */
export default async function chatAnswersRoutes(fastify: FastifyInstance) {
  fastify.addHook('onRequest', fastify.authenticate);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { coachConversations: coach } = fastify;

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
      // A client that hangs up stops the answer.
      const controller = new AbortController();
      const socket = request.raw.socket;
      const abort = () => controller.abort();
      socket?.once('close', abort);
      return coach.answer(request.userId, request.body, controller.signal, request.log).finally(() => socket?.off('close', abort));
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
      // Refusals (answers at once, allowance, unknown conversation) are JSON errors, thrown before the stream opens.
      const sse = await coach.answerStream(request.userId, request.body, () => eventStream<StreamChunk>(reply), request.log);
      return sse.respond() as unknown as FastifyReply;
    },
  );
}

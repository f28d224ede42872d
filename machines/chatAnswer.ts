import { assign, fromCallback, sendParent, setup, type EventObject } from 'xstate';
import type { ChatAllowance } from '../src/contract/chat';
import { chatTexts } from './chatRules';

/**
 * The answer stream of the coach page (a child of machines/chat.ts): the message box, one question at a
 * time streamed from the coach, stop, retry, and today's allowance. It tells the page what happened to the
 * question (asked, saved, answered, interrupted, refused); the page passes that on to the conversation
 * and the list.
 */

export interface StreamInput {
  message: string;
  /** Null: the first question starts a conversation. */
  conversationId: string | null;
}

export interface ChatAnswerContext {
  /** Where the next question goes; null until a conversation is current (the first question starts one). */
  conversationId: string | null;
  /** A conversation is being opened or started: questions wait for it. */
  waitingForConversation: boolean;
  /** What the user is typing. */
  draft: string;
  /** The question in flight (or the last one that failed). */
  pendingQuestion: string | null;
  /** The failed question can be sent again (it never reached the coach). */
  retryable: boolean;
  /** The answer being streamed, chunk after chunk (whether one is streaming is the `streaming` tag). */
  streamingMessage: string;
  streamError: string | null;
  allowance: ChatAllowance | null;
  /** Numbers the user's questions until the server gives them ids. */
  localCount: number;
}

/** What the answer tells the page (machines/chat.ts passes it on). */
export type ChatAnswerNews =
  | { type: 'answer.asked'; messageId: string; question: string }
  | { type: 'answer.started'; conversationId: string; title: string; localId: string; messageId: string; question: string }
  | { type: 'answer.completed'; messageId: string; content: string }
  | { type: 'answer.interrupted'; messageId: string; content: string }
  | { type: 'answer.refused'; messageId: string };

export type ChatAnswerEvent =
  | { type: 'draft.change'; text: string }
  | { type: 'message.send'; text?: string }
  | { type: 'message.stop' }
  | { type: 'message.retry' }
  // From the page.
  | { type: 'conversation.changing' }
  | { type: 'conversation.changed'; conversationId: string | null }
  | { type: 'allowance.changed'; allowance: ChatAllowance }
  // From the streamAnswer actor.
  | { type: 'stream.started'; conversationId: string; title: string; userMessageId: string; allowance?: ChatAllowance | null }
  | { type: 'stream.chunk'; content: string }
  | { type: 'stream.completed'; aiMessageId: string; allowance?: ChatAllowance | null }
  | { type: 'stream.failed'; message: string; started: boolean; aiMessageId?: string | null; /** HTTP status when the server refused the question. */ status?: number };

const localId = (context: ChatAnswerContext) => `local-${context.localCount}`;
const abandoned = { streamingMessage: '', streamError: null, pendingQuestion: null, retryable: false } as const;

export const chatAnswerMachine = setup({
  types: {
    context: {} as ChatAnswerContext,
    events: {} as ChatAnswerEvent,
    tags: {} as 'busy' | 'streaming',
  },
  actors: {
    /**
     * POST /chat/financial-advice-stream: sends back stream.started, stream.chunk…, then
     * stream.completed or stream.failed. Stopping the actor aborts the request.
     */
    streamAnswer: fromCallback<EventObject, StreamInput>(() => {
      throw new Error('streamAnswer not provided');
    }),
  },
  actions: {
    /** Tells the page what happened to the question. */
    report: sendParent((_, news: ChatAnswerNews) => news),
  },
  guards: {
    canAsk: ({ context, event }) => !context.waitingForConversation && ((event as { text?: string }).text ?? context.draft).trim().length > 0,
    isRetryable: ({ context }) => context.retryable && Boolean(context.pendingQuestion),
    allowanceUsedUp: ({ event }) => (event as { status?: number }).status === 429,
    saidSomething: ({ context }) => context.streamingMessage.length > 0,
  },
}).createMachine({
  id: 'chatAnswer',
  description:
    "Asking the coach: the message box, one question at a time (sending, then the answer streams in chunk by chunk with a Stop button), done, stopped or failed ('Failed to send streaming message' or the server's detail), retry, and today's free allowance.",
  context: {
    conversationId: null,
    waitingForConversation: false,
    draft: '',
    pendingQuestion: null,
    retryable: false,
    streamingMessage: '',
    streamError: null,
    allowance: null,
    localCount: 0,
  },
  initial: 'idle',
  on: {
    'draft.change': { description: 'Typing in the message box.', actions: assign({ draft: ({ event }) => event.text }) },
    'conversation.changing': {
      description: 'Another conversation is being opened or started: a running answer is abandoned (the server keeps what was said, marked stopped) and questions wait.',
      target: '.idle',
      actions: assign({ ...abandoned, waitingForConversation: true }),
    },
    'conversation.changed': {
      description: 'The current conversation is settled (opened, started, emptied, deleted or cleared): a running answer is abandoned and the next question goes to it.',
      target: '.idle',
      actions: assign({ ...abandoned, waitingForConversation: false, conversationId: ({ event }) => event.conversationId }),
    },
    'allowance.changed': { description: "Today's allowance as the statistics tell it.", actions: assign({ allowance: ({ event }) => event.allowance }) },
  },
  states: {
    idle: {
      description: 'Nothing asked yet in this conversation: the message box and the suggested questions.',
      on: { 'message.send': { description: 'Send a question (not a blank one, and not while a conversation opens).', guard: 'canAsk', target: 'asking' } },
    },
    asking: {
      description: 'One question to the coach: one streaming request for its whole life (leaving this state aborts it).',
      tags: ['busy', 'streaming'],
      initial: 'sending',
      entry: [
        assign(({ context, event }) => {
          const question = event.type === 'message.retry' ? (context.pendingQuestion ?? '') : ((event as { text?: string }).text ?? context.draft).trim();
          return { pendingQuestion: question, draft: '', retryable: false, streamError: null, streamingMessage: '', localCount: context.localCount + 1 };
        }),
        { type: 'report', params: ({ context }) => ({ type: 'answer.asked' as const, messageId: localId(context), question: context.pendingQuestion ?? '' }) },
      ],
      invoke: {
        src: 'streamAnswer',
        input: ({ context }) => ({ message: context.pendingQuestion!, conversationId: context.conversationId }),
        onError: { description: "The request could not be made: 'Failed to send streaming message'.", target: 'failed', actions: assign({ streamError: chatTexts.streamFailed, streamingMessage: '' }) },
      },
      states: {
        sending: {
          description: "The question is on screen and sent; waiting for the coach's first chunk ('Looking at your numbers…').",
          on: {
            'stream.started': {
              description: 'The server saved the question (a first question starts a conversation, titled by it): the answer starts.',
              target: 'streaming',
              actions: [
                { type: 'report', params: ({ context, event }) => ({ type: 'answer.started' as const, conversationId: event.conversationId, title: event.title, localId: localId(context), messageId: event.userMessageId, question: context.pendingQuestion ?? '' }) },
                assign({ conversationId: ({ event }) => event.conversationId, allowance: ({ context, event }) => event.allowance ?? context.allowance }),
              ],
            },
            'stream.failed': [
              {
                description: "Over today's free allowance (HTTP 429): the server's detail is shown, the allowance reads 0 left, and the question goes back into the message box.",
                guard: 'allowanceUsedUp',
                target: '#chatAnswer.failed',
                actions: [
                  { type: 'report', params: ({ context }) => ({ type: 'answer.refused' as const, messageId: localId(context) }) },
                  assign({
                    streamError: ({ event }) => event.message || chatTexts.streamFailed,
                    retryable: true,
                    draft: ({ context }) => context.draft || (context.pendingQuestion ?? ''),
                    allowance: ({ context }) => (context.allowance ? { ...context.allowance, remaining_today: 0 } : context.allowance),
                  }),
                ],
              },
              {
                description: "Refused or unreachable before the coach started: 'Failed to send streaming message' (or the server's detail), the question goes back into the message box and Try again sends it.",
                target: '#chatAnswer.failed',
                actions: [
                  { type: 'report', params: ({ context }) => ({ type: 'answer.refused' as const, messageId: localId(context) }) },
                  assign({ streamError: ({ event }) => event.message || chatTexts.streamFailed, retryable: true, draft: ({ context }) => context.draft || (context.pendingQuestion ?? '') }),
                ],
              },
            ],
            'message.stop': { description: 'Stop before the first chunk: the request is aborted.', target: '#chatAnswer.stopped', actions: assign({ pendingQuestion: null }) },
          },
        },
        streaming: {
          description: 'Chunks arrive and are appended to the answer on screen, with a cursor and a Stop button.',
          on: {
            'stream.chunk': { description: 'A piece of the answer is appended.', actions: assign({ streamingMessage: ({ context, event }) => context.streamingMessage + event.content }) },
            'stream.completed': {
              description: 'The answer is complete: it becomes a message of the conversation.',
              target: '#chatAnswer.done',
              actions: [
                { type: 'report', params: ({ context, event }) => ({ type: 'answer.completed' as const, messageId: event.aiMessageId, content: context.streamingMessage }) },
                assign({ streamingMessage: '', pendingQuestion: null, allowance: ({ context, event }) => event.allowance ?? context.allowance }),
              ],
            },
            'stream.failed': [
              {
                description: "The coach broke off: what it said stays, marked stopped, with the server's detail (or 'Failed to send streaming message').",
                guard: 'saidSomething',
                target: '#chatAnswer.failed',
                actions: [
                  { type: 'report', params: ({ context, event }) => ({ type: 'answer.interrupted' as const, messageId: event.aiMessageId ?? `stopped-${context.localCount}`, content: context.streamingMessage }) },
                  assign({ streamError: ({ event }) => event.message || chatTexts.streamFailed, streamingMessage: '', retryable: false }),
                ],
              },
              {
                description: "The coach broke off before saying anything: the server's detail (or 'Failed to send streaming message').",
                target: '#chatAnswer.failed',
                actions: assign({ streamError: ({ event }) => event.message || chatTexts.streamFailed, streamingMessage: '', retryable: false }),
              },
            ],
            'message.stop': [
              {
                description: 'Stop: the request is aborted; the partial answer stays, marked stopped (the server saves it the same way).',
                guard: 'saidSomething',
                target: '#chatAnswer.stopped',
                actions: [
                  { type: 'report', params: ({ context }) => ({ type: 'answer.interrupted' as const, messageId: `stopped-${context.localCount}`, content: context.streamingMessage }) },
                  assign({ streamingMessage: '', pendingQuestion: null }),
                ],
              },
              { description: 'Stop before any words arrived: the request is aborted.', target: '#chatAnswer.stopped', actions: assign({ streamingMessage: '', pendingQuestion: null }) },
            ],
          },
        },
      },
    },
    done: {
      description: 'The answer is complete and is the last message.',
      on: { 'message.send': { description: 'Ask the next question.', guard: 'canAsk', target: 'asking' } },
    },
    stopped: {
      description: 'The user stopped the answer.',
      on: { 'message.send': { description: 'Ask the next question.', guard: 'canAsk', target: 'asking' } },
    },
    failed: {
      description: "The question could not be answered: 'Failed to send streaming message' or the server's detail (e.g. today's free allowance is used up).",
      on: {
        'message.send': { description: 'Ask a question again (edited or not).', guard: 'canAsk', target: 'asking' },
        'message.retry': { description: 'Try again: the question that never reached the coach is sent again.', guard: 'isRetryable', target: 'asking', actions: assign({ draft: '' }) },
      },
    },
  },
});

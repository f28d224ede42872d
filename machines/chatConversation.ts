import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { Conversation, HistoryEntry } from '../src/contract/chat';
import { chatTexts, now, toDisplayed, type DisplayedMessage } from './chatRules';
import { toFailure } from './types';

/**
 * One conversation's messages (a child of machines/chat.ts): the list says which conversation is current,
 * this machine loads its messages and keeps them in step with the answer stream.
 */

export interface ChatConversationContext {
  /** The conversation on screen; null before the first question. */
  conversationId: string | null;
  chatMessages: DisplayedMessage[];
  /** [spec:3-client-state]; emptied with the rest by clear memory. */
  chatHistory: HistoryEntry[];
  conversationError: string | null;
}

/** What the conversation tells the page. */
export type ChatConversationNews = { type: 'conversation.loaded'; conversationId: string; title: string } | { type: 'conversation.unavailable'; conversationId: string };

export type ChatConversationEvent =
  | { type: 'conversation.retry' }
  // From the page (the list decided).
  | { type: 'conversation.open'; conversationId: string }
  | { type: 'conversation.started'; conversationId: string }
  | { type: 'conversation.close' }
  | { type: 'conversation.empty' }
  | { type: 'memory.forget' }
  // From the page (the answer stream).
  | { type: 'message.asked'; messageId: string; question: string }
  | { type: 'message.saved'; conversationId: string; localId: string; messageId: string }
  | { type: 'message.answered'; messageId: string; content: string }
  | { type: 'message.interrupted'; messageId: string; content: string }
  | { type: 'message.withdrawn'; messageId: string };

export const chatConversationMachine = setup({
  types: {
    context: {} as ChatConversationContext,
    events: {} as ChatConversationEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /chat/switch-conversation/{id}: makes it current, answers it with its messages. */
    openConversation: fromPromise<Conversation, { conversationId: string }>(async () => {
      throw new Error('openConversation not provided');
    }),
  },
  actions: {
    /** Tells the page the conversation is on screen, or could not be loaded. */
    report: sendParent((_, news: ChatConversationNews) => news),
  },
}).createMachine({
  id: 'chatConversation',
  description: 'One conversation and its messages: opened when the list makes it current, empty when it is new, gone when it is deleted or memory is cleared.',
  context: { conversationId: null, chatMessages: [], chatHistory: [], conversationError: null },
  initial: 'none',
  on: {
    'conversation.open': {
      description: 'Switching to a different conversation clears the messages at once (a running answer was abandoned), then loads its own. [spec:4-chat-switch]',
      target: '.opening',
      reenter: true,
      actions: assign({ conversationId: ({ event }) => event.conversationId, chatMessages: [], conversationError: null }),
    },
    'conversation.started': {
      description: 'A new conversation is current: no messages yet. [spec:4-chat-create]',
      target: '.open',
      actions: assign({ conversationId: ({ event }) => event.conversationId, chatMessages: [], conversationError: null }),
    },
    'conversation.close': {
      description: 'The current conversation was deleted: none is current and its messages are gone. [spec:4-chat-delete-current]',
      target: '.none',
      actions: assign({ chatMessages: [], chatHistory: ({ context }) => context.chatHistory.filter((h) => h.conversation_id !== context.conversationId), conversationId: null, conversationError: null }),
    },
    'memory.forget': {
      description: 'Memory was cleared: no conversation, no messages, no history. [spec:4-chat-clear-memory]',
      target: '.none',
      actions: assign({ chatMessages: [], chatHistory: [], conversationId: null, conversationError: null }),
    },
    'conversation.empty': {
      description: "This conversation was cleared: its messages are gone, it stays current.",
      actions: assign({ chatMessages: [], chatHistory: ({ context }) => context.chatHistory.filter((h) => h.conversation_id !== context.conversationId) }),
    },
    'message.asked': {
      description: 'The question is shown at once, before the server saves it.',
      actions: assign({ chatMessages: ({ context, event }) => [...context.chatMessages, { id: event.messageId, sender: 'user' as const, content: event.question, timestamp: now(), type: 'text' as const }] }),
    },
    'message.saved': {
      description: "The server saved the question: it takes the server's id (a first question started this conversation: it is on screen now).",
      target: '.open',
      actions: assign({
        conversationId: ({ event }) => event.conversationId,
        chatMessages: ({ context, event }) => context.chatMessages.map((m) => (m.id === event.localId ? { ...m, id: event.messageId } : m)),
      }),
    },
    'message.answered': {
      description: "The coach's whole answer becomes a message.",
      actions: assign({ chatMessages: ({ context, event }) => [...context.chatMessages, { id: event.messageId, sender: 'ai' as const, content: event.content, timestamp: now(), type: 'text' as const }] }),
    },
    'message.interrupted': {
      description: 'The answer was stopped or broke off: what the coach said stays, marked stopped.',
      actions: assign({ chatMessages: ({ context, event }) => [...context.chatMessages, { id: event.messageId, sender: 'ai' as const, content: event.content, timestamp: now(), type: 'text' as const, stopped: true }] }),
    },
    'message.withdrawn': {
      description: 'The question never reached the coach: it leaves the messages (it is back in the message box).',
      actions: assign({ chatMessages: ({ context, event }) => context.chatMessages.filter((m) => m.id !== event.messageId) }),
    },
  },
  states: {
    none: { description: 'No current conversation: suggested questions invite the first one.' },
    opening: {
      description: 'Loads the chosen conversation (and makes it current on the server); a loader instead of messages.',
      tags: ['busy'],
      invoke: {
        src: 'openConversation',
        input: ({ context }) => ({ conversationId: context.conversationId! }),
        onDone: {
          description: 'Its messages are on screen (any role but user shown as the coach).',
          target: 'open',
          actions: [
            assign({ chatMessages: ({ event }) => (event.output.messages ?? []).map(toDisplayed) }),
            { type: 'report', params: ({ event }) => ({ type: 'conversation.loaded' as const, conversationId: event.output.conversation_id, title: event.output.conversation_title }) },
          ],
        },
        onError: {
          description: "It could not be loaded: the server's detail, or 'Failed to fetch conversation', with Retry.",
          target: 'failed',
          actions: [
            assign({ conversationError: ({ event }) => toFailure(event.error, chatTexts.fetchConversation).message }),
            { type: 'report', params: ({ context }) => ({ type: 'conversation.unavailable' as const, conversationId: context.conversationId! }) },
          ],
        },
      },
    },
    open: { description: 'The conversation and its messages are on screen.' },
    failed: {
      description: 'The conversation could not be loaded; Retry loads it again.',
      on: { 'conversation.retry': { description: 'Retry: load it again.', target: 'opening', actions: assign({ conversationError: null }) } },
    },
  },
});

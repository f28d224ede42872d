import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { ChatStatistics, ConversationsResponse, Conversation } from '../src/contract/chat';
import { chatAnswerMachine, type ChatAnswerEvent, type ChatAnswerNews } from './chatAnswer';
import { chatConversationMachine, type ChatConversationEvent, type ChatConversationNews } from './chatConversation';
import { chatListMachine, type ChatListEvent, type ChatListNews } from './chatList';

/**
 * The coach page (docs/product.md, "Chat") as a parent with three children, each readable on its own in the Stately
 * visualizer: the conversation list (machines/chatList.ts), one conversation's messages
 * (machines/chatConversation.ts) and the answer stream (machines/chatAnswer.ts). The page loads the
 * counts and today's allowance, passes the user's events to the child they are for, and passes each
 * child's news to the others: this is where the spec's chat rules meet.
 */

export type { ChatAllowance, ChatStatistics, HistoryEntry as ChatHistoryEntry } from '../src/contract/chat';
export { chatTexts, listErrorText, renamed, toDisplayed, toFront, withTitle, type ConversationSummary, type CurrentConversation, type DisplayedMessage, type ServerChatMessage } from './chatRules';
export type { StreamInput } from './chatAnswer';
/** A conversation with its messages (open, switch, start-new). */
export type ServerConversation = Conversation;
/** GET /chat/conversations and the search answer. */
export type ConversationList = ConversationsResponse;

export interface ChatContext {
  /** Counts and today's allowance (GET /chat/statistics); emptied with the rest by clear memory. */
  chatStatistics: ChatStatistics | null;
}

/** What the user does on the coach page (each goes to the child it is for). */
export type ChatUserEvent =
  | Extract<ChatListEvent, { type: 'chat.reload' | 'conversation.create' | 'conversation.select' | 'conversation.rename' | 'conversation.delete' | 'deletion.confirm' | 'deletion.cancel' | 'memory.clear' | 'clearing.confirm' | 'clearing.cancel' | 'conversations.search' }>
  | Extract<ChatConversationEvent, { type: 'conversation.retry' }>
  | Extract<ChatAnswerEvent, { type: 'draft.change' | 'message.send' | 'message.stop' | 'message.retry' }>
  | { type: 'statistics.refresh' };

export type ChatEvent = ChatUserEvent | ChatListNews | ChatConversationNews | ChatAnswerNews;

export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
    children: {} as { list: 'chatList'; conversation: 'chatConversation'; answer: 'chatAnswer' },
  },
  actors: {
    chatList: chatListMachine,
    chatConversation: chatConversationMachine,
    chatAnswer: chatAnswerMachine,
    /** GET /chat/statistics (counts and today's allowance). */
    loadStatistics: fromPromise<ChatStatistics>(async () => {
      throw new Error('loadStatistics not provided');
    }),
  },
  actions: {
    /** Passes the user's event on to the conversation list. */
    forwardToList: sendTo('list', ({ event }) => event as ChatListEvent),
    /** Passes the user's event on to the conversation. */
    forwardToConversation: sendTo('conversation', ({ event }) => event as ChatConversationEvent),
    /** Passes the user's event on to the answer stream. */
    forwardToAnswer: sendTo('answer', ({ event }) => event as ChatAnswerEvent),
    tellList: sendTo('list', (_, event: ChatListEvent) => event),
    tellConversation: sendTo('conversation', (_, event: ChatConversationEvent) => event),
    tellAnswer: sendTo('answer', (_, event: ChatAnswerEvent) => event),
  },
  guards: {
    clearedEverything: ({ event }) => event.type === 'list.memoryCleared' && !event.conversationOnly,
  },
}).createMachine({
  id: 'chat',
  description:
    "The coach page (the product's chat rules): the conversation list, the current conversation's messages and the answer stream run as three children for as long as the page is open; the page loads the counts and today's allowance and tells each child what the others did.",
  context: { chatStatistics: null },
  invoke: [
    { id: 'list', systemId: 'chatList', src: 'chatList' },
    { id: 'conversation', systemId: 'chatConversation', src: 'chatConversation' },
    { id: 'answer', systemId: 'chatAnswer', src: 'chatAnswer' },
  ],
  on: {
    // What the user does, to the child it is for.
    'chat.reload': { description: 'Retry on a list that could not be loaded (to the list).', actions: 'forwardToList' },
    'conversations.search': { description: 'Typing in the search box (to the list).', actions: 'forwardToList' },
    'conversation.create': { description: 'New conversation (to the list).', actions: 'forwardToList' },
    'conversation.select': { description: 'A conversation clicked in the list (to the list).', actions: 'forwardToList' },
    'conversation.rename': { description: 'Rename saved in the rename dialog (to the list).', actions: 'forwardToList' },
    'conversation.delete': { description: 'Delete in a conversation menu (to the list, which asks first).', actions: 'forwardToList' },
    'deletion.confirm': { description: 'The delete confirmation answered Delete (to the list, which asked).', actions: 'forwardToList' },
    'deletion.cancel': { description: 'The delete confirmation answered Cancel (to the list).', actions: 'forwardToList' },
    'memory.clear': { description: 'Clear memory, or Clear this conversation (to the list, which asks first).', actions: 'forwardToList' },
    'clearing.confirm': { description: 'The clear confirmation answered Clear (to the list, which asked).', actions: 'forwardToList' },
    'clearing.cancel': { description: 'The clear confirmation answered Cancel (to the list).', actions: 'forwardToList' },
    'conversation.retry': { description: 'Retry on a conversation that could not be loaded (to the conversation).', actions: 'forwardToConversation' },
    'draft.change': { description: 'Typing in the message box (to the answer stream).', actions: 'forwardToAnswer' },
    'message.send': { description: 'Send, Enter or a suggested question (to the answer stream).', actions: 'forwardToAnswer' },
    'message.stop': { description: 'Stop the answer (to the answer stream).', actions: 'forwardToAnswer' },
    'message.retry': { description: 'Try again after a failed question (to the answer stream).', actions: 'forwardToAnswer' },

    // What the list decided about the current conversation.
    'list.switching': {
      description: 'The user switched conversations: the chosen one opens with its own messages only, and a running answer is abandoned.',
      actions: [
        { type: 'tellConversation', params: ({ event }) => ({ type: 'conversation.open' as const, conversationId: event.conversationId }) },
        { type: 'tellAnswer', params: { type: 'conversation.changing' } },
      ],
    },
    'list.creating': { description: 'A new conversation is being started: a running answer is abandoned and questions wait.', actions: { type: 'tellAnswer', params: { type: 'conversation.changing' } } },
    'list.created': {
      description: 'The new conversation is current: it shows no messages and the next question goes to it.',
      actions: [
        { type: 'tellConversation', params: ({ event }) => ({ type: 'conversation.started' as const, conversationId: event.conversationId }) },
        { type: 'tellAnswer', params: ({ event }) => ({ type: 'conversation.changed' as const, conversationId: event.conversationId }) },
      ],
    },
    'list.createFailed': {
      description: 'No new conversation: questions go to the current one again.',
      actions: { type: 'tellAnswer', params: ({ event }) => ({ type: 'conversation.changed' as const, conversationId: event.conversationId }) },
    },
    'list.currentDeleted': {
      description: 'The current conversation was deleted: none is on screen, and the next question starts a new one.',
      actions: [
        { type: 'tellConversation', params: { type: 'conversation.close' } },
        { type: 'tellAnswer', params: { type: 'conversation.changed', conversationId: null } },
      ],
    },
    'list.memoryCleared': [
      {
        description: 'Clearing memory empties all chat data: the messages, the history, the counts and any answer under way. [spec:4-chat-clear-memory]',
        guard: 'clearedEverything',
        actions: [
          assign({ chatStatistics: ({ context }) => (context.chatStatistics ? { ...context.chatStatistics, total_conversations: 0, total_messages: 0, user_messages: 0, ai_messages: 0 } : null) }),
          { type: 'tellConversation', params: { type: 'memory.forget' } },
          { type: 'tellAnswer', params: { type: 'conversation.changed', conversationId: null } },
        ],
      },
      {
        description: 'Only this conversation was cleared: its messages are gone and a running answer is abandoned; it stays current.',
        actions: [
          { type: 'tellConversation', params: { type: 'conversation.empty' } },
          { type: 'tellAnswer', params: ({ event }) => ({ type: 'conversation.changed' as const, conversationId: event.conversationId }) },
        ],
      },
    ],

    // What the conversation reports.
    'conversation.loaded': {
      description: 'The chosen conversation is on screen: the list fills a missing title, and questions go to it.',
      actions: [
        { type: 'tellList', params: ({ event }) => ({ type: 'conversation.opened' as const, conversationId: event.conversationId, title: event.title }) },
        { type: 'tellAnswer', params: ({ event }) => ({ type: 'conversation.changed' as const, conversationId: event.conversationId }) },
      ],
    },
    'conversation.unavailable': {
      description: 'The chosen conversation could not be loaded: questions go to it anyway (the server has it as current).',
      actions: { type: 'tellAnswer', params: ({ event }) => ({ type: 'conversation.changed' as const, conversationId: event.conversationId }) },
    },

    // What the answer stream reports.
    'answer.asked': {
      description: 'A question was sent: it shows in the conversation at once.',
      actions: { type: 'tellConversation', params: ({ event }) => ({ type: 'message.asked' as const, messageId: event.messageId, question: event.question }) },
    },
    'answer.started': {
      description: 'The server saved the question: the conversation gives it its id, and the list moves the conversation to the front (a first question started it: it is current now).',
      actions: [
        { type: 'tellConversation', params: ({ event }) => ({ type: 'message.saved' as const, conversationId: event.conversationId, localId: event.localId, messageId: event.messageId }) },
        { type: 'tellList', params: ({ event }) => ({ type: 'question.saved' as const, conversationId: event.conversationId, title: event.title, question: event.question }) },
      ],
    },
    'answer.completed': {
      description: "The whole answer arrived: it becomes a message of the conversation and the list's preview.",
      actions: [
        { type: 'tellConversation', params: ({ event }) => ({ type: 'message.answered' as const, messageId: event.messageId, content: event.content }) },
        { type: 'tellList', params: ({ event }) => ({ type: 'answer.saved' as const, content: event.content }) },
      ],
    },
    'answer.interrupted': {
      description: 'The answer was stopped or broke off: what the coach said stays in the conversation, marked stopped.',
      actions: { type: 'tellConversation', params: ({ event }) => ({ type: 'message.interrupted' as const, messageId: event.messageId, content: event.content }) },
    },
    'answer.refused': {
      description: 'The question never reached the coach: it leaves the conversation (it is back in the message box).',
      actions: { type: 'tellConversation', params: ({ event }) => ({ type: 'message.withdrawn' as const, messageId: event.messageId }) },
    },
  },
  initial: 'loadingStatistics',
  states: {
    loadingStatistics: {
      description: "Reads the counts and today's free allowance (shown to users without a trial or plan).",
      invoke: {
        src: 'loadStatistics',
        onDone: {
          description: "The counts are known; the message box shows today's allowance.",
          target: 'ready',
          actions: [
            assign({ chatStatistics: ({ event }) => event.output }),
            { type: 'tellAnswer', params: ({ event }) => ({ type: 'allowance.changed' as const, allowance: event.output.allowance }) },
          ],
        },
        // Counts are a nicety: the chat works without them.
        onError: { description: 'The counts could not be read: the chat works without them.', target: 'ready' },
      },
    },
    ready: {
      description: 'The counts are known (or could not be read).',
      on: { 'statistics.refresh': { description: 'Read the counts again.', target: 'loadingStatistics' } },
    },
  },
});

type Implementations<T extends { provide: (impl: never) => unknown }> = NonNullable<Parameters<T['provide']>[0]>;
type ListImplementations = Implementations<typeof chatListMachine>;

/** Every effect of the chat, by name (the API calls, the streamed answer, toasts and confirmation dialogs). */
export interface ChatImplementations {
  actors?: Partial<
    NonNullable<ListImplementations['actors']> &
      NonNullable<Implementations<typeof chatConversationMachine>['actors']> &
      NonNullable<Implementations<typeof chatAnswerMachine>['actors']> &
      NonNullable<Implementations<typeof chatMachine>['actors']>
  >;
  actions?: Partial<Pick<NonNullable<ListImplementations['actions']>, 'notify' | 'requestDeleteConfirmation' | 'requestClearConfirmation'>>;
}

const defined = <T extends object>(values: T): T => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as T;

/** The chat machine with its effects given to the child that runs each one. */
export function chatWith({ actors = {}, actions = {} }: ChatImplementations) {
  const { loadConversations, searchConversations, startConversation, renameConversation, deleteConversation, clearMemory, openConversation, streamAnswer, loadStatistics } = actors;
  return chatMachine.provide({
    actors: defined({
      loadStatistics,
      chatList: chatListMachine.provide({ actors: defined({ loadConversations, searchConversations, startConversation, renameConversation, deleteConversation, clearMemory }), actions: defined(actions) }),
      chatConversation: chatConversationMachine.provide({ actors: defined({ openConversation }) }),
      chatAnswer: chatAnswerMachine.provide({ actors: defined({ streamAnswer }) }),
    }),
  });
}

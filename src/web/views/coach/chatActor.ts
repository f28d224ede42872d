import { useSelector } from '@xstate/react';
import { fromCallback, fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { chatWith, type chatMachine, type ChatStatistics, type ConversationList, type ServerConversation, type StreamInput } from '../../../../machines/chat';
import type { chatAnswerMachine } from '../../../../machines/chatAnswer';
import type { chatConversationMachine } from '../../../../machines/chatConversation';
import type { chatListMachine } from '../../../../machines/chatList';
import { chatTexts } from '../../../contract/chat';
import { unlessAborted } from '../../api/abort';
import { askToConfirm, confirmDeletion, pageActor, toastVia, usePageMachine } from '../../hooks/pageActor';

export type ChatActor = ActorRefFrom<typeof chatMachine>;
export type ChatSnapshot = SnapshotFrom<typeof chatMachine>;
export type ChatListSnapshot = SnapshotFrom<typeof chatListMachine>;
export type ChatConversationSnapshot = SnapshotFrom<typeof chatConversationMachine>;
export type ChatAnswerSnapshot = SnapshotFrom<typeof chatAnswerMachine>;

export const { Provider: ChatProvider, useActor: useChatActor, useSelect: useChat } = pageActor<typeof chatMachine>('chat');

/** The children run as long as the page's chat actor: their refs never change. */
const child = <K extends 'list' | 'conversation' | 'answer'>(key: K) => (snapshot: ChatSnapshot) => snapshot.children[key];
const noSnapshot = (): never => {
  throw new Error('the chat actor has not started its children');
};

/** A narrow selector over the conversation list (machines/chatList.ts). */
export function useChatList<T>(selector: (snapshot: ChatListSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  const list = useChat(child('list'));
  return useSelector(list, (snapshot) => (snapshot ? selector(snapshot) : noSnapshot()), compare);
}

/** A narrow selector over the current conversation's messages (machines/chatConversation.ts). */
export function useChatConversation<T>(selector: (snapshot: ChatConversationSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  const conversation = useChat(child('conversation'));
  return useSelector(conversation, (snapshot) => (snapshot ? selector(snapshot) : noSnapshot()), compare);
}

/** A narrow selector over the answer stream (machines/chatAnswer.ts): `hasTag('streaming')` is isStreaming. */
export function useChatAnswer<T>(selector: (snapshot: ChatAnswerSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  const answer = useChat(child('answer'));
  return useSelector(answer, (snapshot) => (snapshot ? selector(snapshot) : noSnapshot()), compare);
}

/**
 * The chat actor lives as long as the /ai-coach page; the server remembers the current
 * conversation, so coming back reopens it. Its effects: the chat API calls (the answer streamed
 * with fetch) and the ui actor's toasts and confirmation dialogs. The confirmations answer the
 * conversation list (`self` in the list's actions), which asked.
 */
export function useChatMachine(): ChatActor {
  return usePageMachine(({ api, ui }) =>
    chatWith({
      actors: {
        loadConversations: fromPromise<ConversationList>(({ signal }) => unlessAborted(signal, api.chat.conversations(signal))),
        searchConversations: fromPromise<ConversationList, { query: string }>(({ input, signal }) => unlessAborted(signal, api.chat.search(input.query, {}, signal))),
        openConversation: fromPromise<ServerConversation, { conversationId: string }>(({ input, signal }) => unlessAborted(signal, api.chat.switchTo(input.conversationId, signal))),
        startConversation: fromPromise<ServerConversation>(() => api.chat.start()),
        renameConversation: fromPromise<{ conversation_id: string; conversation_title: string }, { conversationId: string; title: string }>(({ input }) => api.chat.rename(input.conversationId, input.title)),
        deleteConversation: fromPromise<unknown, { conversationId: string }>(({ input }) => api.chat.remove(input.conversationId)),
        clearMemory: fromPromise<unknown, { conversationOnly: boolean; conversationId: string | null }>(({ input }) => api.chat.clearMemory(input.conversationOnly, input.conversationId)),
        loadStatistics: fromPromise<ChatStatistics>(({ signal }) => unlessAborted(signal, api.chat.statistics(signal))),
        streamAnswer: fromCallback<{ type: string }, StreamInput>(({ input, sendBack }) => {
          const controller = new AbortController();
          let started = false;
          let finished = false;
          api.chat
            .stream(
              { message: input.message, conversation_id: input.conversationId },
              (chunk) => {
                if (chunk.type === 'start') {
                  started = true;
                  sendBack({ type: 'stream.started', conversationId: chunk.conversation_id, title: chunk.conversation_title, userMessageId: chunk.user_message_id, allowance: chunk.allowance });
                } else if (chunk.type === 'chunk') {
                  sendBack({ type: 'stream.chunk', content: chunk.content });
                } else if (chunk.type === 'done') {
                  finished = true;
                  sendBack({ type: 'stream.completed', aiMessageId: chunk.ai_message_id, allowance: chunk.allowance });
                } else if (chunk.type === 'error') {
                  finished = true;
                  sendBack({ type: 'stream.failed', message: chunk.detail, started: true, aiMessageId: chunk.ai_message_id });
                }
              },
              controller.signal,
            )
            .then(() => {
              // The stream ended without its last chunk (a dropped connection).
              if (!finished && !controller.signal.aborted) sendBack({ type: 'stream.failed', message: chatTexts.streamFailed, started });
            })
            .catch((error: unknown) => {
              if (controller.signal.aborted) return;
              const message = error instanceof Error && error.message ? error.message : chatTexts.streamFailed;
              const status = (error as { status?: unknown } | null)?.status;
              sendBack({ type: 'stream.failed', message, started, status: typeof status === 'number' ? status : undefined });
            });
          return () => controller.abort();
        }),
      },
      actions: {
        notify: toastVia(ui),
        requestDeleteConfirmation: ({ self }, { title }) =>
          confirmDeletion(ui, self, {
            title: 'Delete conversation',
            message: `Delete "${title}" and all its messages? This cannot be undone.`,
            confirmLabel: 'Delete',
          }),
        requestClearConfirmation: ({ self }, { conversationOnly }) =>
          askToConfirm(ui, self, {
            variant: 'warning',
            title: conversationOnly ? 'Clear this conversation' : 'Clear chat memory',
            message: conversationOnly
              ? 'Delete every message in this conversation? The coach will forget what was said in it.'
              : 'Delete every conversation and message? The coach will forget everything you talked about. This cannot be undone.',
            confirmLabel: conversationOnly ? 'Clear conversation' : 'Clear memory',
            onConfirm: { type: 'clearing.confirm' },
            onCancel: { type: 'clearing.cancel' },
          }),
      },
    }),
  );
}

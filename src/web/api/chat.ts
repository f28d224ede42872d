import {
  chatTexts,
  type AdviceRequest,
  type AdviceResponse,
  type ChatStatistics,
  type ClearMemoryResponse,
  type Conversation,
  type ConversationDetails,
  type ConversationPage,
  type ConversationsResponse,
  type DeleteConversationResponse,
  type HistoryQuery,
  type HistoryResponse,
  type RenameResponse,
  type StreamChunk,
  type UserConversationsQuery,
} from '../../contract/chat';
import { CONVERSATION_SEARCH_DEFAULTS, REQUEST_TIMEOUT_MS } from '../../contract/constants';
import { globalErrorTexts } from '../../contract/errors';
import { ApiError, messageFrom, takeReward, type ApiCall, type ApiHooks } from './client';

const conversationPath = (id: string) => `/chat/conversation/${encodeURIComponent(id)}`;

/**
 * The chat calls ([spec:7-chat]). The streaming call is plain `fetch` (ofetch buffers bodies): the same base URL,
 * bearer token, 30 s limit for the answer to start, and the same error handling as every other call ([spec:8-message]).
 */
export function chatApi(call: ApiCall, baseURL: string, hooks: ApiHooks) {
  return {
    ask: (body: AdviceRequest) => call<AdviceResponse>('/chat/financial-advice', { method: 'POST', body, defaultMessage: chatTexts.sendMessage }),
    conversations: (signal?: AbortSignal) => call<ConversationsResponse>('/chat/conversations', { defaultMessage: chatTexts.fetchConversations, signal }),
    userConversations: (query: UserConversationsQuery = {}, signal?: AbortSignal) =>
      call<ConversationPage>('/chat/user-conversations', { query: { ...query }, defaultMessage: chatTexts.fetchConversations, signal }),
    search: (search: string, { limit = CONVERSATION_SEARCH_DEFAULTS.limit, page = CONVERSATION_SEARCH_DEFAULTS.page } = {}, signal?: AbortSignal) =>
      call<ConversationPage>('/chat/user-conversations/search', { query: { search, limit, page }, defaultMessage: chatTexts.searchConversations, signal }),
    conversation: (id: string, signal?: AbortSignal) => call<Conversation>(conversationPath(id), { defaultMessage: chatTexts.fetchConversation, signal }),
    details: (id: string, includeMetadata = false, signal?: AbortSignal) =>
      call<ConversationDetails>(`/chat/conversation-details/${encodeURIComponent(id)}`, { query: { include_metadata: includeMetadata }, defaultMessage: chatTexts.fetchConversationDetails, signal }),
    start: () => call<Conversation>('/chat/start-new-conversation', { method: 'POST', defaultMessage: chatTexts.startConversation }),
    switchTo: (id: string, signal?: AbortSignal) => call<Conversation>(`/chat/switch-conversation/${encodeURIComponent(id)}`, { method: 'POST', defaultMessage: chatTexts.switchConversation, signal }),
    remove: (id: string) => call<DeleteConversationResponse>(conversationPath(id), { method: 'DELETE', defaultMessage: chatTexts.deleteConversation }),
    rename: (id: string, newTitle: string) => call<RenameResponse>(`${conversationPath(id)}/rename`, { method: 'PUT', body: { new_title: newTitle }, defaultMessage: chatTexts.renameConversation }),
    history: (query: HistoryQuery = {}, signal?: AbortSignal) => call<HistoryResponse>('/chat/history', { query: { ...query }, defaultMessage: chatTexts.fetchHistory, signal }),
    clearMemory: (conversationOnly: boolean, conversationId?: string | null) =>
      call<ClearMemoryResponse>('/chat/clear-memory', { method: 'DELETE', query: { conversation_only: conversationOnly, conversation_id: conversationId ?? undefined }, defaultMessage: chatTexts.clearMemory }),
    statistics: (signal?: AbortSignal) => call<ChatStatistics>('/chat/statistics', { defaultMessage: chatTexts.fetchStatistics, signal }),
    /**
     * POST /chat/financial-advice-stream: calls `onChunk` for each `data: {json}` line and resolves
     * when the stream ends. Rejects with an ApiError: the global handling ([spec:8-401], [spec:8-403], [spec:8-5xx]), then the server's
     * detail, else 'Failed to send streaming message'. Aborting `signal` rejects with a cancelled error.
     */
    stream: (body: AdviceRequest, onChunk: (chunk: StreamChunk) => void, signal: AbortSignal) => streamAdvice(baseURL, hooks, body, onChunk, signal),
  };
}
export type ChatApi = ReturnType<typeof chatApi>;

async function streamAdvice(baseURL: string, hooks: ApiHooks, body: AdviceRequest, onChunk: (chunk: StreamChunk) => void, signal: AbortSignal): Promise<void> {
  const cancelled = () => new ApiError('Request cancelled', undefined, true);
  const startTimeout = new AbortController();
  const timer = setTimeout(() => startTimeout.abort(), REQUEST_TIMEOUT_MS);
  const token = hooks.getToken();
  let response: Response;
  try {
    response = await fetch(`${baseURL.replace(/\/$/, '')}/chat/financial-advice-stream`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.any([signal, startTimeout.signal]),
    });
  } catch {
    if (signal.aborted) throw cancelled();
    hooks.toastError(globalErrorTexts.networkError);
    throw new ApiError(chatTexts.streamFailed, undefined, true);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok || !response.body) {
    const data: unknown = await response.json().catch(() => null);
    const status = response.status;
    if (status === 401) {
      hooks.toastError(globalErrorTexts.sessionExpired);
      hooks.onSessionExpired();
      throw new ApiError(globalErrorTexts.sessionExpired, status, true);
    }
    if (status === 403) {
      hooks.toastError(globalErrorTexts.accessDenied);
      throw new ApiError(messageFrom(data, chatTexts.streamFailed), status, true);
    }
    if (status >= 500) {
      hooks.toastError(globalErrorTexts.serverError);
      throw new ApiError(chatTexts.streamFailed, status, true);
    }
    throw new ApiError(messageFrom(data, chatTexts.streamFailed), status, false);
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      let read: ReadableStreamReadResult<string>;
      try {
        read = await reader.read();
      } catch {
        if (signal.aborted) throw cancelled();
        throw new ApiError(chatTexts.streamFailed, response.status, false);
      }
      if (read.done) break;
      buffer += read.value;
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline).replace(/\r$/, '');
        buffer = buffer.slice(newline + 1);
        if (!line.startsWith('data: ')) continue;
        try {
          onChunk(takeReward(JSON.parse(line.slice('data: '.length)) as StreamChunk, hooks));
        } catch (error) {
          if (error instanceof SyntaxError) continue;
          throw error;
        }
      }
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
  if (signal.aborted) throw cancelled();
}

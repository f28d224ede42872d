import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { createTestModel } from '@xstate/test';
import {
  chatWith,
  chatTexts,
  toDisplayed,
  type ChatAllowance,
  type ChatStatistics,
  type ConversationList,
  type ServerConversation,
  type StreamInput,
} from '../../machines/chat';
import type { Toast } from '../../machines/types';
import type { ChatMessage } from '../../src/contract/chat';
import { chatFlow, chatFlowModel, chatFlowTransitions } from '../models/chatFlow';
import { recordMachineCoverage } from '../support/machine-coverage';

// ---------------------------------------------------------------------------------------------
// A fake chat API with the real server's rules, and streams the test drives piece by piece

type Call = 'list' | 'search' | 'open' | 'start' | 'rename' | 'delete' | 'clear' | 'stream' | 'statistics';

interface StoredConversation {
  conversation_id: string;
  conversation_title: string;
  titled: boolean;
  messages: ChatMessage[];
}

interface StreamHandle {
  input: StreamInput;
  sendBack: (event: { type: string; [key: string]: unknown }) => void;
  conversationId: string | null;
  text: string;
  finished: boolean;
  aborted: boolean;
}

const fail = (message: string, status?: number, handledGlobally = false) => Object.assign(new Error(message), { status, handledGlobally });
const flush = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};

function fakeChatBackend() {
  let seq = 0;
  const conversations: StoredConversation[] = [];
  let current: string | null = null;
  const failures: Partial<Record<Call, Error>> = {};
  const streams: StreamHandle[] = [];
  const allowance: ChatAllowance = { unlimited: false, daily_limit: 10, used_today: 0, remaining_today: 10, resets_at: '2030-01-01T00:00:00.000Z' };
  let omitTitles = false;
  const take = (call: Call) => {
    const error = failures[call];
    delete failures[call];
    if (error) throw error;
  };
  const find = (id: string) => conversations.find((c) => c.conversation_id === id);
  const summary = (c: StoredConversation) => ({
    conversation_id: c.conversation_id,
    conversation_title: c.conversation_title,
    message_count: c.messages.length,
    last_message_preview: null,
    is_current: c.conversation_id === current,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    metadata: {},
  });
  const full = (c: StoredConversation): ServerConversation => ({ ...summary(c), ...(omitTitles ? { conversation_title: '' } : {}), messages: [...c.messages] });
  const message = (conversationId: string, role: ChatMessage['role'], text: string, status: ChatMessage['status'] = 'complete'): ChatMessage => ({
    chat_id: `m${++seq}`,
    conversation_id: conversationId,
    role,
    message: text,
    timestamp: new Date(Date.UTC(2025, 0, 1, 0, 0, seq)).toISOString(),
    status,
  });

  const backend = {
    conversations,
    streams,
    allowance,
    get current() {
      return current;
    },
    add(title: string, exchange: [string, string][] = []) {
      const c: StoredConversation = { conversation_id: `c${++seq}`, conversation_title: title, titled: true, messages: [] };
      for (const [q, a] of exchange) c.messages.push(message(c.conversation_id, 'user', q), message(c.conversation_id, 'assistant', a));
      conversations.unshift(c);
      current = c.conversation_id;
      return c;
    },
    failNext(call: Call, error: Error) {
      failures[call] = error;
    },
    /** The open conversation call answers without a title (an older server). */
    answerWithoutTitles() {
      omitTitles = true;
    },
    active(): StreamHandle | undefined {
      return streams.filter((s) => !s.finished && !s.aborted).at(-1);
    },
    chunk(text: string) {
      const s = backend.active()!;
      s.text += text;
      s.sendBack({ type: 'stream.chunk', content: text });
    },
    finish() {
      const s = backend.active()!;
      const saved = message(s.conversationId!, 'assistant', s.text);
      find(s.conversationId!)!.messages.push(saved);
      s.finished = true;
      s.sendBack({ type: 'stream.completed', aiMessageId: saved.chat_id, allowance });
    },
    breakOff(detail: string) {
      const s = backend.active()!;
      find(s.conversationId!)!.messages.push(message(s.conversationId!, 'assistant', s.text, 'stopped'));
      s.finished = true;
      s.sendBack({ type: 'stream.failed', message: detail, started: true });
    },
    actors: {
      loadConversations: fromPromise<ConversationList>(async () => {
        take('list');
        return { conversations: conversations.map(summary), total_conversations: conversations.length, current_conversation_id: current };
      }),
      searchConversations: fromPromise<ConversationList, { query: string }>(async ({ input }) => {
        take('search');
        const found = conversations.filter((c) => c.conversation_title.toLowerCase().includes(input.query.toLowerCase()) || c.messages.some((m) => m.message.toLowerCase().includes(input.query.toLowerCase())));
        return { conversations: found.map(summary), total_conversations: found.length, current_conversation_id: current };
      }),
      openConversation: fromPromise<ServerConversation, { conversationId: string }>(async ({ input }) => {
        take('open');
        const c = find(input.conversationId);
        if (!c) throw fail('Conversation not found', 404);
        current = c.conversation_id;
        return full(c);
      }),
      startConversation: fromPromise<ServerConversation>(async () => {
        take('start');
        const untouched = conversations.find((c) => !c.titled && c.messages.length === 0);
        const c = untouched ?? { conversation_id: `c${++seq}`, conversation_title: 'New conversation', titled: false, messages: [] };
        if (!untouched) conversations.unshift(c);
        current = c.conversation_id;
        return full(c);
      }),
      renameConversation: fromPromise<{ conversation_id: string; conversation_title: string }, { conversationId: string; title: string }>(async ({ input }) => {
        take('rename');
        const c = find(input.conversationId)!;
        c.conversation_title = input.title;
        c.titled = true;
        return { conversation_id: c.conversation_id, conversation_title: c.conversation_title };
      }),
      deleteConversation: fromPromise<unknown, { conversationId: string }>(async ({ input }) => {
        take('delete');
        const at = conversations.findIndex((c) => c.conversation_id === input.conversationId);
        if (at < 0) throw fail('Conversation not found', 404);
        conversations.splice(at, 1);
        if (current === input.conversationId) current = null;
        return { conversation_id: input.conversationId };
      }),
      clearMemory: fromPromise<unknown, { conversationOnly: boolean; conversationId: string | null }>(async ({ input }) => {
        take('clear');
        if (input.conversationOnly) {
          if (input.conversationId) find(input.conversationId)!.messages = [];
        } else {
          conversations.splice(0);
          current = null;
        }
        return {};
      }),
      loadStatistics: fromPromise<ChatStatistics>(async () => {
        take('statistics');
        const total = conversations.reduce((n, c) => n + c.messages.length, 0);
        return { total_conversations: conversations.length, total_messages: total, user_messages: 0, ai_messages: 0, first_message_at: null, last_message_at: null, current_conversation_id: current, engine: 'builtin', allowance };
      }),
      streamAnswer: fromCallback<EventObject, StreamInput>(({ input, sendBack }) => {
        const handle: StreamHandle = { input, sendBack, conversationId: null, text: '', finished: false, aborted: false };
        streams.push(handle);
        let failure: Error | undefined;
        try {
          take('stream');
        } catch (error) {
          failure = error as Error;
        }
        void Promise.resolve().then(() => {
          if (handle.aborted) return;
          if (failure) {
            handle.finished = true;
            sendBack({ type: 'stream.failed', message: failure.message, started: false, status: (failure as Error & { status?: number }).status });
            return;
          }
          let c = input.conversationId ? find(input.conversationId) : undefined;
          if (!c) {
            c = { conversation_id: `c${++seq}`, conversation_title: input.message, titled: true, messages: [] };
            conversations.unshift(c);
          }
          if (!c.titled) {
            c.conversation_title = input.message;
            c.titled = true;
          }
          const question = message(c.conversation_id, 'user', input.message);
          c.messages.push(question);
          current = c.conversation_id;
          handle.conversationId = c.conversation_id;
          allowance.used_today += 1;
          allowance.remaining_today = allowance.daily_limit! - allowance.used_today;
          sendBack({ type: 'stream.started', conversationId: c.conversation_id, title: c.conversation_title, userMessageId: question.chat_id, allowance: { ...allowance } });
        });
        return () => {
          if (handle.finished || handle.aborted) return;
          handle.aborted = true;
          // The real server saves what was said, marked stopped.
          if (handle.text && handle.conversationId) find(handle.conversationId)!.messages.push(message(handle.conversationId, 'assistant', handle.text, 'stopped'));
        };
      }),
    },
  };
  return backend;
}
type Backend = ReturnType<typeof fakeChatBackend>;

function startChat(backend: Backend) {
  const toasts: Toast[] = [];
  const confirmations: { kind: 'delete' | 'clear'; params: unknown }[] = [];
  const actor = createActor(
    chatWith({
      actors: backend.actors,
      actions: {
        notify: (_, toast) => {
          if (toast.message) toasts.push(toast);
        },
        requestDeleteConfirmation: (_, params) => confirmations.push({ kind: 'delete', params }),
        requestClearConfirmation: (_, params) => confirmations.push({ kind: 'clear', params }),
      },
    }),
  ).start();
  // The page's three children: the conversation list, the current conversation, the answer stream.
  const list = () => actor.getSnapshot().children.list!.getSnapshot();
  const conversation = () => actor.getSnapshot().children.conversation!.getSnapshot();
  const answer = () => actor.getSnapshot().children.answer!.getSnapshot();
  return {
    actor,
    list,
    answer,
    toasts,
    confirmations,
    /** The page's state across its children, and whether an answer is streaming (the answer stream's `streaming` tag, not a copy in context). */
    ctx: () => ({ ...actor.getSnapshot().context, ...list().context, ...conversation().context, ...answer().context, isStreaming: answer().hasTag('streaming') }),
    streamState: () => {
      const v = answer().value as string | { asking: string };
      return typeof v === 'string' ? v : `asking.${v.asking}`;
    },
    conversationState: () => conversation().value as string,
    titles: () => list().context.conversations.map((c) => c.conversation_title),
    send: async (event: Parameters<typeof actor.send>[0]) => {
      actor.send(event);
      await flush();
    },
  };
}

/** A returning user: 'Earlier chat' (current) and 'Older chat'. */
async function returningUser() {
  const backend = fakeChatBackend();
  const older = backend.add(chatFlow.olderTitle, [[chatFlow.olderQuestion, 'You spent $1,200.00.']]);
  const earlier = backend.add(chatFlow.earlierTitle, [[chatFlow.earlierQuestion, 'Your balance is $500.00.']]);
  const chat = startChat(backend);
  await flush();
  return { backend, chat, earlier, older };
}

// ---------------------------------------------------------------------------------------------

describe('chat machine: docs/product.md §4 chat rules', () => {
  it('on start the list loads and the conversation the user was in reopens, with its messages', async () => {
    const { chat, earlier } = await returningUser();
    expect(chat.titles()).toEqual([chatFlow.earlierTitle, chatFlow.olderTitle]);
    expect(chat.ctx().totalConversations).toBe(2);
    expect(chat.ctx().currentConversation).toEqual({ conversation_id: earlier.conversation_id, conversation_title: chatFlow.earlierTitle });
    expect(chat.ctx().chatMessages.map((m) => [m.sender, m.content])).toEqual([
      ['user', chatFlow.earlierQuestion],
      ['ai', 'Your balance is $500.00.'],
    ]);
    expect(chat.ctx().allowance?.remaining_today).toBe(10);
  });

  it('server messages map to the displayed shape; any role but user is the coach', () => {
    expect(toDisplayed({ chat_id: 'a', role: 'user', message: 'Hi', timestamp: 't1' })).toEqual({ id: 'a', sender: 'user', content: 'Hi', timestamp: 't1', type: 'text' });
    for (const role of ['assistant', 'ai', 'system', 'coach', 'USER']) expect(toDisplayed({ chat_id: 'b', role, message: 'x', timestamp: 't' }).sender).toBe('ai');
    expect(toDisplayed({ chat_id: 'c', role: 'assistant', message: 'part', timestamp: 't', status: 'stopped' })).toMatchObject({ stopped: true });
  });

  it('creating a conversation makes it current and clears messages', async () => {
    const { chat } = await returningUser();
    await chat.send({ type: 'conversation.create' });
    expect(chat.ctx().currentConversation).toMatchObject({ conversation_title: 'New conversation' });
    expect(chat.ctx().chatMessages).toEqual([]);
    expect(chat.titles()[0]).toBe('New conversation');
    expect(chat.ctx().totalConversations).toBe(3);
    expect(chat.conversationState()).toBe('open');
  });

  it('a conversation started while the list is still loading stays first when the list arrives', async () => {
    const backend = fakeChatBackend();
    backend.add(chatFlow.olderTitle);
    backend.add(chatFlow.earlierTitle);
    // The list answers late, with what the server held when it was asked (before the new conversation).
    let release = () => {};
    const asked = backend.actors.loadConversations as unknown as { config: (args: unknown) => Promise<ConversationList> };
    backend.actors.loadConversations = fromPromise<ConversationList>(async (args) => {
      const answer = await asked.config(args);
      await new Promise<void>((resolve) => (release = resolve));
      return answer;
    });
    const chat = startChat(backend);
    await chat.send({ type: 'conversation.create' });
    expect(chat.ctx().currentConversation).toMatchObject({ conversation_title: 'New conversation' });
    release();
    await flush();
    expect(chat.list().matches({ list: 'ready' })).toBe(true);
    expect(chat.titles()).toEqual(['New conversation', chatFlow.earlierTitle, chatFlow.olderTitle]);
    expect(chat.ctx().totalConversations).toBe(3);
    expect(chat.ctx().currentConversation).toMatchObject({ conversation_title: 'New conversation' });
  });

  it('switching to a different conversation clears messages and shows its own', async () => {
    const { chat, older } = await returningUser();
    chat.actor.send({ type: 'conversation.select', conversationId: older.conversation_id });
    // Cleared at once, before the conversation arrives; the title is filled from the list meanwhile.
    expect(chat.ctx().chatMessages).toEqual([]);
    expect(chat.ctx().currentConversation).toEqual({ conversation_id: older.conversation_id, conversation_title: chatFlow.olderTitle });
    await flush();
    expect(chat.ctx().chatMessages.map((m) => m.content)).toEqual([chatFlow.olderQuestion, 'You spent $1,200.00.']);
    // Selecting the current one again changes nothing.
    const before = chat.ctx().chatMessages;
    await chat.send({ type: 'conversation.select', conversationId: older.conversation_id });
    expect(chat.ctx().chatMessages).toBe(before);
  });

  it('a missing title is filled from the list', async () => {
    const { chat, backend, older } = await returningUser();
    backend.answerWithoutTitles();
    await chat.send({ type: 'conversation.select', conversationId: older.conversation_id });
    expect(chat.ctx().currentConversation).toEqual({ conversation_id: older.conversation_id, conversation_title: chatFlow.olderTitle });
  });

  it('deleting the current conversation (after confirming) clears the current one', async () => {
    const { chat, earlier } = await returningUser();
    await chat.send({ type: 'conversation.delete', conversationId: earlier.conversation_id });
    expect(chat.confirmations).toEqual([{ kind: 'delete', params: { conversationId: earlier.conversation_id, title: chatFlow.earlierTitle } }]);
    expect(chat.titles()).toHaveLength(2);
    await chat.send({ type: 'deletion.confirm' });
    expect(chat.ctx().currentConversation).toBeNull();
    expect(chat.ctx().chatMessages).toEqual([]);
    expect(chat.titles()).toEqual([chatFlow.olderTitle]);
    expect(chat.ctx().totalConversations).toBe(1);
    expect(chat.conversationState()).toBe('none');
  });

  it('deleting another conversation keeps the current one; cancelling keeps everything', async () => {
    const { chat, earlier, older } = await returningUser();
    await chat.send({ type: 'conversation.delete', conversationId: older.conversation_id });
    await chat.send({ type: 'deletion.cancel' });
    expect(chat.titles()).toHaveLength(2);
    await chat.send({ type: 'conversation.delete', conversationId: older.conversation_id });
    await chat.send({ type: 'deletion.confirm' });
    expect(chat.titles()).toEqual([chatFlow.earlierTitle]);
    expect(chat.ctx().currentConversation?.conversation_id).toBe(earlier.conversation_id);
    expect(chat.ctx().chatMessages).toHaveLength(2);
  });

  it("a failed delete toasts the server's detail, else 'Failed to delete conversation', and keeps it", async () => {
    const { chat, backend, older } = await returningUser();
    backend.failNext('delete', fail('', 409));
    await chat.send({ type: 'conversation.delete', conversationId: older.conversation_id });
    await chat.send({ type: 'deletion.confirm' });
    expect(chat.toasts).toEqual([{ kind: 'error', message: chatTexts.deleteConversation }]);
    expect(chat.titles()).toHaveLength(2);
  });

  it('renaming updates the title in the list and in the current conversation', async () => {
    const { chat, earlier } = await returningUser();
    await chat.send({ type: 'conversation.rename', conversationId: earlier.conversation_id, title: `  ${chatFlow.renamedTitle} ` });
    expect(chat.titles()[0]).toBe(chatFlow.renamedTitle);
    expect(chat.ctx().currentConversation?.conversation_title).toBe(chatFlow.renamedTitle);
  });

  it('renaming errors are swallowed: no toast, the old title stays', async () => {
    const { chat, backend, earlier } = await returningUser();
    backend.failNext('rename', fail('Server error. Please try again later.', 500, true));
    await chat.send({ type: 'conversation.rename', conversationId: earlier.conversation_id, title: 'Nope' });
    expect(chat.toasts).toEqual([]);
    expect(chat.titles()[0]).toBe(chatFlow.earlierTitle);
    expect(chat.ctx().currentConversation?.conversation_title).toBe(chatFlow.earlierTitle);
    expect(chat.list().matches({ operations: 'idle' })).toBe(true);
  });

  it('clearing memory (after confirming) empties all chat data', async () => {
    const { chat } = await returningUser();
    await chat.send({ type: 'memory.clear' });
    expect(chat.confirmations).toEqual([{ kind: 'clear', params: { conversationOnly: false } }]);
    await chat.send({ type: 'clearing.confirm' });
    const c = chat.ctx();
    expect({ conversations: c.conversations, totalConversations: c.totalConversations, currentConversation: c.currentConversation, chatMessages: c.chatMessages, chatHistory: c.chatHistory, streamingMessage: c.streamingMessage, isStreaming: c.isStreaming }).toEqual({
      conversations: [],
      totalConversations: 0,
      currentConversation: null,
      chatMessages: [],
      chatHistory: [],
      streamingMessage: '',
      isStreaming: false,
    });
    expect(c.chatStatistics).toMatchObject({ total_conversations: 0, total_messages: 0 });
  });

  it('clearing only this conversation empties its messages and keeps it listed', async () => {
    const { chat, earlier } = await returningUser();
    await chat.send({ type: 'memory.clear', conversationOnly: true });
    await chat.send({ type: 'clearing.confirm' });
    expect(chat.ctx().chatMessages).toEqual([]);
    expect(chat.ctx().currentConversation?.conversation_id).toBe(earlier.conversation_id);
    expect(chat.ctx().conversations.find((c) => c.conversation_id === earlier.conversation_id)?.message_count).toBe(0);
  });
});

describe('chat machine: streaming an answer', () => {
  it('sending, then streaming (chunks appended to streamingMessage, isStreaming true), then done (message appended)', async () => {
    const { chat, backend, earlier } = await returningUser();
    chat.actor.send({ type: 'draft.change', text: 'Summarise this month' });
    chat.actor.send({ type: 'message.send' });
    expect(chat.streamState()).toBe('asking.sending');
    expect(chat.ctx()).toMatchObject({ isStreaming: true, draft: '', streamingMessage: '' });
    expect(chat.ctx().chatMessages.at(-1)).toMatchObject({ sender: 'user', content: 'Summarise this month', type: 'text' });
    await flush();
    expect(chat.streamState()).toBe('asking.streaming');
    expect(backend.active()!.input).toEqual({ message: 'Summarise this month', conversationId: earlier.conversation_id });
    backend.chunk('Here is ');
    backend.chunk('your month.');
    expect(chat.ctx()).toMatchObject({ streamingMessage: 'Here is your month.', isStreaming: true });
    expect(chat.answer().hasTag('streaming')).toBe(true);
    backend.finish();
    expect(chat.streamState()).toBe('done');
    expect(chat.ctx()).toMatchObject({ streamingMessage: '', isStreaming: false });
    expect(chat.ctx().chatMessages.slice(-2).map((m) => [m.sender, m.content])).toEqual([
      ['user', 'Summarise this month'],
      ['ai', 'Here is your month.'],
    ]);
    // Ids from the server replace the local ones.
    expect(chat.ctx().chatMessages.slice(-2).map((m) => m.id)).toEqual(backend.conversations.find((c) => c.conversation_id === earlier.conversation_id)!.messages.slice(-2).map((m) => m.chat_id));
    expect(chat.ctx().allowance?.remaining_today).toBe(9);
    expect(backend.streams).toHaveLength(1);
  });

  it('a first question without a conversation creates one: current, titled by the question, first in the list', async () => {
    const backend = fakeChatBackend();
    const chat = startChat(backend);
    await flush();
    expect(chat.conversationState()).toBe('none');
    await chat.send({ type: 'message.send', text: 'How much did I spend on dining?' });
    expect(chat.ctx().currentConversation?.conversation_title).toBe('How much did I spend on dining?');
    expect(chat.titles()).toEqual(['How much did I spend on dining?']);
    expect(chat.ctx().totalConversations).toBe(1);
    expect(chat.conversationState()).toBe('open');
    backend.chunk('You spent $10.00.');
    backend.finish();
    expect(chat.ctx().chatMessages.map((m) => m.sender)).toEqual(['user', 'ai']);
  });

  it('stop ends the stream: the partial answer stays marked stopped, and the request is aborted', async () => {
    const { chat, backend } = await returningUser();
    await chat.send({ type: 'message.send', text: chatFlow.question });
    backend.chunk('Some habits ');
    const handle = backend.active()!;
    await chat.send({ type: 'message.stop' });
    expect(chat.streamState()).toBe('stopped');
    expect(handle.aborted).toBe(true);
    expect(chat.ctx()).toMatchObject({ isStreaming: false, streamingMessage: '' });
    expect(chat.ctx().chatMessages.at(-1)).toMatchObject({ sender: 'ai', content: 'Some habits ', stopped: true });
  });

  it('switching to a different conversation while streaming aborts the stream and shows only the other conversation', async () => {
    const { chat, backend, older } = await returningUser();
    await chat.send({ type: 'message.send', text: chatFlow.question });
    backend.chunk('Some habits ');
    const handle = backend.active()!;
    await chat.send({ type: 'conversation.select', conversationId: older.conversation_id });
    expect(handle.aborted).toBe(true);
    expect(chat.streamState()).toBe('idle');
    expect(chat.ctx()).toMatchObject({ isStreaming: false, streamingMessage: '' });
    expect(chat.ctx().chatMessages.map((m) => m.content)).toEqual([chatFlow.olderQuestion, 'You spent $1,200.00.']);
    // A chunk that was already on its way is not shown anywhere.
    handle.sendBack({ type: 'stream.chunk', content: 'late' });
    expect(chat.ctx().streamingMessage).toBe('');
  });

  it("an HTTP failure before the answer starts: failed with 'Failed to send streaming message', the question back in the box; retry sends it again", async () => {
    const { chat, backend } = await returningUser();
    backend.failNext('stream', fail(chatTexts.streamFailed, 500, true));
    await chat.send({ type: 'message.send', text: 'Hello?' });
    expect(chat.streamState()).toBe('failed');
    expect(chat.ctx()).toMatchObject({ streamError: 'Failed to send streaming message', isStreaming: false, draft: 'Hello?', retryable: true });
    expect(chat.ctx().chatMessages.map((m) => m.content)).not.toContain('Hello?');
    await chat.send({ type: 'message.retry' });
    expect(chat.streamState()).toBe('asking.streaming');
    expect(chat.ctx().chatMessages.at(-1)?.content).toBe('Hello?');
    expect(chat.ctx().draft).toBe('');
  });

  it('a streamAnswer actor that throws also ends in failed', async () => {
    const backend = fakeChatBackend();
    const actor = createActor(
      chatWith({
        actors: {
          ...backend.actors,
          streamAnswer: fromCallback(() => {
            throw new Error('boom');
          }),
        },
      }),
    ).start();
    await flush();
    actor.send({ type: 'message.send', text: 'Hi' });
    await flush();
    const answer = actor.getSnapshot().children.answer!.getSnapshot();
    expect(answer.matches('failed')).toBe(true);
    expect(answer.context.streamError).toBe('Failed to send streaming message');
  });

  it('over the daily allowance: the server’s detail is shown and the allowance reads 0', async () => {
    const { chat, backend } = await returningUser();
    const detail = "You've used your 10 free coach messages for today. They renew at midnight UTC, or start your free trial for unlimited coaching.";
    backend.failNext('stream', fail(detail, 429));
    await chat.send({ type: 'message.send', text: 'One more' });
    expect(chat.ctx().streamError).toBe(detail);
    expect(chat.ctx().allowance?.remaining_today).toBe(0);
  });

  it('the coach breaking off mid-answer keeps what it said, marked stopped', async () => {
    const { chat, backend } = await returningUser();
    await chat.send({ type: 'message.send', text: 'Summarise' });
    backend.chunk('Half an ');
    backend.breakOff('The coach could not finish this answer. Please try again.');
    expect(chat.streamState()).toBe('failed');
    expect(chat.ctx().streamError).toBe('The coach could not finish this answer. Please try again.');
    expect(chat.ctx().chatMessages.at(-1)).toMatchObject({ sender: 'ai', content: 'Half an ', stopped: true });
    expect(chat.ctx().retryable).toBe(false);
  });

  it('a blank question is not sent, and nothing is sent while a conversation opens', async () => {
    const { chat, backend, older } = await returningUser();
    await chat.send({ type: 'message.send', text: '   ' });
    expect(backend.streams).toHaveLength(0);
    chat.actor.send({ type: 'conversation.select', conversationId: older.conversation_id });
    chat.actor.send({ type: 'message.send', text: 'Too early' });
    expect(backend.streams).toHaveLength(0);
  });
});

describe('chat machine: the conversation list', () => {
  it("no connection: 'Unable to connect to server. Please check your connection.'; retry loads it", async () => {
    const backend = fakeChatBackend();
    backend.add('Kept');
    backend.failNext('list', fail('Network error. Please check your connection.', undefined, true));
    const chat = startChat(backend);
    await flush();
    expect(chat.ctx().listError).toBe('Unable to connect to server. Please check your connection.');
    await chat.send({ type: 'chat.reload' });
    expect(chat.ctx().listError).toBeNull();
    expect(chat.titles()).toEqual(['Kept']);
  });

  it("401: 'Authentication required. Please log in again.'", async () => {
    const backend = fakeChatBackend();
    backend.failNext('list', fail('Session expired. Please login again.', 401, true));
    const chat = startChat(backend);
    await flush();
    expect(chat.ctx().listError).toBe('Authentication required. Please log in again.');
  });

  it('search waits for typing to pause, finds titles and messages, and an empty search shows the whole list', async () => {
    const { chat, older } = await returningUser();
    chat.actor.send({ type: 'conversations.search', query: 'spend' });
    expect(chat.ctx().searchResults).toBeNull();
    await new Promise((r) => setTimeout(r, 350));
    await flush();
    expect(chat.ctx().searchResults?.map((c) => c.conversation_id)).toEqual([older.conversation_id]);
    await chat.send({ type: 'conversation.rename', conversationId: older.conversation_id, title: 'Spending' });
    expect(chat.ctx().searchResults?.[0]?.conversation_title).toBe('Spending');
    await chat.send({ type: 'conversations.search', query: '' });
    expect(chat.ctx().searchResults).toBeNull();
    expect(chat.titles()).toHaveLength(2);
  });
});

// ---------------------------------------------------------------------------------------------

const model = createTestModel(chatFlowModel);
const paths = model.getSimplePaths();
const coverage = recordMachineCoverage(import.meta.url, 'node');

describe('model-based paths: the chat test model against the real chat machine', () => {
  it('the paths cover every state and every transition of the model', () => {
    const covered = new Set(paths.flatMap((p) => p.steps.slice(1).map((step, i) => `${String(p.steps[i]!.state.value)}:${step.event.type}`)));
    const visited = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...covered].sort()).toEqual(chatFlowTransitions().sort());
    expect([...visited].sort()).toEqual(Object.keys(chatFlowModel.root.states).sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { chat, backend, older } = await returningUser();
      coverage.path(path.description).attach(chat.actor);
      let abandoned: StreamHandle | undefined;
      await path.test({
        events: {
          NEW_CONVERSATION: () => chat.send({ type: 'conversation.create' }),
          SEND: async () => {
            await chat.send({ type: 'message.send', text: chatFlow.question });
            backend.chunk('Some habits ');
          },
          FINISH: async () => {
            backend.chunk('that work.');
            backend.finish();
            await flush();
          },
          STOP: () => chat.send({ type: 'message.stop' }),
          SWITCH: async () => {
            abandoned = backend.active();
            await chat.send({ type: 'conversation.select', conversationId: older.conversation_id });
          },
          RENAME: () => chat.send({ type: 'conversation.rename', conversationId: chat.ctx().currentConversation!.conversation_id, title: chatFlow.renamedTitle }),
          DELETE_CURRENT: async () => {
            await chat.send({ type: 'conversation.delete', conversationId: chat.ctx().currentConversation!.conversation_id });
            await chat.send({ type: 'deletion.confirm' });
          },
          CLEAR_MEMORY: async () => {
            await chat.send({ type: 'memory.clear' });
            await chat.send({ type: 'clearing.confirm' });
          },
        },
        states: {
          returning: () => {
            expect(chat.ctx().currentConversation?.conversation_title).toBe(chatFlow.earlierTitle);
            expect(chat.ctx().chatMessages.map((m) => m.content)).toEqual([chatFlow.earlierQuestion, 'Your balance is $500.00.']);
            expect(chat.titles()).toEqual([chatFlow.earlierTitle, chatFlow.olderTitle]);
          },
          newConversation: () => {
            expect(chat.ctx().currentConversation?.conversation_title).toBe(chatFlow.newTitle);
            expect(chat.ctx().chatMessages).toEqual([]);
            expect(chat.titles()[0]).toBe(chatFlow.newTitle);
          },
          streaming: () => {
            expect(chat.streamState()).toBe('asking.streaming');
            expect(chat.ctx().isStreaming).toBe(true);
            expect(chat.ctx().streamingMessage).toBe('Some habits ');
            expect(chat.ctx().chatMessages.at(-1)).toMatchObject({ sender: 'user', content: chatFlow.question });
          },
          answered: () => {
            expect(chat.streamState()).toBe('done');
            expect(chat.ctx().chatMessages.at(-1)).toMatchObject({ sender: 'ai', content: 'Some habits that work.' });
            expect(chat.ctx().currentConversation?.conversation_id).toBe(chat.ctx().conversations[0]!.conversation_id);
            expect([chatFlow.earlierTitle, chatFlow.question]).toContain(chat.titles()[0]);
          },
          stopped: () => {
            expect(chat.streamState()).toBe('stopped');
            expect(chat.ctx().isStreaming).toBe(false);
            expect(chat.ctx().chatMessages.at(-1)).toMatchObject({ sender: 'ai', content: 'Some habits ', stopped: true });
          },
          switched: () => {
            expect(chat.ctx().currentConversation?.conversation_title).toBe(chatFlow.olderTitle);
            expect(chat.ctx().chatMessages.map((m) => m.content)).toEqual([chatFlow.olderQuestion, 'You spent $1,200.00.']);
            expect(chat.ctx().isStreaming).toBe(false);
            // A stream that was running when the user switched was aborted.
            expect(backend.active()).toBeUndefined();
            if (abandoned) expect(abandoned.aborted).toBe(true);
          },
          renamed: () => {
            expect(chat.titles()[0]).toBe(chatFlow.renamedTitle);
            expect(chat.ctx().currentConversation?.conversation_title).toBe(chatFlow.renamedTitle);
          },
          deleted: () => {
            expect(chat.ctx().currentConversation).toBeNull();
            expect(chat.ctx().chatMessages).toEqual([]);
            expect(chat.ctx().conversations.map((c) => c.conversation_id)).toEqual(backend.conversations.map((c) => c.conversation_id));
          },
          cleared: () => {
            expect(chat.ctx()).toMatchObject({ conversations: [], totalConversations: 0, currentConversation: null, chatMessages: [] });
            expect(backend.conversations).toEqual([]);
          },
        },
      });
    });
  }
});

import { request } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdviceResponse,
  ChatStatistics,
  ClearMemoryResponse,
  Conversation,
  ConversationDetails,
  ConversationPage,
  ConversationsResponse,
  HistoryResponse,
  StreamChunk,
} from '../../src/contract/chat';
import { transactions } from '../../src/server/db/schema';
import { bearer, createTestApp, signUpAndVerify, signUpWithAccess, type TestApp, type VerifiedUser } from '../support/app';

let testApp: TestApp;
let app: FastifyInstance;
let user: VerifiedUser;
let other: VerifiedUser;

const today = new Date().toISOString().slice(0, 10);
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  // No pause between streamed pieces; a generous allowance (its own test lowers it).
  testApp = await createTestApp({ env: { COACH_STREAM_DELAY_MS: '0', COACH_FREE_DAILY_MESSAGES: '1000' } });
  app = testApp.app;
  [user, other] = await Promise.all([signUpAndVerify(app), signUpAndVerify(app)]);
  await app.db.insert(transactions).values([
    { userId: user.userId, date: today, type: 'expense', category: 'Groceries', amountMinor: 4250, merchant: 'FreshMart', description: 'Weekly shop' },
    { userId: user.userId, date: today, type: 'income', category: 'Salary', amountMinor: 250_000, merchant: 'Acme', description: 'Pay' },
  ]);
});
afterAll(async () => {
  await testApp?.close();
});

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json, token = user.token) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** The JSON chunks of a server-sent-events body: one `data: {json}` line per event, a blank line between. */
function sseChunks(body: string): StreamChunk[] {
  const events = body.split('\n\n').filter(Boolean);
  return events.map((event) => {
    expect(event.startsWith('data: '), `an event line: ${event}`).toBe(true);
    return JSON.parse(event.slice('data: '.length)) as StreamChunk;
  });
}

async function stream(message: string, conversationId?: string | null, token = user.token) {
  const res = await app.inject({ method: 'POST', url: '/chat/financial-advice-stream', headers: bearer(token), payload: { message, conversation_id: conversationId } });
  return res;
}

describe('POST /chat/financial-advice-stream (server-sent events)', () => {
  it('streams data: lines; the first chunk carries conversation_id, the last says done with the saved message ids', async () => {
    const res = await stream('How much did I spend on groceries this month?');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['cache-control']).toContain('no-cache');
    const chunks = sseChunks(res.body);
    const first = chunks[0]!;
    expect(first.type).toBe('start');
    if (first.type !== 'start') return;
    expect(first.conversation_id).toMatch(/^[0-9a-f-]{36}$/);
    // The first question titles the conversation.
    expect(first.conversation_title).toBe('How much did I spend on groceries this month?');
    const last = chunks.at(-1)!;
    expect(last).toMatchObject({ type: 'done', done: true, conversation_id: first.conversation_id, user_message_id: first.user_message_id, status: 'complete' });
    const text = chunks.flatMap((c) => (c.type === 'chunk' ? [c.content] : [])).join('');
    expect(chunks.filter((c) => c.type === 'chunk').length).toBeGreaterThan(5);
    expect(text).toMatch(/\[\*\*\$42\.50\*\*\]\(\/transactions\?type=expense&category=Groceries&date_from=[\d-]+&date_to=[\d-]+\) on \*\*Groceries\*\*/);

    // Both messages are saved under those ids.
    const saved = (await call('GET', `/chat/conversation/${first.conversation_id}`)).json<Conversation>();
    expect(saved.messages.map((m) => [m.chat_id, m.role, m.status])).toEqual([
      [first.user_message_id, 'user', 'complete'],
      [last.type === 'done' ? last.ai_message_id : '', 'assistant', 'complete'],
    ]);
    expect(saved.messages[1]!.message).toBe(text);
    expect(saved.is_current).toBe(true);
  });

  it('a question in an existing conversation is answered there, with the history kept in order', async () => {
    const first = sseChunks((await stream('Hello')).body)[0]!;
    const conversationId = first.type === 'start' ? first.conversation_id : '';
    const second = sseChunks((await stream('What is my balance?', conversationId)).body);
    expect(second[0]).toMatchObject({ type: 'start', conversation_id: conversationId, conversation_title: 'Hello' });
    const saved = (await call('GET', `/chat/conversation/${conversationId}`)).json<Conversation>();
    expect(saved.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(saved.messages[2]!.message).toBe('What is my balance?');
    expect(saved.message_count).toBe(4);
  });

  it('refusals come before the stream as JSON: unknown conversation 404, missing message 422, no token 401', async () => {
    const missing = await stream('Hi', MISSING_ID);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Conversation not found' });
    const otherUsers = await stream('Hi', null, other.token);
    const start = sseChunks(otherUsers.body)[0]!;
    const intrude = await stream('Hi', start.type === 'start' ? start.conversation_id : '');
    expect(intrude.statusCode).toBe(404);
    const empty = await app.inject({ method: 'POST', url: '/chat/financial-advice-stream', headers: bearer(user.token), payload: { message: '   ' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ detail: 'message is required' });
    const anonymous = await app.inject({ method: 'POST', url: '/chat/financial-advice-stream', payload: { message: 'Hi' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('HTML in a question or an answer is kept as text, never interpreted or stripped', async () => {
    const attack = '<img src=x onerror="alert(1)"> <script>alert(2)</script> how much did I spend?';
    const chunks = sseChunks((await stream(attack)).body);
    const start = chunks[0]!;
    const id = start.type === 'start' ? start.conversation_id : '';
    const saved = (await call('GET', `/chat/conversation/${id}`)).json<Conversation>();
    expect(saved.messages[0]!.message).toBe(attack);
    expect(saved.conversation_title.startsWith('<img src=x onerror="alert(1)">')).toBe(true);
  });
});

describe('a client that disconnects mid-stream', () => {
  let slow: TestApp;
  let url: string;
  beforeAll(async () => {
    slow = await createTestApp({ env: { COACH_STREAM_DELAY_MS: '40' } });
    url = await slow.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await slow?.close();
  });

  it('stops the generation, and the partial answer is saved marked as stopped', async () => {
    const u = await signUpAndVerify(slow.app);
    // A plain HTTP client on its own connection, dropped after a few pieces (what closing a tab does).
    const received = await new Promise<string>((resolve, reject) => {
      const req = request(`${url}/chat/financial-advice-stream`, { method: 'POST', agent: false, headers: { ...bearer(u.token), 'content-type': 'application/json' } }, (res) => {
        expect(res.statusCode).toBe(200);
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (piece: string) => {
          text += piece;
          if ((text.match(/"type":"chunk"/g) ?? []).length >= 4) {
            req.destroy();
            resolve(text);
          }
        });
      });
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
      req.end(JSON.stringify({ message: 'Give me some tips' }));
    });
    const conversationId = JSON.parse(received.split('\n\n')[0]!.slice(6)).conversation_id as string;

    // The server notices, stops, and saves what was said.
    let saved: Conversation | undefined;
    for (const until = Date.now() + 30_000; Date.now() < until; ) {
      saved = (await slow.app.inject({ method: 'GET', url: `/chat/conversation/${conversationId}`, headers: bearer(u.token) })).json<Conversation>();
      if (saved.messages.length === 2) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const answer = saved!.messages[1]!;
    expect(answer).toMatchObject({ role: 'assistant', status: 'stopped' });
    expect(answer.message.length).toBeGreaterThan(0);
    // Far less than the whole answer (tips run to hundreds of characters, 2 words every 40 ms).
    expect(answer.message.length).toBeLessThan(200);
    // And the generation really stopped: nothing is added afterwards.
    await new Promise((r) => setTimeout(r, 400));
    const later = (await slow.app.inject({ method: 'GET', url: `/chat/conversation/${conversationId}`, headers: bearer(u.token) })).json<Conversation>();
    expect(later.messages[1]!.message).toBe(answer.message);
    const details = (await slow.app.inject({ method: 'GET', url: `/chat/conversation-details/${conversationId}`, headers: bearer(u.token) })).json<ConversationDetails>();
    expect(details.statistics.stopped_answers).toBe(1);
  });
});

describe('POST /chat/financial-advice (whole answer)', () => {
  it('answers {response, conversation_id} and saves both messages; without conversation_id it starts a new conversation', async () => {
    const res = await call('POST', '/chat/financial-advice', { message: 'What is my balance?' });
    expect(res.statusCode).toBe(200);
    const body = res.json<AdviceResponse>();
    expect(body.response).toContain('Your balance is **$2,457.50**');
    expect(body.conversation_title).toBe('What is my balance?');
    expect(body.user_message).toMatchObject({ role: 'user', message: 'What is my balance?', conversation_id: body.conversation_id });
    expect(body.ai_message).toMatchObject({ role: 'assistant', message: body.response, status: 'complete' });
  });
});

describe('conversations', () => {
  let u: VerifiedUser;
  const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json) => call(method, url, payload, u.token);
  const ask = async (message: string, conversationId?: string) => (await as('POST', '/chat/financial-advice', { message, conversation_id: conversationId })).json<AdviceResponse>();

  beforeAll(async () => {
    u = await signUpAndVerify(app);
  });

  it('start-new-conversation makes an empty current conversation; pressing it again reuses the untouched one', async () => {
    const res = await as('POST', '/chat/start-new-conversation');
    expect(res.statusCode).toBe(201);
    const created = res.json<Conversation>();
    expect(created).toMatchObject({ conversation_title: 'New conversation', messages: [], is_current: true, message_count: 0 });
    const again = (await as('POST', '/chat/start-new-conversation')).json<Conversation>();
    expect(again.conversation_id).toBe(created.conversation_id);
    // Its first question titles it.
    const answer = await ask('Where can I cut back on my spending this month, honestly and in detail please?', created.conversation_id);
    expect(answer.conversation_title).toBe('Where can I cut back on my spending this month, honestly…');
    const next = (await as('POST', '/chat/start-new-conversation')).json<Conversation>();
    expect(next.conversation_id).not.toBe(created.conversation_id);
  });

  it('lists conversations most recent first with the current one marked; switching changes the current one', async () => {
    const a = await ask('Hello');
    const b = await ask('What is my savings rate?');
    let list = (await as('GET', '/chat/conversations')).json<ConversationsResponse>();
    expect(list.conversations[0]!.conversation_id).toBe(b.conversation_id);
    expect(list.current_conversation_id).toBe(b.conversation_id);
    expect(list.total_conversations).toBe(list.conversations.length);
    const switched = await as('POST', `/chat/switch-conversation/${a.conversation_id}`);
    expect(switched.json<Conversation>()).toMatchObject({ conversation_id: a.conversation_id, is_current: true });
    expect(switched.json<Conversation>().messages).toHaveLength(2);
    list = (await as('GET', '/chat/conversations')).json<ConversationsResponse>();
    expect(list.current_conversation_id).toBe(a.conversation_id);
    expect(list.conversations.find((c) => c.conversation_id === a.conversation_id)!.is_current).toBe(true);
  });

  it('renames with {new_title}; deletes; another user sees none of it', async () => {
    const a = await ask('Summarise this month');
    const renamed = await as('PUT', `/chat/conversation/${a.conversation_id}/rename`, { new_title: '  June check-in  ' });
    expect(renamed.json()).toMatchObject({ conversation_id: a.conversation_id, conversation_title: 'June check-in' });
    // A renamed conversation keeps its name when more questions come.
    await ask('And last month?', a.conversation_id);
    expect((await as('GET', `/chat/conversation/${a.conversation_id}`)).json<Conversation>().conversation_title).toBe('June check-in');
    expect((await as('PUT', `/chat/conversation/${a.conversation_id}/rename`, { new_title: '' })).json()).toEqual({ detail: 'new_title is required' });

    for (const [method, path] of [['GET', `/chat/conversation/${a.conversation_id}`], ['POST', `/chat/switch-conversation/${a.conversation_id}`], ['DELETE', `/chat/conversation/${a.conversation_id}`]] as const) {
      const res = await call(method, path, undefined, other.token);
      expect(res.statusCode, path).toBe(404);
    }
    expect((await call('PUT', `/chat/conversation/${a.conversation_id}/rename`, { new_title: 'mine' }, other.token)).statusCode).toBe(404);

    const deleted = await as('DELETE', `/chat/conversation/${a.conversation_id}`);
    expect(deleted.json()).toEqual({ conversation_id: a.conversation_id, message: 'Conversation deleted' });
    expect((await as('GET', `/chat/conversation/${a.conversation_id}`)).statusCode).toBe(404);
    expect((await as('DELETE', `/chat/conversation/${a.conversation_id}`)).statusCode).toBe(404);
  });

  it('search finds titles and message words, with defaults limit=10 and page=1', async () => {
    const a = await ask('How much did I spend on groceries this month?');
    await as('PUT', `/chat/conversation/${a.conversation_id}/rename`, { new_title: 'Food budget' });
    const res = await as('GET', '/chat/user-conversations/search?search=grocer');
    const page = res.json<ConversationPage>();
    expect(page).toMatchObject({ page: 1, limit: 10, search: 'grocer' });
    expect(page.conversations.map((c) => c.conversation_title)).toContain('Food budget');
    const byTitle = (await as('GET', '/chat/user-conversations/search?search=food%20bud')).json<ConversationPage>();
    expect(byTitle.conversations.map((c) => c.conversation_id)).toEqual([a.conversation_id]);
    const none = (await as('GET', '/chat/user-conversations/search?search=zebra')).json<ConversationPage>();
    expect(none).toMatchObject({ conversations: [], total_conversations: 0, total_pages: 1 });
    // Other users' words are never found.
    const theirs = (await call('GET', '/chat/user-conversations/search?search=grocer', undefined, other.token)).json<ConversationPage>();
    expect(theirs.conversations.map((c) => c.conversation_id)).not.toContain(a.conversation_id);
    expect((await as('GET', '/chat/user-conversations/search?limit=0')).json()).toEqual({ detail: 'limit must be 1 or more' });
  });

  it('user-conversations pages and filters', async () => {
    const all = (await as('GET', '/chat/user-conversations?limit=2')).json<ConversationPage>();
    expect(all.conversations).toHaveLength(2);
    expect(all.total_pages).toBe(Math.ceil(all.total_conversations / 2));
    const second = (await as('GET', '/chat/user-conversations?limit=2&page=2')).json<ConversationPage>();
    expect(second.conversations[0]!.conversation_id).not.toBe(all.conversations[0]!.conversation_id);
    const empty = (await as('GET', '/chat/user-conversations?has_messages=false')).json<ConversationPage>();
    expect(empty.conversations.every((c) => c.message_count === 0)).toBe(true);
    const future = (await as('GET', '/chat/user-conversations?from=2999-01-01')).json<ConversationPage>();
    expect(future.total_conversations).toBe(0);
  });

  it('history pairs each question with its answer, newest first', async () => {
    const a = await ask('What is my balance?');
    const history = (await as('GET', `/chat/history?conversation_id=${a.conversation_id}`)).json<HistoryResponse>();
    expect(history.total).toBe(1);
    expect(history.history[0]).toMatchObject({ message: 'What is my balance?', response: a.response, response_status: 'complete', conversation_id: a.conversation_id });
    const everything = (await as('GET', '/chat/history?limit=2')).json<HistoryResponse>();
    expect(everything.history).toHaveLength(2);
    expect(everything.history[0]!.message).toBe('What is my balance?');
  });

  it('conversation-details adds statistics, and each answer’s metadata with include_metadata=true', async () => {
    const a = (await call('POST', '/chat/financial-advice', { message: 'Summarise this month' })).json<AdviceResponse>();
    const plain = (await call('GET', `/chat/conversation-details/${a.conversation_id}`)).json<ConversationDetails>();
    expect(plain.statistics).toMatchObject({ user_messages: 1, ai_messages: 1, stopped_answers: 0 });
    expect(plain.message_metadata).toBeUndefined();
    const rich = (await call('GET', `/chat/conversation-details/${a.conversation_id}?include_metadata=true`)).json<ConversationDetails>();
    expect(rich.message_metadata).toEqual([{ chat_id: a.ai_message.chat_id, metadata: { engine: 'builtin', intent: 'summary', tools: ['get_month_summary'] } }]);
  });

  it('clear-memory?conversation_only=true empties the current conversation; without it everything goes', async () => {
    const a = await ask('Hello');
    const onlyOne = (await as('DELETE', '/chat/clear-memory?conversation_only=true')).json<ClearMemoryResponse>();
    expect(onlyOne).toMatchObject({ conversation_only: true, conversation_id: a.conversation_id, deleted_messages: 2, deleted_conversations: 0 });
    expect((await as('GET', `/chat/conversation/${a.conversation_id}`)).json<Conversation>()).toMatchObject({ messages: [], message_count: 0 });

    const before = (await as('GET', '/chat/statistics')).json<ChatStatistics>();
    const all = (await as('DELETE', '/chat/clear-memory?conversation_only=')).json<ClearMemoryResponse>();
    expect(all).toMatchObject({ conversation_only: false, deleted_conversations: before.total_conversations, deleted_messages: before.total_messages });
    const after = (await as('GET', '/chat/statistics')).json<ChatStatistics>();
    expect(after).toMatchObject({ total_conversations: 0, total_messages: 0, current_conversation_id: null });
    // Clearing memory gives no questions back.
    expect(after.allowance.used_today).toBe(before.allowance.used_today);
    expect((await as('GET', '/chat/conversations')).json<ConversationsResponse>()).toEqual({ conversations: [], total_conversations: 0, current_conversation_id: null });
  });

  it('statistics count conversations and messages and report the engine', async () => {
    await ask('Hello');
    const stats = (await as('GET', '/chat/statistics')).json<ChatStatistics>();
    expect(stats).toMatchObject({ total_conversations: 1, total_messages: 2, user_messages: 1, ai_messages: 1, engine: 'builtin' });
  });
});

describe('the coach without a subscription: a daily allowance (429 when used up)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { COACH_STREAM_DELAY_MS: '0', COACH_FREE_DAILY_MESSAGES: '2' } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('a user without a trial or plan gets COACH_FREE_DAILY_MESSAGES questions a day, then 429 with a clear detail', async () => {
    const free = await signUpAndVerify(limited.app);
    const send = (message: string) => limited.app.inject({ method: 'POST', url: '/chat/financial-advice-stream', headers: bearer(free.token), payload: { message } });
    const first = sseChunks((await send('Hello')).body)[0]!;
    expect(first.type === 'start' && first.allowance).toMatchObject({ unlimited: false, daily_limit: 2, used_today: 1, remaining_today: 1 });
    const second = sseChunks((await send('Hello again')).body);
    expect(second.at(-1)).toMatchObject({ type: 'done', allowance: { remaining_today: 0 } });
    const third = await send('One more?');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ detail: "You've used your 2 free coach messages for today. They renew at midnight UTC, or start your free trial for unlimited coaching." });
    const stats = (await limited.app.inject({ method: 'GET', url: '/chat/statistics', headers: bearer(free.token) })).json<ChatStatistics>();
    expect(stats.allowance).toMatchObject({ used_today: 2, remaining_today: 0, daily_limit: 2 });
    expect(Date.parse(stats.allowance.resets_at)).toBeGreaterThan(Date.now());
    // Everything else of the chat stays available.
    expect((await limited.app.inject({ method: 'GET', url: '/chat/conversations', headers: bearer(free.token) })).statusCode).toBe(200);
  });

  it('a user with a trial or plan is unlimited', async () => {
    const paying = await signUpWithAccess(limited.app);
    for (let i = 0; i < 3; i++) {
      const res = await limited.app.inject({ method: 'POST', url: '/chat/financial-advice', headers: bearer(paying.token), payload: { message: `Hello ${i}` } });
      expect(res.statusCode).toBe(200);
      expect(res.json<AdviceResponse>().allowance).toMatchObject({ unlimited: true, daily_limit: null, remaining_today: null });
    }
  });

  it('a refused question writes nothing: an unknown conversation is 404 and does not count against the day', async () => {
    const free = await signUpAndVerify(limited.app);
    const send = (payload: object) => limited.app.inject({ method: 'POST', url: '/chat/financial-advice-stream', headers: bearer(free.token), payload });
    const missing = await send({ message: 'Hello', conversation_id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    const stats = (await limited.app.inject({ method: 'GET', url: '/chat/statistics', headers: bearer(free.token) })).json<ChatStatistics>();
    expect(stats).toMatchObject({ total_conversations: 0, total_messages: 0, current_conversation_id: null, allowance: { used_today: 0, remaining_today: 2 } });
    // The question saved before the answer, with the history of its conversation.
    const first = sseChunks((await send({ message: 'Hello' })).body);
    const start = first[0]!;
    expect(start).toMatchObject({ type: 'start', allowance: { used_today: 1 } });
    const id = start.type === 'start' ? start.conversation_id : '';
    const second = sseChunks((await send({ message: 'Summarise this month', conversation_id: id })).body);
    expect(second[0]).toMatchObject({ type: 'start', conversation_id: id, allowance: { used_today: 2, remaining_today: 0 } });
    const conversation = (await limited.app.inject({ method: 'GET', url: `/chat/conversation/${id}`, headers: bearer(free.token) })).json<Conversation>();
    expect(conversation.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(conversation).toMatchObject({ is_current: true, message_count: 4 });
    // Over the allowance in an existing conversation: 429, and the conversation is unchanged.
    expect((await send({ message: 'One more?', conversation_id: id })).statusCode).toBe(429);
    expect((await limited.app.inject({ method: 'GET', url: `/chat/conversation/${id}`, headers: bearer(free.token) })).json<Conversation>()).toMatchObject({ message_count: 4 });
  });

  it('concurrent questions cannot overrun the allowance', async () => {
    const free = await signUpAndVerify(limited.app);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => limited.app.inject({ method: 'POST', url: '/chat/financial-advice', headers: bearer(free.token), payload: { message: `Q${i}` } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 429, 429, 429]);
  });
});

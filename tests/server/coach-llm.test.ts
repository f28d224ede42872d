import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Conversation, ConversationDetails, StreamChunk } from '../../src/contract/chat';
import { transactions, users } from '../../src/server/db/schema';
import { loggerOptions } from '../../src/server/logger';
import { bearer, createTestApp, signUpAndVerify, type TestApp, type VerifiedUser } from '../support/app';
import { startFakeLlm, type FakeLlm } from '../support/fake-llm';

/** The OpenAI-compatible engine against a local server streaming in that API's format. */
let llm: FakeLlm;
let testApp: TestApp;
let app: FastifyInstance;
let user: VerifiedUser;
const today = new Date().toISOString().slice(0, 10);
const monthStart = `${today.slice(0, 7)}-01`;

const logs: Record<string, unknown>[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logs.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

beforeAll(async () => {
  llm = await startFakeLlm();
  testApp = await createTestApp({
    env: { COACH_LLM_URL: llm.url, COACH_LLM_MODEL: 'fake-model', COACH_LLM_KEY: 'sk-test-key', COACH_LLM_TIMEOUT_MS: '5000', COACH_LLM_MAX_TOOL_ROUNDS: '2', COACH_STREAM_DELAY_MS: '0' },
    logger: { ...(loggerOptions({ logLevel: 'warn' }) as Record<string, unknown>), stream: capture },
  });
  app = testApp.app;
  user = await signUpAndVerify(app);
  await app.db.update(users).set({ fullName: 'Sam Lee', currency: 'EUR', onboarding: { currency: 'EUR', monthly_income: 3200, main_goal: 'build_emergency_fund', help_with: ['saving'] } }).where(eq(users.id, user.userId));
  await app.db.insert(transactions).values([
    { userId: user.userId, date: monthStart, type: 'expense', category: 'Groceries', amountMinor: 4250, merchant: 'FreshMart' },
    { userId: user.userId, date: monthStart, type: 'expense', category: 'Groceries', amountMinor: 1000, merchant: 'FreshMart' },
    { userId: user.userId, date: monthStart, type: 'income', category: 'Salary', amountMinor: 320_000, merchant: 'Acme' },
  ]);
});
afterAll(async () => {
  await testApp?.close();
  await llm?.close();
});
beforeEach(() => {
  llm.requests.length = 0;
  logs.length = 0;
  llm.script([]);
  llm.otherwise({ text: ['(unexpected call)'] });
});

function sse(body: string): StreamChunk[] {
  return body
    .split('\n\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line.slice('data: '.length)) as StreamChunk);
}
const textOf = (chunks: StreamChunk[]) => chunks.flatMap((c) => (c.type === 'chunk' ? [c.content] : [])).join('');

async function ask(message: string, conversationId?: string) {
  const res = await app.inject({ method: 'POST', url: '/chat/financial-advice-stream', headers: bearer(user.token), payload: { message, conversation_id: conversationId } });
  expect(res.statusCode, res.body).toBe(200);
  return sse(res.body);
}

const conversationIdOf = (chunks: StreamChunk[]) => (chunks[0]!.type === 'start' ? chunks[0]!.conversation_id : '');

describe('the OpenAI-compatible coach (COACH_LLM_URL)', () => {
  it('streams the model’s words as they come, with the key, the model, the tools and a system prompt about this user', async () => {
    llm.script([{ text: ['Hello Sam', '! Your ', 'money looks ', '**fine**.'] }]);
    const chunks = await ask('Hi there');
    expect(textOf(chunks)).toBe('Hello Sam! Your money looks **fine**.');
    expect(chunks.filter((c) => c.type === 'chunk').map((c) => (c.type === 'chunk' ? c.content : ''))).toEqual(['Hello Sam', '! Your ', 'money looks ', '**fine**.']);
    expect(chunks.at(-1)).toMatchObject({ type: 'done', done: true, status: 'complete' });

    const [sent] = llm.requests;
    expect(sent!.headers.authorization).toBe('Bearer sk-test-key');
    expect(sent!.body).toMatchObject({ model: 'fake-model', stream: true, tool_choice: 'auto' });
    expect(sent!.body.tools!.map((t) => t.function.name)).toContain('get_spending');
    const system = sent!.body.messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain("The user's currency is EUR");
    expect(system.content).toContain("The user's name is Sam Lee.");
    expect(system.content).toContain('monthly income is about 3200 EUR');
    expect(system.content).toContain('Never recommend buying or selling a specific stock');
    expect(system.content).toContain('call get_budget, get_bills_ahead or get_subscriptions_cost');
    expect(sent!.body.messages.at(-1)).toEqual({ role: 'user', content: 'Hi there' });

    const details = (await app.inject({ method: 'GET', url: `/chat/conversation-details/${conversationIdOf(chunks)}?include_metadata=true`, headers: bearer(user.token) })).json<ConversationDetails>();
    expect(details.message_metadata![0]!.metadata).toMatchObject({ engine: 'openai-compatible', model: 'fake-model', tools: [] });
  });

  it('runs the tool calls the model asks for (arguments streamed in fragments) and sends the results back', async () => {
    llm.script([
      {
        toolCalls: [
          { name: 'get_spending', arguments: { category: 'groceries', start_date: monthStart, end_date: today } },
          { name: 'get_balance', arguments: {} },
        ],
      },
      { text: ['You spent €52.50 ', 'on groceries.'] },
    ]);
    const chunks = await ask('How much did I spend on groceries this month?');
    expect(chunks.filter((c) => c.type === 'tool').map((c) => (c.type === 'tool' ? c.name : ''))).toEqual(['get_spending', 'get_balance']);
    expect(textOf(chunks)).toBe('You spent €52.50 on groceries.');

    expect(llm.requests).toHaveLength(2);
    const followUp = llm.requests[1]!.body.messages;
    const assistant = followUp.find((m) => m.role === 'assistant' && m.tool_calls)!;
    expect(assistant.tool_calls!.map((c) => [c.id, c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['call_0_get_spending', 'get_spending', { category: 'groceries', start_date: monthStart, end_date: today }],
      ['call_1_get_balance', 'get_balance', {}],
    ]);
    const results = followUp.filter((m) => m.role === 'tool');
    expect(results.map((r) => r.tool_call_id)).toEqual(['call_0_get_spending', 'call_1_get_balance']);
    const spending = JSON.parse(results[0]!.content!);
    // 42.50 + 10.00, in the user's currency, for the period asked.
    expect(spending).toMatchObject({ category: 'Groceries', total: 52.5, transaction_count: 2, currency: 'EUR', period: { start: monthStart, end: today } });
    expect(JSON.parse(results[1]!.content!)).toMatchObject({ balance: 3147.5, currency: 'EUR' });
  });

  it('the model gets the built-in coach’s plan tools: answer_question reads the question the same way, query_transactions runs an exact plan', async () => {
    llm.script([
      {
        toolCalls: [
          { name: 'answer_question', arguments: { question: 'how much did I spend on grocries this month, and what did I earn?' } },
          { name: 'query_transactions', arguments: { measure: 'largest', subjects: [{ merchant: 'freshmart' }], periods: [{ start_date: monthStart, end_date: today }] } },
          { name: 'answer_question', arguments: { question: 'how much did I spend on my dog this month?' } },
        ],
      },
      { text: ['Groceries €52.50, income €3,200.00.'] },
    ]);
    const chunks = await ask('how much did I spend on grocries this month, and what did I earn?');
    expect(chunks.filter((c) => c.type === 'tool').map((c) => (c.type === 'tool' ? c.name : ''))).toEqual(['answer_question', 'query_transactions', 'answer_question']);
    const tools = llm.requests[0]!.body.tools!.map((t) => t.function.name);
    expect(tools).toEqual(expect.arrayContaining(['answer_question', 'query_transactions']));
    const [plan, largest, unknown] = llm.requests[1]!.body.messages.filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content!));
    // Both parts: groceries 42.50 + 10.00 (the typo corrected and said), and the salary of 3,200.00.
    expect(plan.understood).toBe(true);
    expect(plan.notes).toEqual(['I read “grocries” as Groceries.']);
    expect(plan.parts.map((p: { result: { rows: { total: number }[] } }) => p.result.rows[0]!.total)).toEqual([52.5, 3200]);
    expect(plan.answer).toMatch(/\[\*\*€52\.50\*\*\]\(\/transactions\?type=expense&category=Groceries&date_from=[\d-]+&date_to=[\d-]+\) on \*\*Groceries\*\*/);
    expect(plan.answer).toContain('**€3,200.00**');
    // The single largest FreshMart payment, not the total.
    expect(largest.rows[0]).toMatchObject({ subject: 'freshmart', total: 52.5, count: 2, transaction: { amount: 42.5, merchant: 'FreshMart' } });
    expect(unknown).toMatchObject({ understood: false });
    expect(unknown.cant_tell).toContain('"dog"');
  });

  it('a tool call with bad arguments gets an error the model can read, not a failed answer', async () => {
    llm.script([{ toolCalls: [{ name: 'check_affordability', arguments: { amount: -5 } }] }, { text: ['How much does it cost?'] }]);
    const chunks = await ask('Can I afford it?');
    expect(textOf(chunks)).toBe('How much does it cost?');
    const result = JSON.parse(llm.requests[1]!.body.messages.find((m) => m.role === 'tool')!.content!);
    expect(result.error).toMatch(/^amount: /);
  });

  it('tool rounds are bounded: after COACH_LLM_MAX_TOOL_ROUNDS the model must answer without tools', async () => {
    llm.script([{ toolCalls: [{ name: 'get_balance', arguments: {} }] }, { toolCalls: [{ name: 'get_balance', arguments: {} }] }, { text: ['Done looking.'] }]);
    const chunks = await ask('What is my balance?');
    expect(textOf(chunks)).toBe('Done looking.');
    expect(llm.requests.map((r) => Boolean(r.body.tools))).toEqual([true, true, false]);
  });

  it('sends the conversation’s recent history with each question', async () => {
    llm.script([{ text: ['First answer.'] }, { text: ['Second answer.'] }]);
    const first = await ask('First question');
    await ask('Second question', conversationIdOf(first));
    expect(llm.requests[1]!.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'First question' },
      { role: 'assistant', content: 'First answer.' },
      { role: 'user', content: 'Second question' },
    ]);
  });

  it('falls back to the built-in coach with a logged warning when the model answers an error', async () => {
    llm.script([{ status: 500, body: '{"error":{"message":"model overloaded"}}' }]);
    const chunks = await ask('How much did I spend on groceries this month?');
    expect(textOf(chunks)).toMatch(/You spent \[\*\*€52\.50\*\*\]\(\/transactions\?type=expense&category=Groceries&date_from=[\d-]+&date_to=[\d-]+\) on \*\*Groceries\*\*/);
    expect(chunks.at(-1)).toMatchObject({ type: 'done' });
    const warning = logs.find((l) => l.msg === 'coach LLM unavailable; answering with the built-in coach');
    expect(warning).toMatchObject({ level: 40, model: 'fake-model' });
    expect(String(warning!.reason)).toContain('HTTP 500');
    const details = (await app.inject({ method: 'GET', url: `/chat/conversation-details/${conversationIdOf(chunks)}?include_metadata=true`, headers: bearer(user.token) })).json<ConversationDetails>();
    expect(details.message_metadata![0]!.metadata).toMatchObject({ engine: 'builtin', fallback_from: 'openai-compatible' });
  });

  it('falls back when the model stalls past COACH_LLM_TIMEOUT_MS', async () => {
    // The model would stall for a minute; the coach gives up after 5 s (not less: on a busy machine a model's
    // ordinary tool round can take a second or more, and must not fall back). Never the minute.
    llm.script([{ stallMs: 60_000 }]);
    const started = Date.now();
    const chunks = await ask('What is my balance?');
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(textOf(chunks)).toContain('Your balance is **€3,147.50**');
    expect(String(logs.find((l) => l.msg === 'coach LLM unavailable; answering with the built-in coach')!.reason)).toContain('stalled');
  });

  it('a model that breaks off mid-answer: an error chunk, and what it said is saved as stopped', async () => {
    llm.script([{ breakAfter: ['Your spending ', 'this month is '] }]);
    const chunks = await ask('Summarise my month');
    expect(textOf(chunks)).toBe('Your spending this month is ');
    expect(chunks.at(-1)).toMatchObject({ type: 'error', done: true, detail: 'The coach could not finish this answer. Please try again.' });
    const saved = (await app.inject({ method: 'GET', url: `/chat/conversation/${conversationIdOf(chunks)}`, headers: bearer(user.token) })).json<Conversation>();
    expect(saved.messages[1]).toMatchObject({ role: 'assistant', status: 'stopped', message: 'Your spending this month is ' });
  });
});

describe('a model that cannot be reached at all', () => {
  it('the built-in coach answers instead', async () => {
    const closed = await startFakeLlm();
    const url = closed.url;
    await closed.close();
    const t = await createTestApp({ env: { COACH_LLM_URL: url, COACH_LLM_MODEL: 'm', COACH_STREAM_DELAY_MS: '0' } });
    try {
      const u = await signUpAndVerify(t.app);
      const res = await t.app.inject({ method: 'POST', url: '/chat/financial-advice', headers: bearer(u.token), payload: { message: 'Hello' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().response).toContain("I'm your Finu coach");
    } finally {
      await t.close();
    }
  });

  it('COACH_LLM_URL without COACH_LLM_MODEL is refused at start-up', async () => {
    await expect(createTestApp({ env: { COACH_LLM_URL: 'http://127.0.0.1:9/v1' } })).rejects.toThrow('COACH_LLM_MODEL is required with COACH_LLM_URL');
  });
});

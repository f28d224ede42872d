import type { FastifyBaseLogger } from 'fastify';
import { sseData, StreamReadError } from '../../../contract/sse';
import { runTool, toolDefinitions } from './tools';
import type { CoachEngine, CoachEvent, CoachRequest } from './types';

export interface LlmOptions {
  /** Base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1 or http://localhost:11434/v1. */
  url: string;
  model: string;
  key?: string;
  /** Longest wait for the response to start, and between two streamed pieces. */
  timeoutMs: number;
  /** Rounds of tool calls before the model must answer in words. */
  maxToolRounds: number;
  /** Earlier messages of the conversation sent along. */
  historyMessages: number;
}

/** A chat-completions message (the subset this adapter sends). */
type LlmMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

interface StreamDelta {
  content?: string | null;
  tool_calls?: { index?: number; id?: string; type?: string; function?: { name?: string; arguments?: string } }[];
}

class LlmError extends Error {}

/** The system prompt: who the coach is, the rules every answer follows, and who it talks to. */
export function systemPrompt(request: CoachRequest): string {
  const p = request.profile;
  const facts = [
    `Today is ${request.tools.today} (UTC).`,
    `The user's currency is ${p.currency}; quote every amount in ${p.currency}.`,
    p.name ? `The user's name is ${p.name}.` : null,
    p.monthlyIncome !== null ? `At onboarding they said their monthly income is about ${p.monthlyIncome} ${p.currency}.` : null,
    p.mainGoal ? `Their main goal: ${p.mainGoal.replace(/_/g, ' ')}.` : null,
    p.helpWith.length ? `They want help with: ${p.helpWith.join(', ').replace(/_/g, ' ')}.` : null,
  ].filter(Boolean);
  return [
    "You are Finu's personal finance coach. You help one person understand and improve their own money.",
    'Rules:',
    '- Get every figure from the tools, which read the user\'s own transactions and goals. Never invent or estimate numbers the tools did not give you.',
    '- For any question about amounts spent or received, call answer_question with the question as written (and the previous question for follow-ups) or query_transactions with an exact plan; answer every part it returns, and say what it corrected or assumed. If it says it cannot tell, say "I can\'t tell that from your data yet" and what you can answer instead.',
    "- For the budget and bills (what is left or budgeted in a category, over budget, what is due this week or before payday, what subscriptions cost a month), call get_budget, get_bills_ahead or get_subscriptions_cost; when they show nothing set up, say so and point to /budget or /bills.",
    '- Say which period each figure covers, and end with one concrete next step.',
    '- Never recommend buying or selling a specific stock, fund, bond or cryptocurrency; explain general principles instead and suggest a licensed adviser.',
    '- If a question is not about personal finance, say so politely in one sentence and steer back to what you can help with.',
    '- Be brief and friendly. Write Markdown (bold, lists) but never HTML.',
    ...facts,
  ].join('\n');
}

/**
 * The OpenAI-compatible engine (OpenAI, Ollama, vLLM, llama.cpp): streaming chat completions with
 * the coach's tools. When the model cannot be reached or fails before saying anything, it falls
 * back to the built-in coach with a logged warning; a failure after part of an answer is thrown.
 */
export function openAiCompatibleCoach(options: LlmOptions, fallback: CoachEngine, log: FastifyBaseLogger): CoachEngine {
  const endpoint = `${options.url.replace(/\/+$/, '')}/chat/completions`;
  const tools = toolDefinitions();

  async function* converse(request: CoachRequest, signal: AbortSignal): AsyncGenerator<CoachEvent> {
    const messages: LlmMessage[] = [
      { role: 'system', content: systemPrompt(request) },
      ...request.history.slice(-options.historyMessages).map((turn) => ({ role: turn.role, content: turn.content }) as LlmMessage),
      { role: 'user', content: request.question },
    ];
    const used: string[] = [];
    for (let round = 0; ; round++) {
      const withTools = round < options.maxToolRounds;
      const { calls } = yield* streamCompletion(messages, withTools, signal);
      if (!calls.length) {
        yield { type: 'meta', meta: { engine: 'openai-compatible', model: options.model, tools: used, tool_rounds: round } };
        return;
      }
      messages.push({ role: 'assistant', content: null, tool_calls: calls });
      for (const call of calls) {
        yield { type: 'tool', name: call.function.name };
        used.push(call.function.name);
        const result = await runTool(request.tools, call.function.name, call.function.arguments);
        messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
      }
    }
  }

  /** One streamed completion: yields text as it comes, returns the tool calls it asked for. */
  async function* streamCompletion(messages: LlmMessage[], withTools: boolean, signal: AbortSignal): AsyncGenerator<CoachEvent, { calls: ToolCall[] }> {
    const timeout = new AbortController();
    let timer = setTimeout(() => timeout.abort(), options.timeoutMs);
    const rearm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => timeout.abort(), options.timeoutMs);
    };
    const both = AbortSignal.any([signal, timeout.signal]);
    try {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(options.key ? { authorization: `Bearer ${options.key}` } : {}) },
          body: JSON.stringify({ model: options.model, stream: true, temperature: 0.2, messages, ...(withTools ? { tools, tool_choice: 'auto' } : {}) }),
          signal: both,
        });
      } catch (error) {
        if (signal.aborted) return { calls: [] };
        throw new LlmError(timeout.signal.aborted ? `no response within ${options.timeoutMs} ms` : `request failed: ${(error as Error).message}`);
      }
      if (!response.ok || !response.body) {
        const body = await response.text().catch(() => '');
        throw new LlmError(`HTTP ${response.status}${body ? `: ${body.slice(0, 200)}` : ''}`);
      }
      const calls: { id: string; name: string; arguments: string }[] = [];
      try {
        for await (const line of sseData(response.body, rearm)) {
          const data = line.trim();
          if (data === '[DONE]') break;
          let chunk: { choices?: { delta?: StreamDelta }[]; error?: { message?: string } };
          try {
            chunk = JSON.parse(data);
          } catch {
            throw new LlmError('stream sent a line that is not JSON');
          }
          if (chunk.error) throw new LlmError(`stream error: ${chunk.error.message ?? 'unknown'}`);
          const delta = chunk.choices?.[0]?.delta;
          if (!delta) continue;
          if (delta.content) yield { type: 'text', text: delta.content };
          for (const part of delta.tool_calls ?? []) {
            const index = part.index ?? calls.length;
            const call = (calls[index] ??= { id: '', name: '', arguments: '' });
            if (part.id) call.id = part.id;
            if (part.function?.name) call.name += part.function.name;
            if (part.function?.arguments) call.arguments += part.function.arguments;
          }
        }
      } catch (error) {
        if (!(error instanceof StreamReadError)) throw error;
        if (signal.aborted) return { calls: [] };
        throw new LlmError(timeout.signal.aborted ? `stream stalled for ${options.timeoutMs} ms` : `stream broke: ${error.message}`);
      }
      return {
        calls: calls.filter((c) => c.name).map((c, i) => ({ id: c.id || `call_${i}`, type: 'function' as const, function: { name: c.name, arguments: c.arguments } })),
      };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    name: 'openai-compatible',
    async *answer(request, signal) {
      let spoke = false;
      try {
        for await (const event of converse(request, signal)) {
          if (event.type === 'text') spoke = true;
          yield event;
        }
      } catch (error) {
        if (signal.aborted) return;
        if (!(error instanceof LlmError) && !(error instanceof TypeError)) throw error;
        if (spoke) {
          log.warn({ err: error, engine: 'openai-compatible' }, 'coach LLM failed mid-answer');
          throw error;
        }
        log.warn({ reason: (error as Error).message, url: options.url, model: options.model }, 'coach LLM unavailable; answering with the built-in coach');
        for await (const event of fallback.answer(request, signal)) {
          yield event.type === 'meta' ? { type: 'meta', meta: { ...event.meta, fallback_from: 'openai-compatible', fallback_reason: (error as Error).message } } : event;
        }
      }
    },
  };
}

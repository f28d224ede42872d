import { type ChatAllowance, type ChatMessage, type ConversationSummary, type StreamChunk, chatTexts } from '../../../contract/chat';
import type { Reward } from '../../../contract/rewards';
import type { SubscriptionStatus } from '../../../contract/subscription';
import { LimitReachedError, notFound, UnavailableError } from '../../errors';
import type { ChatMessageRow, ChatRepository, ConversationRow } from '../../repositories/chat';
import type { CoachRepository } from '../../repositories/coach';
import type { UsersRepository } from '../../repositories/users';
import type { RewardsService } from '../rewards';
import { HOLD_AFTER_CHARS, type AnswerHold, type AnswerHolds } from './hold';
import { HISTORY_MESSAGES } from './index';
import { isoDay } from './period';
import type { CoachEngine, CoachEvent, CoachProfile, CoachRequest } from './types';

/** Over the free daily allowance: 429 (a limit that lifts), not 403 (which the app toasts as 'Access denied'). */
export const allowanceExhausted = (limit: number) =>
  new LimitReachedError(
    `You've used your ${limit} free coach message${limit === 1 ? '' : 's'} for today. They renew at midnight UTC, or start your free trial for unlimited coaching.`,
  );

/** Answers one user may have being written at once (per API process): each holds an engine run. */
export const MAX_OPEN_ANSWERS = 3;
export const TOO_MANY_ANSWERS = `You already have ${MAX_OPEN_ANSWERS} answers being written. Wait for one to finish, then ask again.`;

/** Counts each user's answers in progress; `take` throws over the cap and answers a release (safe to call twice). */
export function answerSlots(max = MAX_OPEN_ANSWERS) {
  const open = new Map<string, number>();
  return {
    take(userId: string): () => void {
      const n = open.get(userId) ?? 0;
      if (n >= max) throw new LimitReachedError(TOO_MANY_ANSWERS, 5);
      open.set(userId, n + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (open.get(userId) ?? 1) - 1;
        if (left <= 0) open.delete(userId);
        else open.set(userId, left);
      };
    },
  };
}

export const COACH_FAILED = 'The coach could not finish this answer. Please try again.';

const nextMidnight = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();

export function toChatMessage(row: ChatMessageRow): ChatMessage {
  return { chat_id: row.id, conversation_id: row.conversationId, role: row.role, message: row.content, timestamp: row.createdAt.toISOString(), status: row.status };
}

export function toSummary(row: ConversationRow, currentId: string | null): ConversationSummary {
  return {
    conversation_id: row.id,
    conversation_title: row.title,
    message_count: row.messageCount,
    last_message_preview: row.lastMessagePreview,
    is_current: row.id === currentId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    metadata: { ...row.metadata, title_source: row.titleSource },
  };
}

function allowanceFrom(limit: number | null, used: number, now: Date): ChatAllowance {
  return {
    unlimited: limit === null,
    daily_limit: limit,
    used_today: used,
    remaining_today: limit === null ? null : Math.max(0, limit - used),
    resets_at: nextMidnight(now),
  };
}

export interface PreparedQuestion {
  conversation: ConversationRow;
  question: ChatMessage;
  allowance: ChatAllowance;
  request: CoachRequest;
}

/** Where a streamed answer goes: its chunks, the client leaving (signal), and its end. */
export interface AnswerStream {
  send(chunk: StreamChunk): void;
  readonly signal: AbortSignal;
  end(): void;
}

export interface Answer {
  text: string;
  meta: Record<string, unknown>;
  /** Set when the engine failed part way. */
  failure?: unknown;
}

export interface CoachConversationDeps {
  chat: ChatRepository;
  users: Pick<UsersRepository, 'findById'>;
  /** The coach's read-only view of one user's money. */
  data: (userId: string) => CoachRepository;
  engine: CoachEngine;
  rewards: Pick<RewardsService, 'record'>;
  subscriptionStatus: (userId: string) => Promise<Pick<SubscriptionStatus, 'has_access'>>;
  /** Questions a day without a trial or plan (COACH_FREE_DAILY_MESSAGES). */
  freeDailyMessages: number;
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** Development only: streamed answers held after their first words until released (null in production). */
  holds?: AnswerHolds | null;
}

/**
 * Asking the coach: the allowance, the question saved before the coach speaks (so a refusal is a
 * plain error), the engine's answer (whole, or streamed event by event), the answer saved (a
 * stopped one when something was said) and its reward. Throws domain errors; knows no HTTP.
 */
export function coachConversations(deps: CoachConversationDeps) {
  const { chat, engine, rewards } = deps;

  /** The daily coach allowance of a user: unlimited with a trial or plan, freeDailyMessages without. */
  async function allowanceOf(userId: string, now = new Date()): Promise<ChatAllowance> {
    const [status, used] = await Promise.all([deps.subscriptionStatus(userId), chat.usage(userId, isoDay(now))]);
    return allowanceFrom(status.has_access ? null : deps.freeDailyMessages, used, now);
  }

  /**
   * Everything before the coach speaks: the user (their profile), whether they have access (from
   * the auth cache when the caller's `subscriptionStatus` reads it), then one transaction that
   * checks the conversation (a new one titled by the question when none is given), counts the
   * question against the day, reads the history and saves the question as the current
   * conversation's: one durable commit, and nothing written when the question is refused.
   */
  async function prepareQuestion(userId: string, body: { message: string; conversation_id?: string | null }): Promise<PreparedQuestion> {
    const now = new Date();
    const today = isoDay(now);
    const [user, status] = await Promise.all([deps.users.findById(userId), deps.subscriptionStatus(userId)]);
    if (!user) throw notFound('User not found');
    const limit = status.has_access ? null : deps.freeDailyMessages;
    const asked = await chat.askQuestion(userId, { conversationId: body.conversation_id, message: body.message, day: today, limit, historyLimit: HISTORY_MESSAGES });
    if (asked.kind !== 'asked') throw asked.kind === 'limit' ? allowanceExhausted(limit ?? 0) : notFound(chatTexts.conversationNotFound);
    const answers = (user.onboarding ?? {}) as { monthly_income?: unknown; main_goal?: unknown; help_with?: unknown };
    const profile: CoachProfile = {
      name: user.fullName,
      currency: user.currency,
      monthlyIncome: typeof answers.monthly_income === 'number' ? answers.monthly_income : null,
      mainGoal: typeof answers.main_goal === 'string' ? answers.main_goal : null,
      helpWith: Array.isArray(answers.help_with) ? answers.help_with.filter((v): v is string => typeof v === 'string') : [],
    };
    return {
      conversation: asked.conversation,
      question: toChatMessage(asked.message),
      allowance: allowanceFrom(limit, asked.used, now),
      request: {
        question: body.message,
        history: asked.history.filter((m) => m.content).map((m) => ({ role: m.role, content: m.content, ...(m.role === 'assistant' && m.metadata ? { meta: m.metadata } : {}) })),
        profile,
        tools: { data: deps.data(userId), currency: user.currency, today, now },
      },
    };
  }

  /** Runs the engine, passing every event on, and collects the answer; stops when `signal` aborts. */
  async function runCoach(request: CoachRequest, signal: AbortSignal, onEvent: (event: CoachEvent) => void, hold?: AnswerHold): Promise<Answer> {
    let text = '';
    let meta: Record<string, unknown> = { engine: engine.name };
    let holding = hold;
    try {
      for await (const event of engine.answer(request, signal)) {
        if (signal.aborted) break;
        if (event.type === 'text') text += event.text;
        if (event.type === 'meta') meta = { ...meta, ...event.meta };
        onEvent(event);
        if (holding && text.length >= HOLD_AFTER_CHARS) {
          await holding.wait(signal);
          holding = undefined;
        }
      }
      return { text, meta };
    } catch (failure) {
      return { text, meta, failure };
    }
  }

  /** Saves an answer (a stopped one only when something was said); null when nothing was saved. */
  async function saveAnswer(userId: string, conversationId: string, answer: Answer, stopped: boolean): Promise<ChatMessage | null> {
    if (stopped && !answer.text.trim()) return null;
    const saved = await chat.addMessage(userId, conversationId, {
      role: 'assistant',
      content: answer.text,
      status: stopped ? 'stopped' : 'complete',
      metadata: { ...answer.meta, ...(answer.failure ? { failed: true } : {}) },
    });
    return saved ? toChatMessage(saved.message) : null;
  }

  /** The whole answer at once; a failed or interrupted one is saved as stopped and refused (unavailable). */
  async function ask(userId: string, prepared: PreparedQuestion, signal: AbortSignal, log = deps.log) {
    const answer = await runCoach({ ...prepared.request, paced: false }, signal, () => undefined);
    const stopped = signal.aborted || answer.failure !== undefined;
    if (answer.failure) log.error({ err: answer.failure }, 'coach failed');
    const saved = await saveAnswer(userId, prepared.conversation.id, answer, stopped);
    if (answer.failure || !saved) throw new UnavailableError(COACH_FAILED);
    const current = (await chat.findConversation(userId, prepared.conversation.id)) ?? prepared.conversation;
    const reward: Reward | undefined = await rewards.record(userId, { type: 'coach.asked', conversationId: current.id });
    return {
      ...(reward ? { reward } : {}),
      response: saved.message,
      conversation_id: current.id,
      conversation_title: current.title,
      user_message: prepared.question,
      ai_message: saved,
      allowance: prepared.allowance,
    };
  }

  /**
   * The answer as stream chunks ([spec:7-chat], [spec:3-stream-chunk]): start, chunk and tool pieces, then done or error. A client
   * that leaves (signal) stops the answer; what was said so far is saved as stopped. Never throws.
   */
  async function stream(userId: string, prepared: PreparedQuestion, send: (chunk: StreamChunk) => void, signal: AbortSignal, log = deps.log): Promise<void> {
    const conversationId = prepared.conversation.id;
    try {
      send({ type: 'start', conversation_id: conversationId, conversation_title: prepared.conversation.title, user_message_id: prepared.question.chat_id, allowance: prepared.allowance });
      const answer = await runCoach(
        prepared.request,
        signal,
        (event) => {
          if (event.type === 'text') send({ type: 'chunk', content: event.text });
          else if (event.type === 'tool') send({ type: 'tool', name: event.name });
        },
        deps.holds?.take(userId),
      );
      const aborted = signal.aborted;
      if (answer.failure) log.error({ err: answer.failure }, 'coach failed mid-stream');
      const saved = await saveAnswer(userId, conversationId, answer, aborted || answer.failure !== undefined);
      if (aborted) {
        log.info({ conversationId, saved: Boolean(saved) }, 'coach stream stopped by the client');
      } else if (answer.failure || !saved) {
        send({ type: 'error', done: true, detail: COACH_FAILED, conversation_id: conversationId, ai_message_id: saved?.chat_id ?? null });
      } else {
        const reward = await rewards.record(userId, { type: 'coach.asked', conversationId });
        send({ type: 'done', done: true, conversation_id: conversationId, user_message_id: prepared.question.chat_id, ai_message_id: saved.chat_id, status: 'complete', allowance: prepared.allowance, ...(reward ? { reward } : {}) });
      }
    } catch (error) {
      log.error({ err: error }, 'coach stream failed');
      send({ type: 'error', done: true, detail: COACH_FAILED, conversation_id: conversationId, ai_message_id: null });
    }
  }

  // Answers being written, per user (per API process).
  const slots = answerSlots();

  return {
    allowanceOf,

    /** One question answered whole: a slot among the user's open answers, the question saved, the answer. */
    async answer(userId: string, body: { message: string; conversation_id?: string | null }, signal: AbortSignal, log = deps.log) {
      const release = slots.take(userId);
      try {
        return await ask(userId, await prepareQuestion(userId, body), signal, log);
      } finally {
        release();
      }
    },

    /**
     * One question answered as a stream. Refusals (answers at once, allowance, unknown conversation)
     * throw before `open` is called, so they reach the client as plain errors; then the answer goes to
     * the stream `open` gives, which is ended when the answer is. Answers that stream once it is open.
     */
    async answerStream<S extends AnswerStream>(userId: string, body: { message: string; conversation_id?: string | null }, open: () => S, log = deps.log): Promise<S> {
      const release = slots.take(userId);
      let prepared: PreparedQuestion;
      try {
        prepared = await prepareQuestion(userId, body);
      } catch (error) {
        release();
        throw error;
      }
      const out = open();
      void stream(userId, prepared, (chunk) => out.send(chunk), out.signal, log).finally(() => {
        release();
        out.end();
      });
      return out;
    },
  };
}
export type CoachConversations = ReturnType<typeof coachConversations>;

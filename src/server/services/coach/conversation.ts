import type { FastifyInstance } from 'fastify';
import type { ChatAllowance, ChatMessage, ConversationSummary } from '../../../contract/schemas/chat';
import { chatTexts } from '../../../contract/schemas/chat';
import { HttpError, notFound } from '../../errors';
import type { ChatMessageRow, ConversationRow } from '../../repositories/chat';
import { coachData } from './data';
import { HISTORY_MESSAGES } from './index';
import { isoDay } from './period';
import type { CoachEvent, CoachProfile, CoachRequest } from './types';

/** Over the free daily allowance: 429 (a limit that lifts), not 403 (which the app toasts as 'Access denied'). */
export const allowanceExhausted = (limit: number) =>
  new HttpError(
    429,
    `You've used your ${limit} free coach message${limit === 1 ? '' : 's'} for today. They renew at midnight UTC, or start your free trial for unlimited coaching.`,
  );

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

/** The daily coach allowance of a user: unlimited with a trial or plan, COACH_FREE_DAILY_MESSAGES without. */
export async function allowanceOf(app: FastifyInstance, userId: string, now = new Date()): Promise<ChatAllowance> {
  const [status, used] = await Promise.all([app.subscriptionStatus(userId), app.repos.chat.usage(userId, isoDay(now))]);
  return allowanceFrom(status.has_access ? null : app.config.coach.freeDailyMessages, used, now);
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

/**
 * Everything before the coach speaks, so a refusal is a plain JSON error: the conversation (a new one
 * titled by the question when none is given), the allowance, then the question saved and made current.
 */
export async function prepareQuestion(app: FastifyInstance, userId: string, body: { message: string; conversation_id?: string | null }): Promise<PreparedQuestion> {
  const { repos } = app;
  const now = new Date();
  const today = isoDay(now);
  if (body.conversation_id && !(await repos.chat.findConversation(userId, body.conversation_id))) throw notFound(chatTexts.conversationNotFound);
  const [user, status] = await Promise.all([repos.users.findById(userId), app.subscriptionStatus(userId)]);
  if (!user) throw notFound('User not found');
  const limit = status.has_access ? null : app.config.coach.freeDailyMessages;
  const used = await repos.chat.consumeAllowance(userId, today, limit);
  if (used === undefined) throw allowanceExhausted(limit ?? 0);
  try {
    const conversation = await repos.chat.conversationForQuestion(userId, body.conversation_id, body.message);
    if (!conversation) throw notFound(chatTexts.conversationNotFound);
    const history = await repos.chat.messages(userId, conversation.id, HISTORY_MESSAGES);
    const saved = await repos.chat.addMessage(userId, conversation.id, { role: 'user', content: body.message });
    if (!saved) throw notFound(chatTexts.conversationNotFound);
    await repos.chat.setCurrent(userId, conversation.id);
    const answers = (user.onboarding ?? {}) as { monthly_income?: unknown; main_goal?: unknown; help_with?: unknown };
    const profile: CoachProfile = {
      name: user.fullName,
      currency: user.currency,
      monthlyIncome: typeof answers.monthly_income === 'number' ? answers.monthly_income : null,
      mainGoal: typeof answers.main_goal === 'string' ? answers.main_goal : null,
      helpWith: Array.isArray(answers.help_with) ? answers.help_with.filter((v): v is string => typeof v === 'string') : [],
    };
    return {
      conversation: saved.conversation,
      question: toChatMessage(saved.message),
      allowance: allowanceFrom(limit, used, now),
      request: {
        question: body.message,
        history: history.filter((m) => m.content).map((m) => ({ role: m.role, content: m.content })),
        profile,
        tools: { data: coachData(app.db, userId), currency: user.currency, today, now },
      },
    };
  } catch (error) {
    // The question was never asked: it does not count against the day.
    await repos.chat.refundAllowance(userId, today).catch(() => undefined);
    throw error;
  }
}

export interface Answer {
  text: string;
  meta: Record<string, unknown>;
  /** Set when the engine failed part way. */
  failure?: unknown;
}

/** Runs the engine, passing every event on, and collects the answer; stops when `signal` aborts. */
export async function runCoach(app: FastifyInstance, request: CoachRequest, signal: AbortSignal, onEvent: (event: CoachEvent) => void): Promise<Answer> {
  let text = '';
  let meta: Record<string, unknown> = { engine: app.coach.name };
  try {
    for await (const event of app.coach.answer(request, signal)) {
      if (signal.aborted) break;
      if (event.type === 'text') text += event.text;
      if (event.type === 'meta') meta = { ...meta, ...event.meta };
      onEvent(event);
    }
    return { text, meta };
  } catch (failure) {
    return { text, meta, failure };
  }
}

/** Saves an answer (a stopped one only when something was said); null when nothing was saved. */
export async function saveAnswer(app: FastifyInstance, userId: string, conversationId: string, answer: Answer, stopped: boolean): Promise<ChatMessage | null> {
  if (stopped && !answer.text.trim()) return null;
  const saved = await app.repos.chat.addMessage(userId, conversationId, {
    role: 'assistant',
    content: answer.text,
    status: stopped ? 'stopped' : 'complete',
    metadata: { ...answer.meta, ...(answer.failure ? { failed: true } : {}) },
  });
  return saved ? toChatMessage(saved.message) : null;
}

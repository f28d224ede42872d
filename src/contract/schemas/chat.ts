import { z } from 'zod';
import { calendarDate, text } from './fields';
import { CHAT_LIMITS, CHAT_ROLES, MESSAGE_STATUSES } from '../chat';
import { CONVERSATION_SEARCH_DEFAULTS } from '../constants';
export * from '../chat';


// ---------------------------------------------------------------------------------------------
// Field validators

const queryFlag = (field: string) =>
  z
    .enum(['true', 'false', '1', '0', ''], { error: `${field} must be true or false` })
    .optional()
    .transform((v) => v === 'true' || v === '1');

const wholeNumber = (field: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be ${min} or more`)
    .max(max, `${field} must be at most ${max}`)
    .default(fallback);

const isoDay = (field: string) => calendarDate(field);

export const conversationId = z.uuid({ error: 'conversation_id must be a conversation id (a UUID)' });
export const conversationIdParams = z.object({ id: z.uuid({ error: 'id must be a conversation id (a UUID)' }) });

// ---------------------------------------------------------------------------------------------
// Requests

export const adviceRequest = z.object({
  message: text('message')
    .trim()
    .min(1, 'message is required')
    .max(CHAT_LIMITS.message, `message must be at most ${CHAT_LIMITS.message} characters`),
  /** Absent or null: the answer goes to a new conversation titled by this question. */
  conversation_id: conversationId.nullable().optional(),
});

export const renameRequest = z.object({
  new_title: text('new_title')
    .trim()
    .min(1, 'new_title is required')
    .max(CHAT_LIMITS.title, `new_title must be at most ${CHAT_LIMITS.title} characters`),
});

export const startConversationRequest = z
  .object({ title: text('title').trim().max(CHAT_LIMITS.title, `title must be at most ${CHAT_LIMITS.title} characters`).optional() })
  .nullish();

export const userConversationsQuery = z.object({
  limit: wholeNumber('limit', 1, CHAT_LIMITS.pageSize, 20),
  page: wholeNumber('page', 1, 10_000, 1),
  /** Conversations active on or after this day (UTC). */
  from: isoDay('from').optional(),
  /** Conversations active on or before this day (UTC). */
  to: isoDay('to').optional(),
  /** Only conversations with (true) or without (false) messages. */
  has_messages: z.enum(['true', 'false'], { error: 'has_messages must be true or false' }).optional(),
});

export const searchQuery = z.object({
  search: text('search').trim().max(CHAT_LIMITS.search, `search must be at most ${CHAT_LIMITS.search} characters`).default(''),
  limit: wholeNumber('limit', 1, CHAT_LIMITS.pageSize, CONVERSATION_SEARCH_DEFAULTS.limit),
  page: wholeNumber('page', 1, 10_000, CONVERSATION_SEARCH_DEFAULTS.page),
});

export const conversationDetailsQuery = z.object({ include_metadata: queryFlag('include_metadata') });

export const historyQuery = z.object({
  limit: wholeNumber('limit', 1, CHAT_LIMITS.historyMaxLimit, CHAT_LIMITS.historyDefaultLimit),
  offset: wholeNumber('offset', 0, 100_000, 0),
  conversation_id: conversationId.optional(),
});

export const clearMemoryQuery = z.object({
  /** true: only the messages of one conversation (conversation_id, else the current one); false: every conversation. */
  conversation_only: queryFlag('conversation_only'),
  conversation_id: conversationId.optional(),
});

// ---------------------------------------------------------------------------------------------
// Responses

/** A chat message ([spec:3-chat-message]): role is 'user' or anything else, which clients show as the coach. */
export const chatMessage = z
  .object({
    chat_id: z.string(),
    conversation_id: z.string(),
    role: z.enum(CHAT_ROLES),
    message: z.string(),
    timestamp: z.string().describe('ISO 8601'),
    status: z.enum(MESSAGE_STATUSES),
  })
  .meta({ id: 'ChatMessage' });

/** Today's coach messages: unlimited with a trial or plan, COACH_FREE_DAILY_MESSAGES a day without. */
export const allowance = z
  .object({
    unlimited: z.boolean(),
    /** Messages a day without access; null when unlimited. */
    daily_limit: z.number().int().nullable(),
    used_today: z.number().int(),
    remaining_today: z.number().int().nullable(),
    /** When the count starts again (next midnight UTC). */
    resets_at: z.string(),
  })
  .meta({ id: 'ChatAllowance' });

const metadata = z.record(z.string(), z.unknown());

export const conversationSummary = z
  .object({
    conversation_id: z.string(),
    conversation_title: z.string(),
    message_count: z.number().int(),
    last_message_preview: z.string().nullable(),
    is_current: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    metadata,
  })
  .meta({ id: 'ConversationSummary' });

/** A conversation ([spec:3-conversation]): id, title, messages (oldest first) and metadata. */
export const conversation = conversationSummary
  .extend({
    messages: z.array(chatMessage),
  })
  .meta({ id: 'Conversation' });

export const conversationsResponse = z.object({
  conversations: z.array(conversationSummary),
  total_conversations: z.number().int(),
  current_conversation_id: z.string().nullable(),
});

export const conversationPage = conversationsResponse.extend({
  page: z.number().int(),
  limit: z.number().int(),
  total_pages: z.number().int(),
  search: z.string().optional(),
});

export const conversationDetails = conversation.extend({
  statistics: z.object({
    user_messages: z.number().int(),
    ai_messages: z.number().int(),
    stopped_answers: z.number().int(),
    first_message_at: z.string().nullable(),
    last_message_at: z.string().nullable(),
  }),
  /** Per answer: the engine, the intent the built-in coach recognised, the tools it used (include_metadata=true only). */
  message_metadata: z.array(z.object({ chat_id: z.string(), metadata })).optional(),
});

export const adviceResponse = z.object({
  response: z.string(),
  conversation_id: z.string(),
  conversation_title: z.string(),
  user_message: chatMessage,
  ai_message: chatMessage,
  allowance,
});

export const renameResponse = z.object({ conversation_id: z.string(), conversation_title: z.string(), message: z.string() });

export const deleteConversationResponse = z.object({ conversation_id: z.string(), message: z.string() });

/** One exchange: the user's question and the coach's answer to it ([spec:3-chat-message]: message and response). */
export const historyEntry = z.object({
  chat_id: z.string(),
  conversation_id: z.string(),
  conversation_title: z.string(),
  role: z.literal('user'),
  message: z.string(),
  response: z.string().nullable(),
  response_status: z.enum(MESSAGE_STATUSES).nullable(),
  timestamp: z.string(),
});

export const historyResponse = z.object({ history: z.array(historyEntry), total: z.number().int(), limit: z.number().int(), offset: z.number().int() });

export const clearMemoryResponse = z.object({
  message: z.string(),
  conversation_only: z.boolean(),
  conversation_id: z.string().nullable(),
  deleted_conversations: z.number().int(),
  deleted_messages: z.number().int(),
});

export const chatStatistics = z
  .object({
    total_conversations: z.number().int(),
    total_messages: z.number().int(),
    user_messages: z.number().int(),
    ai_messages: z.number().int(),
    first_message_at: z.string().nullable(),
    last_message_at: z.string().nullable(),
    current_conversation_id: z.string().nullable(),
    /** 'builtin' or 'openai-compatible'. */
    engine: z.string(),
    allowance,
  })
  .meta({ id: 'ChatStatistics' });

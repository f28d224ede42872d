import { sql } from 'drizzle-orm';
import { bigint, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * AI coach conversations. message_count and last_message_preview are kept by the repository in
 * the same transaction as each message, so the sidebar list never counts messages.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** default: not titled yet (the first question titles it); question: titled by it; user: renamed. */
    titleSource: text('title_source', { enum: ['default', 'question', 'user'] }).notNull().default('default'),
    messageCount: integer('message_count').notNull().default(0),
    lastMessagePreview: text('last_message_preview'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('chat_conversations_user_updated_idx').on(t.userId, t.updatedAt, t.id)],
);

/** Questions and answers. seq orders the messages of a conversation (a question is always saved before its answer). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    status: text('status', { enum: ['complete', 'stopped'] }).notNull().default('complete'),
    /** Answers: engine, intent, tools used, period covered. */
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    /** Word index for conversation search ('simple': no stemming, any language). */
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, left(content, 20000))`),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('chat_messages_conversation_seq_idx').on(t.conversationId, t.seq),
    index('chat_messages_user_created_idx').on(t.userId, t.createdAt),
    index('chat_messages_search_idx').using('gin', t.search),
  ],
);

/** The conversation a user is in (POST /chat/switch-conversation), so it reopens on any device. */
export const chatUserState = pgTable('chat_user_state', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  currentConversationId: uuid('current_conversation_id').references(() => chatConversations.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/**
 * Questions asked per user and UTC day: the free daily allowance reads and bumps this row
 * atomically. Deleting conversations does not give messages back.
 */
export const chatDailyUsage = pgTable(
  'chat_daily_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    messages: integer('messages').notNull(),
  },
  (t) => [primaryKey({ name: 'chat_daily_usage_pkey', columns: [t.userId, t.day] })],
);

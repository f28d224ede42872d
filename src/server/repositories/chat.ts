import { and, asc, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { CHAT_LIMITS, NEW_CONVERSATION_TITLE } from '../../contract/chat';
import type { Db } from '../db/client';
import { chatConversations, chatDailyUsage, chatMessages, chatUserState } from '../db/schema';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;

export interface ConversationFilter {
  limit: number;
  offset: number;
  /** Active on or after / before these UTC days. */
  from?: string;
  to?: string;
  hasMessages?: boolean;
  /** Words to find in titles and messages. */
  search?: string;
}

export interface NewMessage {
  role: ChatMessageRow['role'];
  content: string;
  status?: ChatMessageRow['status'];
  metadata?: Record<string, unknown> | null;
}

export interface HistoryRow {
  id: string;
  conversationId: string;
  conversationTitle: string;
  content: string;
  createdAt: Date;
  response: string | null;
  responseStatus: ChatMessageRow['status'] | null;
}

const PREVIEW_LENGTH = 120;

/** A conversation of this user (never another user's). */
const owned = (userId: string, conversationId: string) => and(eq(chatConversations.id, conversationId), eq(chatConversations.userId, userId));

/** "groceries may" → 'groceries:* & may:*' (prefix match on every word); null when no word is left. */
export function toPrefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The first question, cut at a word, as a conversation title. */
export function titleFromQuestion(question: string): string {
  const flat = question.replace(/\s+/g, ' ').trim();
  if (flat.length <= CHAT_LIMITS.autoTitle) return flat;
  const cut = flat.slice(0, CHAT_LIMITS.autoTitle);
  const space = cut.lastIndexOf(' ');
  return `${(space > 20 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** Coach conversations, messages, the current conversation and the daily allowance; every query is scoped by user_id. */
export function chatRepository(db: Db) {
  const filterOf = (userId: string, filter: Omit<ConversationFilter, 'limit' | 'offset'>): SQL => {
    const parts: (SQL | undefined)[] = [eq(chatConversations.userId, userId)];
    if (filter.from) parts.push(gte(chatConversations.updatedAt, sql`${filter.from}::date`));
    if (filter.to) parts.push(sql`${chatConversations.updatedAt} < (${filter.to}::date + 1)`);
    if (filter.hasMessages !== undefined) parts.push(filter.hasMessages ? sql`${chatConversations.messageCount} > 0` : eq(chatConversations.messageCount, 0));
    const search = filter.search?.trim();
    if (search) {
      const query = toPrefixQuery(search);
      const inTitle = sql`${chatConversations.title} ilike ${`%${escapeLike(search)}%`}`;
      parts.push(
        query
          ? sql`(${inTitle} or ${chatConversations.id} in (select ${chatMessages.conversationId} from ${chatMessages} where ${chatMessages.userId} = ${userId} and ${chatMessages.search} @@ to_tsquery('simple', ${query})))`
          : inTitle,
      );
    }
    return and(...parts)!;
  };

  return {
    /** Most recently active first. */
    async listConversations(userId: string, filter: ConversationFilter): Promise<{ rows: ConversationRow[]; total: number }> {
      const where = filterOf(userId, filter);
      const [rows, [{ n } = { n: 0 }]] = await Promise.all([
        db.select().from(chatConversations).where(where).orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id)).limit(filter.limit).offset(filter.offset),
        db.select({ n: count() }).from(chatConversations).where(where),
      ]);
      return { rows, total: n };
    },

    async findConversation(userId: string, conversationId: string): Promise<ConversationRow | undefined> {
      const rows = await db.select().from(chatConversations).where(owned(userId, conversationId)).limit(1);
      return rows[0];
    },

    /**
     * A new conversation that becomes the current one. An untouched conversation (no messages, never
     * titled) is reused instead, so pressing "New conversation" twice does not leave empty ones behind.
     */
    async startConversation(userId: string, title?: string): Promise<ConversationRow> {
      return db.transaction(async (tx) => {
        const [empty] = title
          ? []
          : await tx
              .select()
              .from(chatConversations)
              .where(and(eq(chatConversations.userId, userId), eq(chatConversations.messageCount, 0), eq(chatConversations.titleSource, 'default')))
              .orderBy(desc(chatConversations.updatedAt))
              .limit(1)
              .for('update');
        let row = empty;
        if (row) {
          [row] = await tx.update(chatConversations).set({ updatedAt: sql`now()` }).where(eq(chatConversations.id, row.id)).returning();
        } else {
          [row] = await tx
            .insert(chatConversations)
            .values({ userId, title: title || NEW_CONVERSATION_TITLE, titleSource: title ? 'user' : 'default' })
            .returning();
        }
        await setCurrentIn(tx, userId, row!.id);
        return row!;
      });
    },

    async currentConversationId(userId: string): Promise<string | null> {
      const rows = await db.select({ id: chatUserState.currentConversationId }).from(chatUserState).where(eq(chatUserState.userId, userId)).limit(1);
      return rows[0]?.id ?? null;
    },

    async setCurrent(userId: string, conversationId: string | null): Promise<void> {
      await setCurrentIn(db, userId, conversationId);
    },

    async rename(userId: string, conversationId: string, title: string): Promise<ConversationRow | undefined> {
      const rows = await db.update(chatConversations).set({ title, titleSource: 'user' }).where(owned(userId, conversationId)).returning();
      return rows[0];
    },

    async deleteConversation(userId: string, conversationId: string): Promise<boolean> {
      const rows = await db.delete(chatConversations).where(owned(userId, conversationId)).returning({ id: chatConversations.id });
      return rows.length > 0;
    },

    /** The newest `limit` messages of a conversation, oldest first. */
    async messages(userId: string, conversationId: string, limit: number = CHAT_LIMITS.conversationMessages): Promise<ChatMessageRow[]> {
      return messagesIn(db, userId, conversationId, limit);
    },

    /**
     * Saves a message and, in the same transaction, the conversation's count, preview and activity
     * time; the first question titles a conversation that has no title yet.
     */
    async addMessage(userId: string, conversationId: string, message: NewMessage): Promise<{ message: ChatMessageRow; conversation: ConversationRow } | undefined> {
      return db.transaction(async (tx) => {
        const [conversation] = await tx.select().from(chatConversations).where(owned(userId, conversationId)).for('update');
        if (!conversation) return undefined;
        return addMessageIn(tx, userId, conversation, message);
      });
    },

    /**
     * Everything that must be on disk before the coach answers a question, in one transaction (one
     * durable commit): the conversation (the given one, locked, else a new one titled by the
     * question), one question counted against the day (only while below `limit`: the upsert locks
     * the day's row, so concurrent questions count one after the other and cannot both take the
     * last one), the newest `historyLimit` messages before it, the question saved and the
     * conversation made current. A refusal ('no_conversation', 'limit') writes nothing.
     */
    async askQuestion(
      userId: string,
      q: { conversationId?: string | null; message: string; day: string; limit: number | null; historyLimit: number },
    ): Promise<AskOutcome> {
      try {
        return await db.transaction(async (tx) => {
          let conversation: ConversationRow | undefined;
          if (q.conversationId) {
            [conversation] = await tx.select().from(chatConversations).where(owned(userId, q.conversationId)).for('update');
            if (!conversation) throw new Refusal('no_conversation');
          }
          const used = await consumeIn(tx, userId, q.day, q.limit);
          if (used === undefined) throw new Refusal('limit');
          let history: ChatMessageRow[] = [];
          if (conversation) {
            history = await messagesIn(tx, userId, conversation.id, q.historyLimit);
          } else {
            [conversation] = await tx.insert(chatConversations).values({ userId, title: titleFromQuestion(q.message), titleSource: 'question' }).returning();
          }
          const saved = await addMessageIn(tx, userId, conversation!, { role: 'user', content: q.message });
          await setCurrentIn(tx, userId, conversation!.id);
          return { kind: 'asked' as const, used, history, ...saved };
        });
      } catch (error) {
        if (error instanceof Refusal) return { kind: error.kind };
        throw error;
      }
    },

    /** Questions with the answer that followed each, newest first. */
    async history(userId: string, options: { limit: number; offset: number; conversationId?: string }): Promise<{ rows: HistoryRow[]; total: number }> {
      const where = and(eq(chatMessages.userId, userId), eq(chatMessages.role, 'user'), options.conversationId ? eq(chatMessages.conversationId, options.conversationId) : undefined);
      const answer = sql`(select a.content from chat_messages a where a.conversation_id = ${chatMessages.conversationId} and a.seq > ${chatMessages.seq} and a.role = 'assistant' order by a.seq limit 1)`;
      const answerStatus = sql`(select a.status from chat_messages a where a.conversation_id = ${chatMessages.conversationId} and a.seq > ${chatMessages.seq} and a.role = 'assistant' order by a.seq limit 1)`;
      const [rows, [{ n } = { n: 0 }]] = await Promise.all([
        db
          .select({
            id: chatMessages.id,
            conversationId: chatMessages.conversationId,
            conversationTitle: chatConversations.title,
            content: chatMessages.content,
            createdAt: chatMessages.createdAt,
            response: sql<string | null>`${answer}`,
            responseStatus: sql<ChatMessageRow['status'] | null>`${answerStatus}`,
          })
          .from(chatMessages)
          .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
          .where(where)
          .orderBy(desc(chatMessages.createdAt), desc(chatMessages.seq))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ n: count() }).from(chatMessages).where(where),
      ]);
      return { rows, total: n };
    },

    /** Empties one conversation (it stays, untitled again only if it never had a question). */
    async clearConversation(userId: string, conversationId: string): Promise<number> {
      return db.transaction(async (tx) => {
        const [conversation] = await tx.select({ id: chatConversations.id }).from(chatConversations).where(owned(userId, conversationId)).for('update');
        if (!conversation) return 0;
        const deleted = await tx.delete(chatMessages).where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.userId, userId))).returning({ id: chatMessages.id });
        await tx.update(chatConversations).set({ messageCount: 0, lastMessagePreview: null, updatedAt: sql`now()` }).where(eq(chatConversations.id, conversationId));
        return deleted.length;
      });
    },

    /** Deletes every conversation and message of the user (the daily allowance count stays). */
    async clearAll(userId: string): Promise<{ conversations: number; messages: number }> {
      return db.transaction(async (tx) => {
        const [{ messages } = { messages: 0 }] = await tx
          .select({ messages: sql<number>`coalesce(sum(${chatConversations.messageCount}), 0)::int` })
          .from(chatConversations)
          .where(eq(chatConversations.userId, userId));
        const deleted = await tx.delete(chatConversations).where(eq(chatConversations.userId, userId)).returning({ id: chatConversations.id });
        return { conversations: deleted.length, messages: Number(messages) };
      });
    },

    async statistics(userId: string) {
      const [conversations] = await db
        .select({ total: count(), messages: sql<number>`coalesce(sum(${chatConversations.messageCount}), 0)::int` })
        .from(chatConversations)
        .where(eq(chatConversations.userId, userId));
      const byRole = await db
        .select({ role: chatMessages.role, n: count(), first: sql<string | null>`min(${chatMessages.createdAt})`, last: sql<string | null>`max(${chatMessages.createdAt})` })
        .from(chatMessages)
        .where(eq(chatMessages.userId, userId))
        .groupBy(chatMessages.role);
      const firsts = byRole.map((r) => r.first).filter((v): v is string => Boolean(v)).map((v) => new Date(v).getTime());
      const lasts = byRole.map((r) => r.last).filter((v): v is string => Boolean(v)).map((v) => new Date(v).getTime());
      return {
        conversations: conversations?.total ?? 0,
        messages: Number(conversations?.messages ?? 0),
        userMessages: byRole.find((r) => r.role === 'user')?.n ?? 0,
        aiMessages: byRole.find((r) => r.role === 'assistant')?.n ?? 0,
        firstMessageAt: firsts.length ? new Date(Math.min(...firsts)) : null,
        lastMessageAt: lasts.length ? new Date(Math.max(...lasts)) : null,
      };
    },

    async conversationStatistics(userId: string, conversationId: string) {
      const rows = await db
        .select({ role: chatMessages.role, status: chatMessages.status, n: count(), first: sql<string | null>`min(${chatMessages.createdAt})`, last: sql<string | null>`max(${chatMessages.createdAt})` })
        .from(chatMessages)
        .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.userId, userId)))
        .groupBy(chatMessages.role, chatMessages.status);
      const times = (pick: 'first' | 'last') => rows.map((r) => r[pick]).filter((v): v is string => Boolean(v)).map((v) => new Date(v).getTime());
      const firsts = times('first');
      const lasts = times('last');
      return {
        userMessages: rows.filter((r) => r.role === 'user').reduce((s, r) => s + r.n, 0),
        aiMessages: rows.filter((r) => r.role === 'assistant').reduce((s, r) => s + r.n, 0),
        stoppedAnswers: rows.filter((r) => r.role === 'assistant' && r.status === 'stopped').reduce((s, r) => s + r.n, 0),
        firstMessageAt: firsts.length ? new Date(Math.min(...firsts)) : null,
        lastMessageAt: lasts.length ? new Date(Math.max(...lasts)) : null,
      };
    },

    /** Messages asked on a UTC day. */
    async usage(userId: string, day: string): Promise<number> {
      const rows = await db.select({ n: chatDailyUsage.messages }).from(chatDailyUsage).where(and(eq(chatDailyUsage.userId, userId), eq(chatDailyUsage.day, day))).limit(1);
      return rows[0]?.n ?? 0;
    },

    /** Answers' metadata of a conversation (engine, intent, tools), for conversation-details. */
    async answerMetadata(userId: string, conversationId: string, ids: string[]) {
      if (!ids.length) return [];
      return db
        .select({ id: chatMessages.id, metadata: chatMessages.metadata })
        .from(chatMessages)
        .where(and(eq(chatMessages.userId, userId), eq(chatMessages.conversationId, conversationId), inArray(chatMessages.id, ids), eq(chatMessages.role, 'assistant')))
        .orderBy(asc(chatMessages.seq));
    },
  };
}
export type ChatRepository = ReturnType<typeof chatRepository>;

/** What `askQuestion` did: the question saved (with the day's new count and the history before it), or why not. */
export type AskOutcome =
  | { kind: 'asked'; used: number; history: ChatMessageRow[]; message: ChatMessageRow; conversation: ConversationRow }
  | { kind: 'no_conversation' | 'limit' };

/** Thrown inside `askQuestion`'s transaction to roll it back with a reason. */
class Refusal extends Error {
  constructor(readonly kind: 'no_conversation' | 'limit') {
    super(kind);
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Saves a message in a conversation the caller has locked and, with it, the conversation's count,
 * preview and activity time; the first question titles a conversation that has no title yet.
 */
async function addMessageIn(tx: Tx, userId: string, conversation: ConversationRow, message: NewMessage): Promise<{ message: ChatMessageRow; conversation: ConversationRow }> {
  const [saved] = await tx
    .insert(chatMessages)
    .values({ conversationId: conversation.id, userId, role: message.role, content: message.content, status: message.status ?? 'complete', metadata: message.metadata ?? null })
    .returning();
  const retitle = message.role === 'user' && conversation.titleSource === 'default';
  const preview = message.content.replace(/\s+/g, ' ').trim().slice(0, PREVIEW_LENGTH);
  const [updated] = await tx
    .update(chatConversations)
    .set({
      messageCount: sql`${chatConversations.messageCount} + 1`,
      lastMessagePreview: preview || conversation.lastMessagePreview,
      updatedAt: sql`now()`,
      ...(retitle ? { title: titleFromQuestion(message.content), titleSource: 'question' as const } : {}),
    })
    .where(eq(chatConversations.id, conversation.id))
    .returning();
  return { message: saved!, conversation: updated! };
}

/** The newest `limit` messages of a conversation, oldest first. */
async function messagesIn(db: Pick<Db, 'select'>, userId: string, conversationId: string, limit: number): Promise<ChatMessageRow[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.userId, userId)))
    .orderBy(desc(chatMessages.seq))
    .limit(limit);
  return rows.reverse();
}

/**
 * Counts one question against the day. With a limit, the count only moves while it is below it
 * (one atomic statement, so concurrent questions cannot both take the last one); answers the new
 * count, or undefined when the limit is already reached.
 */
async function consumeIn(db: Pick<Db, 'insert'>, userId: string, day: string, limit: number | null): Promise<number | undefined> {
  if (limit !== null && limit <= 0) return undefined;
  const rows = await db
    .insert(chatDailyUsage)
    .values({ userId, day, messages: 1 })
    .onConflictDoUpdate({
      target: [chatDailyUsage.userId, chatDailyUsage.day],
      set: { messages: sql`${chatDailyUsage.messages} + 1` },
      ...(limit === null ? {} : { setWhere: sql`${chatDailyUsage.messages} < ${limit}` }),
    })
    .returning({ n: chatDailyUsage.messages });
  return rows[0]?.n;
}

async function setCurrentIn(db: Pick<Db, 'insert'>, userId: string, conversationId: string | null) {
  await db
    .insert(chatUserState)
    .values({ userId, currentConversationId: conversationId })
    .onConflictDoUpdate({ target: chatUserState.userId, set: { currentConversationId: conversationId, updatedAt: sql`now()` } });
}

import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  link?: string;
}

export function outboxRepository(db: Db) {
  return {
    async add(message: OutboxMessage): Promise<void> {
      await db.insert(outbox).values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, link: message.link ?? null });
    },
    /** Newest first, optionally only the mail sent to one address. */
    async latest(limit: number, to?: string) {
      const query = db.select().from(outbox);
      const filtered = to ? query.where(eq(sql`lower(${outbox.to})`, to.toLowerCase())) : query;
      return filtered.orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit);
    },
  };
}
export type OutboxRepository = ReturnType<typeof outboxRepository>;

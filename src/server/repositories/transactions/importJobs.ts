import { and, asc, desc, eq, getTableColumns, inArray, lt, or, sql } from 'drizzle-orm';
import type { ImportLineError } from '../../db/schema';
import type { Db } from '../../db/client';
import { importJobs, transactions } from '../../db/schema';
import type { ImportJobRow, Queryable, NewTransaction } from './types';
import { isUuid } from './query';
import { importActions } from '../importActions';

/** Import jobs: progress moves with the inserted rows in one transaction (see the import runner). */
export function importJobsRepository(db: Db) {
  const ownedJob = (userId: string, id: string) => and(eq(importJobs.userId, userId), eq(importJobs.id, id));
  return {
    async create(userId: string, input: { fileName: string | null; content: string; rowsTotal: number; mapping: Record<string, unknown>; format: ImportJobRow['format'] }): Promise<ImportJobRow> {
      const [row] = await db.insert(importJobs).values({ userId, fileName: input.fileName, content: input.content, rowsTotal: input.rowsTotal, mapping: input.mapping, format: input.format }).returning();
      return row!;
    },
    async get(userId: string, id: string): Promise<ImportJobRow | undefined> {
      if (!isUuid(id)) return undefined;
      const rows = await db.select().from(importJobs).where(ownedJob(userId, id)).limit(1);
      return rows[0];
    },
    async getById(id: string): Promise<ImportJobRow | undefined> {
      const rows = await db.select().from(importJobs).where(eq(importJobs.id, id)).limit(1);
      return rows[0];
    },
    async recent(userId: string, limit: number): Promise<Omit<ImportJobRow, 'content'>[]> {
      const { content: _content, ...columns } = getTableColumns(importJobs);
      return db.select(columns).from(importJobs).where(eq(importJobs.userId, userId)).orderBy(desc(importJobs.createdAt), desc(importJobs.id)).limit(limit);
    },
    async setPreviewMapping(userId: string, id: string, mapping: Record<string, unknown>): Promise<void> {
      await db.update(importJobs).set({ mapping, updatedAt: sql`now()` }).where(and(ownedJob(userId, id), eq(importJobs.status, 'uploaded')));
    },
    /** The user's import that is queued or running, if any (one at a time per user). */
    async active(userId: string): Promise<{ id: string } | undefined> {
      const rows = await db
        .select({ id: importJobs.id })
        .from(importJobs)
        .where(and(eq(importJobs.userId, userId), inArray(importJobs.status, ['queued', 'running'])))
        .limit(1);
      return rows[0];
    },
    /** uploaded → queued with the chosen mapping; undefined when the job is not waiting for a commit. */
    async queue(userId: string, id: string, mapping: Record<string, unknown>, rowsTotal: number): Promise<ImportJobRow | undefined> {
      const rows = await db
        .update(importJobs)
        .set({ status: 'queued', mapping, rowsTotal, updatedAt: sql`now()` })
        .where(and(ownedJob(userId, id), eq(importJobs.status, 'uploaded')))
        .returning();
      return rows[0];
    },
    /**
     * Takes a queued job, or a running one whose worker went quiet for `staleMs` (a restart), for
     * this worker. Answers the job when the claim won.
     */
    async claim(id: string, staleMs: number): Promise<ImportJobRow | undefined> {
      const rows = await db
        .update(importJobs)
        .set({ status: 'running', startedAt: sql`coalesce(${importJobs.startedAt}, now())`, updatedAt: sql`now()` })
        .where(
          and(
            eq(importJobs.id, id),
            or(
              eq(importJobs.status, 'queued'),
              and(eq(importJobs.status, 'running'), lt(importJobs.updatedAt, sql`now() - make_interval(secs => ${staleMs / 1000})`)),
            ),
          ),
        )
        .returning();
      return rows[0];
    },
    /** Jobs any worker may pick up: queued, or running without a heartbeat for `staleMs`. */
    async claimable(staleMs: number): Promise<string[]> {
      const rows = await db
        .select({ id: importJobs.id })
        .from(importJobs)
        .where(
          or(
            and(eq(importJobs.status, 'queued'), lt(importJobs.updatedAt, sql`now() - make_interval(secs => ${staleMs / 1000})`)),
            and(eq(importJobs.status, 'running'), lt(importJobs.updatedAt, sql`now() - make_interval(secs => ${staleMs / 1000})`)),
          ),
        )
        .orderBy(asc(importJobs.createdAt))
        .limit(20);
      return rows.map((r) => r.id);
    },
    /**
     * Writes one batch: checks the job is still ours at the expected position (locking its row
     * first, so a cancel waits for us or we see it), inserts the rows, advances the counters.
     * Answers false, writing nothing, when the job was cancelled or taken over.
     */
    async writeBatch(
      job: { id: string; userId: string; rowsDone: number },
      batch: { rows: NewTransaction[]; processed: number; duplicates: number; matched: number; failed: number; errors: ImportLineError[] },
      insert: (tx: Queryable) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ status: importJobs.status, rowsDone: importJobs.rowsDone, errors: importJobs.errors })
          .from(importJobs)
          .where(eq(importJobs.id, job.id))
          .for('update');
        if (!locked || locked.status !== 'running' || locked.rowsDone !== job.rowsDone) return false;
        await insert(tx);
        const errors = batch.errors.length > 0 ? [...locked.errors, ...batch.errors].slice(0, 100) : locked.errors;
        await tx
          .update(importJobs)
          .set({
            rowsDone: sql`${importJobs.rowsDone} + ${batch.processed}`,
            rowsImported: sql`${importJobs.rowsImported} + ${batch.rows.length}`,
            rowsDuplicate: sql`${importJobs.rowsDuplicate} + ${batch.duplicates}`,
            rowsMatched: sql`${importJobs.rowsMatched} + ${batch.matched}`,
            rowsFailed: sql`${importJobs.rowsFailed} + ${batch.failed}`,
            errors,
            updatedAt: sql`now()`,
          })
          .where(eq(importJobs.id, job.id));
        return true;
      });
    },
    async finish(id: string, status: 'completed' | 'failed', failure: string | null = null): Promise<void> {
      await db
        .update(importJobs)
        .set({ status, failure, content: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(importJobs.id, id), inArray(importJobs.status, ['queued', 'running'])));
    },
    /** Cancels the job if unfinished and deletes every transaction it added, in one transaction. */
    async discard(userId: string, id: string): Promise<{ deleted: number; status: ImportJobRow['status'] } | undefined> {
      if (!isUuid(id)) return undefined;
      return db.transaction(async (tx) => {
        const [job] = await tx.select({ status: importJobs.status }).from(importJobs).where(ownedJob(userId, id)).for('update');
        if (!job) return undefined;
        const status = job.status === 'completed' || job.status === 'failed' ? job.status : 'cancelled';
        await tx.update(importJobs).set({ status, content: null, finishedAt: sql`coalesce(${importJobs.finishedAt}, now())`, updatedAt: sql`now()` }).where(eq(importJobs.id, id));
        const deleted = await tx
          .delete(transactions)
          .where(and(eq(transactions.userId, userId), eq(transactions.importId, id)))
          .returning({ id: transactions.id });
        // Rows of other accounts its rules made the other leg of a transfer are standalone again.
        await importActions.undoTransfers(tx, userId, id);
        // Hand-typed rows this import linked to bank rows are as they were before it.
        await tx
          .update(transactions)
          .set({ bankId: null, linkedImportId: null })
          .where(and(eq(transactions.userId, userId), eq(transactions.linkedImportId, id)));
        return { deleted: deleted.length, status };
      });
    },
    /** Forgets uploads nobody committed within `olderThanMs`. */
    async pruneUploads(olderThanMs: number): Promise<void> {
      await db.delete(importJobs).where(and(eq(importJobs.status, 'uploaded'), lt(importJobs.updatedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`)));
    },
  };
}

import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authThrottles, exportJobs, identities, outbox, supportMessages, tokenTransfers, users, web3Nonces } from '../db/schema';

export type ExportJobRow = Omit<typeof exportJobs.$inferSelect, 'file'>;

/** A table holding rows of one user: every table of the schema with a user_id column. */
export interface UserTable {
  name: string;
  /** Primary key columns (a stable order for paging). */
  key: string[];
  /** Tables whose foreign keys point at this one (to delete them first). */
  referencedBy: string[];
}

/** Columns never written to an export: secrets and derived search data. */
const HIDDEN_COLUMNS = ['password_hash', 'token_hash', 'search', 'duplicate_key', 'file', 'secret', 'private_key', 'encrypted_private_key', 'encrypted_key', 'nonce'];
/** Tables whose rows are secrets of the sign-in machinery, not the user's data. */
const NOT_EXPORTED = new Set(['email_tokens', 'export_jobs']);
/** Tables the export lists in a reader's order rather than by key: transactions by date, oldest first (then id, so pages are stable). */
const EXPORT_ORDER: Record<string, string[]> = { transactions: ['date', 'id'] };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/**
 * Account-wide operations: the user's tables found from the database catalogue (so tables added
 * later are covered without a list to maintain), deletion in one transaction, export jobs, support messages.
 */
export function accountRepository(db: Db) {
  async function userTables(): Promise<UserTable[]> {
    const tables = rowsOf<{ name: string }>(
      await db.execute(sql`
        select c.table_name as name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = current_schema() and c.column_name = 'user_id'
        order by c.table_name`),
    ).map((r) => r.name);
    const keys = rowsOf<{ table_name: string; column_name: string }>(
      await db.execute(sql`
        select k.table_name, k.column_name from information_schema.table_constraints tc
        join information_schema.key_column_usage k on k.constraint_name = tc.constraint_name and k.table_schema = tc.table_schema and k.table_name = tc.table_name
        where tc.table_schema = current_schema() and tc.constraint_type = 'PRIMARY KEY'
        order by k.table_name, k.ordinal_position`),
    );
    const edges = rowsOf<{ child: string; parent: string }>(
      await db.execute(sql`
        select distinct cl.relname as child, pl.relname as parent from pg_constraint con
        join pg_class cl on cl.oid = con.conrelid join pg_class pl on pl.oid = con.confrelid
        join pg_namespace n on n.oid = cl.relnamespace
        where con.contype = 'f' and n.nspname = current_schema() and cl.relname <> pl.relname`),
    );
    return tables.map((name) => ({
      name,
      key: keys.filter((k) => k.table_name === name).map((k) => k.column_name),
      referencedBy: edges.filter((e) => e.parent === name && tables.includes(e.child)).map((e) => e.child),
    }));
  }

  /** Children before parents, so a foreign key without ON DELETE CASCADE never blocks a delete. */
  function deletionOrder(tables: UserTable[]): string[] {
    const order: string[] = [];
    const seen = new Set<string>();
    const visit = (name: string, path: Set<string>) => {
      if (seen.has(name) || path.has(name)) return;
      path.add(name);
      for (const child of tables.find((t) => t.name === name)?.referencedBy ?? []) visit(child, path);
      path.delete(name);
      seen.add(name);
      order.push(name);
    };
    for (const t of tables) visit(t.name, new Set());
    return order;
  }

  return {
    userTables,

    /** Counts the user's rows per table (the deletion test and the export's progress). */
    async countRows(userId: string, tables?: UserTable[]): Promise<Record<string, number>> {
      const out: Record<string, number> = {};
      for (const t of tables ?? (await userTables())) {
        const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${ident(t.name)} where user_id = ${userId}`));
        out[t.name] = Number(row?.n ?? 0);
      }
      return out;
    },

    /** One page of a user's rows of one table as JSON objects, secrets left out. */
    async exportPage(table: UserTable, userId: string, offset: number, limit: number): Promise<Record<string, unknown>[]> {
      const columns = EXPORT_ORDER[table.name] ?? table.key;
      const order = columns.length ? sql.raw(columns.map((k) => `"${k.replace(/"/g, '""')}"`).join(', ')) : sql.raw('ctid');
      const hidden = sql.raw(`array[${HIDDEN_COLUMNS.map((c) => `'${c}'`).join(',')}]::text[]`);
      const rows = rowsOf<{ j: string }>(
        await db.execute(sql`select (to_jsonb(t) - ${hidden})::text as j from ${ident(table.name)} t where user_id = ${userId} order by ${order} limit ${limit} offset ${offset}`),
      );
      return rows.map((r) => JSON.parse(r.j) as Record<string, unknown>);
    },
    exportable: (t: UserTable) => !NOT_EXPORTED.has(t.name),

    /**
     * Deletes the user and every row of theirs in every table, in one transaction: all or nothing.
     * Also what is keyed by their address rather than their id: the mail queued to it (it may hold
     * live links), the throttles of that email, the used sign-in nonces of their wallets. A conversion
     * already signed for the chain cannot be called back: while one is, nothing is deleted
     * ('transfer_in_flight'); one not yet signed is cancelled with the account (docs/decisions.md).
     */
    async deleteUser(userId: string, email: string | null): Promise<'deleted' | 'transfer_in_flight'> {
      const tables = await userTables();
      const order = deletionOrder(tables);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from ${users} where id = ${userId} for update`);
        // The transfer worker signs under the transfer's row lock: taking the locks here, a transfer
        // is either signed already (and waited for) or never signed.
        const transfers = await tx.select({ status: tokenTransfers.status }).from(tokenTransfers).where(eq(tokenTransfers.userId, userId)).for('update');
        if (transfers.some((t) => t.status === 'submitted')) return 'transfer_in_flight';
        const wallets = await tx.select({ address: identities.subject }).from(identities).where(and(eq(identities.userId, userId), eq(identities.kind, 'ethereum')));
        for (const name of order) await tx.execute(sql`delete from ${ident(name)} where user_id = ${userId}`);
        await tx.delete(users).where(eq(users.id, userId));
        if (wallets.length) await tx.delete(web3Nonces).where(inArray(web3Nonces.address, wallets.map((w) => w.address.toLowerCase())));
        if (email) {
          const address = email.trim().toLowerCase();
          await tx.delete(outbox).where(eq(sql`lower(${outbox.to})`, address));
          await tx.delete(authThrottles).where(inArray(authThrottles.key, [`login:${address}`, `mail:${address}`]));
        }
        return 'deleted';
      });
    },
    /** Whether a conversion of the user's is signed and on its way to the chain (deletion waits for it). */
    async transferInFlight(userId: string): Promise<boolean> {
      const rows = await db.select({ id: tokenTransfers.id }).from(tokenTransfers).where(and(eq(tokenTransfers.userId, userId), eq(tokenTransfers.status, 'submitted'))).limit(1);
      return rows.length > 0;
    },

    exports: {
      async create(userId: string): Promise<ExportJobRow> {
        const [row] = await db.insert(exportJobs).values({ userId }).returning(jobColumns);
        return row!;
      },
      async find(userId: string, id: string): Promise<ExportJobRow | undefined> {
        const [row] = await db.select(jobColumns).from(exportJobs).where(and(eq(exportJobs.id, id), eq(exportJobs.userId, userId))).limit(1);
        return row;
      },
      async latest(userId: string): Promise<ExportJobRow | undefined> {
        const [row] = await db.select(jobColumns).from(exportJobs).where(eq(exportJobs.userId, userId)).orderBy(desc(exportJobs.createdAt)).limit(1);
        return row;
      },
      async active(userId: string): Promise<ExportJobRow | undefined> {
        const [row] = await db
          .select(jobColumns)
          .from(exportJobs)
          .where(and(eq(exportJobs.userId, userId), inArray(exportJobs.status, ['queued', 'running'])))
          .limit(1);
        return row;
      },
      /** Jobs a stopped process left unfinished. */
      async unfinished(): Promise<string[]> {
        const rows = await db.select({ id: exportJobs.id }).from(exportJobs).where(inArray(exportJobs.status, ['queued', 'running'])).orderBy(exportJobs.createdAt);
        return rows.map((r) => r.id);
      },
      async start(id: string): Promise<(ExportJobRow & { userId: string }) | undefined> {
        const [row] = await db.update(exportJobs).set({ status: 'running', rowsDone: 0, updatedAt: sql`now()` }).where(eq(exportJobs.id, id)).returning(jobColumns);
        return row;
      },
      async progress(id: string, rowsDone: number, rowsTotal: number): Promise<void> {
        await db.update(exportJobs).set({ rowsDone, rowsTotal, updatedAt: sql`now()` }).where(eq(exportJobs.id, id));
      },
      async complete(id: string, file: Uint8Array, rowsTotal: number): Promise<void> {
        await db
          .update(exportJobs)
          .set({ status: 'completed', file, fileSize: file.byteLength, rowsDone: rowsTotal, rowsTotal, finishedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(exportJobs.id, id));
      },
      async fail(id: string, error: string): Promise<void> {
        await db.update(exportJobs).set({ status: 'failed', error, finishedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(exportJobs.id, id));
      },
      async file(userId: string, id: string): Promise<Uint8Array | undefined> {
        const [row] = await db
          .select({ file: exportJobs.file })
          .from(exportJobs)
          .where(and(eq(exportJobs.id, id), eq(exportJobs.userId, userId), eq(exportJobs.status, 'completed')))
          .limit(1);
        return row?.file ?? undefined;
      },
      /** Keeps only the newest finished export of a user (older archives are dropped). */
      async pruneOlder(userId: string, keepId: string, before: Date): Promise<void> {
        await db.delete(exportJobs).where(and(eq(exportJobs.userId, userId), lt(exportJobs.createdAt, before), sql`${exportJobs.id} <> ${keepId}`));
      },
    },

    support: {
      async add(input: { userId: string; email: string; topic: string; subject: string; message: string }): Promise<string> {
        const [row] = await db.insert(supportMessages).values(input).returning({ id: supportMessages.id });
        return row!.id;
      },
    },
  };
}
export type AccountRepository = ReturnType<typeof accountRepository>;

const jobColumns = {
  id: exportJobs.id,
  userId: exportJobs.userId,
  status: exportJobs.status,
  rowsTotal: exportJobs.rowsTotal,
  rowsDone: exportJobs.rowsDone,
  fileSize: exportJobs.fileSize,
  error: exportJobs.error,
  createdAt: exportJobs.createdAt,
  updatedAt: exportJobs.updatedAt,
  finishedAt: exportJobs.finishedAt,
};

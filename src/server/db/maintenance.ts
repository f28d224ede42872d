import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client';

/**
 * VACUUM and ANALYZE for the embedded database, which has no autovacuum (PGlite runs one session and
 * no background workers). Without it nothing sets the visibility map, so an index-only scan visits
 * every heap row anyway (the text search's walk, migration 0019), and nothing gathers planner
 * statistics: measured at 1,000,000 rows, a database without them plans the import's duplicate check
 * as a hash join over the whole duplicate-key index, a search's count and "any match" as a scan of the
 * whole (user_id, date) index, and the largest payments of a year by sorting the year
 * (docs/performance.md, "Text search").
 *
 * The rules are autovacuum's defaults per table, read from the same counters (pg_stat_*: changes since
 * the last vacuum and analyze), plus two of our own for `transactions`: vacuum once 1,000 rows changed
 * (not a fifth of the table: the newest rows are the ones a search walks first), and at start when
 * pages were added or changed since the last vacuum (the counters do not survive a restart). VACUUM is
 * incremental: it reads only pages the visibility map does not mark all-visible, so after the first
 * one it costs what changed. It waits for a quiet moment (no statement on the session for QUIET_MS,
 * at most MAX_WAIT_MS; at start it does not wait, the server is not listening yet), and each table's
 * VACUUM and ANALYZE is its own statement with an event-loop turn between, so requests queued on the
 * one PGlite session run in between.
 *
 * PostgreSQL runs autovacuum itself: there the app does nothing (`noMaintenance`).
 */
export interface DbMaintenance {
  /** Writes that may warrant a vacuum just committed (an import job, demo data): look at the counters now. */
  changed(): void;
  /** Looks at the counters (and, at start, the visibility map's coverage) and vacuums or analyzes what needs it. */
  run(atStart?: boolean): Promise<void>;
  /** Runs once (as at start), then again every `checkMs` (PGLITE_VACUUM_CHECK_MS; 0: never) until stop(). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const noMaintenance: DbMaintenance = {
  changed: () => undefined,
  run: async () => undefined,
  start: async () => undefined,
  stop: async () => undefined,
};

/** Rows of `transactions` changed (inserted, updated, deleted) since its last vacuum that warrant the next one. */
export const TRANSACTIONS_VACUUM_ROWS = 1_000;
/** How long the session must have been idle before maintenance starts, and the longest it waits for that. */
const QUIET_MS = 250;
const MAX_WAIT_MS = 30_000;

/**
 * When the PGlite session was last used: its query, exec and transaction calls are counted in and out
 * (a counter and a timestamp per call), so maintenance can start when no request is using it.
 */
function watchSession(client: PGlite): () => number {
  let active = 0;
  let last = performance.now();
  const target = client as unknown as Record<'query' | 'exec' | 'transaction', (...args: unknown[]) => Promise<unknown>>;
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const call = target[method].bind(client);
    target[method] = async (...args: unknown[]) => {
      active++;
      try {
        return await call(...args);
      } finally {
        active--;
        last = performance.now();
      }
    };
  }
  return () => (active > 0 ? 0 : performance.now() - last);
}

interface TableState {
  name: string;
  reltuples: number;
  relpages: number;
  relallvisible: number;
  blocks: number;
  ins: number;
  dead: number;
  mod: number;
  analyzed: boolean;
}

/**
 * What a table needs now: PostgreSQL's autovacuum defaults, and the rules for `transactions` above;
 * `announced`: an import job or demo load just wrote, so any changed row of `transactions` is reason enough.
 */
export function needs(t: TableState, atStart: boolean, announced = false): { vacuum: boolean; analyze: boolean } {
  const rows = Math.max(t.reltuples, 0);
  let vacuum = t.dead >= 50 + 0.2 * rows || t.ins >= 1_000 + 0.2 * rows;
  if (t.name === 'transactions') {
    vacuum ||= t.ins + t.dead >= (announced ? 1 : TRANSACTIONS_VACUUM_ROWS);
    // At start the counters are zero whatever happened before: pages added since the last vacuum, or
    // fewer than 97 % all-visible (a vacuum that skips index cleanup for a few dead rows leaves their pages unmarked).
    if (atStart) vacuum ||= t.blocks > t.relpages || t.relallvisible < 0.97 * t.relpages;
  }
  const analyze = (t.blocks > 0 && !t.analyzed) || t.mod >= 50 + 0.1 * rows;
  return { vacuum, analyze };
}

const stateQuery = sql`
  select c.relname as name, c.reltuples::float8 as reltuples, c.relpages, c.relallvisible,
    (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as blocks,
    pg_stat_get_ins_since_vacuum(c.oid)::int as ins, pg_stat_get_dead_tuples(c.oid)::int as dead,
    pg_stat_get_mod_since_analyze(c.oid)::int as mod,
    exists (select 1 from pg_statistic s where s.starelid = c.oid) as analyzed
  from pg_class c
  where c.relkind = 'r' and c.relnamespace = (select n.oid from pg_namespace n where n.nspname = current_schema())`;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function pgliteMaintenance(db: Db, client: PGlite, log: FastifyBaseLogger, checkMs: number): DbMaintenance {
  const quietFor = watchSession(client);
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  const pass = async (atStart: boolean, announced: boolean) => {
    if (!atStart) {
      const since = performance.now();
      while (!stopped && quietFor() < QUIET_MS && performance.now() - since < MAX_WAIT_MS) await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    }
    // The counters of this session's last writes reach the shared statistics at most once a second; flush them first.
    await db.execute(sql`select pg_stat_force_next_flush()`);
    const tables = ((await db.execute(stateQuery)) as unknown as { rows: TableState[] }).rows;
    for (const t of tables) {
      const { vacuum, analyze } = needs(t, atStart, announced);
      for (const [todo, statement] of [
        [vacuum, 'vacuum'],
        [analyze, 'analyze'],
      ] as const) {
        if (!todo || stopped) continue;
        const started = performance.now();
        await db.execute(sql.raw(`${statement} ${quoteIdent(t.name)}`));
        log.debug({ table: t.name, ms: Math.round(performance.now() - started) }, `database maintenance: ${statement}`);
        // Requests queued on the session meanwhile go first.
        await nextTurn();
      }
    }
  };

  let announcedAgain = false;
  const run = (atStart = false, announced = false): Promise<void> => {
    if (running) {
      again = true;
      announcedAgain ||= announced;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pass(atStart, announced);
          atStart = false;
          announced = announcedAgain;
          announcedAgain = false;
        } while (again && !stopped);
      } catch (error) {
        if (!stopped) log.warn({ err: error }, 'database maintenance failed');
      } finally {
        running = null;
      }
    })();
    return running;
  };

  return {
    changed() {
      if (!stopped) void run(false, true);
    },
    run,
    async start() {
      await run(true);
      if (stopped) return;
      if (checkMs <= 0) return;
      timer = setInterval(() => void run(), checkMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

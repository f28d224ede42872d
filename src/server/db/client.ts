import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { Config } from '../config';
import { DURABLE_START_PARAMS, DurableNodeFS, initDataDir } from './durable-fs';
import { preparePgliteReads } from './pgliteStatements';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Notifications of one channel (see `Notifications`). */
  notifications(channel: NotifyChannel): Notifications;
  close(): Promise<void>;
}

/** Channels the app LISTENs on (triggers announce changes there; migration 0016). */
export const NOTIFY_CHANNELS = ['finu_auth'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/**
 * The payloads NOTIFYed on one channel, by any process sharing the database. A commit made through
 * this process's own connections is delivered before the write's promise settles (PGlite runs in
 * the process; on PostgreSQL every pooled connection LISTENs, and the server sends a session its own
 * notifications before it reports the commit done). Other processes' commits arrive on a dedicated
 * listening connection a moment later. `live()` is false while that connection is down (a missed
 * notification is possible then); `onReset` fires when it comes back.
 */
export interface Notifications {
  on(handler: (payload: string) => void, onReset?: () => void): void;
  live(): boolean;
}

function notificationHub() {
  const handlers = new Map<string, { message: ((payload: string) => void)[]; reset: (() => void)[] }>();
  const of = (channel: string) => {
    let h = handlers.get(channel);
    if (!h) handlers.set(channel, (h = { message: [], reset: [] }));
    return h;
  };
  return {
    register(channel: string, message: (payload: string) => void, reset?: () => void) {
      of(channel).message.push(message);
      if (reset) of(channel).reset.push(reset);
    },
    deliver(channel: string, payload: string) {
      for (const handler of handlers.get(channel)?.message ?? []) handler(payload);
    },
    reset() {
      for (const h of handlers.values()) for (const handler of h.reset) handler();
    },
  };
}

const listenAll = NOTIFY_CHANNELS.map((c) => `LISTEN "${c}"`).join('; ');

/**
 * One PostgreSQL connection that only listens, reconnecting with a growing pause after an error;
 * live() tells whether it is listening now.
 */
function dedicatedListener(connectionString: string, hub: ReturnType<typeof notificationHub>, Client: typeof pg.Client) {
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let pause = 100;
  let timer: NodeJS.Timeout | null = null;
  const connect = async () => {
    timer = null;
    if (closed) return;
    const c = new Client({ connectionString });
    client = c;
    const lost = () => {
      if (client !== c) return;
      live = false;
      client = null;
      void c.end().catch(() => undefined);
      if (!closed) timer = setTimeout(() => void connect(), (pause = Math.min(pause * 2, 5_000)));
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (m) => hub.deliver(m.channel, m.payload ?? ''));
    try {
      await c.connect();
      await c.query(listenAll);
      if (client !== c) return;
      live = true;
      pause = 100;
      // Whatever was announced while no connection listened is unknown: start afresh.
      hub.reset();
    } catch {
      lost();
    }
  };
  const started = connect();
  return {
    started,
    live: () => live,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      live = false;
      await c?.end().catch(() => undefined);
    },
  };
}

const migrationsFolder = join(fileURLToPath(new URL('.', import.meta.url)), 'migrations');

/** Opens the configured database and applies the generated SQL migrations. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'inMemoryDb' | 'pgliteTemplate'>): Promise<Database> {
  if (config.databaseUrl) {
    // The PostgreSQL driver loads only when configured: the embedded default never needs it (docs/performance.md, memory).
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres'), import('drizzle-orm/node-postgres/migrator')]);
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, admin command) must not crash the process:
    // the pool drops it and opens a new one on the next query.
    pool.on('error', () => undefined);
    // Every pooled connection LISTENs, so a commit through it hears its own notifications before it returns.
    const hub = notificationHub();
    pool.on('connect', (client) => {
      client.on('notification', (m) => hub.deliver(m.channel, m.payload ?? ''));
      client.query(listenAll).catch(() => undefined);
    });
    const db = drizzlePg(pool, { schema });
    // One migrator at a time when several API processes start together.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(727401)');
      await migratePg(db, { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(727401)').catch(() => undefined);
      client.release();
    }
    const listener = dedicatedListener(config.databaseUrl, hub, pg.Client);
    await listener.started;
    return {
      db: db as unknown as Db,
      engine: 'postgres',
      notifications: (channel) => ({ on: (message, reset) => hub.register(channel, message, reset), live: listener.live }),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  let client: PGlite;
  if (config.inMemoryDb) {
    client = new PGlite(config.pgliteTemplate ? { loadDataDir: config.pgliteTemplate } : undefined);
  } else {
    const dir = resolve(config.dataDir, 'pg');
    mkdirSync(dir, { recursive: true });
    initDataDir(dir);
    // Every acknowledged commit on disk: fsync on, and an fsync PGlite's NODEFS lacks (docs/performance.md).
    client = new PGlite({ fs: new DurableNodeFS(dir), startParams: DURABLE_START_PARAMS });
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  // Reads parsed and planned once, then reused (the per-request floor).
  preparePgliteReads(client);
  // One process, one session: PGlite hands a commit's notifications over before the query returns.
  const hub = notificationHub();
  for (const channel of NOTIFY_CHANNELS) await client.listen(channel, (payload) => hub.deliver(channel, payload));
  return {
    db: db as unknown as Db,
    engine: 'pglite',
    notifications: (channel) => ({ on: (message, reset) => hub.register(channel, message, reset), live: () => true }),
    close: () => client.close(),
  };
}

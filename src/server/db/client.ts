import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config';
import { DURABLE_START_PARAMS, DurableNodeFS, initDataDir } from './durable-fs';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = join(fileURLToPath(new URL('.', import.meta.url)), 'migrations');

/** Opens the configured database and applies the generated SQL migrations. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'inMemoryDb'>): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, admin command) must not crash the process:
    // the pool drops it and opens a new one on the next query.
    pool.on('error', () => undefined);
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
    return { db: db as unknown as Db, engine: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if (config.inMemoryDb) {
    client = new PGlite();
  } else {
    const dir = resolve(config.dataDir, 'pg');
    mkdirSync(dir, { recursive: true });
    initDataDir(dir);
    // Every acknowledged commit on disk: fsync on, and an fsync PGlite's NODEFS lacks (docs/performance.md).
    client = new PGlite({ fs: new DurableNodeFS(dir), startParams: DURABLE_START_PARAMS });
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, engine: 'pglite', close: () => client.close() };
}

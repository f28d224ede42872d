import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/**
 * Migrated databases made once and copied per test app, so a server test file does not run every
 * migration again (on PGlite: initdb plus all of src/server/db/migrations, 3.4-4.0 s of CPU per
 * app; from the template 1.0-1.1 s). Keyed by the migration files' contents and the PGlite
 * version: a new or edited migration makes a new template. The app still runs its migrator at
 * start; on a copy it finds every migration applied. Migrations from an empty database keep
 * running in the tests that keep data on disk (DATA_DIR), in the e2e server, and once per key when
 * a template is built.
 */
const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const migrationsFolder = join(repoRoot, 'src/server/db/migrations');
const cacheDir = join(repoRoot, 'node_modules/.cache/finu-test-db');

/** A hash of every migration file (SQL and journal) and of the PGlite version. */
export function migrationsKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, name.name);
      if (name.isDirectory()) walk(path);
      else if (!name.name.endsWith('_snapshot.json')) hash.update(`${name.name}\0`).update(readFileSync(path)).update('\0');
    }
  };
  walk(migrationsFolder);
  const pgliteVersion = (JSON.parse(readFileSync(join(repoRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
  hash.update(`pglite ${pgliteVersion}`);
  return hash.digest('hex').slice(0, 16);
}

let pgliteDump: Promise<Blob> | undefined;

/**
 * The data directory of a migrated in-memory PGlite, as a tarball for `new PGlite({ loadDataDir })`.
 * Built once per migrations key and kept in node_modules/.cache/finu-test-db (written by rename,
 * so workers building it at the same moment never read half a file).
 */
export function migratedPgliteDump(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const key = migrationsKey();
    const file = join(cacheDir, `pglite-${key}.tar.gz`);
    if (!existsSync(file)) {
      const client = new PGlite();
      try {
        await migratePglite(drizzlePglite(client), { migrationsFolder });
        const dump = await client.dumpDataDir('gzip');
        mkdirSync(cacheDir, { recursive: true });
        const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
        writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
        renameSync(partial, file);
      } finally {
        await client.close();
      }
      // Older keys' templates are of no further use.
      for (const name of readdirSync(cacheDir)) if (name.startsWith('pglite-') && !name.startsWith(`pglite-${key}`)) rmSync(join(cacheDir, name), { force: true });
    }
    return new Blob([readFileSync(file)]);
  })();
  pgliteDump.catch(() => (pgliteDump = undefined));
  return pgliteDump;
}

/**
 * Puts the migrated template into an on-disk DATA_DIR that holds no database yet, for an API child
 * process to open as its own: instead of initdb in a child node and every migration (about 10 s of
 * CPU at its first start, 4 from the template). The tests whose subject is what a restart keeps
 * (kill -9) start from it; a data directory that already has a database is left alone.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const dir = join(dataDir, 'pg');
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  const client = new PGlite(dir, { loadDataDir: await migratedPgliteDump() });
  await client.waitReady;
  await client.close();
}

/** Waits until nobody is connected to a database (pool.end() resolves before its sockets close). */
export async function waitForNoSessions(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0]?.n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The name of a migrated template database on the server at adminUrl (`CREATE DATABASE x TEMPLATE
 * <name>` copies it). Built under an advisory lock by whichever worker comes first, migrated in a
 * database of its own and renamed when complete, so nobody copies a half-migrated template.
 */
export async function postgresTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const name = `finu_test_template_${migrationsKey()}`;
  const exists = async () => (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (await exists()) return name;
  await admin.query('select pg_advisory_lock(727402)');
  try {
    if (await exists()) return name;
    const building = `${name}_building_${randomBytes(3).toString('hex')}`;
    await admin.query(`CREATE DATABASE "${building}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    pool.on('error', () => undefined);
    try {
      try {
        await migratePg(drizzlePg(pool), { migrationsFolder });
      } finally {
        await pool.end();
      }
      await waitForNoSessions(admin, building);
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    } catch (error) {
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`).catch(() => undefined);
      throw error;
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(727402)');
  }
}

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../server/config';
import { openDatabase, type Db } from '../server/db/client';
import { accountsRepository } from '../server/repositories/accounts';
import { recurringRepository } from '../server/repositories/recurring';
import { transactionsRepository } from '../server/repositories/transactions';
import { usersRepository } from '../server/repositories/users';
import { hashPassword } from '../server/services/passwords';
import { BUCKETS, MERCHANTS } from './benchData';

export { MERCHANTS } from './benchData';

/**
 * The benchmarks' data (`npm run bench`, `npm run bench:coach`): a life's worth of transactions
 * for one user from 40 merchants in 20 categories, inserted in bulk.
 */
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const merchantsValues = MERCHANTS.map(([name, category, description, lo, hi, type], i) => `(${i}, ${quote(name)}, ${quote(category)}, ${quote(description)}, ${lo}, ${hi}, ${quote(type)})`).join(',\n');

export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * 1,000,000 rows over six years ending today, inserted with INSERT … SELECT generate_series: the
 * secondary indexes and the rollup trigger are set aside during the load and rebuilt after it
 * (index builds by sort are far faster than a million single inserts into nine indexes).
 */
export async function seedTransactions(db: Db, userId: string, total: number, log: (line: string) => void = () => undefined, options: { accounts?: number } = {}): Promise<void> {
  const days = 6 * 365;
  const indexes = await rows<{ indexname: string; indexdef: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'transactions' and indexname <> 'transactions_pkey'`,
  );
  // Twelve accounts, one of each kind, all on budget (so every row still counts as income or spending);
  // the rows are spread over them evenly.
  const accountIds = (
    await rows<{ id: string }>(
      db,
      sql.raw(`
      insert into accounts (user_id, name, kind, currency, opening_date, position)
      select ${quote(userId)}::uuid, 'Bench ' || k, k, 'USD', current_date - ${days}, n
      from unnest(array['checking', 'savings', 'credit_card', 'cash', 'loan', 'mortgage', 'investment', 'property', 'vehicle', 'crypto', 'other_asset', 'other_liability']) with ordinality as a(k, n)
      returning id`),
    )
  ).map((r) => r.id);
  // The rows go to the first `options.accounts` of them (one: an account of a million rows).
  const spreadOver = accountIds.slice(0, options.accounts ?? accountIds.length);
  await db.execute(sql`alter table transactions disable trigger transactions_daily_totals_insert`);
  await db.execute(sql`alter table transactions disable trigger transactions_merchant_daily_insert`);
  await db.execute(sql`alter table transactions disable trigger transactions_account_totals_insert`);
  // Rebuilding the indexes pays off for a bulk load only.
  const rebuild = total >= 100_000 ? indexes : [];
  for (const ix of rebuild) await db.execute(sql.raw(`drop index ${ix.indexname}`));
  const chunk = 250_000;
  for (let from = 1; from <= total; from += chunk) {
    const to = Math.min(total, from + chunk - 1);
    const started = performance.now();
    await db.execute(
      sql.raw(`
      insert into transactions (user_id, account_id, type, amount_minor, base_amount_minor, date, category, description, merchant, notes, tags, source, created_at, updated_at)
      select ${quote(userId)}::uuid, ('{${spreadOver.join(',')}}'::uuid[])[1 + g % ${spreadOver.length}], m.type, m.lo + (h % greatest(1, m.hi - m.lo)),
        -- Every account is in the user's currency: its amount is its base amount, as the app stores it (a bench that
        -- turns accounts into other currencies then rewrites only those accounts' rows, not a million).
        m.lo + (h % greatest(1, m.hi - m.lo)),
        -- In date order, as a life's worth of entries and imports arrive.
        current_date - ${days - 1} + ((g - 1)::bigint * ${days} / ${total})::int, m.category, m.description || ' #' || (g % 9973), m.name,
        case when g % 53 = 0 then 'reimbursable, keep the receipt' end,
        case when g % 7 = 0 then '{work}'::text[] when g % 11 = 0 then '{family,home}'::text[] else '{}'::text[] end,
        'manual', now() - make_interval(secs => ${total} - g), now() - make_interval(secs => ${total} - g)
      from generate_series(${from}, ${to}) as g
      cross join lateral (select (g::bigint * 2654435761) % 4294967296 as h) as r
      join (values ${merchantsValues}) as m(i, name, category, description, lo, hi, type)
        on m.i = ('{${BUCKETS.join(',')}}'::int[])[1 + (r.h % ${BUCKETS.length})]`),
    );
    log(`  rows ${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')} in ${seconds(started)}`);
  }
  let started = performance.now();
  for (const ix of rebuild) await db.execute(sql.raw(ix.indexdef));
  if (rebuild.length) log(`  ${rebuild.length} indexes rebuilt in ${seconds(started)}`);
  await db.execute(sql`alter table transactions enable trigger transactions_daily_totals_insert`);
  await db.execute(sql`alter table transactions enable trigger transactions_merchant_daily_insert`);
  await db.execute(sql`alter table transactions enable trigger transactions_account_totals_insert`);
  started = performance.now();
  await transactionsRepository(db).rebuildRollups(userId);
  await db.execute(sql`analyze`);
  log(`  rollups rebuilt and statistics gathered in ${seconds(started)}`);
}

/** The bench's one user, verified, who signs in with `password`. */
export async function createBenchUser(db: Db, email: string, password: string): Promise<{ id: string }> {
  const users = usersRepository(db);
  const user = (await users.create({ email, passwordHash: await hashPassword(password), fullName: 'Bench User' }))!;
  await users.markVerified(user.id);
  return user;
}

/** Recurring items over the user's accounts, paying merchants the seeded rows use (so matching reads real rows). */
export async function seedRecurringItems(db: Db, userId: string, count = 20): Promise<void> {
  const accounts = await accountsRepository(db).list(userId, false);
  const recurring = recurringRepository(db);
  for (let i = 0; i < count; i++) {
    const [merchant, category, , lo, , type] = MERCHANTS[i % MERCHANTS.length]!;
    await recurring.create(userId, {
      accountId: accounts[i % accounts.length]!.id,
      name: `${merchant} plan ${i + 1}`,
      merchantPattern: merchant,
      category,
      kind: type === 'income' ? 'income' : i % 2 ? 'bill' : 'subscription',
      amountMinor: lo,
      rrule: i % 4 === 0 ? 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR' : `FREQ=MONTHLY;BYMONTHDAY=${1 + ((i * 3) % 28)}`,
      startDate: '2020-01-01',
      weekendShift: i % 3 === 0 ? 'after' : 'none',
    });
  }
}

/** The environment of an API a bench runs in its own process on its store. */
export function benchEnv(store: BenchStore): Record<string, string> {
  return {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    JWT_SECRET: randomBytes(32).toString('hex'),
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ...(store.dataDir ? { DATA_DIR: store.dataDir } : {}),
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
  };
}

/** Where a bench keeps its data: a new database on the DATABASE_URL server, else a new PGlite directory. */
export interface BenchStore {
  dataDir?: string;
  databaseUrl?: string;
  /** Drops the PostgreSQL database (the caller removes dataDir). */
  drop(): Promise<void>;
}

export async function freshBenchStore(prefix: string): Promise<BenchStore> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { dataDir: mkdtempSync(join(tmpdir(), `finu-${prefix.replace(/_/g, '-')}-`)), drop: async () => undefined };
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/**
 * Runs a bench that works on its database in this process: a fresh store, its database open for `body`,
 * then closed and the store removed whatever happened; a failure is printed and sets the exit code.
 */
export function runWithBenchDatabase(prefix: string, body: (db: Db) => Promise<void>): void {
  const run = async () => {
    const store = await freshBenchStore(prefix);
    const database = await openDatabase(loadConfig(benchEnv(store)));
    try {
      await body(database.db);
    } finally {
      await database.close();
      await store.drop();
      if (store.dataDir) rmSync(store.dataDir, { recursive: true, force: true });
    }
  };
  run().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

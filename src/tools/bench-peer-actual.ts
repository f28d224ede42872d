/**
 * The peer's side of `npm run bench -- --peer actual`: Actual Budget's own Node API
 * (`@actual-app/api`, its SQLite engine in this process), driven by the bench over IPC. benchBuild.ts
 * compiles this file for plain `node` (no tsx), and it imports nothing of Finu's server, so the
 * process's memory is Actual's and Node's only.
 *
 *   node dist/bench/bench-peer-actual.mjs --peer-dir ~/.cache/finu-bench-peer --data-dir DIR
 *
 * Messages (one reply each): create (load the generated rows into a new budget), open (load that
 * budget, as an app opening it would), time (run one query n times), import (10,000 rows through
 * importTransactions, Actual's import with its duplicate matching), serve (answer the same questions
 * over HTTP from this process, for the bench's like-for-like column), upload (the budget to the sync
 * server named by `--server-url` and `--password`: the browser bench's peer), rss, exit.
 */
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchTransactions, MERCHANTS, type BenchImportRow } from './benchData';

/** The parts of @actual-app/api the bench uses. */
interface Query {
  filter(f: unknown): Query;
  select(s: unknown): Query;
  orderBy(o: unknown): Query;
  groupBy(g: unknown): Query;
  calculate(c: unknown): Query;
  limit(n: number): Query;
  options(o: unknown): Query;
}
interface ActualApi {
  init(config: { dataDir: string; verbose?: boolean; serverURL?: string; password?: string }): Promise<unknown>;
  shutdown(): Promise<void>;
  runImport(name: string, body: () => Promise<void>): Promise<void>;
  loadBudget(id: string): Promise<void>;
  getBudgets(): Promise<{ id?: string; name?: string; cloudFileId?: string }[]>;
  q(table: string): Query;
  aqlQuery(query: Query): Promise<{ data: unknown }>;
  createAccount(account: { name: string; offbudget?: boolean }, initialBalance?: number): Promise<string>;
  getAccounts(): Promise<{ id: string; name: string }[]>;
  getCategoryGroups(): Promise<{ id: string; name: string; is_income: boolean; categories?: { id: string; name: string }[] }[]>;
  createCategoryGroup(group: { name: string; is_income?: boolean }): Promise<string>;
  createCategory(category: { name: string; group_id: string; is_income?: boolean }): Promise<string>;
  getCategories(): Promise<{ id: string; name: string; is_income?: boolean }[]>;
  createPayee(payee: { name: string }): Promise<string>;
  addTransactions(accountId: string, transactions: unknown[], opts?: { learnCategories?: boolean; runTransfers?: boolean }): Promise<unknown>;
  importTransactions(accountId: string, transactions: unknown[]): Promise<{ added?: string[]; updated?: string[]; errors?: unknown[] }>;
  getBudgetMonths(): Promise<string[]>;
  getBudgetMonth(month: string): Promise<Record<string, unknown>>;
  /** Actual's own server handlers and db layer, as its API uses them. */
  internal: {
    send(name: string, args?: unknown): Promise<unknown>;
    db: { all(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]> };
  };
}

/**
 * How the rows go into the budget. `api`: `addTransactions` (its public call), which runs the rules
 * engine on every row, and that engine computes the account's running balance before the row with a
 * sum over every earlier transaction (prepareTransactionForRules → getRunningBalanceBeforeTransaction)
 * whether or not a rule asks for it: O(n) per row, O(n²) per load (100,000 rows did not load in 24
 * minutes). `direct`: the same transaction objects addTransactions builds for a budget without rules,
 * handed to Actual's own `transactions-batch-update` handler (what its UI's add and import call), so
 * they are written by the same insertTransaction and sync messages, minus the rules pass that has
 * nothing to apply. `--peer-verify` loads both ways and compares the budgets.
 */
export type PeerLoad = 'api' | 'direct';

export type PeerRequest =
  /** `accounts`: the rows spread over that many accounts as seedTransactions spreads them (row g to account g mod n); one by default. */
  | { op: 'create'; rows: number; today: string; via: PeerLoad; accounts?: number }
  /** The budget to the sync server given with `--server-url` (Actual's own upload, as its UI's "Start syncing"). */
  | { op: 'upload' }
  | { op: 'answers'; from: string; to: string; word: string }
  | { op: 'digest' }
  | { op: 'open' }
  | { op: 'time'; query: PeerQuery; n: number; from?: string; to?: string; word?: string }
  | { op: 'serve' }
  | { op: 'import'; rows: BenchImportRow[] }
  | { op: 'rss' }
  | { op: 'exit' };
export type PeerQuery = 'page_total' | 'page' | 'categories' | 'search_count' | 'search';

const BUDGET = 'Finu bench';
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0 || !process.argv[i + 1]) throw new Error(`--${name} is required`);
  return process.argv[i + 1]!;
};
const optionalArg = (name: string) => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : undefined);
const rssMb = () => process.memoryUsage.rss() / 1024 / 1024;

async function loadApi(peerDir: string): Promise<ActualApi> {
  const resolved = createRequire(join(peerDir, 'package.json')).resolve('@actual-app/api');
  const mod = (await import(pathToFileURL(resolved).href)) as ActualApi & { default?: ActualApi };
  return mod.default && typeof mod.default.init === 'function' ? mod.default : mod;
}

async function main() {
  const api = await loadApi(arg('peer-dir'));
  const dataDir = arg('data-dir');
  // With a sync server (the browser bench's peer), the API signs in to it, so the budget can be uploaded.
  const serverURL = optionalArg('server-url');
  await api.init({ dataDir, verbose: false, ...(serverURL ? { serverURL, password: optionalArg('password') } : {}) });
  let accountId = '';
  const categoryIds = new Map<string, string>();

  const findBudget = async () => {
    // The data folder is the bench's own: its one local budget is the bench's.
    const budgets = (await api.getBudgets()).filter((b) => b.id);
    const budget = budgets.find((b) => b.name === BUDGET) ?? (budgets.length === 1 ? budgets[0] : undefined);
    if (!budget?.id) throw new Error(`the bench budget was not found among ${JSON.stringify(budgets)}`);
    return budget.id;
  };
  const remember = async () => {
    accountId = (await api.getAccounts())[0]!.id;
    for (const c of await api.getCategories()) categoryIds.set(c.name, c.id);
  };

  // The queries, as Actual's own transaction list, reports and search build them (ActualQL).
  const columns = ['id', 'date', 'amount', 'notes', 'payee.name', 'category.name', 'account.name'];
  const newestFirst = [{ date: 'desc' }, { id: 'desc' }];
  const all = () => api.q('transactions').options({ splits: 'none' });
  const matching = (word: string) => all().filter({ $or: [{ 'payee.name': { $like: `%${word}%` } }, { notes: { $like: `%${word}%` } }] });
  const count = async (query: Query) => (await api.aqlQuery(query.calculate({ $count: '$id' }))).data as number;
  const rowsOf = async (query: Query) => (await api.aqlQuery(query)).data as unknown[];
  type Ask = Omit<Extract<PeerRequest, { op: 'time' }>, 'op' | 'n'>;
  /** One question's answer: the rows, with the total where the question asks for it. */
  const answer = async (r: Ask): Promise<unknown[] | { rows: unknown[]; total: number }> => {
    switch (r.query) {
      case 'page':
        return rowsOf(all().select(columns).orderBy(newestFirst).limit(50));
      case 'page_total': {
        const [rows, total] = await Promise.all([rowsOf(all().select(columns).orderBy(newestFirst).limit(50)), count(all())]);
        return { rows, total };
      }
      case 'categories':
        return rowsOf(
          all()
            .filter({ date: { $gte: r.from, $lte: r.to }, amount: { $lt: 0 } })
            .groupBy('category')
            .select(['category', { total: { $sum: '$amount' } }]),
        );
      case 'search':
        return rowsOf(matching(r.word!).select(columns).orderBy(newestFirst).limit(50));
      case 'search_count': {
        const [rows, total] = await Promise.all([rowsOf(matching(r.word!).select(columns).orderBy(newestFirst).limit(50)), count(matching(r.word!))]);
        return { rows, total };
      }
    }
  };
  const run = async (r: Ask): Promise<number> => {
    const out = await answer(r);
    return Array.isArray(out) ? out.length : out.rows.length;
  };

  /**
   * The same questions behind an HTTP hop (op `serve`): a plain node:http server in this process, no
   * framework, answering `GET /q?query=…&from=…&to=…&word=…` with the answer as JSON, so the bench can
   * time Actual over the same kind of loopback request as Finu's (its own column beside the in-process one).
   */
  let server: Server | undefined;
  /** Starts the server (once per process: the bench asks once) and answers its port. */
  const serve = () =>
    new Promise<number>((resolveServe, reject) => {
      server = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://peer');
        const query = url.searchParams.get('query') as PeerQuery;
        const get = (k: string) => url.searchParams.get(k) ?? undefined;
        answer({ query, from: get('from'), to: get('to'), word: get('word') }).then(
          (out) => {
            const body = JSON.stringify(out);
            res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
            res.end(body);
          },
          (error: unknown) => {
            res.writeHead(500, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ detail: String(error) }));
          },
        );
      });
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server!.address();
        resolveServe(typeof address === 'object' && address ? address.port : 0);
      });
    });

  const handle = async (r: PeerRequest): Promise<unknown> => {
    switch (r.op) {
      case 'create': {
        const started = performance.now();
        await api.runImport(BUDGET, async () => {
          // The twelve kinds seedTransactions names its accounts after.
          const kinds = ['checking', 'savings', 'credit_card', 'cash', 'loan', 'mortgage', 'investment', 'property', 'vehicle', 'crypto', 'other_asset', 'other_liability'];
          const accountIds: string[] = [];
          for (let i = 0; i < Math.max(1, Math.min(kinds.length, r.accounts ?? 1)); i++) {
            accountIds.push(await api.createAccount({ name: r.accounts ? `Bench ${kinds[i]}` : 'Checking', offbudget: false }, 0));
          }
          accountId = accountIds[0]!;
          const groups = await api.getCategoryGroups();
          const incomeGroup = groups.find((g) => g.is_income)?.id ?? (await api.createCategoryGroup({ name: 'Income', is_income: true }));
          const spendingGroup = await api.createCategoryGroup({ name: 'Spending' });
          const existing = new Map((await api.getCategories()).map((c) => [c.name, c.id]));
          const payees = new Map<string, string>();
          for (const [name, category, , , , type] of MERCHANTS) {
            if (!categoryIds.has(category)) {
              categoryIds.set(category, existing.get(category) ?? (await api.createCategory({ name: category, group_id: type === 'income' ? incomeGroup : spendingGroup, is_income: type === 'income' })));
            }
            payees.set(name, await api.createPayee({ name }));
          }
          // addTransactions in batches of 10,000 (its per-row rules pass dominates); the direct load in
          // batches of 1,000 (Actual gathers a batch's sync messages with Array.concat per row, quadratic
          // in the batch's size).
          const size = r.via === 'api' ? 10_000 : 1_000;
          const insert = async (rows: { date: string; amount: number; payee?: string; category?: string; notes: string; account: string }[]) => {
            if (r.via === 'api') return void (await api.addTransactions(accountId, rows.map(({ account: _, ...row }) => row)));
            // What addTransactions hands on for a budget without rules: normalizeTransactions sets the
            // account and keeps the payee id and category; it adds an id (Actual's insert does), `cleared`
            // true and the batch's sort order (now − index × 1024, TRANSACTION_SORT_INCREMENT).
            const now = Date.now();
            await api.internal.send('transactions-batch-update', {
              added: rows.map((row, index) => ({ ...row, cleared: true, sort_order: now - index * 1024 })),
              runTransfers: false,
              learnCategories: false,
            });
          };
          let batch: { date: string; amount: number; payee?: string; category?: string; notes: string; account: string }[] = [];
          // addTransactions takes one account per call: the `api` load keeps them all in the first.
          const spread = r.via === 'api' ? 1 : accountIds.length;
          let g = 0;
          for (const t of benchTransactions(r.rows, new Date(r.today))) {
            g += 1;
            batch.push({
              account: accountIds[g % spread]!,
              date: t.date,
              amount: t.type === 'expense' ? -t.amountMinor : t.amountMinor,
              payee: payees.get(t.merchant),
              category: categoryIds.get(t.category),
              notes: t.notes ? `${t.description} (${t.notes})` : t.description,
            });
            if (batch.length === size) {
              await insert(batch);
              batch = [];
            }
          }
          if (batch.length) await insert(batch);
        });
        return { ms: performance.now() - started };
      }
      case 'upload': {
        await api.loadBudget(await findBudget());
        const outcome = (await api.internal.send('upload-budget')) as { error?: unknown } | undefined;
        if (outcome?.error) throw new Error(`upload-budget: ${JSON.stringify(outcome.error)}`);
        return { ok: true };
      }
      case 'open': {
        await api.loadBudget(await findBudget());
        await remember();
        return { rss: rssMb() };
      }
      case 'time': {
        const latencies: number[] = [];
        let result = 0;
        for (let i = 0; i < r.n; i++) {
          const started = performance.now();
          result = await run(r);
          latencies.push(performance.now() - started);
        }
        return { latencies, result };
      }
      case 'import': {
        const started = performance.now();
        const outcome = await api.importTransactions(
          accountId,
          r.rows.map((row) => ({ date: row.date, amount: -row.amountMinor, notes: row.description, category: categoryIds.get(row.category) })),
        );
        return { ms: performance.now() - started, added: outcome.added?.length ?? 0, updated: outcome.updated?.length ?? 0 };
      }
      case 'rss':
        return { rss: rssMb() };
      case 'serve':
        return { port: await serve() };
      case 'answers': {
        // The bench's questions, answered: for checking that both systems see the same rows.
        const dates = async (query: Query) => ((await rowsOf(query.select(['date']).orderBy(newestFirst).limit(50))) as { date: string }[]).map((row) => row.date);
        const spending = (await rowsOf(
          all()
            .filter({ date: { $gte: r.from, $lte: r.to }, amount: { $lt: 0 } })
            .groupBy('category.name')
            .select([{ name: 'category.name' }, { total: { $sum: '$amount' } }, { n: { $count: '$id' } }]),
        )) as { name: string; total: number; n: number }[];
        return {
          total: await count(all()),
          pageDates: await dates(all()),
          searchTotal: await count(matching(r.word)),
          searchPageDates: await dates(matching(r.word)),
          categories: Object.fromEntries(spending.map((c) => [c.name, { cents: -c.total, count: c.n }])),
        };
      }
      case 'digest': {
        // The whole budget as Actual stores it, with ids replaced by names (each load makes its own ids):
        // every transaction's columns but id and sort_order; each table's row count; the schema; every
        // budget month as the spreadsheet computes it.
        const { createHash } = await import('node:crypto');
        const hash = (values: string[]) => createHash('sha256').update(values.sort().join('\n')).digest('hex').slice(0, 16);
        const names = new Map<unknown, string>();
        for (const table of ['accounts', 'payees', 'categories', 'category_groups']) {
          for (const row of await api.internal.db.all(`SELECT id, name FROM ${table}`)) names.set(row.id, `${table}:${String(row.name)}`);
        }
        const named = (row: Record<string, unknown>, drop: string[]) =>
          JSON.stringify(Object.entries(row).filter(([k]) => !drop.includes(k)).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, names.get(v) ?? v]));
        const transactions = await api.internal.db.all('SELECT * FROM transactions');
        const tables = await api.internal.db.all("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
        const counts: Record<string, number> = {};
        for (const { name } of tables) counts[String(name)] = Number((await api.internal.db.all(`SELECT count(*) AS n FROM "${String(name)}"`))[0]!.n);
        const schema = await api.internal.db.all("SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'view', 'trigger', 'table') ORDER BY name");
        const months = await api.getBudgetMonths();
        const sheet: string[] = [];
        const walk = (value: unknown): unknown =>
          Array.isArray(value) ? value.map(walk) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).filter(([k]) => !/id$/.test(k)).map(([k, v]) => [k, walk(v)])) : value;
        for (const month of months) sheet.push(`${month} ${JSON.stringify(walk(await api.getBudgetMonth(month)))}`);
        return {
          transactions: transactions.length,
          transactionsHash: hash(transactions.map((row) => named(row, ['id', 'sort_order']))),
          counts,
          schemaHash: hash(schema.map((row) => JSON.stringify(row))),
          months: `${months[0]}…${months.at(-1)} (${months.length})`,
          budgetMonthsHash: hash(sheet),
        };
      }
      case 'exit':
        // No process.exit: Actual writes the budget's metadata.json after closing it, and an exit
        // during that write leaves it empty (the budget then no longer lists). The process ends
        // when its work is done; the bench stops waiting for it after a while.
        server?.closeAllConnections();
        server?.close();
        await api.shutdown();
        setImmediate(() => process.disconnect());
        return { ok: true };
    }
  };

  process.on('message', (message: PeerRequest) => {
    handle(message).then(
      (value) => process.send!({ ok: true, value }),
      (error: unknown) => process.send!({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
  process.send!({ ok: true, value: 'ready' });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

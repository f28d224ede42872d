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
 * importTransactions, Actual's import with its duplicate matching), rss, exit.
 */
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
  init(config: { dataDir: string; verbose?: boolean }): Promise<unknown>;
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
}

export type PeerRequest =
  | { op: 'create'; rows: number; today: string }
  | { op: 'open' }
  | { op: 'time'; query: PeerQuery; n: number; from?: string; to?: string; word?: string }
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
const rssMb = () => process.memoryUsage.rss() / 1024 / 1024;

async function loadApi(peerDir: string): Promise<ActualApi> {
  const resolved = createRequire(join(peerDir, 'package.json')).resolve('@actual-app/api');
  const mod = (await import(pathToFileURL(resolved).href)) as ActualApi & { default?: ActualApi };
  return mod.default && typeof mod.default.init === 'function' ? mod.default : mod;
}

async function main() {
  const api = await loadApi(arg('peer-dir'));
  const dataDir = arg('data-dir');
  await api.init({ dataDir, verbose: false });
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
  const run = async (r: Extract<PeerRequest, { op: 'time' }>): Promise<number> => {
    switch (r.query) {
      case 'page':
        return (await rowsOf(all().select(columns).orderBy(newestFirst).limit(50))).length;
      case 'page_total': {
        const [rows, total] = await Promise.all([rowsOf(all().select(columns).orderBy(newestFirst).limit(50)), count(all())]);
        return rows.length + total * 0;
      }
      case 'categories':
        return (
          await rowsOf(
            all()
              .filter({ date: { $gte: r.from, $lte: r.to }, amount: { $lt: 0 } })
              .groupBy('category')
              .select(['category', { total: { $sum: '$amount' } }]),
          )
        ).length;
      case 'search':
        return (await rowsOf(matching(r.word!).select(columns).orderBy(newestFirst).limit(50))).length;
      case 'search_count': {
        const [rows, total] = await Promise.all([rowsOf(matching(r.word!).select(columns).orderBy(newestFirst).limit(50)), count(matching(r.word!))]);
        return rows.length + total * 0;
      }
    }
  };

  const handle = async (r: PeerRequest): Promise<unknown> => {
    switch (r.op) {
      case 'create': {
        const started = performance.now();
        await api.runImport(BUDGET, async () => {
          accountId = await api.createAccount({ name: 'Checking', offbudget: false }, 0);
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
          let batch: unknown[] = [];
          for (const t of benchTransactions(r.rows, new Date(r.today))) {
            batch.push({
              date: t.date,
              amount: t.type === 'expense' ? -t.amountMinor : t.amountMinor,
              payee: payees.get(t.merchant),
              category: categoryIds.get(t.category),
              notes: t.notes ? `${t.description} (${t.notes})` : t.description,
            });
            if (batch.length === 10_000) {
              await api.addTransactions(accountId, batch);
              batch = [];
            }
          }
          if (batch.length) await api.addTransactions(accountId, batch);
        });
        return { ms: performance.now() - started };
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
      case 'exit':
        // No process.exit: Actual writes the budget's metadata.json after closing it, and an exit
        // during that write leaves it empty (the budget then no longer lists). The process ends
        // when its work is done; the bench stops waiting for it after a while.
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

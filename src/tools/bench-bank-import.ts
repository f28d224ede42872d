/**
 * How long a bank file takes to import end to end: a 10,000-row OFX into a money account that already
 * holds 1,000,000 transactions, on PGlite (or DATABASE_URL's server). Seeds the rows as `npm run bench`
 * does (benchSeed.ts), all in one account; starts the API in this process on a loopback port; then over
 * real HTTP uploads the file (format detection, parsing, the preview's bank-id and hand-typed-row checks),
 * commits it into that account and polls until the job is done. Prints each phase; not part of npm test.
 *
 *   npx tsx src/tools/bench-bank-import.ts
 *   npx tsx src/tools/bench-bank-import.ts --rows 200000 --file-rows 10000
 *   npx tsx src/tools/bench-bank-import.ts --currency EUR    (the account in euros, a year of daily rates: base amounts computed)
 *
 * A 1M seed takes minutes: seed once into a directory, then import into copies of it (PGlite only):
 *   npx tsx src/tools/bench-bank-import.ts --seed-into /tmp/bank-1m     (seeds, stops, keeps the directory)
 *   npx tsx src/tools/bench-bank-import.ts --from /tmp/bank-1m          (imports into a fresh copy; the seed stays as it was)
 *   npx tsx src/tools/bench-bank-import.ts --from /tmp/bank-1m --csv    (the same 10,000 rows as `npm run bench`'s CSV, for comparison)
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { addDays, today } from '../contract/calendar';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { ratesRepository } from '../server/repositories/rates';
import { benchEnv, type BenchStore, createBenchUser, freshBenchStore, rows, seedTransactions } from './benchSeed';
import { timeImport } from './benchServer';
import { positiveOption } from './cliOptions';

const argv = process.argv.slice(2);
const ROWS = Math.floor(positiveOption(argv, 'rows', 1_000_000));
const FILE_ROWS = Math.floor(positiveOption(argv, 'file-rows', 10_000));
const CURRENCY = argv.includes('--currency') ? argv[argv.indexOf('--currency') + 1]! : null;
const pathOption = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1]! : null);
const SEED_INTO = pathOption('seed-into');
const FROM = pathOption('from');
const CSV = argv.includes('--csv');
const PASSWORD = 'bench password 1';
const EMAIL = 'bench-bank@example.com';
const log = (line: string) => console.log(`[bench:bank-import] ${line}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const PAYEES = ['SQ *BLUE BOTTLE 0341', 'AMZN Mktp US*2K4RT', 'UBER *TRIP HELP.UBER.COM', 'SHELL OIL 57442', 'NETFLIX.COM', 'WHOLEFDS MKT 10233', 'ZELLE PAYMENT TO JOHN SMITH', 'STARBUCKS STORE 1201', 'TRADER JOE S #552', 'ACME CORP PAYROLL'];

/** An OFX 1.x SGML checking statement of `n` rows over the last year, one FITID each. */
function ofxStatement(n: number): string {
  const end = today();
  const lines = ['OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', 'SECURITY:NONE', 'ENCODING:USASCII', 'CHARSET:1252', 'COMPRESSION:NONE', 'OLDFILEUID:NONE', 'NEWFILEUID:NONE', ''];
  lines.push('<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>2<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>');
  for (let i = 0; i < n; i++) {
    const payee = PAYEES[i % PAYEES.length]!;
    const income = payee.endsWith('PAYROLL');
    const amount = ((income ? 250_000 : 300 + ((i * 7919) % 20_000)) / 100).toFixed(2);
    const day = addDays(end, -Math.floor((i * 365) / n)).replace(/-/g, '');
    lines.push(`<STMTTRN><TRNTYPE>${income ? 'CREDIT' : 'DEBIT'}<DTPOSTED>${day}<TRNAMT>${income ? '' : '-'}${amount}<FITID>BENCH${String(i).padStart(8, '0')}<NAME>${payee}</STMTTRN>`);
  }
  lines.push('</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>');
  return lines.join('\r\n');
}

async function main() {
  if ((SEED_INTO || FROM) && process.env.DATABASE_URL) throw new Error('--seed-into and --from work on a PGlite directory only');
  let store: BenchStore;
  if (SEED_INTO) store = { dataDir: SEED_INTO, drop: async () => undefined };
  else if (FROM) {
    store = { dataDir: mkdtempSync(join(tmpdir(), 'finu-bench-bank-')), drop: async () => undefined };
    cpSync(FROM, store.dataDir!, { recursive: true });
    log(`copied ${FROM} into ${store.dataDir}`);
  } else store = await freshBenchStore('bench_bank');
  const env = benchEnv(store);
  try {
    const config = loadConfig(env);
    const database = await openDatabase(config);
    let started = performance.now();
    if (!FROM) {
      const user = await createBenchUser(database.db, EMAIL, PASSWORD);
      log(`seeding ${ROWS.toLocaleString('en-US')} transactions into one account…`);
      await seedTransactions(database.db, user.id, ROWS, log, { accounts: 1 });
      log(`seeded in ${seconds(performance.now() - started)}`);
    }
    const [account] = await rows<{ id: string; n: string }>(
      database.db,
      sql`select account_id as id, count(*) as n from transactions join users u on u.id = transactions.user_id where u.email = ${EMAIL} group by account_id`,
    );
    log(`account ${account!.id} holds ${Number(account!.n).toLocaleString('en-US')} rows`);
    if (SEED_INTO) {
      await database.close();
      log(`kept ${SEED_INTO}; import into copies of it with --from ${SEED_INTO}`);
      return;
    }
    if (CURRENCY) {
      // An account in another currency than the base: every imported row gets its base amount at its day's rate.
      await database.db.execute(sql`update accounts set currency = ${CURRENCY} where id = ${account!.id}`);
      const rates = Array.from({ length: 400 }, (_, i) => ({ date: addDays(today(), -i), base: 'EUR', quote: CURRENCY === 'EUR' ? 'USD' : CURRENCY, rate: (1.05 + (i % 90) / 1000).toFixed(4) }));
      await ratesRepository(database.db).replace(null, 'provider', CURRENCY === 'EUR' ? rates : [...rates, ...rates.map((r) => ({ ...r, quote: 'USD' }))]);
      log(`account in ${CURRENCY}, ${rates.length} days of reference rates`);
    }
    await database.close();

    const app = await buildApp(config, { logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const login = await fetch(`${base}/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
      const { access_token: token } = (await login.json()) as { access_token: string };
      const auth = { authorization: `Bearer ${token}` };
      await fetch(`${base}/subscription/trial/start`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' });
      if (CSV) {
        const timing = await timeImport(base, auth, FILE_ROWS, 'csv');
        log(`${FILE_ROWS.toLocaleString('en-US')}-row CSV into the default account: upload ${seconds(timing.uploadMs)}, commit to done ${seconds(timing.commitMs)}, end to end ${seconds(timing.totalMs)}; load average ${loadavg()[0]!.toFixed(1)}`);
        return;
      }
      const file = ofxStatement(FILE_ROWS);
      log(`${FILE_ROWS.toLocaleString('en-US')}-row OFX: ${(file.length / 1024 / 1024).toFixed(1)} MB; load average ${loadavg()[0]!.toFixed(1)}`);

      started = performance.now();
      const upload = await fetch(`${base}/transactions/import?file_name=bench.ofx&account_id=${account!.id}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/x-ofx' }, body: file });
      const preview = (await upload.json()) as { import_id: string; format: string; counts: Record<string, number>; mapping: unknown; detail?: string };
      if (upload.status !== 201) throw new Error(`upload answered ${upload.status}: ${preview.detail}`);
      const uploadMs = performance.now() - started;
      log(`upload and preview (${preview.format}): ${seconds(uploadMs)}, counts ${JSON.stringify(preview.counts)}`);
      const commit = await fetch(`${base}/transactions/import/${preview.import_id}/commit`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ mapping: preview.mapping, account_id: account!.id }),
      });
      if (commit.status !== 202) throw new Error(`commit answered ${commit.status}: ${await commit.text()}`);
      let job: { status: string; rows_imported: number; rows_matched: number; rows_duplicate: number };
      for (;;) {
        job = (await (await fetch(`${base}/transactions/import/${preview.import_id}`, { headers: auth })).json()) as typeof job;
        if (job.status !== 'queued' && job.status !== 'running') break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const totalMs = performance.now() - started;
      log(`job ${job.status}: ${job.rows_imported} imported, ${job.rows_matched} matched, ${job.rows_duplicate} skipped; commit to done ${seconds(totalMs - uploadMs)}`);
      log(`end to end (upload, preview, commit, job): ${seconds(totalMs)} ${totalMs < 10_000 ? '(under the 10 s target)' : '(OVER the 10 s target)'}`);

      // The same file again adds nothing.
      const again = await fetch(`${base}/transactions/import?file_name=bench.ofx&account_id=${account!.id}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/x-ofx' }, body: file });
      log(`the same file again: ${JSON.stringify(((await again.json()) as { counts: unknown }).counts)}`);
    } finally {
      await app.close();
    }
  } finally {
    await store.drop();
    if (store.dataDir && !SEED_INTO) rmSync(store.dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

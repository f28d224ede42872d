import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { MERCHANTS } from '../benchData';
import { ACTUAL_VERSION } from './actual';
import { loadWords, type PeerOptions } from './options';
import { seconds, WORD } from './shared';

/** One line of the report's table. */
export interface Row {
  label: string;
  ours: string;
  peer: string;
  /** peer ÷ ours: above 1, ours is faster. */
  ratio: number;
  /** The peer behind an HTTP hop like ours (its own process, a plain node:http server), and its ratio to ours. */
  peerHttp?: string;
  ratioHttp?: number;
  oursP95?: number;
  peerP95?: number;
}

/** What the report says besides its rows. */
export interface ReportFacts {
  options: PeerOptions;
  results: Row[];
  loadBefore: number;
  postgres: boolean;
  version: string;
  bareP50: number;
  oursLoad: number;
  peerLoad: number;
  agreement: string;
  round: number;
}

/** The table (printed) and the docs/performance.md section it stands in. */
export function peerReport(f: ReportFacts): { table: string; section: string } {
  const n = (x: number) => x.toLocaleString('en-US');
  const table = [
    `| ${n(f.options.rows)} rows, single client | Finu (HTTP) | Actual (in-process) | Actual ÷ Finu | Actual over HTTP | Actual over HTTP ÷ Finu |`,
    '|---|---:|---:|---:|---:|---:|',
    ...f.results.map((r) => {
      const times = (x: number | undefined) => (x !== undefined && Number.isFinite(x) ? `${x.toFixed(1)}×` : '—');
      return `| ${r.label} | ${r.ours} | ${r.peer} | ${times(r.ratio)} | ${r.peerHttp ?? '—'} | ${times(r.ratioHttp)} |`;
    }),
  ].join('\n');
  const machine = `${availableParallelism()} CPU cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GiB memory, Node ${process.version}, ${process.platform}; load average ${f.loadBefore.toFixed(1)} when measuring started`;
  const section = `<!-- bench:peer_actual -->
## Side by side with Actual Budget (\`npm run bench -- --peer actual\`)

- **Date**: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- **Machine**: ${machine}
- **Finu**: ${f.postgres ? 'PostgreSQL' : 'PGlite (embedded, on disk)'}, ${f.version.split(' on ')[0]}; the API in its own process (compiled, as \`npm start\`), requests over HTTP on one keep-alive connection; the bare route answers in ${f.bareP50.toFixed(2)} ms p50 on it.
- **Actual**: \`@actual-app/api\` ${ACTUAL_VERSION} (SQLite through better-sqlite3, in the calling process), a local budget in a temporary folder, ActualQL through \`aqlQuery\`; no HTTP in the "in-process" column. The "over HTTP" column asks the same questions of a copy of the budget in a second peer process that answers through a plain \`node:http\` server (no framework, \`JSON.stringify\` of the answer) over the same kind of keep-alive loopback connection as Finu's: the hop both systems pay when a browser asks.
- **Data**: the same ${n(f.options.rows)} generated transactions in both (one user, six years, ${MERCHANTS.length} merchants, ${new Set(MERCHANTS.map((m) => m[1])).size} categories); loaded into Finu in ${seconds(f.oursLoad)} (bulk SQL), into Actual in ${seconds(f.peerLoad)} (${loadWords[f.options.load]}; docs/decisions.md, "The peer bench"). Checked before timing: ${f.agreement}.
- **Timing**: p50 of ${f.options.requests} calls per query and system, alternating (Finu, Actual in-process, Actual over HTTP) in rounds of ${f.round} after 10 warm-up calls each.
- **Command**: \`npm run bench -- --peer actual${f.options.rows !== 100_000 ? ` --rows ${f.options.rows}` : ''}${f.options.noImport ? ' --no-import' : ''}\`

${table}

The queries, as each system's own list, report and search build them: Finu \`GET /transactions?limit=50\` (its total from the rollups), \`include_total=false\`, \`GET /transactions/categories/expenses\` over the last 365 days, \`q=${WORD}\` (prefix word search over description, merchant and notes) with and without its count; Actual \`q('transactions')\` ordered by date and id, limit 50, with \`calculate({ $count: '$id' })\` for the total, \`groupBy('category')\` with \`$sum\` over negative amounts of the last 365 days, and \`$like '%${WORD}%'\` over the payee's name and the notes (its search box). The import: Finu's CSV upload (parse, duplicate check), commit and job over HTTP; Actual's \`importTransactions\` (its reconciliation with existing rows, then the insert).
<!-- /bench:peer_actual -->`;
  return { table, section };
}

/** Puts the section into docs/performance.md, in place of the last run's. */
export function writePeerSection(root: string, section: string): void {
  const path = join(root, 'docs', 'performance.md');
  let doc = readFileSync(path, 'utf8');
  const block = /<!-- bench:peer_actual -->[\s\S]*?<!-- \/bench:peer_actual -->/;
  doc = block.test(doc) ? doc.replace(block, () => section) : `${doc.trimEnd()}\n\n${section}\n`;
  writeFileSync(path, doc);
}

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACTUAL_VERSION } from './actual';
import type { PeerOptions } from './options';
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
  const section = `<!-- bench:peer_actual -->
## Side by side with Actual Budget, ${n(f.options.rows)} rows

\`npm run bench -- --peer actual${f.options.rows !== 100_000 ? ` --rows ${f.options.rows}` : ''}${f.options.noImport ? ' --no-import' : ''}\` (${new Date().toISOString().slice(0, 10)}, load ${f.loadBefore.toFixed(1)}; Finu on ${f.postgres ? 'PostgreSQL' : 'PGlite'} over HTTP, bare route ${f.bareP50.toFixed(2)} ms p50; \`@actual-app/api\` ${ACTUAL_VERSION} in-process, and behind a plain \`node:http\` server): p50 of ${f.options.requests} calls, alternating; the same generated rows (loaded in ${seconds(f.oursLoad)} / ${seconds(f.peerLoad)}), answers checked equal first. Queries as each system's list and search build them (Actual: \`$like '%${WORD}%'\` over payee and notes).

${table}
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

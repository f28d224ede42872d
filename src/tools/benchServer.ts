/**
 * The bench's API child process and what is measured over HTTP: start it, read its memory, time a
 * CSV import. Shared by bench.ts and bench-peer.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { READY } from './bench-api';
import { API_NODE_FLAGS, apiNodeEnv } from './benchBuild';
import { benchImportRows } from './benchData';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** Starts the compiled bench API (bench-api.ts, built by benchBuild.ts) on plain node: one process, so its pid is the API's for the memory figure. */
export function startServer(env: Record<string, string>, script: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...API_NODE_FLAGS, script, '--serve'], {
      cwd: root,
      env: { ...process.env, ...apiNodeEnv(), ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffer = '';
    child.stdout!.on('data', (data: Buffer) => {
      buffer += data.toString();
      const match = new RegExp(`${READY} (\\d+)`).exec(buffer);
      if (match) resolvePromise({ child, port: Number(match[1]) });
    });
    child.on('exit', (code) => reject(new Error(`the API process exited with ${code} before it was ready`)));
  });
}

/** Resident memory of a process in MB (Linux /proc), or NaN elsewhere. */
export function rssMb(pid: number | undefined): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

export interface ImportTiming {
  rows: number;
  uploadMs: number;
  commitMs: number;
  totalMs: number;
  imported: number;
}

/**
 * fetch, with the reason when the request fails below HTTP: undici reports only "fetch failed" and
 * keeps the socket's error (ECONNRESET, "other side closed", a timeout) in `cause`. A peer-bench run
 * at load 6 once lost its import to a bare "fetch failed" that could not be told apart afterwards
 * (docs/performance.md).
 */
async function fetchStep(step: string, url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const causes: string[] = [];
    for (let e: unknown = error; e instanceof Error && causes.length < 4; e = e.cause) causes.push(`${e.name}${'code' in e && e.code ? ` ${String(e.code)}` : ''}: ${e.message}`);
    throw new Error(`${step}: ${causes.join(' ← ')}`, { cause: error });
  }
}

/** A CSV of `rows` new transactions (recent dates, descriptions no stored row has), uploaded, committed and waited for over HTTP. */
export async function timeImport(base: string, headers: Record<string, string>, rows: number, tag: string): Promise<ImportTiming> {
  const lines = ['Date,Description,Amount,Category'];
  for (const r of benchImportRows(rows, tag)) lines.push(`${r.date},${r.description},-${(r.amountMinor / 100).toFixed(2)},${r.category}`);
  const started = performance.now();
  const uploaded = await fetchStep('the CSV upload', `${base}/transactions/import?file_name=bench.csv`, { method: 'POST', headers: { ...headers, 'content-type': 'text/csv' }, body: lines.join('\n') });
  if (uploaded.status !== 201) throw new Error(`import upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const preview = (await uploaded.json()) as { import_id: string; mapping: unknown };
  const uploadMs = performance.now() - started;
  const committed = await fetchStep('the import commit', `${base}/transactions/import/${preview.import_id}/commit`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ mapping: preview.mapping }) });
  if (committed.status !== 202) throw new Error(`import commit answered ${committed.status}: ${await committed.text()}`);
  for (;;) {
    const job = (await (await fetchStep('the import job', `${base}/transactions/import/${preview.import_id}`, { headers })).json()) as { status: string; rows_imported: number };
    if (job.status === 'completed') {
      const totalMs = performance.now() - started;
      return { rows, uploadMs, commitMs: totalMs - uploadMs, totalMs, imported: job.rows_imported };
    }
    if (job.status !== 'queued' && job.status !== 'running') throw new Error(`import ended ${job.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}


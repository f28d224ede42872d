import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite's start parameters with fsync back on. PGlite starts PostgreSQL with `-F` (fsync off),
 * and its Emscripten NODEFS has no fsync at all, so nothing it writes is ever forced to disk: a power
 * loss or OS crash can drop commits the API acknowledged. These are PGlite 0.5's own defaults
 * (PGlite.defaultStartParams) minus `-F`, plus `wal_sync_method=fsync` because Emscripten's
 * fdatasync is a no-op while its fsync reaches the stream's fsync (patched in below).
 */
export const DURABLE_START_PARAMS = [
  '--single',
  '-O',
  '-j',
  '-c', 'search_path=public',
  '-c', 'exit_on_error=false',
  '-c', 'log_checkpoints=false',
  '-c', 'max_worker_processes=0',
  '-c', 'max_parallel_workers=0',
  '-c', 'max_parallel_workers_per_gather=0',
  '-c', 'io_method=sync',
  '-c', 'max_parallel_maintenance_workers=0',
  '-c', 'fsync=on',
  '-c', 'synchronous_commit=on',
  '-c', 'wal_sync_method=fsync',
  '-c', 'full_page_writes=on',
  // PGlite's default 128 MB of shared buffers is zero-filled at start, so it is all resident; 16 MB
  // keeps an idle server small and is what PostgreSQL itself ships with (docs/performance.md).
  '-c', 'shared_buffers=16MB',
];

interface EmscriptenStream {
  nfd?: number;
}
interface EmscriptenModule {
  NODEFS: { stream_ops: { fsync?: (stream: EmscriptenStream) => number } };
}

/**
 * NODEFS with a real fsync: PostgreSQL's fsync of a WAL segment, a data file or a directory
 * becomes fsync(2) on the host file, so a commit is on disk before PostgreSQL reports it done.
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    return {
      emscriptenOpts: {
        ...result.emscriptenOpts,
        preRun: [
          ...preRun,
          (mod: EmscriptenModule) => {
            mod.NODEFS.stream_ops.fsync = (stream) => {
              if (stream.nfd !== undefined) fsyncSync(stream.nfd);
              return 0;
            };
          },
        ],
      },
    };
  }
}

/**
 * Creates a new PGlite data directory in a child process. initdb runs in a second WASM instance
 * whose memory (about 500 MB) stays in the process until a garbage collection that may never
 * come on an idle server; a child returns it to the OS when it exits. Then every file and folder
 * written is fsynced once, since initdb itself never syncs.
 */
export function initDataDir(dir: string): void {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)}); const pg = new PGlite(process.argv[1]); await pg.waitReady; await pg.close();`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script, dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  syncTree(dir);
}

function syncTree(path: string): void {
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) syncTree(child);
    else if (entry.isFile()) fsyncPath(child);
  }
  fsyncPath(path);
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

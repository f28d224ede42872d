/**
 * Commits per second on an on-disk PGlite, as PGlite ships (`stock`: fsync off, no fsync in its
 * NODEFS) or as the app opens it (`durable`). Under strace it shows what reaches the disk:
 *
 *   strace -f -c -e trace=fsync,fdatasync node node_modules/tsx/dist/cli.mjs src/tools/pglite-commits.ts durable /tmp/db 200
 */
import { PGlite } from '@electric-sql/pglite';
import { DURABLE_START_PARAMS, DurableNodeFS, initDataDir } from '../server/db/durable-fs';

const [mode = 'durable', dir = 'data-commits', count = '200'] = process.argv.slice(2);
if (mode !== 'stock' && mode !== 'durable') throw new Error('usage: pglite-commits.ts stock|durable DIR [COMMITS]');
const n = Number(count);
if (mode === 'durable') initDataDir(dir);
const pg = mode === 'durable' ? new PGlite({ fs: new DurableNodeFS(dir), startParams: DURABLE_START_PARAMS }) : new PGlite(dir);
await pg.waitReady;
await pg.exec('create table if not exists commits (id serial primary key, note text)');
const fsync = (await pg.query<{ fsync: string }>('show fsync')).rows[0]?.fsync;
const started = performance.now();
for (let i = 0; i < n; i++) await pg.query('insert into commits (note) values ($1)', [`commit ${i}`]);
const ms = performance.now() - started;
console.log(`${mode} (fsync ${fsync}): ${n} commits in ${ms.toFixed(0)} ms = ${((n / ms) * 1000).toFixed(0)} commits/s`);
await pg.close();

/**
 * The floor under the API's memory for `npm run bench:web`: a plain node process that opens the
 * bench's database as the API does (openDatabase: PGlite with the same file system and start
 * parameters, the migrations already applied), asks one query, collects garbage and prints its RSS
 * in MB. benchBuild.ts compiles it for plain node, as it does the API.
 */
import { getHeapCodeStatistics } from 'node:v8';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';

if (process.argv.includes('--measure')) {
  const database = await openDatabase(loadConfig());
  await database.db.execute(sql`select 1`);
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 500));
  // `--detail`: where the RSS goes, one JSON line before it (V8's heap, memory outside it such as WebAssembly memories and ArrayBuffers).
  if (process.argv.includes('--detail')) {
    const m = process.memoryUsage();
    const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
    console.log(JSON.stringify({ heapUsed: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers), code: mb(getHeapCodeStatistics().code_and_metadata_size) }));
  }
  console.log(process.memoryUsage.rss() / 1024 / 1024);
  await database.close();
}

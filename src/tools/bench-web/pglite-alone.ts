/**
 * The floor under the API's memory for `npm run bench:web`: a plain node process that opens the
 * bench's database as the API does (openDatabase: PGlite with the same file system and start
 * parameters, the migrations already applied), asks one query, collects garbage and prints its RSS
 * in MB. benchBuild.ts compiles it for plain node, as it does the API.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';

if (process.argv.includes('--measure')) {
  const database = await openDatabase(loadConfig());
  await database.db.execute(sql`select 1`);
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 500));
  console.log(process.memoryUsage.rss() / 1024 / 1024);
  await database.close();
}

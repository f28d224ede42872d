/**
 * Loads or removes a user's demo year from the command line (same generator as POST /transactions/demo):
 *
 *   npx tsx src/tools/demo-data.ts --email someone@example.com [--seed 42] [--end 2024-12-31]
 *   npx tsx src/tools/demo-data.ts --email someone@example.com --remove
 *
 * Uses the configured database (DATABASE_URL, or PGlite in DATA_DIR, as `npm start` does).
 */
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { accountsRepository } from '../server/repositories/accounts';
import { transactionsRepository } from '../server/repositories/transactions';
import { usersRepository } from '../server/repositories/users';
import { DEFAULT_DEMO_SEED, loadDemoData, removeDemoData } from '../server/services/demo';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const email = arg('email');
  if (!email) throw new Error('usage: tsx src/tools/demo-data.ts --email EMAIL [--seed N] [--end YYYY-MM-DD] [--remove]');
  const seed = Number(arg('seed') ?? DEFAULT_DEMO_SEED);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new Error('--seed must be a whole number');
  const endDate = arg('end');
  if (endDate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(endDate)) throw new Error('--end must be YYYY-MM-DD');

  const database = await openDatabase(loadConfig());
  try {
    const user = await usersRepository(database.db).findByEmail(email);
    if (!user) throw new Error(`no user with email ${email}`);
    const repo = transactionsRepository(database.db);
    const accounts = accountsRepository(database.db);
    if (process.argv.includes('--remove')) {
      console.log(`removed ${await removeDemoData(repo, accounts, user.id)} demo transactions of ${email}`);
    } else {
      const result = await loadDemoData(repo, accounts, user.id, { seed, endDate });
      console.log(`loaded ${result.inserted} demo transactions (${result.dateFrom} to ${result.dateTo}, seed ${result.seed}) for ${email}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

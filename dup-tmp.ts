import { openDatabase } from './src/server/db/client';
import { usersRepository } from './src/server/repositories/users';
import { transactionsRepository } from './src/server/repositories/transactions';
import { seedTransactions } from './src/tools/benchSeed';
const d = await openDatabase({ inMemoryDb: true, dataDir: '/tmp/x' } as never);
const users = usersRepository(d.db);
const big = (await users.create({ email: 'big@x.com', passwordHash: 'x' }))!.id;
const small = (await users.create({ email: 'small@x.com', passwordHash: 'x' }))!.id;
await seedTransactions(d.db, big, 300_000);
await seedTransactions(d.db, small, 1_000);
const repo = transactionsRepository(d.db);
const keys = Array.from({ length: 10_000 }, (_, i) => ({ date: new Date(Date.now() - (i % 700) * 86_400_000).toISOString().slice(0, 10), type: 'expense' as const, amountMinor: 100 + (i % 900) * 100, description: `Coffee #${i % 9973}` }));
for (const [who, id] of [['1,000 rows', small], ['300,000 rows', big], ['1,000 rows', small], ['300,000 rows', big]] as const) {
  const t = performance.now();
  let found = 0;
  for (let i = 0; i < keys.length; i += 5000) found += (await repo.duplicateCandidates(id, keys.slice(i, i + 5000), null)).length;
  console.log(`duplicate check of 10,000 rows in an account with ${who}: ${(performance.now() - t).toFixed(0)} ms (${found} with stored matches)`);
}
await d.close();

/**
 * `npx tsx src/tools/bench-rates.ts`: how long importing an ECB reference-rate history takes — by
 * default ten years of business days (about 2,600) × 30 currencies, about 78,000 rates, the size of the
 * ECB's eurofxref-hist.csv — through the rates service a user's POST /rates/import calls (parse,
 * exact decimals, batched upserts), then one conversion lookup. Target: under 5 s. Not part of npm test.
 *
 *   npx tsx src/tools/bench-rates.ts
 *   npx tsx src/tools/bench-rates.ts --years 1 --currencies 10
 *   DATABASE_URL=postgres://… npx tsx src/tools/bench-rates.ts
 */
import { ratesRepository } from '../server/repositories/rates';
import { ratesService } from '../server/services/rates/service';
import { historyCsv } from './benchEcb';
import { createBenchUser, runWithBenchDatabase } from './benchSeed';
import { positiveOption } from './cliOptions';

const argv = process.argv.slice(2);
const YEARS = positiveOption(argv, 'years', 10);
const CURRENCIES = positiveOption(argv, 'currencies', 30);
const log = (line: string) => console.log(line);

runWithBenchDatabase('bench_rates', async (db) => {
  const user = await createBenchUser(db, 'bench-rates@example.com', 'bench rates password');
  const rates = ratesService({ repo: ratesRepository(db) });
  const file = historyCsv(YEARS, CURRENCIES);
  log(`file: ${file.days.toLocaleString('en-US')} days × ${CURRENCIES} currencies, ${(file.text.length / 1024 / 1024).toFixed(1)} MB`);
  let started = performance.now();
  const result = await rates.importFile(user.id, file.text);
  const importMs = performance.now() - started;
  log(`import: ${result.rates.toLocaleString('en-US')} rates in ${(importMs / 1000).toFixed(2)} s (target < 5 s)`);
  started = performance.now();
  await rates.importFile(user.id, file.text);
  log(`import again (every rate replaced): ${((performance.now() - started) / 1000).toFixed(2)} s`);
  started = performance.now();
  const converted = await rates.convert(user.id, 100_000, 'USD', 'JPY', '2025-06-15');
  log(`one cross-rate conversion (USD→JPY via EUR, a Sunday): ${(performance.now() - started).toFixed(1)} ms → ${converted?.minor ?? 'not converted'}`);
  if (importMs > 5000) process.exitCode = 1;
});

/**
 * How long the merchant component takes per bank string. Builds `--strings` strings (100,000 by default) the way
 * banks write them: dictionary aliases with processor prefixes, store numbers, cities and dates around them,
 * transfers, pay, fees and merchants the dictionary does not know; normalizes them all once to warm up, then
 * `--runs` times, and prints the median microseconds per string. Nothing is written.
 *
 *   npx tsx src/tools/bench-merchants.ts
 *   npx tsx src/tools/bench-merchants.ts --strings 20000 --runs 3
 */
import { dictionaryAliases, normalizeMerchant } from '../server/services/merchants';
import { positiveOption } from './cliOptions';

const argv = process.argv.slice(2);
const STRINGS = Math.floor(positiveOption(argv, 'strings', 100_000));
const RUNS = Math.floor(positiveOption(argv, 'runs', 5));

/** A small deterministic generator, so every run times the same strings. */
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const digits = (n: number) => String(Math.floor(random() * 10 ** n)).padStart(n, '0');

const aliases = dictionaryAliases().map((alias) => alias.alias);
const prefixes = ['', '', '', 'SQ *', 'TST* ', 'PAYPAL *', 'POS PURCHASE ', 'DEBIT CARD PURCHASE XXXX1234 ', 'CKO*', 'SUMUP *'];
const places = ['', 'SEATTLE WA', 'NEW YORK NY', 'LONDON GB', 'PAWTUCKET RI', 'AUSTIN TX', 'BERLIN DE'];
const unknown = ['ROSE CITY COFFEE', 'MARIOS TRATTORIA', 'ELM STREET PHARMACY', 'QUICK GAS', 'BLUE DOOR BOUTIQUE', 'ZZYZX HOLDINGS', 'HARBOR VIEW HOTEL'];
const people = ['JOHN SMITH', 'MARIA GARCIA', 'OAKRIDGE PROPERTY MGMT', 'J BLOGGS'];
const transfers = ['ZELLE PAYMENT TO', 'VENMO PAYMENT TO', 'FASTER PAYMENT TO', 'STANDING ORDER TO', 'SEPA CREDIT TRANSFER TO', 'TRANSFER TO'];

function bankString(): string {
  const roll = random();
  if (roll < 0.1) return `${pick(transfers)} ${pick(people)} ${random() < 0.5 ? `REF ${digits(8)}` : ''}`;
  if (roll < 0.13) return `ACME CORP DES:PAYROLL ID:${digits(9)} INDN:JOHN DOE CO ID:${digits(10)} PPD`;
  if (roll < 0.15) return pick(['MONTHLY SERVICE FEE', `ATM WITHDRAWAL ${digits(6)} MAIN ST`, 'OVERDRAFT FEE']);
  const name = roll < 0.35 ? pick(unknown) : pick(aliases);
  return `${pick(prefixes)}${name} #${digits(4)} ${random() < 0.3 ? `${digits(2)}/${digits(2)} ` : ''}${pick(places)}`.trim();
}

const strings = Array.from({ length: STRINGS }, bankString);
let sink = 0;
for (const raw of strings) sink += normalizeMerchant(raw).name.length;

const timings: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  const started = process.hrtime.bigint();
  for (const raw of strings) sink += normalizeMerchant(raw).name.length;
  timings.push(Number(process.hrtime.bigint() - started) / 1000 / STRINGS);
}
timings.sort((a, b) => a - b);
const median = timings[Math.floor(timings.length / 2)] ?? 0;
const kinds = strings.reduce((known, raw) => known + (normalizeMerchant(raw).kind === null ? 0 : 1), 0);
console.log(`[bench:merchants] ${STRINGS.toLocaleString('en-US')} strings, ${RUNS} runs: median ${median.toFixed(2)} µs per string (fastest ${timings[0]?.toFixed(2)}, slowest ${timings.at(-1)?.toFixed(2)}); ${((kinds / STRINGS) * 100).toFixed(1)} % with a kind (${sink > 0 ? 'ok' : ''})`);

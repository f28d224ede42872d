import type { PeerLoad } from '../bench-peer-actual';
import { positiveOption } from '../cliOptions';

/** How each way of loading Actual is named in the log and the report. */
export const loadWords: Record<PeerLoad, string> = {
  api: 'addTransactions in batches of 10,000',
  direct: "the transactions addTransactions would write, through Actual's own transactions-batch-update in batches of 1,000",
};

export interface PeerOptions {
  rows: number;
  requests: number;
  write: boolean;
  noImport: boolean;
  /**
   * The peer's import is stopped after this long (300 s): importTransactions runs the rules pass on
   * every row, and with it the running-balance sum over the account (bench-peer-actual.ts, PeerLoad),
   * so it slows with the account's size (907 s at 100,000 rows in the run).
   */
  importTimeoutS: number;
  /** How the rows go into Actual (bench-peer-actual.ts, PeerLoad): `direct` by default. */
  load: PeerLoad;
  /** Load the rows both ways into two budgets and compare them, then stop (no timings). */
  verify: boolean;
  /** The largest size the bench loads into Actual without being asked to (`--peer-rows-max`); a cached budget is not loaded again. */
  rowsMax: number;
}

export function parsePeerOptions(argv: string[]): PeerOptions {
  const value = (name: string, fallback: number) => positiveOption(argv, name, fallback);
  const peer = argv[argv.indexOf('--peer') + 1];
  const load = peerLoadOption(argv);
  const verify = argv.includes('--peer-verify');
  if (peer !== 'actual') throw new Error('--peer: the one peer known is `actual` (Actual Budget, @actual-app/api)');
  return {
    rows: Math.floor(value('rows', 100_000)),
    requests: Math.floor(value('requests', 200)),
    write: !argv.includes('--no-write'),
    noImport: argv.includes('--no-import'),
    importTimeoutS: value('peer-import-timeout', 300),
    load,
    verify,
    rowsMax: Math.floor(value('peer-rows-max', load === 'api' || verify ? 30_000 : 300_000)),
  };
}

/**
 * About how long loading `rows` into Actual takes here (2 shared cores, 2026-11-23): the direct load is
 * linear, 100,000 rows in 108 s under a load average of 6; addTransactions is quadratic (10,000 rows in
 * 25 s, 30,000 in 381 s).
 */
export function peerLoadEstimateS(rows: number, load: PeerLoad): number {
  return load === 'api' ? 40 * (rows / 10_000) ** 2 : rows * 0.0011;
}

function peerLoadOption(argv: string[]): PeerLoad {
  const i = argv.indexOf('--peer-load');
  if (i < 0) return 'direct';
  const value = argv[i + 1];
  if (value !== 'api' && value !== 'direct') throw new Error('--peer-load: `direct` (the default) or `api` (addTransactions, quadratic in the budget\'s size)');
  return value;
}

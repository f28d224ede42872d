import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPeer, Peer } from './actual';
import type { PeerOptions } from './options';
import { log, seconds, WORD } from './shared';

/** The bench's answers from the peer (bench-peer-actual.ts, op `answers`). */
export interface PeerAnswers {
  total: number;
  pageDates: string[];
  searchTotal: number;
  searchPageDates: string[];
  categories: Record<string, { cents: number; count: number }>;
}

/** The questions' window: the last 365 days, as both systems are asked. */
export const window365 = (today: Date) => {
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(-365), to: day(0) };
};

/**
 * `--peer-verify`: loads the same rows through addTransactions and through the direct load into two
 * budgets, opens each in a fresh process and compares what Actual holds and answers: every
 * transaction's columns (ids replaced by names), every table's row count, the schema, every budget
 * month of the spreadsheet, and the bench's questions.
 */
export async function verifyPeerLoads(options: PeerOptions, script: string, peerDir: string, today: Date): Promise<void> {
  const { from, to } = window365(today);
  const seen: Record<string, { ms: number; digest: Record<string, unknown>; answers: PeerAnswers }> = {};
  for (const via of ['api', 'direct'] as const) {
    const dir = mkdtempSync(join(tmpdir(), `finu-bench-actual-${via}-`));
    try {
      log(`verify: loading ${options.rows.toLocaleString('en-US')} rows through ${via === 'api' ? 'addTransactions' : 'the direct load'}…`);
      const ms = await loadPeer(script, peerDir, dir, options.rows, today, via);
      const peer = await Peer.start(script, peerDir, dir);
      try {
        await peer.ask({ op: 'open' });
        const digest = await peer.ask<Record<string, unknown>>({ op: 'digest' });
        const answers = await peer.ask<PeerAnswers>({ op: 'answers', from, to, word: WORD });
        seen[via] = { ms, digest, answers };
        log(`verify: ${via} loaded in ${seconds(ms)}: ${JSON.stringify(digest)}`);
      } finally {
        await peer.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const differences = (['digest', 'answers'] as const).flatMap((part) => {
    const [a, b] = [seen.api![part] as Record<string, unknown>, seen.direct![part] as Record<string, unknown>];
    return Object.keys({ ...a, ...b })
      .filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]))
      .map((key) => `${part}.${key}: api ${JSON.stringify(a[key])} ≠ direct ${JSON.stringify(b[key])}`);
  });
  if (differences.length) throw new Error(`the two loads differ:\n${differences.join('\n')}`);
  log(`verify: the budgets are the same (${seen.api!.answers.total} rows, "${WORD}" ${seen.api!.answers.searchTotal}); addTransactions ${seconds(seen.api!.ms)}, direct ${seconds(seen.direct!.ms)}`);
}

/** Ours' answers to the same questions (over HTTP, as the timings ask them). */
export async function oursAnswers(base: string, auth: Record<string, string>, from: string, to: string): Promise<PeerAnswers> {
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${base}${path}`, { headers: auth });
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return (await res.json()) as T;
  };
  type Page = { total: number; transactions: { date: string }[] };
  const page = await get<Page>('/transactions?limit=50');
  const search = await get<Page>(`/transactions?q=${WORD}&limit=50`);
  const spending = await get<{ categories: { category: string; total: number; count: number }[] }>(`/transactions/categories/expenses?date_from=${from}&date_to=${to}`);
  return {
    total: page.total,
    pageDates: page.transactions.map((t) => t.date.slice(0, 10)),
    searchTotal: search.total,
    searchPageDates: search.transactions.map((t) => t.date.slice(0, 10)),
    categories: Object.fromEntries(spending.categories.map((c) => [c.category, { cents: Math.round(c.total * 100), count: c.count }])),
  };
}

/** What differs between two systems' answers (empty: the same). */
export function compareAnswers(ours: PeerAnswers, theirs: PeerAnswers): string[] {
  const out: string[] = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (ours.total !== theirs.total) out.push(`rows ${ours.total} ≠ ${theirs.total}`);
  if (!same(ours.pageDates, theirs.pageDates)) out.push('the first page\'s dates differ');
  if (ours.searchTotal !== theirs.searchTotal) out.push(`"${WORD}" matches ${ours.searchTotal} ≠ ${theirs.searchTotal}`);
  if (!same(ours.searchPageDates, theirs.searchPageDates)) out.push(`the "${WORD}" page's dates differ`);
  const names = [...new Set([...Object.keys(ours.categories), ...Object.keys(theirs.categories)])].sort();
  for (const name of names) {
    if (!same(ours.categories[name], theirs.categories[name])) out.push(`${name}: ${JSON.stringify(ours.categories[name])} ≠ ${JSON.stringify(theirs.categories[name])}`);
  }
  return out;
}

import type { TransactionsRepository } from '../../repositories/transactions';
import { todayUtc } from '../transactions/reports';
import { generateDemoYear } from './generator';

export const DEFAULT_DEMO_SEED = 42;

export interface DemoLoadResult {
  inserted: number;
  dateFrom: string;
  dateTo: string;
  seed: number;
}

/** Loads (or reloads) a year of demo transactions ending today for one user; one database transaction. */
export async function loadDemoData(repo: TransactionsRepository, userId: string, options: { seed?: number; endDate?: string } = {}): Promise<DemoLoadResult> {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const rows = generateDemoYear(seed, options.endDate ?? todayUtc());
  const inserted = await repo.replaceDemo(userId, rows);
  const dates = rows.map((r) => r.date).sort();
  return { inserted, dateFrom: dates[0] ?? '', dateTo: dates[dates.length - 1] ?? '', seed };
}

/** Removes exactly the demo rows (source = demo) of one user. */
export const removeDemoData = (repo: TransactionsRepository, userId: string) => repo.removeDemo(userId);

import { addDays, eachDay, parseDay, today } from '../../../contract/calendar';
import {
  MIN_CONVERSION_POINTS,
  POINTS_PER_FINU,
  type ActivityItem,
  type AvailableRewards,
  type DailyWeeklyEarnings,
  type OnchainBalance,
  type TokenBalance,
  type TokenHistory,
  type TokenStatistics,
  type TransactionProgress,
} from '../../../contract/rewards';
import type { RewardEntryRow, RewardsRepository } from '../../repositories/rewards';
import type { Chain } from '../chain';
import { walletRow } from '../wallet';
import { AWARD_RULES, DAILY_MAX_POINTS, dailyMaxOf, TRANSACTION_MILESTONES, type AwardRule } from './rules';

/** Entries of the ledger the balance shows as recent activity. */
const RECENT = 5;

export const toActivity = (row: RewardEntryRow): ActivityItem => ({
  id: row.id,
  type: row.kind,
  reason: row.reason,
  points: row.kind === 'spend' || row.kind === 'revoke' ? -row.points : row.points,
  balance_after: row.balanceAfter,
  title: row.title,
  message: row.message,
  reference: row.reference,
  created_at: row.createdAt.toISOString(),
});

const titleOf = (reason: string) => (reason in AWARD_RULES ? AWARD_RULES[reason as AwardRule].title : reason);

/** Every day from `from` to `to` (UTC days), with the points of `byDay` or 0. */
function pointsByDay(from: string, to: string, byDay: Array<{ day: string; points: number }>) {
  const points = new Map(byDay.map((d) => [d.day, d.points]));
  return eachDay(from, to).map((date) => ({ date, points: points.get(date) ?? 0 }));
}

/**
 * What the token calls read ([spec:7-wallet-rewards]): the points balance, its history and statistics, what is
 * left to earn, milestones and FINU on the user's wallet. Days are UTC; `now` is the caller's clock.
 */
export function tokensService(deps: { repo: RewardsRepository; walletKey: Buffer; requireChain: () => Chain }) {
  const { repo } = deps;
  return {
    async balance(userId: string): Promise<TokenBalance> {
      const [account, recent] = await Promise.all([repo.account(userId), repo.history(userId, RECENT, 0)]);
      return {
        fin_token_balance: account.balance,
        total_earned: account.totalEarned,
        total_spent: account.totalSpent,
        last_updated: account.updatedAt?.toISOString() ?? null,
        recent_activity: recent.rows.map(toActivity),
        points_per_finu: POINTS_PER_FINU,
        min_conversion_points: MIN_CONVERSION_POINTS,
      };
    },

    async history(userId: string, limit: number, offset: number): Promise<TokenHistory> {
      const page = await repo.history(userId, limit, offset);
      return { history: page.rows.map(toActivity), total: page.total, limit, offset, has_more: offset + page.rows.length < page.total };
    },

    /** Totals, earnings by reason and on each of the last 30 days, conversions and the streak. */
    async statistics(userId: string, now = new Date()): Promise<TokenStatistics> {
      const day = today(now);
      const since = addDays(day, -29);
      const [account, breakdown, converted, streak] = await Promise.all([repo.account(userId), repo.earnedBreakdown(userId, parseDay(since)), repo.convertedPoints(userId), repo.streak(userId, now)]);
      return {
        balance: account.balance,
        total_earned: account.totalEarned,
        total_spent: account.totalSpent,
        total_converted_points: converted.confirmed,
        converting_points: converted.inFlight,
        earn_count: breakdown.byReason.reduce((n, r) => n + r.n, 0),
        by_reason: breakdown.byReason.map((r) => ({ reason: r.reason, title: titleOf(r.reason), points: r.points, count: r.n })).sort((a, b) => b.points - a.points),
        earned_by_day: pointsByDay(since, day, breakdown.byDay),
        streak_days: streak,
      };
    },

    /** Each award rule: what it gives and whether it can still be earned (once, today, or the next milestone). */
    async availableRewards(userId: string): Promise<AvailableRewards> {
      const rules = Object.keys(AWARD_RULES) as AwardRule[];
      const onceRules = rules.filter((r) => 'once' in AWARD_RULES[r].limit);
      const held = await repo.heldKeys(userId, [...onceRules, ...TRANSACTION_MILESTONES.map((m) => `transaction_milestone:${m.count}`)]);
      const rewards = await Promise.all(
        rules.map(async (id) => {
          const rule = AWARD_RULES[id];
          const limit = rule.limit as { once?: true; perDay?: number; perReference?: true };
          const base = { id, title: rule.title, how: rule.how, points: rule.points, max_points_per_day: dailyMaxOf(id) };
          if (limit.once) return { ...base, kind: 'once' as const, available: !held.has(id), remaining_today: null };
          const remaining = Math.max(0, (limit.perDay ?? 0) - (await repo.countToday(userId, id)));
          if (id === 'transaction_milestone') {
            const next = TRANSACTION_MILESTONES.find((m) => !held.has(`transaction_milestone:${m.count}`));
            return { ...base, points: next?.points ?? 0, kind: 'milestone' as const, available: next !== undefined && remaining > 0, remaining_today: remaining };
          }
          return { ...base, kind: limit.perReference ? ('per_goal' as const) : ('daily' as const), available: remaining > 0, remaining_today: remaining };
        }),
      );
      return { rewards, daily_max_points: DAILY_MAX_POINTS };
    },

    async transactionProgress(userId: string): Promise<TransactionProgress> {
      const n = await repo.transactionCount(userId);
      const next = TRANSACTION_MILESTONES.find((m) => n < m.count);
      const previous = [...TRANSACTION_MILESTONES].reverse().find((m) => n >= m.count)?.count ?? 0;
      return {
        transaction_count: n,
        next_milestone: next?.count ?? null,
        next_milestone_points: next?.points ?? null,
        previous_milestone: previous,
        progress: next ? Math.round(((n - previous) / (next.count - previous)) * 1000) / 1000 : 1,
        milestones: TRANSACTION_MILESTONES.map((m) => ({ count: m.count, points: m.points, reached: n >= m.count })),
      };
    },

    /** Points earned today, this week (from Monday) and on each of the last 7 days. */
    async dailyWeekly(userId: string, now = new Date()): Promise<DailyWeeklyEarnings> {
      const day = today(now);
      const monday = addDays(day, -((parseDay(day).getUTCDay() + 6) % 7));
      const weekAgo = addDays(day, -6);
      const { byDay } = await repo.earnedBreakdown(userId, parseDay(monday < weekAgo ? monday : weekAgo));
      const sumFrom = (start: string) => byDay.filter((d) => d.day >= start).reduce((s, d) => s + d.points, 0);
      return { today: sumFrom(day), this_week: sumFrom(monday), last_7_days: pointsByDay(weekAgo, day, byDay) };
    },

    /** FINU on the user's own wallet (made on first use); 503 while the chain is not reachable. */
    async onchainBalance(userId: string): Promise<OnchainBalance> {
      const row = await walletRow(repo, deps.walletKey, userId);
      const chain = deps.requireChain();
      const wei = await chain.balanceOf(row.address);
      // ethers loads on first use, not at start (docs/performance.md, memory).
      const { formatUnits } = await import('ethers');
      return { address: row.address, balance: formatUnits(wei, 18), balance_wei: wei.toString(), symbol: 'FINU', decimals: 18, token_address: chain.tokenAddress, chain_id: chain.chainId };
    },
  };
}

export type TokensService = ReturnType<typeof tokensService>;

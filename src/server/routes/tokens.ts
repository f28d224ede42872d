import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../contract/errors';
import {
  availableRewards,
  dailyWeeklyEarnings,
  historyQuery,
  MIN_CONVERSION_POINTS,
  onchainBalance,
  POINTS_PER_FINU,
  tokenBalance,
  tokenHistory,
  tokenStatistics,
  transactionProgress,
  type ActivityItem,
} from '../../contract/rewards';
import { dayOf as utcDay } from '../../contract/calendar';
import type { RewardEntryRow } from '../repositories/rewards';
import { AWARD_RULES, DAILY_MAX_POINTS, dailyMaxOf, TRANSACTION_MILESTONES, type AwardRule } from '../services/rewards/rules';
import { walletRow } from '../services/wallet';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 422: errorBody, 503: errorBody };
const tags = ['tokens'];
const security = [{ bearerAuth: [] }];
const RECENT = 5;
const DAY = 86_400_000;


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

/** Every day from `from` to `to` (UTC), with the points of `byDay` or 0. */
function days(from: Date, to: Date, byDay: Array<{ day: string; points: number }>) {
  const map = new Map(byDay.map((d) => [d.day, d.points]));
  const out: Array<{ date: string; points: number }> = [];
  for (let t = new Date(`${utcDay(from)}T00:00:00Z`).getTime(); t <= to.getTime(); t += DAY) {
    const date = utcDay(new Date(t));
    out.push({ date, points: map.get(date) ?? 0 });
  }
  return out;
}

/** The token calls ([spec:7-wallet-rewards]): the points balance, its history and statistics, what is left to earn, and FINU on chain. */
export default async function tokensRoutes(fastify: FastifyInstance) {
  fastify.addHook('onRequest', fastify.authenticate);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = fastify.repos.rewards;

  const balance = async (userId: string) => {
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
  };

  app.get('/tokens/balance', { schema: { tags, security, summary: 'Points balance, total earned, last update and recent activity', response: { 200: tokenBalance, ...errors } } }, async (request) => balance(request.userId));

  app.get(
    '/tokens/balance/fast',
    { schema: { tags, security, summary: 'The same balance from the account row and the last entries only (the client’s fallback)', response: { 200: tokenBalance, ...errors } } },
    async (request) => balance(request.userId),
  );

  app.get(
    '/tokens/history',
    { schema: { tags, security, summary: 'The points ledger, newest first (limit 50, offset 0 by default)', querystring: historyQuery, response: { 200: tokenHistory, ...errors } } },
    async (request) => {
      const { limit, offset } = request.query;
      const page = await repo.history(request.userId, limit, offset);
      return { history: page.rows.map(toActivity), total: page.total, limit, offset, has_more: offset + page.rows.length < page.total };
    },
  );

  app.get('/tokens/statistics', { schema: { tags, security, summary: 'Totals, earnings by reason and by day (30 days), conversions, streak', response: { 200: tokenStatistics, ...errors } } }, async (request) => {
    const { userId } = request;
    const now = new Date();
    const since = new Date(now.getTime() - 29 * DAY);
    const [account, breakdown, converted, streak] = await Promise.all([repo.account(userId), repo.earnedBreakdown(userId, new Date(`${utcDay(since)}T00:00:00Z`)), repo.convertedPoints(userId), repo.streak(userId, now)]);
    return {
      balance: account.balance,
      total_earned: account.totalEarned,
      total_spent: account.totalSpent,
      total_converted_points: converted.confirmed,
      converting_points: converted.inFlight,
      earn_count: breakdown.byReason.reduce((n, r) => n + r.n, 0),
      by_reason: breakdown.byReason.map((r) => ({ reason: r.reason, title: titleOf(r.reason), points: r.points, count: r.n })).sort((a, b) => b.points - a.points),
      earned_by_day: days(since, now, breakdown.byDay),
      streak_days: streak,
    };
  });

  app.get('/tokens/rewards/available', { schema: { tags, security, summary: 'The rewards still available and how to earn them', response: { 200: availableRewards, ...errors } } }, async (request) => {
    const { userId } = request;
    const onceRules = (Object.keys(AWARD_RULES) as AwardRule[]).filter((r) => 'once' in AWARD_RULES[r].limit);
    const held = await repo.heldKeys(userId, [...onceRules, ...TRANSACTION_MILESTONES.map((m) => `transaction_milestone:${m.count}`)]);
    const rewards = await Promise.all(
      (Object.keys(AWARD_RULES) as AwardRule[]).map(async (id) => {
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
  });

  app.get(
    '/tokens/milestones/transaction-progress',
    { schema: { tags, security, summary: 'Progress to the next transaction-count milestone', response: { 200: transactionProgress, ...errors } } },
    async (request) => {
      const n = await repo.transactionCount(request.userId);
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
  );

  app.get('/tokens/earnings/daily-weekly', { schema: { tags, security, summary: 'Points earned today, this week (from Monday, UTC) and on each of the last 7 days', response: { 200: dailyWeeklyEarnings, ...errors } } }, async (request) => {
    const now = new Date();
    const today = new Date(`${utcDay(now)}T00:00:00Z`);
    const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY);
    const from = new Date(Math.min(monday.getTime(), today.getTime() - 6 * DAY));
    const { byDay } = await repo.earnedBreakdown(request.userId, from);
    const sumFrom = (start: Date) => byDay.filter((d) => d.day >= utcDay(start)).reduce((s, d) => s + d.points, 0);
    return { today: sumFrom(today), this_week: sumFrom(monday), last_7_days: days(new Date(today.getTime() - 6 * DAY), now, byDay) };
  });

  app.get('/tokens/onchain-balance', { schema: { tags, security, summary: 'FINU on the user’s own wallet', response: { 200: onchainBalance, ...errors } } }, async (request) => {
    const row = await walletRow(repo, fastify.walletKey, request.userId);
    const chain = fastify.requireChain();
    const wei = await chain.balanceOf(row.address);
    // ethers loads on first use, not at start (docs/performance.md, memory).
    const { formatUnits } = await import('ethers');
    return { address: row.address, balance: formatUnits(wei, 18), balance_wei: wei.toString(), symbol: 'FINU' as const, decimals: 18 as const, token_address: chain.tokenAddress, chain_id: chain.chainId };
  });
}

import type { FastifyBaseLogger } from 'fastify';
import { dayOf } from '../../../contract/calendar';
import { wholeNumber } from '../../../contract/money';
import type { Reward } from '../../../contract/rewards';
import type { AwardInput, RewardEntryRow, RewardsRepository } from '../../repositories/rewards';
import { AWARD_RULES, GOAL_PROGRESS_STEPS, TAKEN_BACK_ON_DELETE, TRANSACTION_MILESTONES, type AwardRule } from './rules';

/** Something the user did that may earn points. */
export type RewardEvent =
  | { type: 'onboarding.completed' }
  | { type: 'transaction.created'; transactionId: string }
  | { type: 'import.committed'; importId: string }
  | { type: 'goal.created'; goalId: string; savedMinor: number; targetMinor: number }
  | { type: 'goal.funded'; goalId: string; goalName?: string; fundId: string; beforeMinor: number; afterMinor: number; targetMinor: number }
  | { type: 'coach.asked'; conversationId: string }
  | { type: 'budget.assigned' }
  /** Found by the budget job after the month ended, not done by the user: it does not count as activity. */
  | { type: 'budget.month_kept'; month: string };

const award = (rule: AwardRule, key: string, reference: string | null, overrides: Partial<Pick<AwardInput, 'points' | 'title' | 'message'>> = {}): AwardInput => {
  const r = AWARD_RULES[rule];
  return {
    reason: rule,
    points: overrides.points ?? r.points,
    title: overrides.title ?? r.title,
    message: overrides.message ?? r.message,
    reference,
    idempotencyKey: key,
    ...('perDay' in r.limit ? { perDay: r.limit.perDay } : {}),
  };
};

/** Goal-progress steps crossed by a move from `before` to `after` of `target`. */
const stepsCrossed = (beforeMinor: number, afterMinor: number, targetMinor: number) =>
  GOAL_PROGRESS_STEPS.filter((p) => afterMinor * 100 >= targetMinor * p && beforeMinor * 100 < targetMinor * p);

/** Awards that happen once (ever, or per goal or count) are worth a dialog; daily repeatable ones are not. */
/** A first-time award or a milestone (once ever, or once per goal step or count): the dialog, not a toast. */
const isMilestone = (reason: string) => {
  const rule = (AWARD_RULES as Record<string, { limit: object }>)[reason];
  return !rule || 'once' in rule.limit || 'perReference' in rule.limit;
};

/** One reward for the dialog: the points of every award, the title and message of the largest. */
export function toReward(entries: RewardEntryRow[]): Reward | undefined {
  if (entries.length === 0) return undefined;
  const main = [...entries].sort((a, b) => b.points - a.points)[0]!;
  const others = entries.filter((e) => e !== main);
  const points = entries.reduce((sum, e) => sum + e.points, 0);
  const message = others.length ? `${main.message} Also: ${others.map((e) => `${e.title} (+${e.points})`).join(', ')}.` : main.message;
  return { points, title: main.title, message, milestone: entries.some((e) => isMilestone(e.reason)) };
}

export interface RewardsService {
  /** Applies the awards the event earns (idempotent) as of `at` (the clock by default) and answers the reward for the response, if any. Never throws: a reward must not fail the action. */
  record(userId: string, event: RewardEvent, at?: Date): Promise<Reward | undefined>;
  /** The item was deleted: takes back what it earned today (TAKEN_BACK_ON_DELETE). Never throws. */
  takeBack(userId: string, item: keyof typeof TAKEN_BACK_ON_DELETE, id: string): Promise<void>;
}

const TAKEN_BACK_MESSAGE = { goal: 'The goal was deleted the day it earned these points.', transaction: 'The transaction was deleted the day it earned these points.' } as const;

export function createRewardsService(repo: RewardsRepository, log: FastifyBaseLogger, clock: () => Date = () => new Date()): RewardsService {
  async function awardsFor(userId: string, event: RewardEvent): Promise<AwardInput[]> {
    switch (event.type) {
      case 'onboarding.completed':
        return [award('onboarding_completed', 'onboarding_completed', null)];
      case 'transaction.created': {
        const list = [award('first_transaction', 'first_transaction', event.transactionId), award('transaction_logged', `transaction_logged:${event.transactionId}`, event.transactionId)];
        return [...list, ...(await milestones(userId))];
      }
      case 'import.committed':
        return [award('first_import', 'first_import', event.importId)];
      case 'goal.created':
        return [
          award('goal_created', `goal_created:${event.goalId}`, event.goalId),
          ...stepsCrossed(0, event.savedMinor, event.targetMinor).map((p) => award(`goal_progress_${p}`, `goal_progress_${p}:${event.goalId}`, event.goalId)),
        ];
      case 'goal.funded':
        return [
          award('goal_funded', `goal_funded:${event.fundId}`, event.goalId),
          ...stepsCrossed(event.beforeMinor, event.afterMinor, event.targetMinor).map((p) =>
            award(`goal_progress_${p}`, `goal_progress_${p}:${event.goalId}`, event.goalId, p === 100 && event.goalName ? { message: `You reached your "${event.goalName}" goal. Every deposit got you here — well done.` } : {}),
          ),
        ];
      case 'coach.asked':
        return [award('first_conversation', 'first_conversation', event.conversationId)];
      case 'budget.assigned':
        return [award('first_budget', 'first_budget', null)];
      case 'budget.month_kept':
        return [award('budget_month_kept', `budget_month_kept:${event.month}`, event.month)];
    }
  }

  async function milestones(userId: string): Promise<AwardInput[]> {
    const n = await repo.transactionCount(userId);
    return TRANSACTION_MILESTONES.filter((m) => n >= m.count).map((m) =>
      award('transaction_milestone', `transaction_milestone:${m.count}`, String(m.count), { points: m.points, title: `${wholeNumber(m.count)} transactions`, message: `${wholeNumber(m.count)} ${AWARD_RULES.transaction_milestone.message}` }),
    );
  }

  // 'budget.assigned' earns only once-ever and once-a-day awards and marks the day active, so after it went through
  // for a user on a UTC day it changes nothing again that day: every budget edit sends it, and skipping the repeat
  // spares each edit the ledger's locked write. Per process; the set is emptied when the day turns.
  let recordedDay = '';
  const recordedToday = new Set<string>();

  return {
    async record(userId, event, at) {
      try {
        const now = at ?? clock();
        const today = dayOf(now);
        if (today !== recordedDay) {
          recordedDay = today;
          recordedToday.clear();
        }
        if (event.type === 'budget.assigned' && recordedToday.has(userId)) return undefined;
        const awards = await awardsFor(userId, event);
        const streak = event.type === 'budget.month_kept' ? 0 : await repo.markActive(userId, now);
        if (streak >= 2) {
          const day = dayOf(now);
          awards.push(award('daily_streak', `daily_streak:${day}`, day, { message: `${streak} days in a row looking after your money. Keep the streak going!` }));
        }
        const reward = toReward(await repo.award(userId, awards, now));
        if (event.type === 'budget.assigned') recordedToday.add(userId);
        return reward;
      } catch (error) {
        log.error({ err: error, userId, event: event.type }, 'reward award failed');
        return undefined;
      }
    },
    async takeBack(userId, item, id) {
      try {
        await repo.takeBack(userId, id, TAKEN_BACK_ON_DELETE[item], TAKEN_BACK_MESSAGE[item], clock());
      } catch (error) {
        log.error({ err: error, userId, item }, 'reward take-back failed');
      }
    },
  };
}

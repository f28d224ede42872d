import { BUDGET_ALERT_THRESHOLDS, budgetAlertText, type BudgetMonth } from '../../contract/budgets';
import { addMonths } from '../../contract/calendar';
import { toMinor } from '../../contract/money';
import type { BudgetsRepository } from '../repositories/budgets';
import type { NotificationsService } from './notifications';
import type { RewardsService } from './rewards';

export interface BudgetAlertsDeps {
  budgets: Pick<BudgetsRepository, 'usersWithMonth'>;
  month(userId: string, month: string): Promise<BudgetMonth>;
  notifications: Pick<NotificationsService, 'notify'>;
  /** The user's money as text (their currency), from cents. */
  money(userId: string, minor: number): Promise<string>;
}

/**
 * Which thresholds a category's month has reached: 80 and 100 percent of what it had (carried in +
 * assigned); with nothing to spend, overspending (available below 0) counts as 100 in envelope mode.
 */
export function reachedThresholds(line: BudgetMonth['groups'][number]['categories'][number], mode: BudgetMonth['mode']): number[] {
  const had = line.carried_in + line.assigned;
  if (had <= 0) return mode === 'envelope' && line.available < 0 ? [100] : [];
  return BUDGET_ALERT_THRESHOLDS.filter((t) => line.spent_percent >= t);
}

/**
 * The budget alerts of one moment: for every user with a budget in this month (and the month before,
 * when the last run was then, so a run after downtime catches up), a notice per category and
 * threshold reached. The dedupe key (month, category, threshold) makes each one arrive once.
 */
export async function runBudgetAlerts(deps: BudgetAlertsDeps, now: Date, lastRunAt: Date | null): Promise<number> {
  const current = now.toISOString().slice(0, 7);
  const months = lastRunAt && lastRunAt.toISOString().slice(0, 7) < current ? [addMonths(current, -1), current] : [current];
  let notices = 0;
  for (const month of months) {
    for (const userId of await deps.budgets.usersWithMonth(month)) {
      const drawn = await deps.month(userId, month);
      for (const line of drawn.groups.flatMap((g) => g.categories)) {
        // Only the highest threshold reached: spending that jumps past 100 % does not also say 80 %.
        for (const threshold of reachedThresholds(line, drawn.mode).slice(-1)) {
          const spent = await deps.money(userId, toMinor(Math.max(0, -line.activity)));
          const had = await deps.money(userId, toMinor(Math.max(0, line.carried_in + line.assigned)));
          const over = line.overspent > 0 ? await deps.money(userId, toMinor(line.overspent)) : null;
          const text = budgetAlertText(line.category, month, threshold, { spent, had, over });
          const added = await deps.notifications.notify(userId, {
            kind: 'budget_alert',
            ...text,
            link: `/budget?month=${month}`,
            dedupeKey: `budget_alert:${month}:${line.category}:${threshold}`,
          });
          if (added) notices++;
        }
      }
    }
  }
  return notices;
}

/**
 * A month kept within budget: money was assigned, no category ended it overspent, and in envelope mode
 * no more was assigned than there was to assign (covering overspending with money one does not have is not keeping it).
 */
export function keptWithinBudget(drawn: BudgetMonth): boolean {
  return drawn.assigned > 0 && drawn.overspent === 0 && (drawn.ready_to_assign === null || drawn.ready_to_assign >= 0);
}

/**
 * The reward for a month kept within budget, looked at once the month is over: the first run in a new month
 * (or the first run ever) draws the month just ended for every user with a budget in it. Its award key names the
 * month, so a second run or a second process never pays it twice; months further back are not paid afterwards.
 */
export async function runBudgetMonthRewards(deps: Pick<BudgetAlertsDeps, 'budgets' | 'month'> & { rewards: Pick<RewardsService, 'record'> }, now: Date, lastRunAt: Date | null): Promise<number> {
  const current = now.toISOString().slice(0, 7);
  if (lastRunAt && lastRunAt.toISOString().slice(0, 7) >= current) return 0;
  const ended = addMonths(current, -1);
  let kept = 0;
  for (const userId of await deps.budgets.usersWithMonth(ended)) {
    if (!keptWithinBudget(await deps.month(userId, ended))) continue;
    if (await deps.rewards.record(userId, { type: 'budget.month_kept', month: ended }, now)) kept++;
  }
  return kept;
}

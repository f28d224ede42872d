import { fromMinor } from '../../contract/money';
import type { FundTransaction, Goal, GoalSchedule, GoalsSummary } from '../../contract/goals';
import type { GoalRow, GoalTransactionRow } from '../repositories/goals';

const DAY_MS = 86_400_000;
/** An average month (365.25 / 12 days), so "per month" does not depend on which months lie ahead. */
export const DAYS_PER_MONTH = 30.4375;

/** Days since the Unix epoch of a UTC calendar day. */
const dayNumber = (at: Date) => Math.floor(at.getTime() / DAY_MS);
const dayNumberOf = (isoDate: string) => Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);

export interface GoalPlan {
  schedule: GoalSchedule;
  onTrack: boolean;
  expectedMinor: number;
  remainingMinor: number;
  daysRemaining: number;
  monthlyNeededMinor: number;
  progressPercentage: number;
}

/**
 * The on-track rule (docs/decisions.md, Goals): a straight-line plan from the day the goal was created
 * (nothing saved) to its target date (target saved). A goal is on track while its saved amount is at or
 * above where that line is today; past the date unfinished it is overdue. Days are UTC calendar days.
 */
export function planGoal(row: Pick<GoalRow, 'targetAmountMinor' | 'currentAmountMinor' | 'targetDate' | 'createdAt'>, now = new Date()): GoalPlan {
  const target = row.targetAmountMinor;
  const saved = row.currentAmountMinor;
  const remainingMinor = Math.max(0, target - saved);
  const today = dayNumber(now);
  const start = dayNumber(row.createdAt);
  const end = dayNumberOf(row.targetDate);
  const daysRemaining = end - today;
  const progressPercentage = Math.min(100, Math.floor((saved / target) * 1000) / 10);

  if (saved >= target) {
    return { schedule: 'completed', onTrack: true, expectedMinor: target, remainingMinor: 0, daysRemaining, monthlyNeededMinor: 0, progressPercentage };
  }
  const span = end - start;
  const elapsed = Math.min(1, Math.max(0, span > 0 ? (today - start) / span : 1));
  const expectedMinor = Math.floor(target * elapsed);
  // Less than a month left (or none): everything still missing is needed now.
  const monthsLeft = daysRemaining / DAYS_PER_MONTH;
  const monthlyNeededMinor = monthsLeft <= 1 ? remainingMinor : Math.ceil(remainingMinor / monthsLeft);
  const schedule: GoalSchedule = daysRemaining < 0 ? 'overdue' : saved >= expectedMinor ? 'on_track' : 'behind';
  return { schedule, onTrack: schedule === 'on_track', expectedMinor, remainingMinor, daysRemaining, monthlyNeededMinor, progressPercentage };
}

/** A goal row as the API answers it: decimals, plus the plan. */
export function toGoal(row: GoalRow, now = new Date()): Goal {
  const plan = planGoal(row, now);
  return {
    goal_id: row.id,
    name: row.name,
    target_amount: fromMinor(row.targetAmountMinor),
    current_amount: fromMinor(row.currentAmountMinor),
    remaining_amount: fromMinor(plan.remainingMinor),
    progress_percentage: plan.progressPercentage,
    target_date: row.targetDate,
    category: row.category,
    priority: row.priority,
    notes: row.notes,
    status: plan.schedule === 'completed' ? 'completed' : 'active',
    schedule: plan.schedule,
    on_track: plan.onTrack,
    expected_amount: fromMinor(plan.expectedMinor),
    days_remaining: plan.daysRemaining,
    monthly_needed: fromMinor(plan.monthlyNeededMinor),
    completed_at: row.completedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toFundTransaction(row: GoalTransactionRow): FundTransaction {
  return {
    transaction_id: row.id,
    goal_id: row.goalId,
    type: row.type,
    amount: fromMinor(row.amountMinor),
    balance_after: fromMinor(row.balanceAfterMinor),
    note: row.note,
    created_at: row.createdAt.toISOString(),
  };
}

/** The progress summary across a user's goals (at most MAX_GOALS_PER_USER rows). */
export function summarizeGoals(rows: GoalRow[], now = new Date()): GoalsSummary {
  let target = 0;
  let saved = 0;
  let savedTowardTargets = 0;
  let monthly = 0;
  const counts: Record<GoalSchedule, number> = { completed: 0, on_track: 0, behind: 0, overdue: 0 };
  for (const row of rows) {
    const plan = planGoal(row, now);
    counts[plan.schedule] += 1;
    target += row.targetAmountMinor;
    saved += row.currentAmountMinor;
    // An over-funded goal must not hide the shortfall of another.
    savedTowardTargets += Math.min(row.currentAmountMinor, row.targetAmountMinor);
    monthly += plan.monthlyNeededMinor;
  }
  return {
    total_goals: rows.length,
    active_goals: rows.length - counts.completed,
    completed_goals: counts.completed,
    on_track_goals: counts.on_track,
    behind_goals: counts.behind,
    overdue_goals: counts.overdue,
    total_target_amount: fromMinor(target),
    total_saved_amount: fromMinor(saved),
    total_remaining_amount: fromMinor(target - savedTowardTargets),
    overall_progress_percentage: target > 0 ? Math.floor((savedTowardTargets / target) * 1000) / 10 : 0,
    monthly_needed_total: fromMinor(monthly),
  };
}

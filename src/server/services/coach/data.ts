/**
 * What the coach's tools read: one user's money, through the coach repository (all of its SQL lives in
 * repositories/coach.ts). Tools, the eval and the bench build it with `coachData(db, userId)`.
 */
import type { CoachRepository } from '../../repositories/coach';

export { coachRepository as coachData, type CoachRepository as CoachData, type CategoryTotal, type DayRange, type MerchantMonth } from '../../repositories/coach';

/** What every tool is handed: the user's data, their currency, and the day the answer is about. */
export interface ToolContext {
  data: CoachRepository;
  currency: string;
  /** UTC day the answer is about ("today"). */
  today: string;
  now: Date;
}

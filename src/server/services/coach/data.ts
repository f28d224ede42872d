/**
 * What the coach's tools read: one user's money, through the coach repository (all of its SQL lives in
 * repositories/coach.ts). Tools, the eval and the bench build it with `coachData(db, userId)`.
 */
export { coachRepository as coachData, type CoachRepository as CoachData, type CategoryTotal, type DayRange, type MerchantMonth } from '../../repositories/coach';

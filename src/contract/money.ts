/**
 * Money is integer minor units (cents) in the database and domain code; the API speaks decimal
 * numbers with two places. These are the only conversions.
 */
export const toMinor = (amount: number): number => Math.round(amount * 100);
export const fromMinor = (minor: number | bigint | string): number => Number(minor) / 100;

/** A positive API amount: finite, > 0, at most two decimal places, below 1e11. */
export function isValidAmount(amount: number): boolean {
  return Number.isFinite(amount) && amount > 0 && amount < 1e11 && Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6;
}

import { describe, expect, it } from 'vitest';
import { isoString } from '../../src/server/services/transactions/wire';

// The API's timestamps (created_at, updated_at) go out through isoString, a faster toISOString.
describe('isoString', () => {
  it('answers what toISOString answers', () => {
    const samples = [0, 1, 999, 1000, 86_399_999, 86_400_000, 951_782_400_000, 951_868_800_000, 253_402_300_799_999, 4_107_542_400_000, -1, -86_400_001, 253_402_300_800_000, 8.64e15];
    for (let year = 1970; year < 10_000; year += 1) {
      for (const [month, day] of [[1, 1], [2, 28], [2, 29], [3, 1], [12, 31]] as const) samples.push(Date.UTC(year, month - 1, day), Date.UTC(year, month - 1, day, 23, 59, 59, 999));
    }
    for (let i = 0; i < 20_000; i++) samples.push(Math.floor(Math.random() * 253_402_300_800_000));
    const wrong = samples.filter((ms) => isoString(new Date(ms)) !== new Date(ms).toISOString());
    expect(wrong).toEqual([]);
  });

  it('throws for an invalid date, as toISOString does', () => {
    expect(() => isoString(new Date(Number.NaN))).toThrow(RangeError);
  });
});

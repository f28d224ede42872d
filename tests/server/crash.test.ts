import { describe, expect, it } from 'vitest';
import { runCrashTest } from '../crash/conversions';

// The full run (200 conversions, 8 kills) is `npm run test:crash`; this size fits `npm test`.
describe('conversions survive kill -9 of the API and of the node', () => {
  it('every conversion ends confirmed exactly once (recipient FINU = confirmed points × rate) or failed with its points back', async () => {
    const result = await runCrashTest({ conversions: 15, kills: 2 });
    expect({ notFinal: result.notFinal, apiKills: result.apiKills, nodeKills: result.nodeKills }).toEqual({ notFinal: 0, apiKills: 1, nodeKills: 1 });
    expect(result.recipientWei).toBe(result.confirmedWei);
    expect(result.pointsBalance).toBe(result.expectedPointsBalance);
    expect(result.confirmed + result.failed).toBe(15);
  }, 400_000);
});

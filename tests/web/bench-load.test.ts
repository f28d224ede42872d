import { describe, expect, it } from 'vitest';
import { underLoad } from '../../src/tools/bench-web/load';

/** The note bench:web and bench:capacity print and write beside their figures. */
describe('the load note of the benches', () => {
  it('names the load when the 1-minute average is above the cores', () => {
    expect(underLoad(17.69, 2)).toBe('under load (load avg 17.7)');
    expect(underLoad(2.01, 2)).toBe('under load (load avg 2.0)');
  });

  it('says nothing on a machine with a core to spare', () => {
    expect(underLoad(2, 2)).toBe('');
    expect(underLoad(0.4, 8)).toBe('');
  });
});

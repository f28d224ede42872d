import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARTIFACT_PATH, compileToken, serializeArtifact } from '../../src/tools/compile-token';

describe('the committed FINU artifact', () => {
  it('is what solc compiles from FinuToken.sol today (run `npm run chain:compile` when this fails)', () => {
    expect(readFileSync(ARTIFACT_PATH, 'utf8')).toBe(serializeArtifact(compileToken()));
  }, 120_000);
});

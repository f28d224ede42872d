import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The e2e files that take longest start first, so two workers end together. On a fresh clone vitest has
 * no recorded durations and starts the largest files first, which put accessibility (short file, long
 * run: every route four times) last, alone on one worker for its whole run (docs/testing.md, "How long
 * npm test takes"). Longest first, from the last quiet run; the files not named keep vitest's order after them.
 */
const LONGEST_FIRST = ['coach', 'accessibility', 'transactions', 'access', 'auth', 'goals', 'forms', 'dashboard', 'signin', 'account'];

const rank = (file: TestSpecification) => {
  const index = LONGEST_FIRST.indexOf(basename(file.moduleId).replace(/\.e2e\.test\.ts$/, ''));
  return index === -1 ? LONGEST_FIRST.length : index;
};

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const vitestOrder = await super.sort(files);
    return vitestOrder.map((file, position) => ({ file, position })).sort((a, b) => rank(a.file) - rank(b.file) || a.position - b.position).map(({ file }) => file);
  }
}

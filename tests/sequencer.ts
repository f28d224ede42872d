import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The unit + server + reliability step on a worker per core: the files that take longest start first, so
 * the workers end together. On a fresh clone (CI) vitest has no recorded durations and orders each
 * project's files by size, which starts short files full of heavy work (`import-limits`,
 * `transactions-search`, `db-maintenance`) late. Longest first, from the step's per-file times
 * (docs/testing.md, "How long npm test takes"); the files not named keep vitest's order after them.
 */
const LONGEST_FIRST = [
  'reliability:authorization-matrix',
  'reliability:fuzz',
  'reliability:crash',
  'server:db-maintenance',
  'server:transactions-import',
  'server:pglite-statements',
  'server:import-limits',
  'server:transactions-search',
  'server:rollups',
  'server:budgets',
  'reliability:farming',
];

const rank = (file: TestSpecification) => {
  const index = LONGEST_FIRST.indexOf(`${file.project.name}:${basename(file.moduleId).replace(/\.test\.tsx?$/, '')}`);
  return index === -1 ? LONGEST_FIRST.length : index;
};

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const vitestOrder = await super.sort(files);
    return vitestOrder.map((file, position) => ({ file, position })).sort((a, b) => rank(a.file) - rank(b.file) || a.position - b.position).map(({ file }) => file);
  }
}

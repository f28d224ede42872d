/**
 * `npm run docs:machines`: writes docs/machines/<file>.md for every machines/*.ts (Mermaid diagram, the
 * states and the transitions with their descriptions, product rules (docs/product.md) and the model-based tests that walk
 * them), docs/machines/README.md (the index), and the coverage of the machines by the model-based paths
 * (docs/machines/coverage.json and coverage.md, updated from the recordings in .tmp/machine-coverage
 * when there are any). `--check` writes nothing and exits 1 when a page is stale or missing.
 * tests/docs/machines.test.ts uses the same functions to catch stale pages.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { coverageJson, coverageJsonText, coverageMarkdown, coverageMd, mergeCoverage, readCommittedCoverage, readRecordings, walkersOf, type CoverageData } from './machine-coverage';
import { toIndex, toMarkdown, type MachineFileSummary } from './machine-diagram';
import { docsDir, indexFile, listMachineFiles, loadMachines, machinesDir, repoRoot } from './machine-files';

export { docsDir, indexFile, listMachineFiles, loadMachines, machinesDir, repoRoot } from './machine-files';

/** The walked-by lookup the pages print, from coverage data. */
export const walkedBy = (data: CoverageData) => (machineId: string, key: string) => walkersOf(data, machineId, 'transitions', key);

/** Every page docs/machines/ should hold, file name → content. Files exporting no machine get no page. */
export async function renderMachineDocs(dir = machinesDir, coverage: CoverageData = readCommittedCoverage()): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  const summaries: MachineFileSummary[] = [];
  for (const name of listMachineFiles(dir)) {
    const machines = await loadMachines(name, dir);
    if (Object.keys(machines).length === 0) continue;
    pages.set(`${name}.md`, toMarkdown(name, machines, walkedBy(coverage)));
    summaries.push({ name, machines: Object.values(machines) });
  }
  pages.set(indexFile, toIndex(summaries));
  pages.set(coverageJson, coverageJsonText(coverage));
  pages.set(coverageMd, await coverageMarkdown(coverage, listMachineFiles(dir)));
  return pages;
}

async function main(argv: string[]): Promise<number> {
  const check = argv.includes('--check');
  const recorded = readRecordings();
  const coverage = check ? readCommittedCoverage() : mergeCoverage(readCommittedCoverage(), recorded);
  if (!check) console.log(`coverage: ${Object.keys(recorded).length} recorded model test files in .tmp/machine-coverage merged into docs/machines/${coverageJson}`);
  const pages = await renderMachineDocs(machinesDir, coverage);
  const isPage = (file: string) => file.endsWith('.md') || file === coverageJson;
  const existing = existsSync(docsDir) ? readdirSync(docsDir).filter(isPage) : [];
  const orphans = existing.filter((file) => !pages.has(file));
  const changed = [...pages].filter(([file, content]) => {
    const path = join(docsDir, file);
    return !existsSync(path) || readFileSync(path, 'utf8') !== content;
  });
  const shown = (file: string) => relative(repoRoot, join(docsDir, file));

  if (check) {
    for (const [file] of changed) console.error(`${shown(file)} is stale: run npm run docs:machines`);
    for (const file of orphans) console.error(`${shown(file)} has no machines/ file: run npm run docs:machines`);
    if (changed.length === 0 && orphans.length === 0) console.log(`docs/machines is up to date (${pages.size} pages).`);
    return changed.length > 0 || orphans.length > 0 ? 1 : 0;
  }

  mkdirSync(docsDir, { recursive: true });
  for (const [file, content] of changed) {
    writeFileSync(join(docsDir, file), content);
    console.log(`wrote ${shown(file)}`);
  }
  for (const file of orphans) {
    unlinkSync(join(docsDir, file));
    console.log(`removed ${shown(file)}`);
  }
  console.log(`docs/machines: ${pages.size} pages, ${changed.length} written, ${orphans.length} removed.`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

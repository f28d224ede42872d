/**
 * `npm run docs:machines`: writes docs/machines/<file>.md for every machines/*.ts
 * (Mermaid diagram + state and event tables) and docs/machines/README.md.
 * `--check` writes nothing and exits 1 when a page is stale or missing.
 * tests/docs/machines.test.ts uses the same functions to catch stale pages.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { isStateMachine, toIndex, toMarkdown, type MachineFileSummary } from './machine-diagram';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
export const machinesDir = join(repoRoot, 'machines');
export const docsDir = join(repoRoot, 'docs', 'machines');
export const indexFile = 'README.md';

/** machines/*.ts basenames (no `.d.ts`, no tests), sorted so output order is stable. */
export function listMachineFiles(dir = machinesDir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !/\.(test|spec)\.ts$/.test(file))
    .map((file) => basename(file, '.ts'))
    .sort();
}

/** The machines a file exports, keyed by export name (the same machine exported twice counts once). */
export async function loadMachines(name: string, dir = machinesDir): Promise<Record<string, AnyStateMachine>> {
  const module = (await import(/* @vite-ignore */ pathToFileURL(join(dir, `${name}.ts`)).href)) as Record<string, unknown>;
  const found: Record<string, AnyStateMachine> = {};
  const seen = new Set<unknown>();
  // `default` last, so a machine exported by name and as default is listed under its name.
  const exportNames = Object.keys(module).sort((a, b) => Number(a === 'default') - Number(b === 'default'));
  for (const exportName of exportNames) {
    const value = module[exportName];
    if (isStateMachine(value) && !seen.has(value)) {
      seen.add(value);
      found[exportName] = value;
    }
  }
  return found;
}

/** Every page docs/machines/ should hold, file name → content. Files exporting no machine get no page. */
export async function renderMachineDocs(dir = machinesDir): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  const summaries: MachineFileSummary[] = [];
  for (const name of listMachineFiles(dir)) {
    const machines = await loadMachines(name, dir);
    if (Object.keys(machines).length === 0) continue;
    pages.set(`${name}.md`, toMarkdown(name, machines));
    summaries.push({ name, machines: Object.values(machines) });
  }
  pages.set(indexFile, toIndex(summaries));
  return pages;
}

async function main(argv: string[]): Promise<number> {
  const check = argv.includes('--check');
  const pages = await renderMachineDocs();
  const existing = existsSync(docsDir) ? readdirSync(docsDir).filter((file) => file.endsWith('.md')) : [];
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

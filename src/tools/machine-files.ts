/** Where machines/ and docs/machines/ are, and how the machine files are listed and loaded (no other imports, so every tool can use it). */
import { existsSync, readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { isStateMachine } from './machine-diagram';

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

/**
 * The machines a file exports, keyed by export name (the same machine exported twice counts once). A machine
 * whose id names another machines/ file belongs to that file (it is written, checked and documented there):
 * goals.ts and transactionList.ts export the collection machine of collection.ts, typed for their items.
 */
export async function loadMachines(name: string, dir = machinesDir): Promise<Record<string, AnyStateMachine>> {
  const module = (await import(/* @vite-ignore */ pathToFileURL(join(dir, `${name}.ts`)).href)) as Record<string, unknown>;
  const found: Record<string, AnyStateMachine> = {};
  const otherFiles = new Set(listMachineFiles(dir).filter((file) => file !== name));
  const seen = new Set<unknown>();
  // `default` last, so a machine exported by name and as default is listed under its name.
  const exportNames = Object.keys(module).sort((a, b) => Number(a === 'default') - Number(b === 'default'));
  for (const exportName of exportNames) {
    const value = module[exportName];
    if (isStateMachine(value) && !seen.has(value) && !otherFiles.has(value.id)) {
      seen.add(value);
      found[exportName] = value;
    }
  }
  return found;
}


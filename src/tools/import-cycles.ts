/**
 * Import circles in src/ and machines/: which files import each other in a loop. Every import counts
 * (static, `import type`, `export … from`, and `import()`), as madge counts them.
 *
 * A circle is a strongly connected group of files; an import inside such a group is a "circular import".
 * A new circle needs at least one new circular import (a loop made only of imports that were already
 * circular existed already), so `tests/docs/import-cycles.test.ts` holds the tree to the list
 * KNOWN_CIRCULAR_IMPORTS below: an import not on it fails, and so does a listed one that is no longer
 * circular (take it off the list). The list only shrinks.
 *
 * `npx tsx src/tools/import-cycles.ts` prints the circles and their imports.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

/** Today's circular imports, `from -> to`, paths from the repository root. */
export const KNOWN_CIRCULAR_IMPORTS: readonly string[] = [
  'src/web/app/Guard.tsx -> src/web/app/context.tsx',
  'src/web/app/actors.ts -> src/web/overlays/toasts.tsx',
  'src/web/app/context.tsx -> src/web/app/actors.ts',
  'src/web/app/lazy.tsx -> src/web/app/Guard.tsx',
  'src/web/overlays/toasts.tsx -> src/web/app/lazy.tsx',
];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function resolveImport(from: string, specifier: string, files: Set<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = join(dirname(from), specifier);
  const stem = base.replace(/\.(js|mjs|ts|tsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.mjs`, `${stem}.js`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => files.has(c) || (existsSync(join(root, c)) && files.has(c)));
}

/** Every file's imports of other files in the tree. */
export function importGraph(dirs: string[] = ['src', 'machines']): Map<string, string[]> {
  const list = dirs.flatMap(sourceFiles).sort();
  const files = new Set(list);
  const graph = new Map<string, string[]>();
  for (const file of list) {
    const info = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const targets = info.importedFiles.map((f) => resolveImport(file, f.fileName, files)).filter((t): t is string => Boolean(t) && t !== file);
    graph.set(file, [...new Set(targets)].sort());
  }
  return graph;
}

/** Strongly connected groups of two or more files (Tarjan). */
export function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return groups.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The imports inside a circle, `from -> to`, sorted. */
export function circularImports(graph: Map<string, string[]>): string[] {
  const groupOf = new Map<string, number>();
  circles(graph).forEach((group, i) => group.forEach((file) => groupOf.set(file, i)));
  const edges: string[] = [];
  for (const [from, targets] of graph) for (const to of targets) if (groupOf.has(from) && groupOf.get(from) === groupOf.get(to)) edges.push(`${from} -> ${to}`);
  return edges.sort();
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const graph = importGraph();
  const groups = circles(graph);
  for (const group of groups) console.log(`circle of ${group.length}: ${group.join(', ')}`);
  const edges = circularImports(graph);
  console.log(`\n${groups.length} circles, ${edges.length} circular imports:`);
  for (const edge of edges) console.log(`  '${edge}',`);
}

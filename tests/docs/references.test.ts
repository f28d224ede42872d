import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPEC_RULES } from '../../src/tools/machine-catalog';

/**
 * Everything a reader follows stays inside the repository: code cites the product's rules by their
 * ids in docs/product.md, never a section of a document elsewhere or the tracker's numbering, and every
 * relative link in the docs resolves to a file of this repository.
 */
const root = resolve(import.meta.dirname, '../..');
const self = relative(root, import.meta.filename);

function walk(dir: string, keep: (path: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) out.push(...walk(path, keep));
    else if (keep(path)) out.push(path);
  }
  return out;
}

const codeFiles = ['src', 'machines', 'tests'].flatMap((dir) => walk(dir, (path) => /\.(ts|tsx|mjs|js|sql|sh)$/.test(path) && path !== self));
const docFiles = ['README.md', ...walk('docs', (path) => path.endsWith('.md'))];
const read = (path: string) => readFileSync(join(root, path), 'utf8');

// Written in parts so that this file does not match itself.
const outsideReference = new RegExp(['spec ' + '\u00a7', 'session ' + '[0-9]', 'issue ' + '[0-9]'].join('|'), 'i');

describe('code points nowhere outside the repository', () => {
  it('no source, machine or test file cites a document section, an issue or a session by number', () => {
    const hits = codeFiles.flatMap((path) =>
      read(path)
        .split('\n')
        .flatMap((line, i) => (outsideReference.test(line) ? [`${path}:${i + 1}: ${line.trim().slice(0, 120)}`] : [])),
    );
    expect(hits).toEqual([]);
  });

  it('every [spec:…] id cited in code is a rule of docs/product.md', () => {
    const defined = new Set([...read('docs/product.md').matchAll(/\*\*\[spec:([a-z0-9-]+)\]\*\*/g)].map((m) => m[1]));
    const cited = new Map<string, string>();
    // Tests may cite unknown ids on purpose (the description parser's own tests), so code and machines only.
    for (const path of codeFiles.filter((file) => !file.startsWith('tests'))) for (const m of read(path).matchAll(/\[spec:([0-9]-[a-z0-9-]+)\]/g)) cited.set(m[1]!, path);
    for (const id of Object.keys(SPEC_RULES)) cited.set(id, 'src/tools/machine-catalog.ts');
    const unknown = [...cited].filter(([id]) => !defined.has(id)).map(([id, path]) => `${path}: [spec:${id}]`);
    expect(unknown).toEqual([]);
    expect(cited.size).toBeGreaterThan(30);
  });
});

describe('docs link only inside the repository', () => {
  it('every relative link in README.md and docs/ resolves to a file or folder of the repository', () => {
    const broken: string[] = [];
    for (const path of docFiles) {
      const text = read(path).replace(/```[\s\S]*?```/g, '');
      for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = m[1]!.split('#')[0]!;
        if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        const absolute = resolve(root, dirname(path), decodeURI(target));
        const inside = absolute === root || absolute.startsWith(root + sep);
        if (!inside || !existsSync(absolute)) broken.push(`${path}: ${m[1]}`);
      }
    }
    expect(broken).toEqual([]);
    expect(docFiles.length).toBeGreaterThan(5);
  });

  it('no doc sends the reader to a file outside the repository', () => {
    const outside = docFiles.filter((path) => /\.\.\/shared\/|\/work\/notes/.test(read(path)));
    expect(outside).toEqual([]);
  });
});

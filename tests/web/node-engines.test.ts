import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean };
const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as { packages: Record<string, { engines?: { node?: string } | string[] }> };
const range = pkg.engines.node;

/** Every locked package's engines.node, by package path. */
const engines = Object.entries(lock.packages)
  .filter(([path]) => path.startsWith('node_modules/'))
  .flatMap(([path, entry]) => (entry.engines && !Array.isArray(entry.engines) && entry.engines.node ? [[path.replace(/^.*node_modules\//, ''), entry.engines.node] as const] : []));

describe('the Node a newcomer has: package.json engines and what the dependencies need', () => {
  it('declares the maintained lines, 20.19+, 22.13+ and 24, and not the odd releases', () => {
    for (const version of ['20.19.0', '22.13.0', '22.20.0', '24.0.0', '24.21.0']) expect(semver.satisfies(version, range), version).toBe(true);
    for (const version of ['18.20.0', '20.18.0', '21.7.0', '22.12.0', '23.0.0']) expect(semver.satisfies(version, range), version).toBe(false);
    expect(semver.satisfies(process.version.slice(1), range)).toBe(true);
  });

  it('every locked package runs on Node 22 and 24 (the CI leg installs without an engine warning)', () => {
    const refusing = engines.filter(([, needs]) => !semver.satisfies('22.13.0', needs) || !semver.satisfies('24.0.0', needs));
    expect(refusing).toEqual([]);
  });

  it('on Node 20 only the packages known to ask for 22 warn (and work: the suites run on 20 as well)', () => {
    const wants22 = engines.filter(([, needs]) => !semver.satisfies('20.19.0', needs)).map(([name]) => name);
    expect([...new Set(wants22)].sort()).toEqual(['content-disposition', 'cookie']);
  });
});

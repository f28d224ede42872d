import { describe, expect, it } from 'vitest';
import { circles, circularImports, importGraph, KNOWN_CIRCULAR_IMPORTS } from '../../src/tools/import-cycles';

describe('import circles in src/ and machines/ (src/tools/import-cycles.ts)', () => {
  const graph = importGraph();
  const found = circularImports(graph);

  it('no new circle: every import inside a circle is one of the known ones', () => {
    const added = found.filter((edge) => !KNOWN_CIRCULAR_IMPORTS.includes(edge));
    expect(added, 'a new import circle: break it (npx tsx src/tools/import-cycles.ts prints them all)').toEqual([]);
  });

  it('the known list only shrinks: an import no longer in a circle is taken off it', () => {
    const gone = KNOWN_CIRCULAR_IMPORTS.filter((edge) => !found.includes(edge));
    expect(gone, 'no longer circular: remove from KNOWN_CIRCULAR_IMPORTS').toEqual([]);
  });

  it('finds a circle when one is there', () => {
    const toy = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    expect(circles(toy)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(circularImports(toy)).toEqual(['a.ts -> b.ts', 'b.ts -> c.ts', 'c.ts -> a.ts']);
    expect(graph.size).toBeGreaterThan(300);
  });
});

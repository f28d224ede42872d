import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * ARIA 1.2 prohibits aria-label on an element without a role (a div or span): axe reports it as a serious
 * "aria-prohibited-attr" violation, and screen readers drop the name. Loading placeholders are the usual case:
 * they render a plain div (Stack, SimpleGrid, Skeleton) or span (Loader) with a label, and axe only sees them when a
 * page is caught while loading. This test finds every such element in the views without waiting for that moment.
 * (Mantine's Progress is left out: it hands its label to the inner role="progressbar".)
 */
const GENERIC = new Set(['div', 'span', 'Box', 'Stack', 'Group', 'SimpleGrid', 'Skeleton', 'Loader', 'Center', 'Paper', 'Card', 'Flex', 'Grid', 'Text']);
const root = join(__dirname, '../../src/web');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.tsx') ? [join(dir, e.name)] : [],
  );
}

function offenders(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const tag = node.tagName.getText(source);
      const names = node.attributes.properties.flatMap((p) => (ts.isJsxAttribute(p) ? [p.name.getText(source)] : ['...spread']));
      if (GENERIC.has(tag) && names.includes('aria-label') && !names.includes('role') && !names.includes('...spread') && !names.includes('component')) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${relative(root, file)}:${line + 1} <${tag}>`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('labels only where a role allows them', () => {
  it('no plain div or span in the views carries aria-label without a role', () => {
    expect(files(root).flatMap(offenders)).toEqual([]);
  });
});

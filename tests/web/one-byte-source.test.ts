import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The compiled server's sources are rewritten so that V8 keeps them one byte a character
 * (src/tools/one-byte-source.mjs, run by build-server.mjs and the benches' build): the module must
 * behave exactly as before, in comments, strings, templates and regular expressions.
 */
const dir = mkdtempSync(join(tmpdir(), 'one-byte-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('one-byte-source', () => {
  it('escapes every character above U+00FF and the module answers the same', async () => {
    const source = [
      '// The rate from→to, in € or £ (naïve café stays Latin-1).',
      'export const currency = /^[$€£¥₹]$/;',
      "export const quote = (s) => s.replace(/[’]/g, \"'\");",
      "export const arrow = 'a → b';",
      'export const template = `${1} — 😀`;',
      'export const emoji = /^[😀]$/u;',
      "export const latin = 'naïve';",
    ].join('\n');
    const file = join(dir, 'module.mjs');
    writeFileSync(file, source);
    execFileSync(process.execPath, ['src/tools/one-byte-source.mjs', dir]);
    const written = readFileSync(file, 'utf8');
    expect([...written].filter((c) => c.codePointAt(0)! > 0xff)).toEqual([]);
    expect(written.split('\n')).toHaveLength(source.split('\n').length);
    expect(written).toContain('naïve');
    const m = (await import(pathToFileURL(file).href)) as Record<string, unknown> & { currency: RegExp; quote: (s: string) => string; emoji: RegExp };
    expect(['$', '€', '£', '¥', '₹', 'x'].map((c) => m.currency.test(c))).toEqual([true, true, true, true, true, false]);
    expect(m.quote('it’s')).toBe("it's");
    expect(m.arrow).toBe('a → b');
    expect(m.template).toBe('1 — 😀');
    expect(m.emoji.test('😀')).toBe(true);
    expect(m.latin).toBe('naïve');
  });
});

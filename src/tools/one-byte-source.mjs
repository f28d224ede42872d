/**
 * Rewrites every character above U+00FF in the compiled server's JavaScript as a `\uXXXX` escape. V8
 * keeps each module's source in memory for as long as the process runs, one byte a character when
 * all of them fit in Latin-1 and two bytes otherwise: a single `→` in a comment or `€` in a regular
 * expression doubled the API bundle's resident source (about 1 MB). esbuild escapes string literals
 * itself but leaves comments and regular expressions as written. The escape reads the same in a
 * comment, a string, a template and a regular expression (a character class included). Lines stay
 * where they were, so the source map still points at the right line.
 *
 *   node src/tools/one-byte-source.mjs DIR     every .js and .mjs file directly in DIR
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export function oneByteSource(dir) {
  for (const name of readdirSync(dir)) {
    if (!/\.m?js$/.test(name)) continue;
    const file = join(dir, name);
    const text = readFileSync(file, 'utf8');
    // Characters outside the BMP come as two UTF-16 units here, each escaped: a surrogate pair, as JavaScript reads it.
    const escaped = text.replace(/[\u0100-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    if (escaped !== text) writeFileSync(file, escaped);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) oneByteSource(resolve(process.argv[2]));

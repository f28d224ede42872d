import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contractPart, splitContractImports } from '../../src/tools/contract-parts';

/**
 * Built bundles see each contract file as a plain part and a zod part (vite.config.ts, src/tools/contract-parts.ts).
 * Every file's two parts, written out and imported, must export the same names with the same values as the
 * file itself, and the plain part must not reach zod.
 */

const contractDir = join(__dirname, '../../src/contract');
// Under .tmp/ (ignored by lint and git): the parts import only each other and packages.
const partsDir = join(__dirname, '../../.tmp/contract-parts');
afterAll(() => rmSync(partsDir, { recursive: true, force: true }));

const files = readdirSync(contractDir).filter((name) => name.endsWith('.ts'));
/** `./x.ts?contract=plain` -> `./x.plain.ts`: what the plugin resolves, as files; other contract files as they are. */
const asFiles = (code: string) => code.replace(/\.\/([\w-]+)\.ts\?contract=(plain|zod)/g, './$1.$2.ts').replace(/from '\.\/([\w-]+)'/g, (_m, name: string) => `from '${join(contractDir, name)}'`);

/** A value as comparable data: schemas by their definition's type and checks, functions by name. */
const shape = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v === 'function') return `function ${v.length}`;
      if (v && typeof v === 'object' && '_zod' in v) {
        const def = (v as { _zod: { def: { type: string; checks?: unknown[]; shape?: object } } })._zod.def;
        return { schema: def.type, checks: def.checks?.length ?? 0, keys: def.shape ? Object.keys(def.shape) : undefined };
      }
      return v;
    }),
  );

describe('built bundles split each contract file into a plain part and a zod part', () => {
  it('the two parts export what the file exports, and the plain part does not import zod', async () => {
    rmSync(partsDir, { recursive: true, force: true });
    mkdirSync(partsDir, { recursive: true });
    for (const name of files) {
      const path = join(contractDir, name);
      const code = readFileSync(path, 'utf8');
      for (const part of ['plain', 'zod'] as const) {
        const own = contractPart(code, path, part).code;
        const split = splitContractImports(own, `${path}?contract=${part}`)?.code ?? own;
        if (part === 'plain') expect(split, `${name}: plain part`).not.toMatch(/from '(zod[^']*|[^']*\?contract=zod)'/);
        writeFileSync(join(partsDir, name.replace(/\.ts$/, `.${part}.ts`)), asFiles(split));
      }
    }
    for (const name of files) {
      const original = (await import(join(contractDir, name))) as Record<string, unknown>;
      const plain = (await import(join(partsDir, name.replace(/\.ts$/, '.plain.ts')))) as Record<string, unknown>;
      const zod = (await import(join(partsDir, name.replace(/\.ts$/, '.zod.ts')))) as Record<string, unknown>;
      for (const key of Object.keys(original)) {
        const inPlain = key in plain;
        const inZod = key in zod;
        expect(inPlain || inZod, `${name}: ${key} is in a part`).toBe(true);
        expect(shape(inPlain ? plain[key] : zod[key]), `${name}: ${key}`).toEqual(shape(original[key]));
      }
    }
  }, 60_000);

  it('an import of an area names the part of each name, so a text-only import reaches the plain part only', () => {
    const toy = join(__dirname, '../../.tmp/contract-parts-toy');
    mkdirSync(join(toy, 'src/contract'), { recursive: true });
    writeFileSync(
      join(toy, 'src/contract/toy.ts'),
      "import * as z from 'zod/mini';\nexport const TOY_MAX = 3;\nexport const toyMessages = { fetch: 'Failed to fetch toys' };\nexport const toyName = z.string().check(z.maxLength(TOY_MAX));\nexport const toyRequest = z.object({ name: toyName });\nexport type ToyRequest = z.infer<typeof toyRequest>;\n",
    );
    try {
      const page = join(toy, 'src/web/ToyPage.ts');
      expect(splitContractImports("import { toyMessages, type ToyRequest } from '../contract/toy';\n", page)?.code).toBe("import { toyMessages } from '../contract/toy.ts?contract=plain';\n");
      expect(splitContractImports("import { TOY_MAX, toyRequest } from '../contract/toy';\n", page)?.code).toBe(
        "import { TOY_MAX } from '../contract/toy.ts?contract=plain';\nimport { toyRequest } from '../contract/toy.ts?contract=zod';\n",
      );
      const zodPart = contractPart(readFileSync(join(toy, 'src/contract/toy.ts'), 'utf8'), join(toy, 'src/contract/toy.ts'), 'zod').code;
      expect(zodPart).toContain("import { TOY_MAX } from './toy.ts?contract=plain';");
      expect(zodPart).toContain('export const toyRequest = /* @__PURE__ */ (() => (z.object({ name: toyName })))();');
      expect(zodPart).not.toContain('toyMessages');
    } finally {
      rmSync(toy, { recursive: true, force: true });
    }
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import MagicString from 'magic-string';
import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * Each contract file (src/contract/<area>.ts) holds an area's texts and constants, which the web's first
 * load uses (the API client's default messages), beside its form rules and answer schemas, built with
 * zod/mini, which only lazy pages and the server use. A bundler puts a module in one chunk, so one file
 * per area would ship every area's rules and most of zod/mini with the first load of /login. Built bundles
 * therefore see each contract file as two modules behind it:
 * - `<area>.ts?contract=plain`: the statements that do not use zod, directly or through another statement;
 * - `<area>.ts?contract=zod`: the others, importing what they use of the plain part;
 * and every top-level const computed by a call is wrapped in an IIFE marked pure, so a schema no chunk
 * uses is dropped whole. The server, the tests and `vite dev` read the files as they are.
 */

const CONTRACT_FILE = /[\\/]src[\\/]contract[\\/][^\\/]+\.ts$/;
const PART = /\?contract=(plain|zod)$/;

/** A value a bundler cannot prove free of side effects: a call, `new`, or an expression containing one. */
function computed(node: ts.Expression): boolean {
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isClassExpression(node)) return false;
  let found = false;
  const visit = (n: ts.Node) => {
    if (found || ts.isArrowFunction(n) || ts.isFunctionExpression(n)) return;
    if (ts.isCallExpression(n) || ts.isNewExpression(n) || ts.isTaggedTemplateExpression(n)) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** Names a statement declares at run time (types declare none). */
function runtimeNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name) return [statement.name.text];
  return [];
}

/** Every identifier a statement mentions (a superset of what it uses: enough to follow dependencies). */
function mentions(statement: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (n: ts.Node) => {
    const parent = n.parent;
    const key = parent && ((ts.isPropertyAccessExpression(parent) && parent.name === n) || (ts.isPropertyAssignment(parent) && parent.name === n) || (ts.isPropertySignature(parent) && parent.name === n));
    if (ts.isIdentifier(n) && !key) names.add(n.text);
    ts.forEachChild(n, visit);
  };
  visit(statement);
  return names;
}

const isTypeOnly = (statement: ts.Statement) =>
  ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || (ts.isExportDeclaration(statement) && statement.isTypeOnly) || (ts.isImportDeclaration(statement) && Boolean(statement.importClause?.isTypeOnly));

type PartCache = Map<string, { zod: Set<string> }>;

/**
 * Which part each statement goes to: zod when it uses zod/mini, a name of another contract file's zod
 * part, or a statement that does.
 */
export function splitContract(code: string, fileName: string, cache: PartCache = new Map()) {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const zodNames = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const spec = statement.moduleSpecifier.text;
    const bindings = statement.importClause?.namedBindings;
    if (/^zod(\/|$)/.test(spec)) {
      if (bindings && ts.isNamespaceImport(bindings)) zodNames.add(bindings.name.text);
      else if (bindings) for (const element of bindings.elements) zodNames.add(element.name.text);
    } else if (spec.startsWith('.') && bindings && ts.isNamedImports(bindings)) {
      const target = resolve(dirname(fileName), spec.endsWith('.ts') ? spec : `${spec}.ts`);
      if (!CONTRACT_FILE.test(target) || !existsSync(target) || target === fileName) continue;
      const { zod } = partsOf(target, cache);
      for (const element of bindings.elements) if (zod.has((element.propertyName ?? element.name).text)) zodNames.add(element.name.text);
    }
  }
  const body = source.statements.filter((s) => !ts.isImportDeclaration(s) && !isTypeOnly(s));
  const zod = new Set<ts.Statement>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const statement of body) {
      if (zod.has(statement)) continue;
      const used = mentions(statement);
      if ([...zodNames].some((name) => used.has(name))) {
        zod.add(statement);
        for (const name of runtimeNames(statement)) zodNames.add(name);
        changed = true;
      }
    }
  }
  return { source, body, zod };
}

function wrapPure(out: MagicString, source: ts.SourceFile, statement: ts.Statement) {
  if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) return;
  for (const declaration of statement.declarationList.declarations) {
    const init = declaration.initializer;
    if (!init || !computed(init)) continue;
    out.appendLeft(init.getStart(source), '/* @__PURE__ */ (() => (');
    out.appendRight(init.getEnd(), '))()');
  }
}

/** The code of one part (`plain` or `zod`) of a contract file; `facade` for the file itself. */
export function contractPart(code: string, fileName: string, part: 'facade' | 'plain' | 'zod', cache: PartCache = new Map()): { code: string; map: ReturnType<MagicString['generateMap']> } {
  const { source, body, zod } = splitContract(code, fileName, cache);
  const out = new MagicString(code);
  const base = fileName.replace(/^.*[\\/]/, '');
  if (part === 'facade') {
    out.remove(0, code.length);
    out.append(`export * from './${base}?contract=plain';\nexport * from './${base}?contract=zod';\n`);
    return { code: out.toString(), map: out.generateMap({ hires: true, source: fileName, includeContent: true }) };
  }
  const plainNames = body.filter((s) => !zod.has(s)).flatMap(runtimeNames);
  // What the part's statements mention: imports of anything else go, so the part does not reach modules it does not use.
  const used = new Set<string>();
  for (const statement of body) if ((part === 'zod') === zod.has(statement)) for (const name of mentions(statement)) used.add(name);
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (!clause) continue;
      const bindings = clause.namedBindings;
      const names = [clause.name?.text, bindings && ts.isNamespaceImport(bindings) ? bindings.name.text : undefined, ...(bindings && ts.isNamedImports(bindings) ? bindings.elements.map((e) => e.name.text) : [])].filter((n): n is string => Boolean(n));
      if (clause.isTypeOnly || !names.some((n) => used.has(n))) out.remove(statement.getFullStart(), statement.getEnd());
      else if (bindings && ts.isNamedImports(bindings) && !clause.name) out.overwrite(bindings.getStart(source), bindings.getEnd(), `{ ${bindings.elements.filter((e) => !e.isTypeOnly && used.has(e.name.text)).map((e) => e.getText(source)).join(', ')} }`);
      continue;
    }
    const keep = !isTypeOnly(statement) && (part === 'zod') === zod.has(statement);
    if (!keep) {
      out.remove(statement.getFullStart(), statement.getEnd());
      continue;
    }
    wrapPure(out, source, statement);
    // Locals of the plain part that zod statements use are exported to it (export * of the facade passes them on too; harmless).
    if (part === 'plain' && ts.isVariableStatement(statement) && !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) out.prependLeft(statement.getStart(source), 'export ');
    if (part === 'plain' && (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) out.prependLeft(statement.getStart(source), 'export ');
  }
  const fromPlain = plainNames.filter((n) => used.has(n));
  if (part === 'zod' && fromPlain.length) out.append(`\nimport { ${fromPlain.join(', ')} } from './${base}?contract=plain';\n`);
  return { code: out.toString(), map: out.generateMap({ hires: true, source: fileName, includeContent: true }) };
}

/** The runtime names of each part of a contract file, read once per build. */
function partsOf(file: string, cache: PartCache) {
  let parts = cache.get(file);
  if (!parts) {
    // A circle between contract files would recurse: the first file reads as having no zod part meanwhile.
    cache.set(file, { zod: new Set() });
    const { body, zod } = splitContract(readFileSync(file, 'utf8'), file, cache);
    parts = { zod: new Set(body.filter((s) => zod.has(s)).flatMap(runtimeNames)) };
    cache.set(file, parts);
  }
  return parts;
}

/**
 * Imports of a contract file name the part that holds each name, so a module that takes only texts and
 * constants never reaches the zod part (through the facade's `export *` it would, and share its chunk).
 */
export function splitContractImports(code: string, id: string, cache: PartCache = new Map()): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  if (!/from\s*['"][^'"]*contract/.test(code) && !CONTRACT_FILE.test(id.split('?')[0]!)) return null;
  const file = id.split('?')[0]!;
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out = new MagicString(code);
  let changed = 0;
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || statement.importClause?.isTypeOnly) continue;
    const spec = statement.moduleSpecifier.text;
    if (!spec.startsWith('.')) continue;
    const target = resolve(dirname(file), spec.endsWith('.ts') ? spec : `${spec}.ts`);
    if (!CONTRACT_FILE.test(target) || !existsSync(target)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings) || statement.importClause?.name) continue;
    const { zod } = partsOf(target, cache);
    const elements = bindings.elements.filter((e) => !e.isTypeOnly);
    const toZod = elements.filter((e) => zod.has((e.propertyName ?? e.name).text)).map((e) => e.getText(source));
    const toPlain = elements.filter((e) => !zod.has((e.propertyName ?? e.name).text)).map((e) => e.getText(source));
    const base = spec.endsWith('.ts') ? spec : `${spec}.ts`;
    const lines = [toPlain.length ? `import { ${toPlain.join(', ')} } from '${base}?contract=plain';` : '', toZod.length ? `import { ${toZod.join(', ')} } from '${base}?contract=zod';` : ''];
    out.overwrite(statement.getStart(source), statement.getEnd(), lines.filter(Boolean).join('\n'));
    changed++;
  }
  return changed === 0 ? null : { code: out.toString(), map: out.generateMap({ hires: true, source: id, includeContent: true }) };
}

export const contractPartsPlugin = (): Plugin => {
  const cache: PartCache = new Map();
  return {
    name: 'contract-parts',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      cache.clear();
    },
    load(id) {
      const match = PART.exec(id);
      if (!match) return null;
      const file = id.replace(PART, '');
      return contractPart(readFileSync(file, 'utf8'), file, match[1] as 'plain' | 'zod', cache).code;
    },
    transform(code, id) {
      if (/node_modules/.test(id) || !/\.(ts|tsx)(\?|$)/.test(id)) return null;
      if (!PART.test(id) && CONTRACT_FILE.test(id.split('?')[0]!) && !id.includes('?')) return contractPart(code, id, 'facade');
      return splitContractImports(code, id, cache);
    },
  };
};

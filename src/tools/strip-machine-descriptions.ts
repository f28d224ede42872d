import MagicString from 'magic-string';
import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * The `description` of every state and transition in machines/ is documentation: the Stately
 * visualizer, `npm run docs:machines` and the inspector read it from the sources; XState never reads
 * it to run a machine. Built bundles leave it out, so the prose of the machines on /login (app,
 * session, ui, onboarding, access, wallet sign-in: about 5 KB gzipped) does not ship with the first
 * load. `vite dev` (and so `npm run dev:inspect`) keeps it.
 */

/** Keys only a state node or a transition has: an object with one of them is statechart config. */
const STATECHART_KEYS = new Set(['on', 'target', 'states', 'invoke', 'actions', 'always', 'after', 'entry', 'exit', 'initial', 'tags', 'guard', 'reenter', 'onDone', 'onError', 'src']);

const nameOf = (name: ts.PropertyName): string | null => (ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : null);

/** A state node or transition: it has a statechart key, or it is a value of a `states`, `on` or `after` object, or an onDone, onError or always. */
function isStatechartObject(object: ts.ObjectLiteralExpression): boolean {
  for (const property of object.properties) {
    if (property.name && STATECHART_KEYS.has(nameOf(property.name as ts.PropertyName) ?? '')) return true;
  }
  // One of several guarded transitions for an event sits in an array: its holder is the array's.
  const value: ts.Expression = ts.isArrayLiteralExpression(object.parent) ? object.parent : object;
  const holder = value.parent;
  if (!ts.isPropertyAssignment(holder) || holder.initializer !== value) return false;
  if (['onDone', 'onError', 'always'].includes(nameOf(holder.name) ?? '')) return true;
  // A value of a `states` object is a state node; a value of an `on` (or `after`) object is a transition, even one
  // that only describes why the event is taken and ignored ({ description: '…' }); so are onDone, onError and always.
  const states = holder.parent;
  return ts.isObjectLiteralExpression(states) && ts.isPropertyAssignment(states.parent) && ['states', 'on', 'after'].includes(nameOf(states.parent.name) ?? '');
}

/** The source without the literal `description` properties of its statechart objects; null when it has none. */
export function stripMachineDescriptions(code: string, fileName: string): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out = new MagicString(code);
  let removed = 0;
  const visit = (node: ts.Node) => {
    if (
      ts.isPropertyAssignment(node) &&
      nameOf(node.name) === 'description' &&
      (ts.isStringLiteral(node.initializer) || ts.isNoSubstitutionTemplateLiteral(node.initializer)) &&
      ts.isObjectLiteralExpression(node.parent) &&
      isStatechartObject(node.parent)
    ) {
      // The property and the comma after it (or before it, when it is the last one).
      let end = node.getEnd();
      let start = node.getStart(source);
      const after = /^\s*,/.exec(code.slice(end));
      if (after) end += after[0].length;
      else {
        const before = /,\s*$/.exec(code.slice(0, start));
        if (before) start -= before[0].length;
      }
      out.remove(start, end);
      removed++;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return removed === 0 ? null : { code: out.toString(), map: out.generateMap({ hires: true, source: fileName, includeContent: true }) };
}

export const stripMachineDescriptionsPlugin = (): Plugin => ({
  name: 'strip-machine-descriptions',
  apply: 'build',
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]machines[\\/][^\\/]+\.ts$/.test(id.split('?')[0]!)) return null;
    return stripMachineDescriptions(code, id);
  },
});

import { randomUUID } from 'node:crypto';
import fc from 'fast-check';

/**
 * The API as its OpenAPI document (app.swagger()) describes it, and fast-check arbitraries for
 * its parameters and bodies. Nothing here names a route: a route added later is picked up from
 * the document, so the reliability tests cover it without an edit.
 */

export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  /** OpenAPI 3.0's single example (what the document writes for a schema's `examples`). */
  example?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path with {param} placeholders. */
  path: string;
  parameters: Parameter[];
  /** Media type → schema of the request body, when the operation takes one. */
  body?: { contentType: string; schema: JsonSchema; required: boolean };
  /** The operation declares a bearer token (informational: the tests find out by calling). */
  declaresAuth: boolean;
  label: string;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> }; security?: unknown[] }>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the document, /dev/* included (those must refuse a caller without the key). */
export function operationsOf(document: unknown): { operations: Operation[]; resolve: (s: JsonSchema) => JsonSchema } {
  const doc = document as OpenApiDocument;
  const components = doc.components?.schemas ?? {};
  const resolve = (schema: JsonSchema): JsonSchema => {
    let s = schema;
    for (let i = 0; i < 20 && s.$ref; i++) s = components[s.$ref.replace('#/components/schemas/', '')] ?? {};
    return s;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const content = op.requestBody?.content ?? {};
      const contentType = Object.keys(content).find((t) => t.includes('json')) ?? Object.keys(content)[0];
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: (op.parameters ?? []).filter((p) => p.in !== 'cookie'),
        body: contentType ? { contentType, schema: content[contentType]!.schema ?? {}, required: op.requestBody?.required ?? false } : undefined,
        declaresAuth: Array.isArray(op.security) && op.security.length > 0,
        label: `${method.toUpperCase()} ${path}`,
      });
    }
  }
  return { operations, resolve };
}

export const pathParams = (op: Operation) => op.parameters.filter((p) => p.in === 'path');

// -------------------------------------------------------------------------------------------
// Values a user would send

export interface ValueContext {
  /** Text that marks its owner's data, so a leak shows up in another user's answers. */
  marker: string;
  /** Real values of the caller's (or the victim's) data by key name (goal_id, name, …). */
  known: Map<string, string[]>;
  resolve: (s: JsonSchema) => JsonSchema;
}

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const typeOf = (s: JsonSchema): string | undefined => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

function fitLength(text: string, s: JsonSchema): string {
  let v = text;
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 10_000;
  while (v.length < min) v += text || 'x';
  return v.slice(0, Math.max(min, Math.min(max, v.length)));
}

function numberIn(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const step = integer ? 1 : (s.multipleOf ?? 0.01);
  const lowRaw = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + step : integer ? 0 : step);
  const highRaw = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - step : lowRaw + 1000);
  const low = Math.max(lowRaw, integer ? -1e6 : -1e6);
  const high = Math.min(highRaw, low + (integer ? 100 : 1000));
  const units = Math.max(0, Math.floor((high - low) / step));
  return fc.integer({ min: 0, max: units }).map((k) => Math.round((low + k * step) * 100) / 100);
}

/** Values a real client would send for this schema: they pass validation as often as a schema lets a generator tell. */
export function validValue(schema: JsonSchema, ctx: ValueContext, key = '', depth = 0): fc.Arbitrary<unknown> {
  const s = ctx.resolve(schema);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum.filter((v) => v !== null));
  if (s.examples?.length) return fc.constantFrom(...s.examples);
  if (s.example !== undefined) return fc.constant(s.example);
  const variants = s.anyOf ?? s.oneOf;
  if (variants) {
    const usable = variants.filter((v) => ctx.resolve(v).type !== 'null');
    return fc.oneof(...(usable.length ? usable : variants).map((v) => validValue(v, ctx, key, depth + 1)));
  }
  if (s.allOf?.length) return validValue(Object.assign({}, ...s.allOf.map(ctx.resolve)) as JsonSchema, ctx, key, depth + 1);
  const known = ctx.known.get(key);
  switch (typeOf(s)) {
    case 'string': {
      if (known?.length) return fc.constantFrom(...known);
      if (s.format === 'date') return fc.integer({ min: 2, max: 700 }).map(isoDay);
      if (s.format === 'date-time') return fc.constant(new Date().toISOString());
      if (s.format === 'email') return fc.constant(`${ctx.marker}@example.com`);
      if (s.format === 'uuid') return fc.constant(randomUUID());
      if (s.format === 'uri') return fc.constant('https://example.com/');
      if (s.pattern) {
        return fc
          .stringMatching(new RegExp(s.pattern))
          .map((v) => v.slice(0, s.maxLength ?? v.length))
          .filter((v) => v.length >= (s.minLength ?? 0) && new RegExp(s.pattern!).test(v));
      }
      return fc.constant(fitLength(`${ctx.marker} ${key}`.trim(), s));
    }
    case 'integer':
      return numberIn(s, true);
    case 'number':
      return numberIn(s, false);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const item = s.items ? validValue(s.items, ctx, key, depth + 1) : fc.constant(ctx.marker);
      return fc.array(item, { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3) });
    }
    case 'object':
    default: {
      if (!s.properties || depth > 8) return fc.constant({});
      const required = new Set(s.required ?? []);
      const entries = Object.entries(s.properties).map(([name, prop]) => [name, validValue(prop, ctx, name, depth + 1)] as const);
      return fc.record(Object.fromEntries(entries), { requiredKeys: [...required].filter((k) => s.properties![k]) });
    }
  }
}

// -------------------------------------------------------------------------------------------
// Values an attacker or a broken client would send (what the audit found, and more)

const HOSTILE_TEXT = [
  'a\u0000b',
  '\u0000',
  '%00',
  '2026-02-30',
  '0000-00-00',
  '0000-01',
  '9999-99-99',
  '2024-13-01',
  '-'.repeat(36),
  '00000000-0000-0000-0000-000000000000',
  "' OR 1=1 --",
  "'; drop table users; --",
  '"',
  '\\',
  '$1',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '\ud800',
  '\u202e',
  '😀'.repeat(50),
  ' ',
  '',
  'x'.repeat(5_000),
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  'null',
  'true',
  '[]',
  '{}',
];
const HOSTILE_NUMBERS = [1e-9, 5e-324, 0.004, 0.005, 0.015, 0, -0, -1, -0.01, 1e11, 1e15, 2 ** 53 + 1, 1e308, -1e308, 0.1 + 0.2, 99999999999.99];
const HOSTILE_ANY: unknown[] = [null, true, false, [], {}, [null], { __proto__: { polluted: true } }, { constructor: { prototype: { polluted: true } } }];

export const hostileText = (): fc.Arbitrary<string> => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) });
const hostileAny = (): fc.Arbitrary<unknown> =>
  fc.oneof(hostileText(), fc.constantFrom(...HOSTILE_NUMBERS), fc.constantFrom(...HOSTILE_ANY), fc.integer(), fc.double({ noNaN: true }));

/** Mostly valid values with hostile ones mixed in at every level (a field, an item, an extra key). */
export function fuzzValue(schema: JsonSchema, ctx: ValueContext, key = '', depth = 0): fc.Arbitrary<unknown> {
  const s = ctx.resolve(schema);
  const t = typeOf(s);
  const typed: fc.Arbitrary<unknown> =
    t === 'string' ? hostileText() : t === 'number' || t === 'integer' ? fc.constantFrom(...HOSTILE_NUMBERS) : hostileAny();
  let inner: fc.Arbitrary<unknown>;
  if (t === 'object' && s.properties && depth < 8) {
    const props = Object.entries(s.properties).map(([name, prop]) => [name, fuzzValue(prop, ctx, name, depth + 1)] as const);
    const record = fc.record(Object.fromEntries(props), { requiredKeys: (s.required ?? []).filter((k) => s.properties![k]) });
    inner = fc.oneof(
      { weight: 6, arbitrary: record },
      { weight: 1, arbitrary: fc.tuple(record, fc.constantFrom('__proto__', 'constructor', 'extra', 'user_id', ''), hostileAny()).map(([o, k, v]) => ({ ...(o as object), [k]: v })) },
    );
  } else if (t === 'array' && s.items && depth < 8) {
    inner = fc.array(fuzzValue(s.items, ctx, key, depth + 1), { maxLength: 4 });
  } else {
    inner = validValue(s, ctx, key, depth);
  }
  return fc.oneof({ weight: 3, arbitrary: inner }, { weight: 1, arbitrary: typed });
}

/** A query or path value as text. */
export const asParam = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

export function buildUrl(op: Operation, path: Record<string, string>, query: Record<string, unknown>): string {
  const filled = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(wellFormed(path[name] ?? 'x')));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(name, asParam(v));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

/** Lone surrogates cannot be percent-encoded; a client would send U+FFFD. */
const wellFormed = (v: string) => v.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** A CSV a bank could export, carrying the owner's marker (for text/csv bodies). */
export const csvFor = (marker: string, rows = 3) =>
  ['date,amount,description', ...Array.from({ length: rows }, (_, i) => `${isoDay(-i - 1)},-${(12.5 + i).toFixed(2)},${marker} row ${i}`)].join('\n') + '\n';

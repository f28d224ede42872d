import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { bearer, createTestApp, DEFAULT_PASSWORD, logIn, signUpWithAccess, uniqueEmail, type TestApp } from '../../support/app';
import { startTestChain } from '../../support/chain';
import { buildUrl, csvFor, operationsOf, pathParams, validValue, type JsonSchema, type Operation, type ValueContext } from './openapi';

/** Sizes: the short run of `npm test`, or the long one of `npm run test:reliability` (RELIABILITY_LONG=1). */
export const LONG = /^(1|true)$/i.test(process.env.RELIABILITY_LONG ?? '');

export const JWT_SECRET = `reliability-${randomBytes(16).toString('hex')}`;

/**
 * The real API on a fresh database (PGlite in memory, or PostgreSQL with DATABASE_URL) and a real
 * chain (an in-memory anvil, as `npm start` runs one), with a known JWT secret to forge tokens.
 */
export async function reliabilityApp(): Promise<TestApp> {
  const chain = await startTestChain();
  try {
    const testApp = await createTestApp({ env: { JWT_SECRET, COACH_STREAM_DELAY_MS: '0', IMPORT_UPLOADS_PER_HOUR: '100000' }, chainRpcUrl: chain.rpcUrl });
    return { ...testApp, close: async () => {
      await testApp.close();
      await chain.stop();
    } };
  } catch (error) {
    await chain.stop();
    throw error;
  }
}

export interface Person {
  label: string;
  email: string;
  password: string;
  userId: string;
  token: string;
  /** Written into every text this person sends, so their data is recognisable anywhere. */
  marker: string;
  /** Values of this person's data by key name, read from the API's own answers. */
  known: Map<string, string[]>;
}

export interface Request {
  path: Record<string, string>;
  query: Record<string, unknown>;
  body?: unknown;
}

/** Sends one request as the OpenAPI operation describes it; `token` null sends none. */
export function send(app: FastifyInstance, op: Operation, req: Request, token: string | null, extraHeaders: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(token === null ? {} : bearer(token)), ...extraHeaders };
  let payload: string | undefined;
  if (op.body && req.body !== undefined) {
    headers['content-type'] = op.body.contentType;
    payload = typeof req.body === 'string' && !op.body.contentType.includes('json') ? req.body : JSON.stringify(req.body);
  }
  return app.inject({ method: op.method, url: buildUrl(op, req.path, req.query), headers, ...(payload === undefined ? {} : { payload }) });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);

/** Adds every (key, string value) of a JSON answer to a person's known values. */
export function harvest(into: Map<string, string[]>, body: string) {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return;
  }
  const walk = (value: unknown, key: string, depth: number) => {
    if (depth > 12) return;
    if (typeof value === 'string' || typeof value === 'number') {
      const list = into.get(key) ?? [];
      const text = String(value);
      if (!list.includes(text) && list.length < 50) list.push(text);
      into.set(key, list);
    } else if (Array.isArray(value)) value.forEach((v) => walk(v, key, depth + 1));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k, depth + 1);
  };
  walk(json, '', 0);
}

/** The ids (UUIDs) among a person's known values: whatever the API called *_id or id. */
export function idsOf(person: Person): Set<string> {
  const ids = new Set<string>();
  for (const [key, values] of person.known) if (key === 'id' || key.endsWith('_id')) for (const v of values) if (isUuid(v)) ids.add(v);
  return ids;
}

export async function newPerson(app: FastifyInstance, label: string): Promise<Person> {
  const marker = `mk${label}${randomBytes(5).toString('hex')}`;
  const user = await signUpWithAccess(app, uniqueEmail(marker), DEFAULT_PASSWORD);
  return { label, email: user.email, password: user.password, userId: user.userId, token: user.token, marker, known: new Map([['user_id', [user.userId]]]) };
}

/** The person's token works again after a route revoked it (logout, password change); a deleted account is created anew. */
export async function ensureSession(app: FastifyInstance, person: Person): Promise<void> {
  const me = await app.inject({ method: 'GET', url: '/users/me', headers: bearer(person.token) });
  if (me.statusCode === 200) return;
  const login = await logIn(app, person.email, person.password);
  if (login.statusCode === 200) {
    person.token = login.json<{ access_token: string }>().access_token;
    return;
  }
  const fresh = await newPerson(app, person.label);
  Object.assign(person, { ...fresh, marker: person.marker, known: person.known });
}

export const valueContext = (person: Pick<Person, 'marker' | 'known'>, resolve: (s: JsonSchema) => JsonSchema): ValueContext => ({ marker: person.marker, known: person.known, resolve });

/** One request a real client of this person could send: their own ids in the path, valid-looking query and body. */
export function validRequest(op: Operation, ctx: ValueContext, seed: number): Request {
  const path: Record<string, string> = {};
  for (const p of pathParams(op)) {
    const own = ctx.known.get(p.name) ?? (p.name === 'id' ? [] : undefined);
    path[p.name] = own?.length ? own[seed % own.length]! : String(fc.sample(validValue(p.schema, ctx, p.name), { seed, numRuns: 1 })[0]);
  }
  const query: Record<string, unknown> = {};
  for (const p of op.parameters.filter((q) => q.in === 'query' && q.required)) query[p.name] = fc.sample(validValue(p.schema, ctx, p.name), { seed, numRuns: 1 })[0];
  let body: unknown;
  if (op.body) body = op.body.contentType.includes('csv') || op.body.contentType.startsWith('text/') ? csvFor(ctx.marker) : fc.sample(validValue(op.body.schema, ctx), { seed, numRuns: 1 })[0];
  return { path, query, body };
}

/** The 401 a route gives without a token tells that it needs one (whatever its schema declares). */
export async function needsAuth(app: FastifyInstance, op: Operation, req: Request): Promise<boolean> {
  return (await send(app, op, req, null)).statusCode === 401;
}

/** Routes that would end the session or the account are not used to create data. */
const ENDS_SESSION = /(logout|log-out|delete|remove|revoke|cancel|clear|password|end-now|deactivate|close)/i;

/** Writers whose next call replaces what the last one made (a demo year: some 600 rows deleted and written again). */
const REPLACES_EARLIER = /^\/transactions\/demo$/;

/**
 * Fills a person's account through the API itself: every operation that needs a token and creates
 * (POST/PUT without an id in the path, then with the person's own ids) is called with valid-looking
 * data carrying the person's marker until it made `each` things (one for a writer that replaces its
 * earlier result), trying up to `attempts` requests, so every area (present and future) holds data.
 */
export async function seedThroughApi(app: FastifyInstance, person: Person, operations: Operation[], resolve: (s: JsonSchema) => JsonSchema, attempts = 6, each = 2) {
  const ctx = valueContext(person, resolve);
  const writers = operations.filter((op) => (op.method === 'POST' || op.method === 'PUT') && !ENDS_SESSION.test(op.path) && !op.path.startsWith('/dev/'));
  for (const round of [0, 1]) {
    for (const op of writers) {
      if ((pathParams(op).length > 0) !== (round === 1)) continue;
      let created = 0;
      const wanted = REPLACES_EARLIER.test(op.path) ? 1 : each;
      for (let seed = 1; seed <= attempts && created < wanted; seed++) {
        const req = validRequest(op, ctx, seed);
        if (!(await needsAuth(app, op, req))) break;
        const res = await send(app, op, req, person.token);
        if (res.statusCode < 300) {
          created++;
          harvest(person.known, res.body);
        }
      }
      await ensureSession(app, person);
    }
    await readEverything(app, person, operations, resolve);
  }
}

/** Reads every GET operation as the person (their own ids in paths) and remembers the values; returns the answers by URL. */
export async function readEverything(app: FastifyInstance, person: Person, operations: Operation[], resolve: (s: JsonSchema) => JsonSchema): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  const ctx = valueContext(person, resolve);
  for (const op of operations.filter((o) => o.method === 'GET' && !o.path.startsWith('/dev/') && !o.path.startsWith('/docs'))) {
    const req = validRequest(op, ctx, 1);
    const res = await send(app, op, req, person.token);
    if (res.statusCode === 200 && String(res.headers['content-type'] ?? '').includes('json')) {
      harvest(person.known, res.body);
      answers.set(`${op.label} ${JSON.stringify(req.path)}`, res.body);
    }
  }
  return answers;
}

/** Forged and broken bearer tokens for a real user: each must be refused. */
export async function badTokens(victim: Person, deleted: Person): Promise<[string, string | null][]> {
  const secret = new TextEncoder().encode(JWT_SECRET);
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: victim.userId, ver: 0, iat: now, exp: now + 3600 };
  const expired = await new SignJWT({ ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(victim.userId).setIssuedAt(now - 7200).setExpirationTime(now - 3600).sign(secret);
  const wrongSecret = await new SignJWT({ ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(victim.userId).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(`${JWT_SECRET}-not`));
  const [head, payload, signature] = victim.token.split('.');
  return [
    ['no token', null],
    ['malformed: garbage', 'not-a-jwt'],
    ['malformed: three dots', 'a.b.c'],
    ['malformed: empty', ''],
    ['malformed: truncated signature', `${head}.${payload}.${signature!.slice(0, 10)}`],
    ['malformed: payload of another user spliced in', `${head}.${b64({ ...claims, sub: deleted.userId })}.${signature}`],
    ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`],
    ['alg none, upper case', `${b64({ alg: 'NONE', typ: 'JWT' })}.${b64(claims)}.`],
    ['alg HS512 with the same secret', await new SignJWT({ ver: 0 }).setProtectedHeader({ alg: 'HS512' }).setSubject(victim.userId).setIssuedAt().setExpirationTime('1h').sign(secret)],
    ['wrong secret', wrongSecret],
    ['expired', expired],
    ['sub not a user id', await new SignJWT({ ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject('-'.repeat(36)).setIssuedAt().setExpirationTime('1h').sign(secret)],
    ['deleted user', deleted.token],
  ];
}

/** What must never reach a client: a stack frame, a source position, SQL or a database or library error. */
export const STACK_OR_SQL =
  /(\bat (async )?[\w$.<>[\] ]*\(?(\/|file:\/\/|node:)[^)\s]*:\d+:\d+|node_modules\/|\.[cm]?[jt]s:\d+:\d+|\bselect\s+[\w"*,. ()]+\s+from\s+"?\w+"?|\binsert into\s+"?\w+|\bdelete from\s+"?\w+|\bupdate\s+"?\w+"?\s+set\s+"?\w+"?\s*=|syntax error at|relation "\w+"|violates (check|foreign key|not-null|unique) constraint|duplicate key value|invalid input syntax|SQLSTATE|Failed query:|DrizzleQueryError|ZodError|TypeError:|ReferenceError:|RangeError:)/i;

export { operationsOf };

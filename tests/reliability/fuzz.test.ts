import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAS_PRICE_PATTERN } from '../../src/contract/rewards';
import { AWARD_RULES, DAILY_MAX_POINTS } from '../../src/server/services/rewards/rules';
import type { TestApp } from '../support/app';
import { csvFor, fuzzValue, hostileText, pathParams, validValue, type JsonSchema, type Operation } from './support/openapi';
import { ensureSession, idsOf, LONG, newPerson, operationsOf, reliabilityApp, seedThroughApi, send, STACK_OR_SQL, valueContext, type Person, type Request } from './support/world';

/**
 * A standing proof: fuzz generated from the OpenAPI document. Every operation gets
 * requests built by fast-check from its parameter and body schemas, mixed with the hostile values
 * the audit found (NUL bytes, impossible dates, amounts that round to 0 cents, ids of 36 dashes,
 * wrong types, prototype keys) and broken tokens. About 1,000 requests in `npm test`, 20,000 with
 * RELIABILITY_LONG=1. Fails on any 5xx, any stack trace or SQL text in an answer, an error body
 * that is not `{"detail": "..."}`, and heap that does not come back once the requests are done.
 */

const REQUESTS = Number(process.env.RELIABILITY_FUZZ_REQUESTS ?? (LONG ? 20_000 : 1_000));
const SEED = Number(process.env.RELIABILITY_SEED ?? Date.now() % 2 ** 31);
/** Heap still in use after the run and a full GC, over what it was before: more is a leak. */
const HEAP_GROWTH_LIMIT_MB = 64;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapAfterGc = async () => {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 50));
  }
  return process.memoryUsage().heapUsed;
};

let testApp: TestApp;
let app: FastifyInstance;
let operations: Operation[];
let resolve: (s: JsonSchema) => JsonSchema;
let fuzzer: Person;

beforeAll(async () => {
  testApp = await reliabilityApp();
  app = testApp.app;
  ({ operations, resolve } = operationsOf(app.swagger()));
  operations = operations.filter((op) => !op.path.startsWith('/docs'));
  fuzzer = await newPerson(app, 'F');
  await seedThroughApi(app, fuzzer, operations, resolve, 3);
}, 300_000);
afterAll(async () => {
  await testApp?.close();
});

/**
 * The fuzzer keeps a working session with access to the premium routes: a generated request may
 * log it out, change its password or end its trial, and every later request would stop at 401/403.
 */
async function keepAccess() {
  await ensureSession(app, fuzzer);
  const status = await app.inject({ method: 'GET', url: '/subscription/status', headers: { authorization: `Bearer ${fuzzer.token}` } });
  if (status.statusCode === 200 && status.json<{ has_access: boolean }>().has_access) return;
  const fresh = await newPerson(app, 'F');
  Object.assign(fuzzer, { email: fresh.email, password: fresh.password, userId: fresh.userId, token: fresh.token });
  accessRenewals++;
}
let accessRenewals = 0;

interface FuzzRequest {
  op: Operation;
  req: Request;
  token: 'own' | 'none' | 'garbage';
  rawBody?: string;
}

function requestArbitrary(op: Operation): fc.Arbitrary<FuzzRequest> {
  const ctx = valueContext(fuzzer, resolve);
  const path = fc.record(
    Object.fromEntries(
      pathParams(op).map((p) => {
        const own = p.name === 'id' || p.name.endsWith('_id') ? [...idsOf(fuzzer)] : (fuzzer.known.get(p.name) ?? []);
        const choices: fc.Arbitrary<string>[] = [fc.constant(randomUUID()), hostileText(), validValue(p.schema, ctx, p.name).map(String)];
        if (own.length) choices.unshift(fc.constantFrom(...own), fc.constantFrom(...own));
        return [p.name, fc.oneof(...choices)];
      }),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  const query = fc.record(Object.fromEntries(op.parameters.filter((p) => p.in === 'query').map((p) => [p.name, fuzzValue(p.schema, ctx, p.name)])), { requiredKeys: [] });
  let body: fc.Arbitrary<unknown> = fc.constant(undefined);
  let rawBody: fc.Arbitrary<string | undefined> = fc.constant(undefined);
  if (op.body?.contentType.includes('json')) {
    body = fuzzValue(op.body.schema, ctx);
    rawBody = fc.option(fc.constantFrom('{', '{"a":', 'null', '[]', '"text"', '{"__proto__":{"x":1}}', '\u0000', ''), { freq: 12 }).map((v) => v ?? undefined);
  } else if (op.body) {
    const hostileCsv = fc
      .tuple(hostileText(), hostileText(), fc.constantFrom('1e-9', '5e-324', '-0.004', '0', '1e309', 'abc', '-12.50'))
      .map(([date, text, amount]) => `date,amount,description\n${date},${amount},${text}\n2024-01-05,-1.00,${text}\n`);
    body = fc.oneof(fc.constant(csvFor(fuzzer.marker, 5)), hostileCsv, hostileText());
  }
  return fc.record({
    op: fc.constant(op),
    req: fc.record({ path, query, body }),
    token: fc.constantFrom<FuzzRequest['token']>('own', 'own', 'own', 'own', 'own', 'own', 'own', 'own', 'none', 'garbage'),
    rawBody,
  }) as fc.Arbitrary<FuzzRequest>;
}

describe('fuzz from the OpenAPI document', () => {
  it(
    `${REQUESTS.toLocaleString('en-US')} generated requests: no 5xx, no stack or SQL text, heap comes back`,
    async () => {
      let heapBefore = 0;
      const warmup = Math.min(300, Math.floor(REQUESTS / 5));
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      const routes = new Set<string>();
      let sent = 0;
      const property = async ({ op, req, token, rawBody }: FuzzRequest) => {
        if (sent % 50 === 0) await keepAccess();
        // Baseline once code paths are warm (JIT, schema caches, pools): growth past it is what does not come back.
        if (sent === warmup) heapBefore = await heapAfterGc();
        sent++;
        routes.add(op.label);
        const bearerToken = token === 'own' ? fuzzer.token : token === 'garbage' ? 'x.y.z' : null;
        const res =
          rawBody !== undefined
            ? await app.inject({ method: op.method, url: `${op.path.replace(/\{[^}]+\}/g, randomUUID())}`, headers: { 'content-type': 'application/json', ...(bearerToken ? { authorization: `Bearer ${bearerToken}` } : {}) }, payload: rawBody })
            : await send(app, op, req, bearerToken);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const problem =
          res.statusCode >= 500
            ? `answered ${res.statusCode}`
            : STACK_OR_SQL.test(res.body)
              ? `stack or SQL text: ${STACK_OR_SQL.exec(res.body)?.[0]}`
              : res.statusCode >= 400 && !isErrorBody(res.body)
                ? 'error body is not {"detail": "..."}'
                : undefined;
        if (problem && failures.length < 50) failures.push(`${op.label} ${problem}: ${res.body.slice(0, 160)}\n    request: ${JSON.stringify({ ...req, rawBody, token }).slice(0, 400)}`);
        return true;
      };
      // One request per operation first, so every route is reached at any size (drawn over some 190 operations, 1,000
      // requests would miss one in about two runs of three), then the rest drawn over all of them.
      for (const [i, op] of operations.entries()) await fc.assert(fc.asyncProperty(requestArbitrary(op), property), { numRuns: 1, seed: SEED + i });
      await fc.assert(fc.asyncProperty(fc.oneof(...operations.map(requestArbitrary)), property), { numRuns: Math.max(1, REQUESTS - operations.length), seed: SEED });
      // Background work the requests started (CSV import jobs) finishes before memory is measured.
      await new Promise((r) => setTimeout(r, 500));
      const heapAfter = await heapAfterGc();
      const growthMb = (heapAfter - heapBefore) / 1024 / 1024;
      const fives = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
      console.log(
        `fuzz: ${JSON.stringify({ seed: SEED, requests: sent, accessRenewals, operations: operations.length, operationsHit: routes.size, fiveHundreds: fives, failures: failures.length, heapGrowthMb: Math.round(growthMb * 10) / 10, statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)) })}`,
      );
      expect(failures, `replay with RELIABILITY_SEED=${SEED}`).toEqual([]);
      await rewardsStayBounded();
      expect(routes.size).toBe(operations.length);
      expect(growthMb, 'heap in use after the run and a GC, over before').toBeLessThan(HEAP_GROWTH_LIMIT_MB);
    },
    LONG ? 3_600_000 : 600_000,
  );
});

/**
 * Whatever the generated requests did through every route, the fuzzer earned at most the earn table's daily
 * maximum on any UTC day, only for rules in the table, and every conversion it got through holds a gas price
 * the worker can read (or none: a speed).
 */
async function rewardsStayBounded() {
  await ensureSession(app, fuzzer);
  const entries: Array<{ type: string; reason: string; points: number; created_at: string }> = [];
  for (let offset = 0; ; offset += 200) {
    const page = (await app.inject({ method: 'GET', url: `/tokens/history?limit=200&offset=${offset}`, headers: { authorization: `Bearer ${fuzzer.token}` } })).json<{ history: typeof entries; has_more: boolean }>();
    entries.push(...page.history);
    if (!page.has_more) break;
  }
  const byDay = new Map<string, number>();
  for (const e of entries.filter((e) => e.type === 'earn')) {
    expect(Object.keys(AWARD_RULES), `reason of an award: ${e.reason}`).toContain(e.reason);
    byDay.set(e.created_at.slice(0, 10), (byDay.get(e.created_at.slice(0, 10)) ?? 0) + e.points);
  }
  for (const [day, points] of byDay) expect(points, `points earned on ${day}`).toBeLessThanOrEqual(DAILY_MAX_POINTS);
  for (const t of await app.repos.rewards.recentTransfers(fuzzer.userId, 10_000)) if (t.gasPriceGwei !== null) expect(t.gasPriceGwei).toMatch(GAS_PRICE_PATTERN);
}

function isErrorBody(body: string): boolean {
  try {
    const json = JSON.parse(body) as { detail?: unknown };
    return typeof json.detail === 'string' && json.detail.length > 0;
  } catch {
    return false;
  }
}

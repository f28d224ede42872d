import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { pathParams, type JsonSchema, type Operation } from './support/openapi';
import {
  badTokens,
  ensureSession,
  idsOf,
  newPerson,
  operationsOf,
  readEverything,
  reliabilityApp,
  seedThroughApi,
  send,
  validRequest,
  valueContext,
  type Person,
  type Request,
} from './support/world';

/**
 * A standing proof: the authorization matrix, generated from the app's OpenAPI
 * document. Two users (A, the victim, and B) hold data in every area, created through the API
 * itself; a third (D) is deleted from the database while holding a valid token. Then every
 * operation is called with A's ids and values:
 *   - with no, malformed, alg:none, wrong-secret, expired, non-UUID-sub and deleted-user tokens:
 *     anything but 401/403/404 fails, and so does any of A's data in the answer;
 *   - as B: an operation that takes an id in its path must answer 401/403/404, exactly as it does
 *     for an id that exists nowhere; every answer to B must be free of A's data;
 *   - A's data reads the same before and after, and A's session still works.
 * Operations are discovered, not listed: a route added later is covered without editing this file.
 */

let testApp: TestApp;
let app: FastifyInstance;
let operations: Operation[];
let resolve: (s: JsonSchema) => JsonSchema;
let victim: Person;
let other: Person;
let deleted: Person;
let before: Map<string, string>;
const figures = { operations: 0, protectedOperations: 0, publicOperations: 0, idOperations: 0, requests: 0, leaks: 0, unexpected: 0 };
const problems: string[] = [];

// 429 too: hammering one account's login with bad credentials is throttled (per-account limits), also a refusal.
// 428 too: changing how one signs in needs a fresh sign-in, which B's session stops being after 5 minutes.
const ALLOWED = new Set([401, 403, 404, 428, 429]);

/** The strings that would betray A's data in an answer (minus those the request itself carried). */
function leakedIn(body: string, owner: Person, sent: string): string[] {
  const secrets = [owner.marker, owner.email, owner.userId, ...idsOf(owner)];
  return secrets.filter((s) => s && body.includes(s) && !sent.includes(s));
}

function check(label: string, res: { statusCode: number; body: string }, sent: string, owners: Person[], allowed?: Set<number>) {
  figures.requests++;
  for (const owner of owners) {
    const found = leakedIn(res.body, owner, sent);
    if (found.length) {
      figures.leaks++;
      problems.push(`LEAK ${label}: ${res.statusCode} carries ${owner.label}'s ${found.slice(0, 3).join(', ')}`);
    }
  }
  if (allowed && !allowed.has(res.statusCode)) {
    figures.unexpected++;
    problems.push(`${label}: answered ${res.statusCode} (expected ${[...allowed].join('/')}): ${res.body.slice(0, 200)}`);
  }
  if (res.statusCode >= 500) {
    figures.unexpected++;
    problems.push(`${label}: answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  }
}

const described = (req: Request) => JSON.stringify(req);

beforeAll(async () => {
  testApp = await reliabilityApp();
  app = testApp.app;
  ({ operations, resolve } = operationsOf(app.swagger()));
  operations = operations.filter((op) => !op.path.startsWith('/docs'));
  [victim, other, deleted] = [await newPerson(app, 'A'), await newPerson(app, 'B'), await newPerson(app, 'D')];
  await seedThroughApi(app, victim, operations, resolve);
  // B is the neighbour whose answers must stay free of A's data: one thing in every area is enough for that.
  await seedThroughApi(app, other, operations, resolve, 6, 1);
  await app.db.execute(sql`delete from users where id = ${deleted.userId}`);
  // A base-currency change the seeding made is finished now, not by the half-minute job between the two reads.
  for (let i = 0; i < 20; i++) {
    const { rows: [marked] } = (await app.db.execute(sql`select count(*)::int as n from users where base_recompute_since is not null`)) as unknown as { rows: Array<{ n: number }> };
    if (!marked?.n) break;
    await app.baseRecompute.runAt(new Date());
  }
  // A conversion the seeding asked for is paid now, not by the worker's own timer between the two reads.
  for (let i = 0; i < 600 && (await app.repos.rewards.transfers.open()).length > 0; i++) await app.transferWorker()?.runOnce();
  expect(await app.repos.rewards.transfers.open(), 'the seeded conversions are paid before the victim is read').toEqual([]);
  // The five-minute checks (bill reminders, budget alerts) have run on what the seeding made, so a tick during the
  // matrix finds nothing new to tell the victim.
  await app.recurringChecks.runAt(new Date());
  await app.budgetAlerts.runAt(new Date());
  before = await readEverything(app, victim, operations, resolve);
  // Reads that answer something new each time (a fresh sign-in nonce) say nothing about the victim's data.
  const again = await readEverything(app, victim, operations, resolve);
  for (const key of [...before.keys()]) if (again.get(key) !== before.get(key)) before.delete(key);
}, 300_000);

afterAll(async () => {
  console.log(`authorization matrix: ${JSON.stringify(figures)}`);
  await testApp?.close();
});

describe('authorization matrix from the OpenAPI document', () => {
  it('the document lists the API and the victim holds data in every area', () => {
    expect(operations.length).toBeGreaterThan(40);
    const ids = idsOf(victim);
    for (const key of ['transaction_id', 'goal_id', 'conversation_id', 'import_id']) expect(victim.known.get(key)?.length ?? 0, `victim has a ${key}`).toBeGreaterThan(0);
    expect(ids.size).toBeGreaterThan(5);
  });

  it(
    'every operation refuses forged, broken, expired and deleted-user tokens, and another user never gets the victim’s data',
    async () => {
      const tokens = await badTokens(victim, deleted);
      const unprobed: string[] = [];
      const ordered = [...operations].sort((a, b) => order(a) - order(b));
      for (const op of ordered) {
        figures.operations++;
        const ctxA = valueContext(victim, resolve);
        const ctxB = valueContext(other, resolve);
        const asVictim = validRequest(op, ctxA, 1);
        const noToken = await send(app, op, asVictim, null);
        check(`${op.label} without a token`, noToken, described(asVictim), [victim, other]);
        if (noToken.statusCode === 401) {
          figures.protectedOperations++;
          for (const [name, token] of tokens) {
            const res = await send(app, op, asVictim, token);
            check(`${op.label} with ${name}`, res, described(asVictim), [victim, other], ALLOWED);
          }
        } else {
          figures.publicOperations++;
        }

        await ensureSession(app, other);
        const params = pathParams(op);
        if (!params.some(identifies)) {
          // B's own request, with any query parameter naming one of A's values (conversation_id=…).
          for (let seed = 1; seed <= 2; seed++) {
            const req = validRequest(op, ctxB, seed);
            for (const p of op.parameters.filter((q) => q.in === 'query')) {
              const mine = victim.known.get(p.name);
              if (mine?.length && seed === 2) req.query[p.name] = mine[0];
            }
            const res = await send(app, op, req, other.token);
            check(`${op.label} as another user`, res, described(req), [victim]);
          }
          continue;
        }

        figures.idOperations++;
        // A request B could send on something that exists nowhere: it must fail on the lookup (404), not on validation.
        // Only what names a thing is made up; a parameter that qualifies it (an occurrence's date) stays valid.
        const nowhere = (req: Request): Request => ({ ...req, path: Object.fromEntries(params.map((p) => [p.name, p.name === 'id' || p.name.endsWith('_id') ? randomUUID() : ((!identifies(p) && req.path[p.name]) || `nothing-${randomUUID().slice(0, 8)}`)])) });
        let probe: { req: Request; status: number } | undefined;
        for (let seed = 1; seed <= 25 && !probe; seed++) {
          const req = nowhere(validRequest(op, ctxB, seed));
          const res = await send(app, op, req, other.token);
          check(`${op.label} as another user on a missing id`, res, described(req), [victim]);
          if (ALLOWED.has(res.statusCode)) probe = { req, status: res.statusCode };
        }
        if (!probe) {
          unprobed.push(op.label);
          continue;
        }
        for (const target of victimValues(op)) {
          const req: Request = { ...probe.req, path: target };
          const res = await send(app, op, req, other.token);
          check(`${op.label} as another user on ${JSON.stringify(target)}`, res, described(req), [victim], new Set([probe.status]));
        }
      }
      expect(unprobed, `operations for which no valid-looking request could be built (give their schema examples): ${unprobed.join(', ')}`).toEqual([]);
      expect(problems.slice(0, 30)).toEqual([]);
      expect(figures.leaks).toBe(0);
    },
    600_000,
  );

  it('the victim’s data and session come out untouched', async () => {
    const me = await app.inject({ method: 'GET', url: '/users/me', headers: { authorization: `Bearer ${victim.token}` } });
    expect(me.statusCode, 'A’s token still works').toBe(200);
    const after = await readEverything(app, victim, operations, resolve);
    const changed = [...before.keys()].filter((key) => after.get(key) !== before.get(key));
    expect(changed).toEqual([]);
    expect(before.size).toBeGreaterThan(15);
  }, 300_000);
});

/** Reads first, then writes, then deletes: a destructive call on the victim's data would show in every later read. */
function order(op: Operation) {
  return { GET: 0, POST: 1, PUT: 2, PATCH: 2, DELETE: 3 }[op.method];
}

/** Path values naming A's things: every id A holds for an `id` parameter, A's values of the same key otherwise. */
function victimValues(op: Operation): Record<string, string>[] {
  const params = pathParams(op);
  const choices = params.map((p) => {
    if (p.name === 'id' || p.name.endsWith('_id')) return [...idsOf(victim)].filter((id) => id !== victim.userId || p.name !== 'id').slice(0, 40);
    return (victim.known.get(p.name) ?? []).filter((v) => v.includes(victim.marker) || idsOf(victim).has(v)).slice(0, 10);
  });
  if (choices.some((c) => c.length === 0)) return [];
  const width = Math.max(...choices.map((c) => c.length));
  return Array.from({ length: width }, (_, i) => Object.fromEntries(params.map((p, j) => [p.name, choices[j]![i % choices[j]!.length]!])));
}

/** A path parameter that names one thing of one user (an id, a category name), as opposed to a year or a month. */
function identifies(p: { name: string }) {
  return p.name === 'id' || p.name.endsWith('_id') || (victim.known.get(p.name) ?? []).some((v) => v.includes(victim.marker));
}

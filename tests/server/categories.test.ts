import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES, DEFAULT_CATEGORY_GROUPS } from '../../src/contract/categories';
import { createTestApp, createTestDatabase, signUpWithAccess, type TestApp, type TestDatabase } from '../support/app';

let database: TestDatabase;
let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await createTestApp({ database });
  app = testApp.app;
});
afterAll(async () => {
  await testApp?.close();
  await database?.drop();
});

describe('category storage', () => {
  it('a new user starts with the default groups and every built-in category in its default group, in order', async () => {
    const user = await signUpWithAccess(app);
    const groups = await app.repos.categories.groups(user.userId);
    expect(groups.map((g) => [g.name, g.position])).toEqual(DEFAULT_CATEGORY_GROUPS.map((name, i) => [name, i]));
    const listed = await app.repos.categories.list(user.userId);
    const expected = DEFAULT_CATEGORY_GROUPS.flatMap((group) => DEFAULT_CATEGORIES.filter((c) => c.group === group).map((c) => ({ name: c.name, type: c.type, groupName: group })));
    expect(listed.map((c) => ({ name: c.name, type: c.type, groupName: c.groupName }))).toEqual(expected);
    expect(listed.every((c) => c.builtin && !c.hidden && c.color === null)).toBe(true);
  });
});

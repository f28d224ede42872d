import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES, DEFAULT_CATEGORY_GROUPS, type CategoryGroup, type CategoryItem, type CategoryListResponse, type MergeCategoryResult } from '../../src/contract/categories';
import type { DashboardAnalytics } from '../../src/contract/dashboard';
import type { ExpenseCategories, Transaction, TransactionListResponse } from '../../src/contract/transactions';
import { signUpWithAccess, userClient, useTestApp, type VerifiedUser } from '../support/app';

const app = useTestApp();

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

function client(user: VerifiedUser) {
  const { call } = userClient(app, user);
  const list = async () => {
    const res = await call<CategoryListResponse>('GET', '/transactions/categories');
    expect(res.status, res.raw).toBe(200);
    return res.body;
  };
  return {
    call,
    list,
    byName: async (name: string) => (await list()).categories.find((c) => c.name === name),
    async tx(category: string, amount = 10, date = '2026-03-10', type: 'income' | 'expense' = 'expense'): Promise<Transaction> {
      const res = await call<Transaction>('POST', '/transactions', { type, amount, date, category, description: `${category} ${amount}` });
      expect(res.status, res.raw).toBe(201);
      return res.body;
    },
    async create(name: string, type: 'income' | 'expense' = 'expense') {
      const res = await call('POST', '/transactions/categories', { name, type });
      expect(res.status, res.raw).toBe(201);
    },
    async group(name: string): Promise<CategoryGroup> {
      const res = await call<CategoryGroup>('POST', '/transactions/category-groups', { name });
      expect(res.status, res.raw).toBe(201);
      return res.body;
    },
    spending: async (from: string, to: string) =>
      Object.fromEntries((await call<ExpenseCategories>('GET', `/transactions/categories/expenses?date_from=${from}&date_to=${to}`)).body.categories.map((c) => [c.category, c.total])),
    dashboardCategories: async (from: string, to: string) =>
      (await call<DashboardAnalytics>('GET', `/dashboard/analytics?period=custom&date_from=${from}&date_to=${to}`)).body.categories.map((c) => c.category),
    listed: async (category: string) => (await call<TransactionListResponse>('GET', `/transactions?category=${encodeURIComponent(category)}&limit=100`)).body.total,
  };
}
const enc = encodeURIComponent;

describe('the category manager API', () => {
  it('lists built-in categories first with their groups, default colours and usage, then the user’s own; the groups in order', async () => {
    const u = client(await signUpWithAccess(app));
    await u.create('Pets');
    await u.tx('Pets', 12);
    await u.tx('Groceries', 5);
    const { categories, groups } = await u.list();
    expect(groups.map((g) => g.name)).toEqual([...DEFAULT_CATEGORY_GROUPS]);
    expect(categories.map((c) => c.name)).toEqual([...DEFAULT_CATEGORIES.map((c) => c.name), 'Pets']);
    expect(categories.find((c) => c.name === 'Groceries')).toMatchObject({ is_default: true, group: 'Everyday', color: '#a37709', hidden: false, transaction_count: 1 });
    expect(categories.find((c) => c.name === 'Pets')).toMatchObject({ is_default: false, group: null, group_id: null, color: null, hidden: false, transaction_count: 1 });
  });

  it('renames an own category: every transaction, the rollups, the filters and the dashboard follow; the old name is gone', async () => {
    const u = client(await signUpWithAccess(app));
    await u.create('Pets');
    await u.tx('Pets', 12, '2026-03-01');
    await u.tx('Pets', 8, '2026-04-15');
    const res = await u.call<CategoryItem>('PATCH', `/transactions/categories/${enc('pets')}`, { name: 'Animals' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ name: 'Animals', transaction_count: 2, is_default: false });
    expect(await u.spending('2026-03-01', '2026-04-30')).toEqual({ Animals: 20 });
    expect(await u.dashboardCategories('2026-03-01', '2026-04-30')).toEqual(['Animals']);
    expect(await u.listed('Animals')).toBe(2);
    expect((await u.call('POST', '/transactions', { type: 'expense', amount: 1, date: '2026-03-02', category: 'Pets' })).status).toBe(422);
    // A change of case only is a rename too.
    expect((await u.call<CategoryItem>('PATCH', '/transactions/categories/animals', { name: 'ANIMALS' })).body.name).toBe('ANIMALS');
    expect(await u.spending('2026-03-01', '2026-04-30')).toEqual({ ANIMALS: 20 });
  });

  it('refuses to rename a built-in category or onto a name another category has (merge instead)', async () => {
    const u = client(await signUpWithAccess(app));
    await u.create('Pets');
    const builtin = await u.call<{ detail: string }>('PATCH', '/transactions/categories/Groceries', { name: 'Food' });
    expect(builtin.status).toBe(409);
    expect(builtin.body.detail).toMatch(/Built-in categories cannot be renamed/);
    const taken = await u.call<{ detail: string }>('PATCH', '/transactions/categories/Pets', { name: 'groceries' });
    expect(taken).toMatchObject({ status: 409, body: { detail: "A category named 'groceries' already exists: merge into it instead" } });
    expect((await u.call('PATCH', '/transactions/categories/Nothing', { hidden: true })).status).toBe(404);
  });

  it('merges an own category into another: its transactions and sums move, it goes, the answer says how many moved', async () => {
    const u = client(await signUpWithAccess(app));
    await u.create('Pets');
    await u.tx('Pets', 12, '2026-03-01');
    await u.tx('Pets', 8, '2026-03-20');
    await u.tx('Shopping', 30, '2026-03-05');
    const before = await u.spending('2026-03-01', '2026-03-31');
    expect(before).toEqual({ Shopping: 30, Pets: 20 });
    const res = await u.call<MergeCategoryResult>('POST', '/transactions/categories/pets/merge', { into: 'shopping' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ message: 'Merged into Shopping: 2 transactions moved', name: 'Pets', into: 'Shopping', moved: 2 });
    expect(await u.spending('2026-03-01', '2026-03-31')).toEqual({ Shopping: 50 });
    expect(await u.byName('Pets')).toBeUndefined();
    expect((await u.byName('Shopping'))?.transaction_count).toBe(3);
    expect(await u.listed('Shopping')).toBe(3);
  });

  it('a built-in category merged into another keeps existing, hidden: it cannot go', async () => {
    const u = client(await signUpWithAccess(app));
    await u.create('Restaurants');
    await u.tx('Dining', 20, '2026-03-03');
    const res = await u.call<MergeCategoryResult>('POST', '/transactions/categories/Dining/merge', { into: 'Restaurants' });
    expect(res.body).toEqual({ message: 'Merged into Restaurants: 1 transaction moved (Dining is built in: it is hidden, not removed)', name: 'Dining', into: 'Restaurants', moved: 1 });
    expect(await u.byName('Dining')).toMatchObject({ hidden: true, transaction_count: 0, is_default: true });
    expect(await u.spending('2026-03-01', '2026-03-31')).toEqual({ Restaurants: 20 });
  });

  it('refuses merges that cannot be: an unknown target, itself, an unknown source', async () => {
    const u = client(await signUpWithAccess(app));
    await u.create('Pets');
    expect(await u.call('POST', '/transactions/categories/Pets/merge', { into: 'Nowhere' })).toMatchObject({ status: 422, body: { detail: "into 'Nowhere' is not a known category" } });
    expect((await u.call('POST', '/transactions/categories/Pets/merge', { into: 'PETS' })).status).toBe(422);
    expect((await u.call('POST', '/transactions/categories/Gone/merge', { into: 'Other' })).status).toBe(404);
    expect((await u.call('POST', '/transactions/categories/Pets/merge', {})).status).toBe(422);
  });

  it('deletes an own category only when unused, otherwise says to merge; built-in ones never', async () => {
    const u = client(await signUpWithAccess(app));
    await u.create('Pets');
    await u.create('Hobby');
    await u.tx('Pets');
    expect(await u.call('DELETE', '/transactions/categories/Pets')).toMatchObject({ status: 409, body: { detail: 'This category is used by transactions: merge it into another category instead' } });
    expect((await u.call('DELETE', '/transactions/categories/Hobby')).status).toBe(200);
    expect((await u.call('DELETE', '/transactions/categories/Groceries')).status).toBe(409);
    expect((await u.list()).categories.map((c) => c.name)).toContain('Groceries');
  });

  it('hides, recolours and regroups built-in and own categories; null colour goes back to the default', async () => {
    const u = client(await signUpWithAccess(app));
    await u.tx('Travel', 40);
    const hidden = await u.call<CategoryItem>('PATCH', '/transactions/categories/travel', { hidden: true, color: '#1C7ED6' });
    expect(hidden.body).toMatchObject({ name: 'Travel', hidden: true, color: '#1c7ed6', transaction_count: 1 });
    // A hidden category is still a category: existing and new transactions keep it.
    await u.tx('Travel', 5);
    expect((await u.call<CategoryItem>('PATCH', '/transactions/categories/Travel', { color: null, hidden: false })).body).toMatchObject({ hidden: false, color: '#148e7e' });
    expect((await u.call('PATCH', '/transactions/categories/Travel', { color: 'red' })).status).toBe(422);
    expect((await u.call('PATCH', '/transactions/categories/Travel', {})).status).toBe(422);
    expect((await u.call('PATCH', '/transactions/categories/Travel', { type: 'income' })).status).toBe(422);
  });

  it('groups: create, move a category in (last), order categories and groups, rename, delete (its categories stay, ungrouped)', async () => {
    const u = client(await signUpWithAccess(app));
    await u.create('Pets');
    const savings = await u.group('Savings');
    expect(savings.order).toBe(4);
    expect((await u.call('POST', '/transactions/category-groups', { name: 'savings' })).status).toBe(409);
    const moved = await u.call<CategoryItem>('PATCH', '/transactions/categories/Pets', { group_id: savings.group_id });
    expect(moved.body).toMatchObject({ group: 'Savings', order: 0 });
    expect((await u.call<CategoryItem>('PATCH', '/transactions/categories/Insurance', { group_id: savings.group_id })).body).toMatchObject({ group: 'Savings', order: 1 });
    const ordered = await u.call<CategoryListResponse>('PUT', '/transactions/categories/order', { group_id: savings.group_id, names: ['insurance', 'Pets'] });
    expect(ordered.status, ordered.raw).toBe(200);
    const inSavings = ordered.body.categories.filter((c) => c.group_id === savings.group_id).sort((a, b) => a.order - b.order);
    expect(inSavings.map((c) => c.name)).toEqual(['Insurance', 'Pets']);
    expect((await u.call('PUT', '/transactions/categories/order', { group_id: savings.group_id, names: ['Nope'] })).status).toBe(422);
    const { groups } = await u.list();
    const order = [savings.group_id, ...groups.filter((g) => g.group_id !== savings.group_id).map((g) => g.group_id)];
    const reordered = await u.call<{ groups: CategoryGroup[] }>('PUT', '/transactions/category-groups/order', { group_ids: order });
    expect(reordered.body.groups.map((g) => g.name)).toEqual(['Savings', ...DEFAULT_CATEGORY_GROUPS]);
    expect((await u.call<CategoryGroup>('PATCH', `/transactions/category-groups/${savings.group_id}`, { name: 'Goals' })).body).toMatchObject({ name: 'Goals', order: 0 });
    expect((await u.call('PATCH', `/transactions/category-groups/${savings.group_id}`, { name: 'Fun' })).status).toBe(409);
    expect((await u.call('DELETE', `/transactions/category-groups/${savings.group_id}`)).status).toBe(200);
    expect(await u.byName('Pets')).toMatchObject({ group: null, group_id: null });
    expect((await u.call('DELETE', `/transactions/category-groups/${savings.group_id}`)).status).toBe(404);
    expect((await u.call('DELETE', '/transactions/category-groups/not-a-uuid')).status).toBe(404);
  });

  it("another user's categories and groups are untouched and out of reach", async () => {
    const a = client(await signUpWithAccess(app));
    const b = client(await signUpWithAccess(app));
    for (const u of [a, b]) {
      await u.create('Pets');
      await u.tx('Pets', 7);
    }
    const aGroup = await a.group('Mine');
    await a.call('PATCH', '/transactions/categories/Pets', { name: 'Animals' });
    await a.call('PATCH', '/transactions/categories/Dining', { hidden: true, color: '#000000' });
    await a.call('POST', '/transactions/categories/Animals/merge', { into: 'Other' });
    expect(await b.byName('Pets')).toMatchObject({ transaction_count: 1 });
    expect(await b.byName('Dining')).toMatchObject({ hidden: false, color: '#cf5d11' });
    expect(await b.spending('2026-03-01', '2026-03-31')).toEqual({ Pets: 7 });
    expect((await b.call('PATCH', '/transactions/categories/Pets', { group_id: aGroup.group_id })).status).toBe(422);
    expect((await b.call('PATCH', `/transactions/category-groups/${aGroup.group_id}`, { name: 'Hijack' })).status).toBe(404);
    expect((await b.call('DELETE', `/transactions/category-groups/${aGroup.group_id}`)).status).toBe(404);
    expect((await b.call('PUT', '/transactions/category-groups/order', { group_ids: [aGroup.group_id] })).status).toBe(422);
    expect((await b.call('PUT', '/transactions/categories/order', { group_id: aGroup.group_id, names: ['Pets'] })).status).toBe(422);
    expect((await a.list()).groups.map((g) => g.name)).toContain('Mine');
  });
});

describe('what else names a category follows a rename or a merge', () => {
  it("a merged category's budget amounts, the rules that set it and the recurring items filed under it move to the category it joined; a rename carries them too", async () => {
    const u = client(await signUpWithAccess(app));
    await u.create('Pets');
    const assign = await u.call('PUT', '/budgets/2026-03/assigned', { category: 'Pets', assigned: 40 });
    expect(assign.status, assign.raw).toBe(200);
    expect((await u.call('PUT', '/budgets/2026-03/assigned', { category: 'Shopping', assigned: 100 })).status).toBe(200);
    const rule = await u.call<{ id: string }>('POST', '/rules', { match: 'all', conditions: [{ field: 'description', op: 'contains', value: 'petco' }], actions: { category: 'Pets' } });
    expect(rule.status, rule.raw).toBe(201);
    const account = await u.call<{ account_id: string }>('POST', '/accounts', { name: 'Checking', kind: 'checking', opening_balance: 100 });
    expect(account.status, account.raw).toBe(201);
    const item = await u.call<{ id: string }>('POST', '/recurring', { name: 'Pet insurance', merchant_pattern: 'Petplan', account_id: account.body.account_id, kind: 'bill', amount: 20, rrule: 'FREQ=MONTHLY;BYMONTHDAY=5', start_date: '2026-01-05', category: 'Pets' });
    expect(item.status, item.raw).toBe(201);

    const merged = await u.call('POST', '/transactions/categories/pets/merge', { into: 'shopping' });
    expect(merged.status, merged.raw).toBe(200);
    const budgeted = async () => {
      const res = await u.call<{ groups: { categories: { category: string; assigned: number }[] }[] }>('GET', '/budgets/2026-03');
      expect(res.status, res.raw).toBe(200);
      return new Map(res.body.groups.flatMap((g) => g.categories).map((c) => [c.category, c.assigned]));
    };
    expect((await budgeted()).get('Shopping')).toBe(140);
    expect((await budgeted()).has('Pets')).toBe(false);
    const rules = await u.call<{ rules: { actions: { category?: string } }[] } | { actions: { category?: string } }[]>('GET', '/rules');
    expect(JSON.stringify(rules.body)).toContain('"category":"Shopping"');
    expect(JSON.stringify(rules.body)).not.toContain('"Pets"');
    const items = await u.call<{ items: { category: string | null }[] }>('GET', '/recurring');
    expect(items.body.items.map((i) => i.category)).toEqual(['Shopping']);

    // A rename of an own category carries them as well.
    await u.create('Treats');
    expect((await u.call('PUT', '/budgets/2026-03/assigned', { category: 'Treats', assigned: 15 })).status).toBe(200);
    const renamed = await u.call('PATCH', '/transactions/categories/treats', { name: 'Snacks' });
    expect(renamed.status, renamed.raw).toBe(200);
    expect((await budgeted()).get('Snacks')).toBe(15);
    expect((await budgeted()).has('Treats')).toBe(false);
  });
});

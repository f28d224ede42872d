import type { CategoryGroup, CategoryItem, CategoryListResponse } from '../../contract/categories';
import { DEFAULT_CATEGORIES } from '../../contract/categories';
import { conflict, notFound, unprocessable } from '../errors';
import type { CategoriesRepository, CategoryGroupRow, CategoryRecord, CategoryRow } from '../repositories/categories';

const builtInColor = new Map(DEFAULT_CATEGORIES.map((c) => [c.name.toLowerCase(), c.color]));
const builtInOrder = new Map(DEFAULT_CATEGORIES.map((c, i) => [c.name.toLowerCase(), i]));

export const categoryNotFound = () => notFound('Category not found');
export const groupNotFound = () => notFound('Group not found');
const notAGroup = (field = 'group_id') => unprocessable(`${field} is not one of your category groups`);
const groupTaken = (name: string) => conflict(`A group named '${name}' already exists`);

function toGroup(row: CategoryGroupRow): CategoryGroup {
  return { group_id: row.id, name: row.name, order: row.position };
}

function toItem(row: CategoryRecord | CategoryRow, groups: Map<string, CategoryGroupRow>, count: number): CategoryItem {
  const group = row.groupId ? groups.get(row.groupId) : undefined;
  return {
    category_id: row.id,
    name: row.name,
    type: row.type,
    color: row.color ?? (row.builtin ? (builtInColor.get(row.name.toLowerCase()) ?? null) : null),
    is_default: row.builtin,
    transaction_count: count,
    hidden: row.hidden,
    group_id: group ? group.id : null,
    group: group ? group.name : null,
    order: row.position,
  };
}

/**
 * A user's categories: built in (hide, recolour, regroup, reorder, merge into another, which hides it;
 * never renamed or deleted) and their own (all of that, plus rename, merge into another, delete when unused).
 */
export function categoriesService(repo: CategoriesRepository) {
  const groupMap = async (userId: string) => new Map((await repo.groups(userId)).map((g) => [g.id, g]));

  async function item(userId: string, row: CategoryRow): Promise<CategoryItem> {
    const [groups, usage] = await Promise.all([groupMap(userId), repo.usage(userId)]);
    return toItem(row, groups, usage.get(row.name) ?? 0);
  }

  return {
    /** Built-in categories first in their fixed order, then the user's own by name; the groups in order. */
    async list(userId: string): Promise<CategoryListResponse> {
      const [rows, groupRows, usage] = await Promise.all([repo.list(userId), repo.groups(userId), repo.usage(userId)]);
      const groups = new Map(groupRows.map((g) => [g.id, g]));
      const sorted = [...rows].sort((a, b) =>
        a.builtin !== b.builtin ? (a.builtin ? -1 : 1) : a.builtin ? (builtInOrder.get(a.name.toLowerCase()) ?? 0) - (builtInOrder.get(b.name.toLowerCase()) ?? 0) : a.name.toLowerCase().localeCompare(b.name.toLowerCase()),
      );
      return { categories: sorted.map((r) => toItem(r, groups, usage.get(r.name) ?? 0)), groups: groupRows.map(toGroup) };
    },

    async update(userId: string, name: string, patch: { name?: string; color?: string | null; hidden?: boolean; group_id?: string | null }): Promise<CategoryItem> {
      const current = await repo.find(userId, name);
      if (!current) throw categoryNotFound();
      if (current.builtin && patch.name !== undefined && patch.name !== current.name) throw conflict('Built-in categories cannot be renamed: create your own category and merge this one’s transactions into it, or hide it');
      if (patch.group_id && !(await repo.hasGroup(userId, patch.group_id))) throw notAGroup();
      const result = await repo.update(userId, current.name, { name: patch.name, color: patch.color, hidden: patch.hidden, groupId: patch.group_id });
      if (result === 'not_found') throw categoryNotFound();
      if (result === 'no_group') throw notAGroup();
      if (result === 'taken') throw conflict(`A category named '${patch.name}' already exists: merge into it instead`);
      return item(userId, result);
    },

    async merge(userId: string, name: string, into: string): Promise<{ message: string; name: string; into: string; moved: number }> {
      const source = await repo.find(userId, name);
      if (!source) throw categoryNotFound();
      if (source.name.toLowerCase() === into.trim().toLowerCase()) throw unprocessable('into must be another category than the one merged');
      const result = await repo.merge(userId, source.name, into);
      if (result === 'not_found') throw categoryNotFound();
      if (result === 'into_not_found') throw unprocessable(`into '${into}' is not a known category`);
      const what = result.moved === 1 ? '1 transaction' : `${result.moved} transactions`;
      const kept = result.from.builtin ? ` (${result.from.name} is built in: it is hidden, not removed)` : '';
      return { message: `Merged into ${result.into.name}: ${what} moved${kept}`, name: result.from.name, into: result.into.name, moved: result.moved };
    },

    async order(userId: string, groupId: string | null, names: string[]): Promise<CategoryListResponse> {
      const result = await repo.order(userId, groupId, names);
      if (result === 'no_group') throw notAGroup();
      if (result.missing.length > 0) throw unprocessable(`names: '${result.missing[0]}' is not a known category`);
      return this.list(userId);
    },

    async createGroup(userId: string, name: string): Promise<CategoryGroup> {
      const row = await repo.createGroup(userId, name);
      if (!row) throw groupTaken(name);
      return toGroup(row);
    },

    async renameGroup(userId: string, id: string, name: string): Promise<CategoryGroup> {
      const row = await repo.renameGroup(userId, id, name);
      if (row === 'not_found') throw groupNotFound();
      if (row === 'taken') throw groupTaken(name);
      return toGroup(row);
    },

    async removeGroup(userId: string, id: string): Promise<void> {
      if (!(await repo.removeGroup(userId, id))) throw groupNotFound();
    },

    async orderGroups(userId: string, ids: string[]): Promise<CategoryGroup[]> {
      if (!(await repo.orderGroups(userId, ids))) throw notAGroup('group_ids');
      return (await repo.groups(userId)).map(toGroup);
    },
  };
}
export type CategoriesService = ReturnType<typeof categoriesService>;

import * as z from 'zod/mini';
import { atMost, text } from './fields';

export { CATEGORY_MESSAGES, DEFAULT_CATEGORIES, DEFAULT_CATEGORY_GROUPS, type DefaultCategory } from './categoryDefaults';

// ---------------------------------------------------------------------------------------------
// The category manager: a user's categories with their groups, colours, hidden flag and order.
// The wire shapes below are zod/mini (the web bundles them for its forms). What the first load of
// /login reaches (the built-in categories, the messages) lives in ./categoryDefaults, without zod.

/** Longest category or group name (the same as a transaction's category field). */
export const CATEGORY_NAME_MAX = 40;
export const CATEGORY_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
/** Names travel comma-separated in query strings: no commas, no control characters. */
const listSafe = (v: string) => !v.includes(',') && ![...v].some((ch) => ch.charCodeAt(0) < 32);

const nameField = (field: string) =>
  text(field, z.trim(), z.minLength(1, `${field} is required`), atMost(field, CATEGORY_NAME_MAX), z.refine(listSafe, `${field} must not contain commas or control characters`));
const colorField = z.pipe(
  z.string({ error: 'color must be like #1c7ed6' }).check(z.regex(CATEGORY_COLOR_PATTERN, 'color must be like #1c7ed6')),
  z.transform((v: string) => v.toLowerCase()),
);
const uuidField = (field: string) =>
  z.string({ error: `${field} must be a group id (a UUID)` }).check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, `${field} must be a group id (a UUID)`));

/** One category as GET /transactions/categories lists it. */
export const categoryItem = z
  .object({
    category_id: z.string(),
    name: z.string(),
    type: z.enum(['income', 'expense']).check(z.describe('Where the category is offered first; any category may be used with either type')),
    color: z.nullable(z.string()).check(z.describe('#rrggbb: the user’s own colour, else the built-in one; null for an own category without one')),
    is_default: z.boolean().check(z.describe('Built in: cannot be renamed or deleted; can be hidden, recoloured, regrouped and merged into another (which hides it)')),
    transaction_count: z.int().check(z.describe('Transactions using it (what a merge moves)')),
    hidden: z.boolean().check(z.describe('Not offered for new entries; transactions using it still show it')),
    group_id: z.nullable(z.string()),
    group: z.nullable(z.string()).check(z.describe('The group’s name; null when ungrouped')),
    order: z.int().check(z.describe('Position within its group')),
  })
  .check(z.meta({ id: 'TransactionCategory' }));

export const categoryGroup = z
  .object({
    group_id: z.string(),
    name: z.string(),
    order: z.int(),
  })
  .check(z.meta({ id: 'CategoryGroup' }));

export const categoryListResponse = z.object({
  categories: z.array(categoryItem).check(z.describe('Defaults first, then the user’s own, each by name')),
  groups: z.array(categoryGroup).check(z.describe('The user’s groups in their order')),
});

/** PATCH /transactions/categories/{name}: only the fields sent change; at least one. */
export const updateCategoryRequest = z
  .strictObject({
    name: z.optional(nameField('name')).check(z.describe('Rename: every transaction moves to the new name (own categories only)')),
    color: z.optional(z.nullable(colorField)).check(z.describe('null: back to the default colour')),
    hidden: z.optional(z.boolean({ error: 'hidden must be true or false' })),
    group_id: z.optional(z.nullable(uuidField('group_id'))).check(z.describe('null: ungrouped; the category goes last in its new group')),
  })
  .check(
    z.refine((b) => Object.keys(b).length > 0, 'Send at least one of name, color, hidden, group_id'),
    z.meta({ id: 'UpdateTransactionCategory' }),
  );

export const mergeCategoryRequest = z
  .strictObject({ into: nameField('into').check(z.describe('The category that receives every transaction')) })
  .check(z.meta({ id: 'MergeTransactionCategory' }));
export const mergeCategoryResponse = z.object({ message: z.string(), name: z.string(), into: z.string(), moved: z.int() });

/** PUT /transactions/categories/order: the categories of one group in their new order (they join that group). */
export const orderCategoriesRequest = z.strictObject({
  group_id: z.nullable(uuidField('group_id')),
  names: z.array(nameField('names'), { error: 'names must be a list of category names' }).check(z.minLength(1, 'names must name at least one category'), z.maxLength(500, 'names must have at most 500 entries')),
});

export const groupRequest = z.strictObject({ name: nameField('name') }).check(z.meta({ id: 'CategoryGroupRequest' }));
export const orderGroupsRequest = z.strictObject({
  group_ids: z.array(uuidField('group_ids'), { error: 'group_ids must be a list of group ids' }).check(z.maxLength(100, 'group_ids must have at most 100 entries')),
});
export const groupIdParams = z.object({ id: z.string().check(z.describe('group_id (UUID); anything else answers 404')) });
export const categoryNameParam = z.object({ name: z.string().check(z.describe('Category name (URL-encoded), case-insensitive')) });
export const deletedResponse = z.object({ message: z.string() });

export type CategoryItem = z.infer<typeof categoryItem>;
export type CategoryGroup = z.infer<typeof categoryGroup>;
export type CategoryListResponse = z.infer<typeof categoryListResponse>;
export type UpdateCategoryRequest = z.input<typeof updateCategoryRequest>;
export type MergeCategoryResult = z.infer<typeof mergeCategoryResponse>;

/** The confirmation a merge asks for, naming how many transactions move. */
export function mergeConfirmation(from: string, into: string, count: number, builtIn = false): string {
  const what = count === 1 ? '1 transaction' : `${count} transactions`;
  return `Merge “${from}” into “${into}”? ${what} will move to “${into}” and “${from}” will be ${builtIn ? 'hidden (it is built in)' : 'removed'}.`;
}

/** The categories a form offers for a new entry: visible ones, plus the one an edited entry already has. */
export function offeredCategories<C extends { name: string; hidden: boolean }>(categories: readonly C[], current?: string | null): C[] {
  const keep = current?.trim().toLowerCase();
  return categories.filter((c) => !c.hidden || c.name.toLowerCase() === keep);
}

/** The name typed in a category field when it is new to the user (offer "Create …"), else null. */
export function newCategoryName(typed: string, categories: readonly { name: string }[]): string | null {
  const name = typed.trim();
  if (!name || name.length > CATEGORY_NAME_MAX || !listSafe(name)) return null;
  return categories.some((c) => c.name.toLowerCase() === name.toLowerCase()) ? null : name;
}

/** Groups in order with their categories in order; ungrouped categories last under `null`. */
export function groupCategories<C extends { group_id: string | null; order: number; name: string }>(groups: readonly CategoryGroup[], categories: readonly C[]) {
  const byOrder = (a: C, b: C) => a.order - b.order || a.name.localeCompare(b.name);
  const sections: { group: CategoryGroup | null; categories: C[] }[] = [...groups]
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
    .map((group) => ({ group, categories: categories.filter((c) => c.group_id === group.group_id).sort(byOrder) }));
  const known = new Set(groups.map((g) => g.group_id));
  const loose = categories.filter((c) => c.group_id === null || !known.has(c.group_id)).sort(byOrder);
  if (loose.length > 0) sections.push({ group: null, categories: loose });
  return sections;
}

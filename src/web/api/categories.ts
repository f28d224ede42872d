import type { CategoryGroup, CategoryItem, CategoryListResponse, MergeCategoryResult, UpdateCategoryRequest } from '../../contract/categories';
import { CATEGORY_MESSAGES } from '../../contract/categoryDefaults';
import type { ApiCall } from './client';

const categoryPath = (name: string) => `/transactions/categories/${encodeURIComponent(name)}`;
const groupPath = (id: string) => `/transactions/category-groups/${encodeURIComponent(id)}`;

/** The category manager's calls (Settings › Categories). */
export function categoriesApi(call: ApiCall) {
  return {
    list: (signal?: AbortSignal) => call<CategoryListResponse>('/transactions/categories', { defaultMessage: CATEGORY_MESSAGES.load, signal, silent: true }),
    create: (name: string, type: 'income' | 'expense') => call<unknown>('/transactions/categories', { method: 'POST', body: { name, type }, defaultMessage: CATEGORY_MESSAGES.save }),
    update: (name: string, patch: UpdateCategoryRequest) => call<CategoryItem>(categoryPath(name), { method: 'PATCH', body: patch, defaultMessage: CATEGORY_MESSAGES.save }),
    merge: (name: string, into: string) => call<MergeCategoryResult>(`${categoryPath(name)}/merge`, { method: 'POST', body: { into }, defaultMessage: CATEGORY_MESSAGES.merge }),
    remove: (name: string) => call<unknown>(categoryPath(name), { method: 'DELETE', defaultMessage: CATEGORY_MESSAGES.remove }),
    order: (groupId: string | null, names: string[]) => call<CategoryListResponse>('/transactions/categories/order', { method: 'PUT', body: { group_id: groupId, names }, defaultMessage: CATEGORY_MESSAGES.save }),
    createGroup: (name: string) => call<CategoryGroup>('/transactions/category-groups', { method: 'POST', body: { name }, defaultMessage: CATEGORY_MESSAGES.group }),
    renameGroup: (id: string, name: string) => call<CategoryGroup>(groupPath(id), { method: 'PATCH', body: { name }, defaultMessage: CATEGORY_MESSAGES.group }),
    removeGroup: (id: string) => call<unknown>(groupPath(id), { method: 'DELETE', defaultMessage: CATEGORY_MESSAGES.group }),
    orderGroups: (ids: string[]) => call<unknown>('/transactions/category-groups/order', { method: 'PUT', body: { group_ids: ids }, defaultMessage: CATEGORY_MESSAGES.group }),
  };
}
export type CategoriesApi = ReturnType<typeof categoriesApi>;

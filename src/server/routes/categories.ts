import type { FastifyInstance } from 'fastify';
import {
  categoryGroup,
  categoryItem,
  categoryListResponse,
  categoryNameParam,
  deletedResponse,
  groupIdParams,
  groupRequest,
  mergeCategoryRequest,
  mergeCategoryResponse,
  orderCategoriesRequest,
  orderGroupsRequest,
  updateCategoryRequest,
} from '../../contract/categories';
import { z } from 'zod';
import { areaSchemas, premiumRoutes } from '../routeSchema';

const schema = areaSchemas({ tags: ['transactions'], errors: [400, 401, 403, 404, 409, 422] });

/**
 * The category manager: change, merge and order categories, and the groups they sit in. Listing,
 * adding and deleting stay in routes/transactions.ts (GET, POST, DELETE /transactions/categories).
 */
export default async function categoriesRoutes(fastify: FastifyInstance) {
  const { categories } = fastify;
  const app = premiumRoutes(fastify);

  app.patch(
    '/transactions/categories/:name',
    {
      schema: schema({
        summary: 'Rename, recolour, hide or regroup a category',
        description:
          'A rename moves every transaction to the new name; a name another category has answers 409 (merge instead). Built-in categories can be hidden, recoloured and regrouped, not renamed (409).',
        params: categoryNameParam,
        body: updateCategoryRequest,
        response: { 200: categoryItem },
      }),
    },
    async (request) => categories.update(request.userId, request.params.name, request.body),
  );

  app.post(
    '/transactions/categories/:name/merge',
    {
      schema: schema({
        summary: 'Merge a category into another: its transactions move; your own category goes, a built-in one is hidden',
        params: categoryNameParam,
        body: mergeCategoryRequest,
        response: { 200: mergeCategoryResponse },
      }),
    },
    async (request) => categories.merge(request.userId, request.params.name, request.body.into),
  );

  app.put(
    '/transactions/categories/order',
    {
      schema: schema({
        summary: 'Put categories into a group (or none, group_id null) in the order given',
        body: orderCategoriesRequest,
        response: { 200: categoryListResponse },
      }),
    },
    async (request) => categories.order(request.userId, request.body.group_id, request.body.names),
  );

  app.get(
    '/transactions/category-groups',
    { schema: schema({ summary: 'Your category groups in order', response: { 200: z.object({ groups: z.array(categoryGroup) }) } }) },
    async (request) => ({ groups: (await categories.list(request.userId)).groups }),
  );

  app.post(
    '/transactions/category-groups',
    { schema: schema({ summary: 'Add a category group (after the others)', body: groupRequest, response: { 201: categoryGroup } }) },
    async (request, reply) => {
      reply.code(201);
      return categories.createGroup(request.userId, request.body.name);
    },
  );

  app.put(
    '/transactions/category-groups/order',
    { schema: schema({ summary: 'Order your category groups', body: orderGroupsRequest, response: { 200: z.object({ groups: z.array(categoryGroup) }) } }) },
    async (request) => ({ groups: await categories.orderGroups(request.userId, request.body.group_ids) }),
  );

  app.patch(
    '/transactions/category-groups/:id',
    { schema: schema({ summary: 'Rename a category group', params: groupIdParams, body: groupRequest, response: { 200: categoryGroup } }) },
    async (request) => categories.renameGroup(request.userId, request.params.id, request.body.name),
  );

  app.delete(
    '/transactions/category-groups/:id',
    { schema: schema({ summary: 'Delete a category group; its categories stay, ungrouped', params: groupIdParams, response: { 200: deletedResponse } }) },
    async (request) => {
      await categories.removeGroup(request.userId, request.params.id);
      return { message: 'Group deleted' };
    },
  );
}

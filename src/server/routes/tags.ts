import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { createTagRequest, mergeTagRequest, tag, tagList, tagParams, tagsQuery, updateTagRequest } from '../../contract/autoRules';
import { areaSchemas, premiumRoutes } from '../routeSchema';

const schema = areaSchemas({ tags: ['rules and tags'], errors: [401, 403, 404, 409, 422] });
const done = z.object({ message: z.string() });

/** /tags: first-class tags with their colour and a report by tag (services/autoRules). A premium area like the transactions they mark. */
export default async function tagsRoutes(fastify: FastifyInstance) {
  const app = premiumRoutes(fastify);
  const rules = fastify.autoRules;

  app.get(
    '/tags',
    { schema: schema({ summary: 'Every tag with its colour, and its rows, income and spending over the period (all time by default)', querystring: tagsQuery, response: { 200: tagList } }) },
    async (request) => rules.tags(request.userId, request.query.date_from, request.query.date_to),
  );

  app.post('/tags', { schema: schema({ summary: 'Add a tag', body: createTagRequest, response: { 201: tag } }) }, async (request, reply) => {
    reply.code(201);
    return rules.createTag(request.userId, request.body);
  });

  app.patch(
    '/tags/:name',
    { schema: schema({ summary: 'Rename a tag (on every row) or change its colour', params: tagParams, body: updateTagRequest, response: { 200: tag } }) },
    async (request) => rules.updateTag(request.userId, request.params.name, request.body),
  );

  app.post(
    '/tags/:name/merge',
    { schema: schema({ summary: 'Merge a tag into another: its rows carry the other; it is gone', params: tagParams, body: mergeTagRequest, response: { 200: tag } }) },
    async (request) => rules.mergeTag(request.userId, request.params.name, request.body.into),
  );

  app.delete('/tags/:name', { schema: schema({ summary: 'Delete a tag and take it off every row', params: tagParams, response: { 200: done } }) }, async (request) => {
    await rules.removeTag(request.userId, request.params.name);
    return { message: 'Tag deleted' };
  });
}

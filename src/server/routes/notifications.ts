import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { idParams, notification, notificationList, notificationSettings, notificationSettingsRequest } from '../../contract/recurring';
import { areaSchemas } from '../routeSchema';

const schema = areaSchemas({ tags: ['notifications'], errors: [400, 401, 404, 422] });

/** /notifications: the notification centre (the bell) and what is emailed. Any signed-in user. */
export default async function notificationsRoutes(fastify: FastifyInstance) {
  fastify.addHook('onRequest', fastify.authenticate);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const notifications = fastify.notifications;

  app.get('/notifications', { schema: schema({ summary: 'Notifications not dismissed, newest first, with the unread count', response: { 200: notificationList } }) }, async (request) => notifications.list(request.userId));

  app.post('/notifications/read-all', { schema: schema({ summary: 'Mark every notification read', response: { 200: notificationList } }) }, async (request) => notifications.readAll(request.userId));

  app.get('/notifications/settings', { schema: schema({ summary: 'Reminder days, the low-balance threshold and the kinds emailed', response: { 200: notificationSettings } }) }, async (request) =>
    notifications.settings(request.userId),
  );

  app.patch('/notifications/settings', { schema: schema({ summary: 'Change reminder days, the low-balance threshold or the kinds emailed', body: notificationSettingsRequest, response: { 200: notificationSettings } }) }, async (request) =>
    notifications.saveSettings(request.userId, request.body),
  );

  app.post('/notifications/:id/read', { schema: schema({ summary: 'Mark one notification read', params: idParams, response: { 200: notification } }) }, async (request) => notifications.read(request.userId, request.params.id));

  app.delete('/notifications/:id', { schema: schema({ summary: 'Dismiss a notification', params: idParams, response: { 200: z.object({ message: z.string() }) } }) }, async (request) => {
    await notifications.dismiss(request.userId, request.params.id);
    return { message: 'Notification dismissed' };
  });
}

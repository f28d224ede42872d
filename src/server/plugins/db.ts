import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type Database, type Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbEngine: Database['engine'];
    /** NOTIFY payloads of a channel, from every process sharing the database (src/server/db/client.ts). */
    dbNotifications: Database['notifications'];
  }
}

export default fp(
  async function dbPlugin(app: FastifyInstance) {
    const database = await openDatabase(app.config);
    app.decorate('db', database.db);
    app.decorate('dbEngine', database.engine);
    app.decorate('dbNotifications', database.notifications);
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'db' },
);

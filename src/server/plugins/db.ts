import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type Database, type Db } from '../db/client';
import { noMaintenance, pgliteMaintenance, type DbMaintenance } from '../db/maintenance';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbEngine: Database['engine'];
    /** NOTIFY payloads of a channel, from every process sharing the database (src/server/db/client.ts). */
    dbNotifications: Database['notifications'];
    /** VACUUM and ANALYZE on the embedded database (PostgreSQL's autovacuum does it on a server): db/maintenance.ts. */
    dbMaintenance: DbMaintenance;
  }
}

export default fp(
  async function dbPlugin(app: FastifyInstance) {
    const database = await openDatabase(app.config);
    app.decorate('db', database.db);
    app.decorate('dbEngine', database.engine);
    app.decorate('dbNotifications', database.notifications);
    const maintenance = database.engine === 'pglite' ? pgliteMaintenance(database.db, (database.db as unknown as { $client: PGlite }).$client, app.log, app.config.pgliteVacuumCheckMs) : noMaintenance;
    app.decorate('dbMaintenance', maintenance);
    // Before the server listens: a database written before a crash or by an older version is vacuumed first.
    app.addHook('onReady', () => maintenance.start());
    app.addHook('onClose', async () => {
      await maintenance.stop();
      await database.close();
    });
  },
  { name: 'db' },
);

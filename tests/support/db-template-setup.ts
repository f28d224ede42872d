import pg from 'pg';
import { migratedPgliteDump, postgresTemplate } from './db-template';

/**
 * vitest globalSetup of the server and reliability projects: builds the migrated template once in
 * the main process before any worker starts (tests/support/db-template.ts), so no test file's
 * beforeAll pays for it or waits on another worker building it.
 */
export default async function setup() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    await migratedPgliteDump();
    return;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await postgresTemplate(admin, adminUrl);
  } finally {
    await admin.end();
  }
}

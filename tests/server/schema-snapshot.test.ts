import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema';

/**
 * `npm run db:generate` diffs the schema against the newest meta snapshot. Hand-written migrations
 * must leave that snapshot describing the schema they produce, or the next generate re-creates
 * tables, columns and indexes that already exist. Cheap: no database, no drizzle-kit process.
 */
const meta = join(resolve(fileURLToPath(new URL('.', import.meta.url)), '../..'), 'src/server/db/migrations/meta');

describe('drizzle snapshots', () => {
  it('the newest snapshot is the current schema, and every snapshot follows the one before', async () => {
    const files = readdirSync(meta).filter((f) => f.endsWith('_snapshot.json')).sort();
    const snapshots = files.map((f) => JSON.parse(readFileSync(join(meta, f), 'utf8')) as DrizzleSnapshotJSON & { id: string; prevId: string });
    for (let i = 1; i < snapshots.length; i++) expect(snapshots[i]!.prevId, files[i]).toBe(snapshots[i - 1]!.id);
    const latest = snapshots[snapshots.length - 1]!;
    const statements = await generateMigration(latest, generateDrizzleJson(schema as Record<string, unknown>, latest.id));
    expect(statements, `run npm run db:generate into a temporary folder and copy its snapshot as the newest (${files[files.length - 1]})`).toEqual([]);
  });
});

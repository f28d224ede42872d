import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES } from '../../src/contract/categories';

/** The category groups migration (0032) gives every existing user the default groups and built-in rows, keeping their own categories. */
const migrations = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../src/server/db/migrations');
const GROUPS_IDX = 32;

function migrationsBefore(idx: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'finu-migrations-'));
  cpSync(migrations, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < idx);
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  return dir;
}

describe('category groups migration', () => {
  const before = migrationsBefore(GROUPS_IDX);
  afterAll(() => rmSync(before, { recursive: true, force: true }));

  it("seeds each existing user's groups and built-in categories and leaves their own categories ungrouped and visible", async () => {
    const pg = new PGlite();
    try {
      await migrate(drizzle(pg), { migrationsFolder: before });
      const a = '00000000-0000-4000-8000-000000000001';
      const b = '00000000-0000-4000-8000-000000000002';
      await pg.query(`insert into users (id, email) values ($1, 'a@example.com'), ($2, 'b@example.com')`, [a, b]);
      await pg.query(`insert into transaction_categories (user_id, name, type, color) values ($1, 'Pets', 'expense', '#123456')`, [a]);
      await migrate(drizzle(pg), { migrationsFolder: migrations });
      const rows = (
        await pg.query<{ user_id: string; name: string; builtin: boolean; hidden: boolean; grp: string | null; color: string | null }>(
          `select c.user_id, c.name, c.builtin, c.hidden, g.name as grp, c.color from transaction_categories c left join category_groups g on g.id = c.group_id order by c.user_id, c.builtin, c.name`,
        )
      ).rows;
      const ofA = rows.filter((r) => r.user_id === a);
      expect(ofA[0]).toEqual({ user_id: a, name: 'Pets', builtin: false, hidden: false, grp: null, color: '#123456' });
      for (const user of [a, b]) {
        const builtins = rows.filter((r) => r.user_id === user && r.builtin);
        expect(builtins.map((r) => [r.name, r.grp]).sort()).toEqual(DEFAULT_CATEGORIES.map((c) => [c.name, c.group]).sort());
      }
      const groups = (await pg.query<{ n: number }>(`select count(*)::int as n from category_groups`)).rows[0]!.n;
      expect(groups).toBe(8);
    } finally {
      await pg.close();
    }
  });
});

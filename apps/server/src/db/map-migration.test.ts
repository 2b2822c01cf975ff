import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import { type DatabaseHandle, migrationsFolder, openPglite } from './client.ts';
import * as t from './schema.ts';

const MIGRATION = '0036_map.sql';

async function runMigration(database: DatabaseHandle) {
  const migration = await readFile(path.join(migrationsFolder, MIGRATION), 'utf8');
  for (const statement of migration.split('--> statement-breakpoint')) {
    await database.db.execute(sql.raw(statement));
  }
}

describe('the map’s migration', () => {
  it('gives an installation without them the Field operations directory and its Map page, once', async () => {
    const database = await openTestDatabase(inject('template'));
    try {
      const { db } = database;
      // As the release before left it: neither the directory nor the page.
      const [page] = await db.select().from(t.menus).where(eq(t.menus.permission, 'map:list'));
      await db.delete(t.menus).where(eq(t.menus.id, page!.id));
      await db.delete(t.menus).where(eq(t.menus.id, page!.pid!));

      await runMigration(database);
      await runMigration(database);

      const directories = await db.select().from(t.menus).where(eq(t.menus.path, 'field'));
      expect(directories).toEqual([
        expect.objectContaining({ pid: null, type: 0, title: 'Field operations', subCount: 1 }),
      ]);
      const pages = await db.select().from(t.menus).where(eq(t.menus.permission, 'map:list'));
      expect(pages).toEqual([
        expect.objectContaining({ pid: directories[0]!.id, type: 1, component: 'field/map/index', path: 'map' }),
      ]);
      const holders = await db
        .select({ role: t.roles.name })
        .from(t.rolesMenus)
        .innerJoin(t.roles, eq(t.roles.id, t.rolesMenus.roleId))
        .where(eq(t.rolesMenus.menuId, pages[0]!.id));
      expect(holders.map((holder) => holder.role).sort()).toEqual(['Administrator', 'Agent manager']);
    } finally {
      await database.close();
    }
  });

  it('leaves a new, empty database to its seed, with the distance functions in place', async () => {
    const database = await openPglite({});
    try {
      await runMigration(database);
      expect(await database.db.select().from(t.menus)).toEqual([]);
      const [shanghaiToHangzhou] = (
        (await database.db.execute(
          sql`SELECT round(earth_distance(ll_to_earth(31.2304, 121.4737), ll_to_earth(30.2741, 120.1551)) / 1000) AS km`,
        )) as unknown as { rows: { km: string }[] }
      ).rows;
      expect(Number(shanghaiToHangzhou?.km)).toBe(165);
    } finally {
      await database.close();
    }
  }, 60_000);
});

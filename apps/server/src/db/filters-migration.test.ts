import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import { type DatabaseHandle, migrationsFolder } from './client.ts';
import * as t from './schema.ts';

async function runMenuMigration(database: DatabaseHandle) {
  const name = (await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')).match(
    /"tag": "(\d+_filters-menu)"/,
  )?.[1];
  const migration = await readFile(path.join(migrationsFolder, `${name}.sql`), 'utf8');
  for (const statement of migration.split('--> statement-breakpoint')) {
    await database.db.execute(sql.raw(statement));
  }
}

describe('the filter schedule’s menu migration', () => {
  it('gives an installation without it the Filters page and its edit button, granted to the Administrator, once', async () => {
    const database = await openTestDatabase(inject('template'));
    try {
      const { db } = database;
      // As the release before left it: the Field operations directory without the page.
      const seeded = await db
        .select()
        .from(t.menus)
        .where(inArray(t.menus.permission, ['filter:list', 'filter:edit']));
      await db.delete(t.menus).where(
        inArray(
          t.menus.id,
          seeded.map((menu) => menu.id),
        ),
      );
      const [directory] = await db.select().from(t.menus).where(eq(t.menus.path, 'field'));
      await db
        .update(t.menus)
        .set({ subCount: (directory?.subCount ?? 1) - 1 })
        .where(eq(t.menus.id, directory!.id));

      await runMenuMigration(database);
      await runMenuMigration(database);

      const [page, ...others] = await db.select().from(t.menus).where(eq(t.menus.permission, 'filter:list'));
      expect(others).toEqual([]);
      expect(page).toMatchObject({ pid: directory!.id, type: 1, path: 'filters', component: 'field/filters/index' });
      const [button] = await db.select().from(t.menus).where(eq(t.menus.permission, 'filter:edit'));
      expect(button).toMatchObject({ pid: page!.id, type: 2 });
      const [after] = await db.select().from(t.menus).where(eq(t.menus.id, directory!.id));
      expect(after?.subCount).toBe(directory?.subCount);
      const holders = await db
        .select({ role: t.roles.name })
        .from(t.rolesMenus)
        .innerJoin(t.roles, eq(t.roles.id, t.rolesMenus.roleId))
        .where(inArray(t.rolesMenus.menuId, [page!.id, button!.id]));
      expect(holders.map((holder) => holder.role)).toEqual(['Administrator', 'Administrator']);
    } finally {
      await database.close();
    }
  });
});

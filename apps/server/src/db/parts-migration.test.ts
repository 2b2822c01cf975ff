import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import { type DatabaseHandle, migrationsFolder, openPglite } from './client.ts';
import * as t from './schema.ts';

const MIGRATION = '0038_parts-menu.sql';

async function runMigration(database: DatabaseHandle) {
  const migration = await readFile(path.join(migrationsFolder, MIGRATION), 'utf8');
  for (const statement of migration.split('--> statement-breakpoint')) {
    await database.db.execute(sql.raw(statement));
  }
}

describe('the parts and stock page’s migration', () => {
  it('gives an installation without it the Parts and stock page and its buttons, once, to the Administrator', async () => {
    const database = await openTestDatabase(inject('template'));
    try {
      const { db } = database;
      // As the release before left it: the Field operations directory without the page.
      const [page] = await db.select().from(t.menus).where(eq(t.menus.permission, 'part:list'));
      await db.delete(t.menus).where(or(eq(t.menus.id, page!.id), eq(t.menus.pid, page!.id)));
      await db
        .update(t.menus)
        .set({ subCount: sql`${t.menus.subCount} - 1` })
        .where(eq(t.menus.id, page!.pid!));

      await runMigration(database);
      await runMigration(database);

      const [directory] = await db.select().from(t.menus).where(eq(t.menus.path, 'field'));
      const children = await db.select().from(t.menus).where(eq(t.menus.pid, directory!.id));
      expect(directory!.subCount).toBe(children.length);
      const pages = await db.select().from(t.menus).where(eq(t.menus.permission, 'part:list'));
      expect(pages).toEqual([
        expect.objectContaining({ pid: directory!.id, type: 1, component: 'field/parts/index', subCount: 2 }),
      ]);
      const buttons = await db.select().from(t.menus).where(eq(t.menus.pid, pages[0]!.id));
      expect(buttons.map((button) => button.permission).sort()).toEqual(['part:edit', 'stock:move']);
      const holders = await db
        .selectDistinct({ role: t.roles.name })
        .from(t.rolesMenus)
        .innerJoin(t.roles, eq(t.roles.id, t.rolesMenus.roleId))
        .where(inArray(t.rolesMenus.menuId, [pages[0]!.id, ...buttons.map((button) => button.id)]));
      expect(holders.map((holder) => holder.role)).toEqual(['Administrator']);
    } finally {
      await database.close();
    }
  });

  it('leaves a new, empty database to its seed', async () => {
    const database = await openPglite({});
    try {
      await runMigration(database);
      expect(await database.db.select().from(t.menus)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);
});

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.ts';
import { migrationsFolder } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

const MIGRATION = '0040_sla-menu.sql';

describe('the SLA page of an existing installation', () => {
  it('is added under Field operations with its button, granted to the Administrator, once', async () => {
    const database = await openTestDatabase(inject('template'));
    try {
      const { db } = database;
      // A database as the release before left it: Field operations without the SLA page.
      const [directory] = await db
        .select()
        .from(t.menus)
        .where(and(eq(t.menus.path, 'field'), isNull(t.menus.pid)));
      const [page] = await db.select().from(t.menus).where(eq(t.menus.component, 'field/sla/index'));
      await db.delete(t.menus).where(eq(t.menus.pid, page!.id));
      await db.delete(t.menus).where(eq(t.menus.id, page!.id));
      await db
        .update(t.menus)
        .set({ subCount: directory!.subCount - 1 })
        .where(eq(t.menus.id, directory!.id));

      const migration = await readFile(path.join(migrationsFolder, MIGRATION), 'utf8');
      for (let run = 0; run < 2; run++) {
        for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
      }

      const [after] = await db.select().from(t.menus).where(eq(t.menus.id, directory!.id));
      expect(after?.subCount).toBe(directory!.subCount);
      const added = await db.select().from(t.menus).where(eq(t.menus.component, 'field/sla/index'));
      expect(added.map((menu) => [menu.title, menu.permission, menu.pid])).toEqual([
        ['SLA', 'sla:list', directory!.id],
      ]);
      const granted = await db
        .select({ permission: t.menus.permission })
        .from(t.rolesMenus)
        .innerJoin(t.roles, eq(t.roles.id, t.rolesMenus.roleId))
        .innerJoin(t.menus, eq(t.menus.id, t.rolesMenus.menuId))
        .where(eq(t.roles.name, 'Administrator'));
      const sla = granted.map((row) => row.permission ?? '').filter((permission) => permission.startsWith('sla:'));
      expect(sla.sort()).toEqual(['sla:edit', 'sla:list']);
    } finally {
      await database.close();
    }
  });
});

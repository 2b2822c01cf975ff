import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import { type DatabaseHandle, migrationsFolder } from './client.ts';
import * as t from './schema.ts';

async function runMigration(database: DatabaseHandle, file: string) {
  const migration = await readFile(path.join(migrationsFolder, file), 'utf8');
  for (const statement of migration.split('--> statement-breakpoint')) await database.db.execute(sql.raw(statement));
}

describe('the change records’ migrations', () => {
  it('let the Finance role of an existing installation read the change records, not the Agent manager role, once', async () => {
    const database = await openTestDatabase(inject('template'));
    try {
      const { db } = database;
      const [page] = await db.select().from(t.menus).where(eq(t.menus.permission, 'audit:list'));
      const [finance] = await db.select().from(t.roles).where(eq(t.roles.name, 'Finance'));
      // As the release before left it: the page for the administrator only, and Monitor not Finance's.
      await db
        .delete(t.rolesMenus)
        .where(and(eq(t.rolesMenus.roleId, finance!.id), inArray(t.rolesMenus.menuId, [page!.id, page!.pid!])));
      const older =
        'Sees orders and refunds, refunds orders and reviews refunds; keeps the ledger and closes its periods';
      await db.update(t.roles).set({ description: older }).where(eq(t.roles.id, finance!.id));

      await runMigration(database, '0056_change-records-for-finance.sql');
      await runMigration(database, '0056_change-records-for-finance.sql');

      const holders = async (menuId: number) =>
        (
          await db
            .select({ role: t.roles.name })
            .from(t.rolesMenus)
            .innerJoin(t.roles, eq(t.roles.id, t.rolesMenus.roleId))
            .where(eq(t.rolesMenus.menuId, menuId))
        )
          .map((row) => row.role)
          .sort();
      expect(await holders(page!.id)).toEqual(['Administrator', 'Finance']);
      expect(await holders(page!.pid!)).toContain('Finance');
      expect(await holders(page!.pid!)).not.toContain('Agent manager');
      const [described] = await db.select().from(t.roles).where(eq(t.roles.id, finance!.id));
      expect(described?.description).toMatch(/reads the change records$/);
    } finally {
      await database.close();
    }
  });
});

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SEEDED_NAMES_ZH } from '@water/contract/seeded-names';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { verifyPassword } from '../lib/password.ts';
import { type DatabaseHandle, DataDirLockedError, migrationsFolder, openPglite } from './client.ts';
import * as t from './schema.ts';
import { seedDatabase } from './seed.ts';

/** A migrated database with nothing seeded, loaded from the snapshot global setup made, for each test of a new installation. */
async function blankDatabase(dataDir?: string): Promise<DatabaseHandle> {
  const snapshot = await readFile(inject('blankTemplate'));
  return openPglite({ dataDir, loadDataDir: new Blob([snapshot]) });
}

describe('embedded data directory', () => {
  it('refuses a second owner of the same directory with a clear message', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'water-lock-'));
    const first = await blankDatabase(dir);
    try {
      const second = openPglite({ dataDir: dir });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(/in use by another server process \(pid \d+\)/);
    } finally {
      await first.close();
    }
    // Once closed, the directory can be opened again.
    const again = await openPglite({ dataDir: dir });
    await again.close();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);
});

describe('first-start seed', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('creates the roles: administrator, user, and the agent manager, finance and technician of the business', async () => {
    const roles = await app.database.db.select().from(t.roles).orderBy(asc(t.roles.level), asc(t.roles.id));
    expect(roles.map((role) => [role.name, role.level, role.dataScope])).toEqual([
      ['Administrator', 1, '全部'],
      ['User', 2, '本级'],
      ['Agent manager', 3, '本级及以下'],
      ['Finance', 3, '全部'],
      ['Technician', 3, '本级'],
    ]);
    const permissionsOf = async (name: string) => {
      const rows = await app.database.db
        .select({ permission: t.menus.permission, title: t.menus.title })
        .from(t.rolesMenus)
        .innerJoin(t.roles, eq(t.roles.id, t.rolesMenus.roleId))
        .innerJoin(t.menus, eq(t.menus.id, t.rolesMenus.menuId))
        .where(eq(t.roles.name, name));
      return { permissions: rows.map((row) => row.permission), titles: rows.map((row) => row.title) };
    };
    const manager = await permissionsOf('Agent manager');
    expect(manager.permissions).toEqual(
      expect.arrayContaining(['agent:add', 'device:operate', 'order:list', 'refund:add']),
    );
    expect(manager.permissions).not.toContain('refund:review');
    expect(manager.permissions).not.toContain('user:list');
    expect(manager.titles).toContain('Business');
    const finance = await permissionsOf('Finance');
    expect(finance.permissions.filter(Boolean).sort()).toEqual([
      'audit:list',
      'card:edit',
      'card:list',
      'card:topup',
      'coupon:list',
      'ledger:close',
      'ledger:list',
      'order:list',
      'reconcile:import',
      'reconcile:list',
      'reconcile:resolve',
      'refund:add',
      'refund:list',
      'refund:review',
      'report:list',
      'statement:list',
      'withdrawal:list',
      'withdrawal:pay',
      'withdrawal:review',
    ]);
    expect(finance.titles).toEqual(
      expect.arrayContaining(['Business', 'Orders', 'Refunds', 'Finance', 'Ledger', 'Withdrawals']),
    );
    // A technician holds their own orders' page and its directory, and nothing else.
    const technician = await permissionsOf('Technician');
    expect(technician.permissions.filter(Boolean)).toEqual(['workorder:work']);
    expect(technician.titles.sort()).toEqual(['Field operations', 'My work orders']);
    expect(manager.permissions).toContain('statement:list');
    expect(manager.permissions).toEqual(expect.arrayContaining(['card:list', 'card:add', 'card:topup', 'card:edit']));
    expect(manager.permissions).not.toContain('ledger:list');
    expect(manager.permissions).toEqual(expect.arrayContaining(['withdrawal:list', 'withdrawal:add']));
    expect(manager.permissions).not.toContain('withdrawal:review');
    expect(manager.permissions).not.toContain('withdrawal:pay');
  });

  it('creates the system menus with their pages and permission strings', async () => {
    const menus = await app.database.db.select().from(t.menus);
    const byComponent = new Map(menus.filter((m) => m.component).map((m) => [m.component, m]));
    const expected: [string, string][] = [
      ['system/user/index', 'user:list'],
      ['system/role/index', 'roles:list'],
      ['system/menu/index', 'menu:list'],
      ['system/dept/index', 'dept:list'],
      ['system/job/index', 'job:list'],
      ['system/dict/index', 'dict:list'],
      ['monitor/online/index', 'online:list'],
      ['monitor/log/index', 'log:list'],
      ['monitor/log/errorLog', 'log:list'],
      ['monitor/server/index', 'monitor:list'],
      ['monitor/sql/index', 'sql:list'],
      ['tools/storage/index', 'storage:list'],
      ['tools/settings/index', 'setting:list'],
    ];
    for (const [component, permission] of expected) {
      expect(byComponent.get(component)?.permission, component).toBe(permission);
      expect(byComponent.get(component)?.type).toBe(1);
    }
    const buttons = menus.filter((m) => m.type === 2).map((m) => m.permission);
    expect(buttons).toEqual(
      expect.arrayContaining(['user:add', 'user:edit', 'user:del', 'roles:add', 'menu:del', 'dict:edit', 'job:add']),
    );
    const topLevel = await app.database.db.select().from(t.menus).where(isNull(t.menus.pid));
    expect(topLevel.map((m) => m.title).sort()).toEqual([
      'Business',
      'Field operations',
      'Finance',
      'Monitor',
      'System',
      'Tools',
    ]);
    // subCount matches the actual children everywhere.
    for (const menu of menus) {
      expect(menu.subCount, menu.title).toBe(menus.filter((child) => child.pid === menu.id).length);
    }
  });

  it('creates the status dictionaries, departments and jobs', async () => {
    const dicts = await app.database.db.select().from(t.dicts);
    expect(dicts.map((d) => d.name).sort()).toEqual(['dept_status', 'job_status', 'site_type', 'user_status']);
    const [userStatus] = dicts.filter((d) => d.name === 'user_status');
    const details = await app.database.db
      .select()
      .from(t.dictDetails)
      .where(eq(t.dictDetails.dictId, userStatus!.id))
      .orderBy(asc(t.dictDetails.dictSort));
    expect(details.map((d) => [d.label, d.value])).toEqual([
      ['Active', 'true'],
      ['Disabled', 'false'],
    ]);
    const depts = await app.database.db.select().from(t.depts);
    expect(depts.filter((d) => d.pid === null).length).toBeGreaterThan(0);
    expect(depts.some((d) => d.pid !== null)).toBe(true);
    expect((await app.database.db.select().from(t.jobs)).length).toBeGreaterThan(0);
  });
});

describe('seeding a new installation', () => {
  it('generates an admin password when none is configured, seeds no demo user, and runs only once', async () => {
    const database = await blankDatabase();
    try {
      const seeded = await seedDatabase(database.db, {
        adminPassword: undefined,
        seedDemo: false,
        defaultUserPassword: '123456',
      });
      expect(seeded.generatedAdminPassword).toMatch(/^[\w-]{16}$/);
      const accounts = await database.db.select().from(t.users);
      expect(accounts.map((u) => u.username)).toEqual(['admin']);
      expect(await verifyPassword(accounts[0]!.passwordHash, seeded.generatedAdminPassword!)).toBe(true);
      const again = await seedDatabase(database.db, {
        adminPassword: 'x'.repeat(12),
        seedDemo: true,
        defaultUserPassword: '123456',
      });
      expect(again.generatedAdminPassword).toBeUndefined();
      expect((await database.db.select().from(t.users)).length).toBe(1);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('names the demo user in the language chosen for the demo', async () => {
    const database = await blankDatabase();
    try {
      await seedDatabase(database.db, {
        adminPassword: 'x'.repeat(12),
        seedDemo: true,
        demoLanguage: 'zh',
        defaultUserPassword: '123456',
      });
      const [demo] = await database.db.select().from(t.users).where(eq(t.users.username, 'test'));
      expect(demo?.nickName).toBe('测试用户');
    } finally {
      await database.close();
    }
  }, 60_000);
});

/** A release's migration, statement by statement, as the migrator runs it. */
async function runMigration(database: DatabaseHandle, file: string) {
  const migration = await readFile(path.join(migrationsFolder, file), 'utf8');
  for (const statement of migration.split('--> statement-breakpoint')) {
    await database.db.execute(sql.raw(statement));
  }
}

describe('the seeded names', () => {
  it('are all known in Chinese, for the console to show them in its language', async () => {
    const database = await openTestDatabase(inject('template'));
    try {
      const { db } = database;
      const seeded = [
        ...(await db.select({ name: t.depts.name }).from(t.depts)).map((row) => row.name),
        ...(await db.select({ name: t.jobs.name }).from(t.jobs)).map((row) => row.name),
        ...(await db.select({ name: t.roles.name, description: t.roles.description }).from(t.roles)).flatMap((row) => [
          row.name,
          row.description ?? '',
        ]),
        ...(await db.select({ description: t.dicts.description }).from(t.dicts)).map((row) => row.description ?? ''),
      ];
      expect(seeded.length).toBeGreaterThan(10);
      expect(seeded.filter((name) => !Object.hasOwn(SEEDED_NAMES_ZH, name))).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe('upgrading an existing database', () => {
  it('gives the seeded menus the icons both clients know, and keeps an icon someone chose', async () => {
    // A database as the previous release left it: the old seeded icons, and one changed by hand.
    const database = await openTestDatabase(inject('template'));
    try {
      const old: [string, string][] = [
        ['system/job/index', 'job'],
        ['monitor/online/index', 'online'],
        ['monitor/sql/index', 'sql'],
        ['tools/settings/index', 'settings'],
      ];
      for (const [component, icon] of old) {
        await database.db.update(t.menus).set({ icon }).where(eq(t.menus.component, component));
      }
      await database.db.update(t.menus).set({ icon: 'folder' }).where(eq(t.menus.component, 'tools/storage/index'));

      await runMigration(database, '0002_seeded-icons.sql');

      const rows = await database.db.select({ component: t.menus.component, icon: t.menus.icon }).from(t.menus);
      expect(Object.fromEntries(rows.map((menu) => [menu.component, menu.icon]))).toMatchObject({
        'system/job/index': 'Steve-Jobs',
        'monitor/online/index': 'web',
        'monitor/sql/index': 'sqlMonitor',
        'tools/settings/index': 'system1',
        'tools/storage/index': 'folder',
      });
    } finally {
      await database.close();
    }
  });

  it('adds the Operations page with its buttons under Tools, for the roles that edit the global settings, once', async () => {
    const database = await openTestDatabase(inject('template'));
    try {
      const { db } = database;
      // A database as the release before left it: no Operations page; a second role that edits the settings.
      const seeded = await db.select().from(t.menus).where(eq(t.menus.component, 'tools/operations/index'));
      await db.delete(t.menus).where(eq(t.menus.pid, seeded[0]!.id));
      await db.delete(t.menus).where(eq(t.menus.id, seeded[0]!.id));
      const [tools] = await db.select().from(t.menus).where(eq(t.menus.path, 'sys-tools'));
      await db
        .update(t.menus)
        .set({ subCount: tools!.subCount - 1 })
        .where(eq(t.menus.id, tools!.id));
      const [editor] = await db
        .insert(t.roles)
        .values({ name: 'Console editor', level: 3, dataScope: '本级' })
        .returning({ id: t.roles.id });
      const [settingEdit] = await db.select().from(t.menus).where(eq(t.menus.permission, 'setting:edit'));
      await db.insert(t.rolesMenus).values({ roleId: editor!.id, menuId: settingEdit!.id });

      await runMigration(database, '0004_operations-menu.sql');
      await runMigration(database, '0004_operations-menu.sql');

      const pages = await db.select().from(t.menus).where(eq(t.menus.component, 'tools/operations/index'));
      expect(pages).toHaveLength(1);
      const page = pages[0]!;
      expect(page).toMatchObject({ pid: tools!.id, type: 1, title: 'Operations', path: 'operations', icon: 'deploy' });
      expect(page.permission).toBe('deploy:list');
      const buttons = await db.select().from(t.menus).where(eq(t.menus.pid, page.id)).orderBy(asc(t.menus.menuSort));
      expect(buttons.map((button) => button.permission)).toEqual(['deploy:add', 'database:list', 'database:add']);
      expect(page.subCount).toBe(3);
      const [toolsAfter] = await db.select().from(t.menus).where(eq(t.menus.id, tools!.id));
      expect(toolsAfter!.subCount).toBe(tools!.subCount);

      const holders = await db
        .select({ role: t.roles.name })
        .from(t.rolesMenus)
        .innerJoin(t.roles, eq(t.roles.id, t.rolesMenus.roleId))
        .where(eq(t.rolesMenus.menuId, page.id));
      expect(holders.map((holder) => holder.role).sort()).toEqual(['Administrator', 'Console editor']);
      const grants = await db.select().from(t.rolesMenus).where(eq(t.rolesMenus.roleId, editor!.id));
      expect(grants).toHaveLength(1 + 1 + 3);
    } finally {
      await database.close();
    }
  });

  it('adds the Business directory with its pages and their buttons, for the roles that edit the settings, once', async () => {
    const database = await openTestDatabase(inject('template'));
    try {
      const { db } = database;
      // A database as the release before left it: no Business directory.
      const [directory] = await db.select().from(t.menus).where(eq(t.menus.path, 'business'));
      const pages = await db.select().from(t.menus).where(eq(t.menus.pid, directory!.id));
      for (const page of pages) await db.delete(t.menus).where(eq(t.menus.pid, page.id));
      await db.delete(t.menus).where(eq(t.menus.pid, directory!.id));
      await db.delete(t.menus).where(eq(t.menus.id, directory!.id));

      await runMigration(database, '0006_business-menu.sql');
      await runMigration(database, '0006_business-menu.sql');

      const [business, ...more] = await db.select().from(t.menus).where(eq(t.menus.path, 'business'));
      expect(more).toEqual([]);
      expect(business).toMatchObject({ pid: null, type: 0, title: 'Business', icon: 'shopping', subCount: 4 });
      const added = await db.select().from(t.menus).where(eq(t.menus.pid, business!.id)).orderBy(asc(t.menus.menuSort));
      expect(added.map((page) => [page.component, page.permission, page.subCount])).toEqual([
        ['business/agent/index', 'agent:list', 3],
        ['business/site/index', 'site:list', 3],
        ['business/machine/index', 'device:list', 3],
        ['business/model/index', 'device:list', 2],
      ]);
      const agents = added[0];
      const buttons = await db.select().from(t.menus).where(eq(t.menus.pid, agents!.id)).orderBy(asc(t.menus.menuSort));
      expect(buttons.map((button) => button.permission)).toEqual(['agent:add', 'agent:edit', 'agent:review']);
      const machineButtons = await db.select().from(t.menus).where(eq(t.menus.pid, added[2]!.id));
      expect(machineButtons.map((button) => button.permission).sort()).toEqual([
        'device:add',
        'device:allocate',
        'device:operate',
      ]);
      const holders = await db
        .select({ role: t.roles.name })
        .from(t.rolesMenus)
        .innerJoin(t.roles, eq(t.roles.id, t.rolesMenus.roleId))
        .where(eq(t.rolesMenus.menuId, agents!.id));
      expect(holders.map((holder) => holder.role)).toEqual(['Administrator']);
    } finally {
      await database.close();
    }
  });

  it('adds the sales pages under Business and the Agent manager and Finance roles to an installation without them, once', async () => {
    const database = await openTestDatabase(inject('template'));
    try {
      const { db } = database;
      // A database as the release before left it: no sales pages, no business roles.
      const components = [
        'business/policy/index',
        'business/alarm/index',
        'business/order/index',
        'business/refund/index',
      ];
      const old = await db.select().from(t.menus).where(inArray(t.menus.component, components));
      const [business] = await db.select().from(t.menus).where(eq(t.menus.path, 'business'));
      for (const page of old) await db.delete(t.menus).where(eq(t.menus.pid, page.id));
      await db.delete(t.menus).where(inArray(t.menus.component, components));
      await db.update(t.menus).set({ subCount: 4 }).where(eq(t.menus.id, business!.id));
      await db.delete(t.roles).where(inArray(t.roles.name, ['Agent manager', 'Finance']));

      await runMigration(database, '0010_business-sales-menu.sql');
      await runMigration(database, '0010_business-sales-menu.sql');

      const [directory] = await db.select().from(t.menus).where(eq(t.menus.id, business!.id));
      expect(directory?.subCount).toBe(8);
      const added = await db
        .select()
        .from(t.menus)
        .where(inArray(t.menus.component, components))
        .orderBy(asc(t.menus.menuSort));
      expect(added.map((page) => [page.component, page.permission, page.pid])).toEqual([
        ['business/policy/index', 'policy:list', business!.id],
        ['business/alarm/index', 'alarm:list', business!.id],
        ['business/order/index', 'order:list', business!.id],
        ['business/refund/index', 'refund:list', business!.id],
      ]);
      const buttons = await db
        .select({ permission: t.menus.permission })
        .from(t.menus)
        .where(
          inArray(
            t.menus.pid,
            added.map((page) => page.id),
          ),
        );
      expect(buttons.map((button) => button.permission).sort()).toEqual([
        'alarm:edit',
        'policy:add',
        'policy:del',
        'policy:edit',
        'refund:add',
        'refund:review',
      ]);
      const granted = async (role: string) =>
        (
          await db
            .select({ permission: t.menus.permission, title: t.menus.title })
            .from(t.rolesMenus)
            .innerJoin(t.roles, eq(t.roles.id, t.rolesMenus.roleId))
            .innerJoin(t.menus, eq(t.menus.id, t.rolesMenus.menuId))
            .where(eq(t.roles.name, role))
        ).map((row) => row.permission ?? row.title);
      expect((await granted('Administrator')).filter((p) => p.startsWith('refund:')).sort()).toEqual([
        'refund:add',
        'refund:list',
        'refund:review',
      ]);
      const finance = await granted('Finance');
      expect(finance.sort()).toEqual(['Business', 'order:list', 'refund:add', 'refund:list', 'refund:review'].sort());
      const manager = await granted('Agent manager');
      expect(manager).toEqual(expect.arrayContaining(['Business', 'agent:review', 'device:operate', 'order:list']));
      expect(manager).not.toContain('refund:review');
      const [role] = await db.select().from(t.roles).where(eq(t.roles.name, 'Agent manager'));
      expect(role).toMatchObject({ level: 3, dataScope: '本级及以下' });
    } finally {
      await database.close();
    }
  });

  it('adds the Members and Coupons pages and grants them to the business roles, once', async () => {
    const database = await openTestDatabase(inject('template'));
    try {
      const { db } = database;
      // A database as the release before left it: no Members or Coupons pages.
      const components = ['business/member/index', 'business/coupon/index'];
      const old = await db.select().from(t.menus).where(inArray(t.menus.component, components));
      const [business] = await db.select().from(t.menus).where(eq(t.menus.path, 'business'));
      for (const page of old) await db.delete(t.menus).where(eq(t.menus.pid, page.id));
      await db.delete(t.menus).where(inArray(t.menus.component, components));
      await db.update(t.menus).set({ subCount: 8 }).where(eq(t.menus.id, business!.id));

      await runMigration(database, '0012_coupons-menu.sql');
      await runMigration(database, '0012_coupons-menu.sql');

      const [directory] = await db.select().from(t.menus).where(eq(t.menus.id, business!.id));
      expect(directory?.subCount).toBe(10);
      const added = await db
        .select()
        .from(t.menus)
        .where(inArray(t.menus.component, components))
        .orderBy(asc(t.menus.menuSort));
      expect(added.map((page) => [page.component, page.permission, page.pid])).toEqual([
        ['business/member/index', 'member:list', business!.id],
        ['business/coupon/index', 'coupon:list', business!.id],
      ]);
      const granted = async (role: string) =>
        (
          await db
            .select({ permission: t.menus.permission })
            .from(t.rolesMenus)
            .innerJoin(t.roles, eq(t.roles.id, t.rolesMenus.roleId))
            .innerJoin(t.menus, eq(t.menus.id, t.rolesMenus.menuId))
            .where(eq(t.roles.name, role))
        ).map((row) => row.permission ?? '');
      const coupons = (permissions: string[]) =>
        permissions.filter((p) => p.startsWith('coupon:') || p.startsWith('member:')).sort();
      const all = ['coupon:add', 'coupon:del', 'coupon:edit', 'coupon:issue', 'coupon:list', 'member:list'];
      expect(coupons(await granted('Administrator'))).toEqual(all);
      expect(coupons(await granted('Agent manager'))).toEqual(all);
      expect(coupons(await granted('Finance'))).toEqual(['coupon:list']);
      expect(coupons(await granted('User'))).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('adds the Finance directory with Statements and Ledger and grants them to the business roles, once', async () => {
    const database = await openTestDatabase(inject('template'));
    try {
      const { db } = database;
      // A database as the release before left it: no Finance directory.
      const [finance] = await db.select().from(t.menus).where(eq(t.menus.path, 'finance'));
      const pages = await db.select().from(t.menus).where(eq(t.menus.pid, finance!.id));
      for (const page of pages) await db.delete(t.menus).where(eq(t.menus.pid, page.id));
      await db.delete(t.menus).where(eq(t.menus.pid, finance!.id));
      await db.delete(t.menus).where(eq(t.menus.id, finance!.id));

      await runMigration(database, '0020_finance-menu.sql');
      await runMigration(database, '0020_finance-menu.sql');

      const directories = await db.select().from(t.menus).where(eq(t.menus.path, 'finance'));
      expect(directories).toHaveLength(1);
      const added = await db
        .select()
        .from(t.menus)
        .where(eq(t.menus.pid, directories[0]!.id))
        .orderBy(asc(t.menus.menuSort));
      expect(added.map((page) => [page.component, page.permission])).toEqual([
        ['finance/statement/index', 'statement:list'],
        ['finance/ledger/index', 'ledger:list'],
      ]);
      expect(directories[0]?.subCount).toBe(2);
      const granted = async (role: string) =>
        (
          await db
            .select({ permission: t.menus.permission, title: t.menus.title })
            .from(t.rolesMenus)
            .innerJoin(t.roles, eq(t.roles.id, t.rolesMenus.roleId))
            .innerJoin(t.menus, eq(t.menus.id, t.rolesMenus.menuId))
            .where(eq(t.roles.name, role))
        ).map((row) => row.permission ?? row.title);
      const money = (permissions: string[]) =>
        permissions.filter((p) => /^(ledger|statement):|^Finance$/.test(p)).sort();
      expect(money(await granted('Administrator'))).toEqual([
        'Finance',
        'ledger:close',
        'ledger:list',
        'statement:list',
      ]);
      expect(money(await granted('Finance'))).toEqual(['Finance', 'ledger:close', 'ledger:list', 'statement:list']);
      expect(money(await granted('Agent manager'))).toEqual(['Finance', 'statement:list']);
      expect(money(await granted('User'))).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('adds the Reconciliation page with its buttons under Finance, for the settings editors and Finance, once', async () => {
    const database = await openTestDatabase(inject('template'));
    try {
      const { db } = database;
      // A database as the release before left it: the Finance directory without Reconciliation.
      const [page] = await db.select().from(t.menus).where(eq(t.menus.component, 'finance/reconciliation/index'));
      const [finance] = await db
        .select()
        .from(t.menus)
        .where(and(eq(t.menus.type, 0), eq(t.menus.path, 'finance')));
      await db.delete(t.menus).where(eq(t.menus.pid, page!.id));
      await db.delete(t.menus).where(eq(t.menus.id, page!.id));
      await db
        .update(t.menus)
        .set({ subCount: finance!.subCount - 1 })
        .where(eq(t.menus.id, finance!.id));

      await runMigration(database, '0024_reconciliation-menu.sql');
      await runMigration(database, '0024_reconciliation-menu.sql');

      const [directory] = await db.select().from(t.menus).where(eq(t.menus.id, finance!.id));
      expect(directory?.subCount).toBe(finance!.subCount);
      const added = await db.select().from(t.menus).where(eq(t.menus.component, 'finance/reconciliation/index'));
      expect(added.map((menu) => [menu.pid, menu.permission, menu.subCount])).toEqual([
        [finance!.id, 'reconcile:list', 2],
      ]);
      const granted = async (role: string) =>
        (
          await db
            .select({ permission: t.menus.permission })
            .from(t.rolesMenus)
            .innerJoin(t.roles, eq(t.roles.id, t.rolesMenus.roleId))
            .innerJoin(t.menus, eq(t.menus.id, t.rolesMenus.menuId))
            .where(eq(t.roles.name, role))
        )
          .map((row) => row.permission ?? '')
          .filter((permission) => permission.startsWith('reconcile:'))
          .sort();
      const all = ['reconcile:import', 'reconcile:list', 'reconcile:resolve'];
      expect(await granted('Administrator')).toEqual(all);
      expect(await granted('Finance')).toEqual(all);
      expect(await granted('Agent manager')).toEqual([]);
      expect(await granted('User')).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('adds the Water cards page under Finance with its buttons, for the settings editors and the business roles, once', async () => {
    const database = await openTestDatabase(inject('template'));
    try {
      const { db } = database;
      // A database as the release before left it: Finance without the Water cards page.
      const [finance] = await db
        .select()
        .from(t.menus)
        .where(and(eq(t.menus.path, 'finance'), eq(t.menus.type, 0)));
      const [page] = await db.select().from(t.menus).where(eq(t.menus.component, 'finance/card/index'));
      await db.delete(t.menus).where(eq(t.menus.pid, page!.id));
      await db.delete(t.menus).where(eq(t.menus.id, page!.id));
      await db
        .update(t.menus)
        .set({ subCount: finance!.subCount - 1 })
        .where(eq(t.menus.id, finance!.id));

      await runMigration(database, '0026_water-cards-menu.sql');
      await runMigration(database, '0026_water-cards-menu.sql');

      const [directory] = await db.select().from(t.menus).where(eq(t.menus.id, finance!.id));
      expect(directory?.subCount).toBe(finance!.subCount);
      const [added] = await db.select().from(t.menus).where(eq(t.menus.component, 'finance/card/index'));
      expect([added?.title, added?.permission, added?.pid]).toEqual(['Water cards', 'card:list', finance!.id]);
      const buttons = await db.select().from(t.menus).where(eq(t.menus.pid, added!.id)).orderBy(asc(t.menus.menuSort));
      expect(buttons.map((button) => button.permission)).toEqual(['card:add', 'card:topup', 'card:edit']);
      const granted = async (role: string) =>
        (
          await db
            .select({ permission: t.menus.permission })
            .from(t.rolesMenus)
            .innerJoin(t.roles, eq(t.roles.id, t.rolesMenus.roleId))
            .innerJoin(t.menus, eq(t.menus.id, t.rolesMenus.menuId))
            .where(eq(t.roles.name, role))
        )
          .map((row) => row.permission ?? '')
          .filter((permission) => permission.startsWith('card:'))
          .sort();
      const all = ['card:add', 'card:edit', 'card:list', 'card:topup'];
      expect(await granted('Administrator')).toEqual(all);
      expect(await granted('Agent manager')).toEqual(all);
      expect(await granted('Finance')).toEqual(['card:edit', 'card:list', 'card:topup']);
      expect(await granted('User')).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('adds the Machine: edit button to the Machines page for the roles that hold device:edit, once', async () => {
    const database = await openTestDatabase(inject('template'));
    try {
      const { db } = database;
      // A database as the release before left it: device:edit on the machine models' page only.
      const [page] = await db.select().from(t.menus).where(eq(t.menus.component, 'business/machine/index'));
      await db.delete(t.menus).where(and(eq(t.menus.pid, page!.id), eq(t.menus.permission, 'device:edit')));
      await db.update(t.menus).set({ subCount: 4 }).where(eq(t.menus.id, page!.id));
      const editor = await db.insert(t.roles).values({ name: 'Model editor', level: 3 }).returning({ id: t.roles.id });
      const [modelEdit] = await db
        .select()
        .from(t.menus)
        .where(and(eq(t.menus.permission, 'device:edit'), eq(t.menus.type, 2)));
      await db.insert(t.rolesMenus).values({ roleId: editor[0]!.id, menuId: modelEdit!.id });

      await runMigration(database, '0017_machine-edit-button.sql');
      await runMigration(database, '0017_machine-edit-button.sql');

      const buttons = await db.select().from(t.menus).where(eq(t.menus.pid, page!.id)).orderBy(asc(t.menus.menuSort));
      expect(buttons.map((button) => [button.title, button.permission])).toEqual([
        ['Machine: register', 'device:add'],
        ['Machine: allocate', 'device:allocate'],
        ['Machine: operate', 'device:operate'],
        ['Machine: command', 'device:command'],
        ['Machine: edit', 'device:edit'],
      ]);
      const [after] = await db.select().from(t.menus).where(eq(t.menus.id, page!.id));
      expect(after?.subCount).toBe(5);
      const holders = await db
        .select({ role: t.roles.name })
        .from(t.rolesMenus)
        .innerJoin(t.roles, eq(t.roles.id, t.rolesMenus.roleId))
        .where(eq(t.rolesMenus.menuId, buttons[4]!.id));
      expect(holders.map((holder) => holder.role).sort()).toEqual(['Administrator', 'Model editor']);
    } finally {
      await database.close();
    }
  });

  it('adds the Withdrawals page under Finance with its buttons, granted to the finance and agent roles, once', async () => {
    const database = await openTestDatabase(inject('template'));
    try {
      const { db } = database;
      // A database as the release before left it: Finance without the Withdrawals page.
      const [old] = await db.select().from(t.menus).where(eq(t.menus.component, 'finance/withdrawal/index'));
      await db.delete(t.menus).where(eq(t.menus.pid, old!.id));
      await db.delete(t.menus).where(eq(t.menus.id, old!.id));
      const [finance] = await db.select().from(t.menus).where(eq(t.menus.id, old!.pid!));
      await db
        .update(t.menus)
        .set({ subCount: finance!.subCount - 1 })
        .where(eq(t.menus.id, finance!.id));

      await runMigration(database, '0022_withdrawals-menu.sql');
      await runMigration(database, '0022_withdrawals-menu.sql');

      const [page, ...more] = await db.select().from(t.menus).where(eq(t.menus.component, 'finance/withdrawal/index'));
      expect(more).toEqual([]);
      expect(page).toMatchObject({ pid: finance!.id, type: 1, title: 'Withdrawals', permission: 'withdrawal:list' });
      const buttons = await db.select().from(t.menus).where(eq(t.menus.pid, page!.id)).orderBy(asc(t.menus.menuSort));
      expect(buttons.map((button) => button.permission)).toEqual([
        'withdrawal:add',
        'withdrawal:review',
        'withdrawal:pay',
      ]);
      expect(page!.subCount).toBe(3);
      const [after] = await db.select().from(t.menus).where(eq(t.menus.id, finance!.id));
      expect(after!.subCount).toBe(finance!.subCount);
      const granted = async (role: string) =>
        (
          await db
            .select({ permission: t.menus.permission })
            .from(t.rolesMenus)
            .innerJoin(t.roles, eq(t.roles.id, t.rolesMenus.roleId))
            .innerJoin(t.menus, eq(t.menus.id, t.rolesMenus.menuId))
            .where(eq(t.roles.name, role))
        )
          .map((row) => row.permission ?? '')
          .filter((permission) => permission.startsWith('withdrawal:'))
          .sort();
      const all = ['withdrawal:add', 'withdrawal:list', 'withdrawal:pay', 'withdrawal:review'];
      expect(await granted('Administrator')).toEqual(all);
      expect(await granted('Agent manager')).toEqual(['withdrawal:add', 'withdrawal:list']);
      expect(await granted('Finance')).toEqual(['withdrawal:list', 'withdrawal:pay', 'withdrawal:review']);
      expect(await granted('User')).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('adds the Machine: command button to the Machines page for the roles that run machines, once', async () => {
    const database = await openTestDatabase(inject('template'));
    try {
      const { db } = database;
      // A database as the release before left it: no device:command anywhere.
      const [page] = await db.select().from(t.menus).where(eq(t.menus.component, 'business/machine/index'));
      await db.delete(t.menus).where(eq(t.menus.permission, 'device:command'));
      await db.update(t.menus).set({ subCount: 4 }).where(eq(t.menus.id, page!.id));

      await runMigration(database, '0028_machine-command-button.sql');
      await runMigration(database, '0028_machine-command-button.sql');

      const buttons = await db
        .select()
        .from(t.menus)
        .where(and(eq(t.menus.pid, page!.id), eq(t.menus.permission, 'device:command')));
      expect(buttons.map((button) => [button.title, button.type])).toEqual([['Machine: command', 2]]);
      const [after] = await db.select().from(t.menus).where(eq(t.menus.id, page!.id));
      expect(after?.subCount).toBe(5);
      const holders = await db
        .select({ role: t.roles.name })
        .from(t.rolesMenus)
        .innerJoin(t.roles, eq(t.roles.id, t.rolesMenus.roleId))
        .where(eq(t.rolesMenus.menuId, buttons[0]!.id));
      expect(holders.map((holder) => holder.role).sort()).toEqual(['Administrator', 'Agent manager']);
    } finally {
      await database.close();
    }
  });

  it('adds the Firmware page under Business for the roles that edit machines, once', async () => {
    const database = await openTestDatabase(inject('template'));
    try {
      const { db } = database;
      // A database as the release before left it: no Firmware page.
      const [old] = await db.select().from(t.menus).where(eq(t.menus.permission, 'device:firmware'));
      await db.delete(t.menus).where(eq(t.menus.id, old!.id));
      const [business] = await db.select().from(t.menus).where(eq(t.menus.id, old!.pid!));
      await db
        .update(t.menus)
        .set({ subCount: business!.subCount - 1 })
        .where(eq(t.menus.id, business!.id));

      await runMigration(database, '0031_firmware-menu.sql');
      await runMigration(database, '0031_firmware-menu.sql');

      const [page, ...more] = await db.select().from(t.menus).where(eq(t.menus.permission, 'device:firmware'));
      expect(more).toEqual([]);
      expect(page).toMatchObject({
        pid: business!.id,
        type: 1,
        title: 'Firmware',
        path: 'firmware',
        component: 'business/firmware/index',
      });
      const [after] = await db.select().from(t.menus).where(eq(t.menus.id, business!.id));
      expect(after!.subCount).toBe(business!.subCount);
      const holders = await db
        .select({ role: t.roles.name })
        .from(t.rolesMenus)
        .innerJoin(t.roles, eq(t.roles.id, t.rolesMenus.roleId))
        .where(eq(t.rolesMenus.menuId, page!.id));
      expect(holders.map((holder) => holder.role)).toEqual(['Administrator']);
    } finally {
      await database.close();
    }
  });

  it('leaves a new, empty database to its seed', async () => {
    const database = await blankDatabase();
    try {
      for (const file of [
        '0004_operations-menu.sql',
        '0006_business-menu.sql',
        '0008_site-types.sql',
        '0010_business-sales-menu.sql',
        '0012_coupons-menu.sql',
        '0017_machine-edit-button.sql',
        '0020_finance-menu.sql',
        '0022_withdrawals-menu.sql',
        '0024_reconciliation-menu.sql',
        '0026_water-cards-menu.sql',
        '0028_machine-command-button.sql',
        '0031_firmware-menu.sql',
      ]) {
        await runMigration(database, file);
      }
      expect(await database.db.select().from(t.menus)).toEqual([]);
      expect(await database.db.select().from(t.dicts)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('adds the site_type dictionary to an installation without it, once', async () => {
    const database = await openTestDatabase(inject('template'));
    try {
      const { db } = database;
      await db.delete(t.dicts).where(eq(t.dicts.name, 'site_type'));
      await runMigration(database, '0008_site-types.sql');
      await runMigration(database, '0008_site-types.sql');
      const found = await db.select().from(t.dicts).where(eq(t.dicts.name, 'site_type'));
      expect(found).toHaveLength(1);
      const details = await db
        .select()
        .from(t.dictDetails)
        .where(eq(t.dictDetails.dictId, found[0]!.id))
        .orderBy(asc(t.dictDetails.dictSort));
      expect(details.map((detail) => detail.value)).toEqual(['RESIDENTIAL', 'SCHOOL', 'FACTORY', 'OFFICE', 'SHOP']);
    } finally {
      await database.close();
    }
  });
});

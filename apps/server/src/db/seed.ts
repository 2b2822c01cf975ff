import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { hashPassword } from '../lib/password.ts';
import { DEMO_NAMES, type DemoLanguage } from '../simulator/demo-names.ts';
import type { Database } from './client.ts';
import * as t from './schema.ts';
import {
  type SeedDept,
  type SeedMenu,
  seedBusinessRoles,
  seedDepts,
  seedDicts,
  seedJobs,
  seedMenus,
} from './seed-data.ts';

export interface SeedOptions {
  adminPassword: string | undefined;
  seedDemo: boolean;
  /** The language the demo user is named in (English unless told). */
  demoLanguage?: DemoLanguage;
  defaultUserPassword: string;
}

export interface SeedResult {
  /** The admin password when it was generated here, to be shown once. */
  generatedAdminPassword?: string;
}

const SEEDER = 'system';

/** Fills an empty database; does nothing when users already exist. */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedResult> {
  const [existing] = await db.select({ n: count() }).from(t.users);
  if ((existing?.n ?? 0) > 0) return {};

  const generated = options.adminPassword === undefined ? randomBytes(12).toString('base64url') : undefined;
  const adminPassword = options.adminPassword ?? (generated as string);

  await db.transaction(async (tx) => {
    const deptIds = new Map<string, number>();
    const insertDepts = async (list: SeedDept[], pid: number | null) => {
      for (const [index, dept] of list.entries()) {
        const [row] = await tx
          .insert(t.depts)
          .values({ pid, name: dept.name, deptSort: index + 1, subCount: dept.children?.length ?? 0, createBy: SEEDER })
          .returning({ id: t.depts.id });
        deptIds.set(dept.name, row!.id);
        if (dept.children) await insertDepts(dept.children, row!.id);
      }
    };
    await insertDepts(seedDepts, null);

    const jobRows = await tx
      .insert(t.jobs)
      .values(seedJobs.map((name, index) => ({ name, jobSort: index + 1, createBy: SEEDER })))
      .returning({ id: t.jobs.id, name: t.jobs.name });

    const allMenuIds: number[] = [];
    const seededMenus: { id: number; pid: number | null; permission?: string }[] = [];
    const userMenuIds: number[] = [];
    const insertMenus = async (list: SeedMenu[], pid: number | null, inheritedForUsers: boolean) => {
      for (const [index, menu] of list.entries()) {
        const [row] = await tx
          .insert(t.menus)
          .values({
            pid,
            type: menu.type,
            title: menu.title,
            path: menu.path,
            component: menu.component,
            componentName: menu.componentName,
            icon: menu.icon,
            permission: menu.permission,
            cache: menu.cache ?? false,
            menuSort: index + 1,
            subCount: menu.children?.length ?? 0,
            createBy: SEEDER,
          })
          .returning({ id: t.menus.id });
        allMenuIds.push(row!.id);
        seededMenus.push({ id: row!.id, pid, permission: menu.permission });
        // Buttons under a menu the User role sees are not granted: that role only reads.
        const forUsers = menu.type === 2 ? false : (menu.forUsers ?? inheritedForUsers);
        if (forUsers) userMenuIds.push(row!.id);
        if (menu.children) await insertMenus(menu.children, row!.id, false);
      }
    };
    await insertMenus(seedMenus, null, false);

    const [adminRole, userRole] = await tx
      .insert(t.roles)
      .values([
        { name: 'Administrator', level: 1, dataScope: '全部', description: 'Can do everything', createBy: SEEDER },
        {
          name: 'User',
          level: 2,
          dataScope: '本级',
          description: 'Reads the data of their own department',
          createBy: SEEDER,
        },
      ])
      .returning({ id: t.roles.id });
    await tx.insert(t.rolesMenus).values(allMenuIds.map((menuId) => ({ roleId: adminRole!.id, menuId })));
    await tx.insert(t.rolesMenus).values(userMenuIds.map((menuId) => ({ roleId: userRole!.id, menuId })));
    for (const role of seedBusinessRoles) {
      const [row] = await tx
        .insert(t.roles)
        .values({
          name: role.name,
          level: role.level,
          dataScope: role.dataScope,
          description: role.description,
          createBy: SEEDER,
        })
        .returning({ id: t.roles.id });
      // Each menu of its permissions, and the pages and directories above it.
      const granted = new Set<number>();
      const grant = (id: number | null) => {
        for (let next = id; next !== null && !granted.has(next); ) {
          granted.add(next);
          next = seededMenus.find((menu) => menu.id === next)?.pid ?? null;
        }
      };
      for (const menu of seededMenus) if (menu.permission && role.permissions.includes(menu.permission)) grant(menu.id);
      await tx.insert(t.rolesMenus).values([...granted].map((menuId) => ({ roleId: row!.id, menuId })));
    }

    for (const dict of seedDicts) {
      const [row] = await tx
        .insert(t.dicts)
        .values({ name: dict.name, description: dict.description, createBy: SEEDER })
        .returning({ id: t.dicts.id });
      await tx.insert(t.dictDetails).values(
        dict.details.map(([label, value], index) => ({
          dictId: row!.id,
          label,
          value,
          dictSort: index + 1,
          createBy: SEEDER,
        })),
      );
    }

    const now = new Date();
    const [admin] = await tx
      .insert(t.users)
      .values({
        username: 'admin',
        nickName: 'Administrator',
        gender: '男',
        deptId: deptIds.get('R&D'),
        passwordHash: await hashPassword(adminPassword),
        isAdmin: true,
        pwdResetTime: now,
        createBy: SEEDER,
      })
      .returning({ id: t.users.id });
    await tx.insert(t.usersRoles).values({ userId: admin!.id, roleId: adminRole!.id });
    const engineer = jobRows.find((job) => job.name === 'Engineer');
    if (engineer) await tx.insert(t.usersJobs).values({ userId: admin!.id, jobId: engineer.id });

    if (options.seedDemo) {
      const [demo] = await tx
        .insert(t.users)
        .values({
          username: 'test',
          nickName: DEMO_NAMES[options.demoLanguage ?? 'en'].demoUser,
          gender: '女',
          deptId: deptIds.get('Sales'),
          passwordHash: await hashPassword(options.defaultUserPassword),
          pwdResetTime: now,
          createBy: SEEDER,
        })
        .returning({ id: t.users.id });
      await tx.insert(t.usersRoles).values({ userId: demo!.id, roleId: userRole!.id });
    }
  });

  return { generatedAdminPassword: generated };
}

import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  depts,
  dictDetails,
  dicts,
  jobs,
  machineModels,
  machines,
  menus,
  roles,
  sites,
  users,
} from '../src/db/schema.ts';
import { deptsRepository } from '../src/modules/depts/depts.repository.ts';
import { dictsRepository } from '../src/modules/dicts/dicts.repository.ts';
import { machinesRepository } from '../src/modules/machines/machines.repository.ts';
import { menusRepository } from '../src/modules/menus/menus.repository.ts';
import { rolesRepository } from '../src/modules/roles/roles.repository.ts';
import { sitesRepository } from '../src/modules/sites/sites.repository.ts';
import { deptId, menuIdsFor, roleId, userBody, userRow } from '../src/modules/users/test-fixtures.ts';
import { usersRepository } from '../src/modules/users/users.repository.ts';
import { activeAgent, machineModel, siteOf, unique } from './business-fixtures.ts';
import { uploadAs } from './file-fixtures.ts';
import { type Caller, useTestApp } from './test-app.ts';

/**
 * Runs `meanwhile` once, just before the repository's `method` writes: what a request that won
 * the race did between the service's checks and its write. It runs on what the write runs on (the
 * database, or the unit of work the write is part of, where a committed change of another request
 * would be seen the same way), so it is deterministic on either engine.
 */
function raceBefore<R extends object>(
  repository: R,
  method: keyof R & string,
  meanwhile: (db: Database) => Promise<unknown>,
) {
  const write = repository[method] as (...args: unknown[]) => unknown;
  vi.spyOn(repository, method as never).mockImplementationOnce((async (...args: unknown[]) => {
    // Every repository function takes the database or the caller's unit of work first.
    await meanwhile(args[0] as Database);
    return write.apply(repository, args);
  }) as never);
}

/** A response's error body, or its bare status when it has no body (a 204 that should not have been). */
const answerOf = (response: { statusCode: number; body: string; json(): unknown }) =>
  response.body ? response.json() : { status: response.statusCode };

/** The answer of a request that lost a race: a 404 or 409 in the error format, never a 500. */
const lost = (status: 404 | 409, message: RegExp) => ({
  status,
  message: expect.stringMatching(message),
  timestamp: expect.any(Number),
  code: status === 404 ? 'NOT_FOUND' : 'STATE_CONFLICT',
});

describe('writes that lose a race answer 404 or 409, never 500', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  const db = () => ctx.t.database.db;
  let salesId: number;
  let userRoleId: number;

  afterEach(() => vi.restoreAllMocks());

  beforeAll(async () => {
    salesId = await deptId(ctx.t, 'Sales');
    userRoleId = await roleId(ctx.t, 'User');
  });

  const newUser = async (overrides: Record<string, unknown> = {}) => {
    const body = userBody(salesId, userRoleId, overrides);
    const created = await admin('POST', '/api/users', body);
    expect(created.statusCode, created.body).toBe(201);
    return { ...body, id: (await userRow(ctx.t, body.username)).id };
  };

  describe('users', () => {
    it('answers 404 to an update of a user deleted meanwhile', async () => {
      const user = await newUser();
      raceBefore(usersRepository, 'update', (exec) => exec.delete(users).where(eq(users.id, user.id)));
      const answer = await admin('PUT', '/api/users', { ...user, nickName: 'Renamed' });
      expect(answerOf(answer)).toEqual(lost(404, new RegExp(`^No user with id ${user.id}$`)));
      expect(answer.statusCode).toBe(404);
    });

    it('answers 409 to an update granting a job deleted meanwhile, changing nothing', async () => {
      const user = await newUser();
      const [job] = await db()
        .insert(jobs)
        .values({ name: unique('Job ') })
        .returning({ id: jobs.id });
      raceBefore(usersRepository, 'update', (exec) => exec.delete(jobs).where(eq(jobs.id, job!.id)));
      const answer = await admin('PUT', '/api/users', { ...user, nickName: 'Renamed', jobs: [{ id: job!.id }] });
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answerOf(answer)).toEqual(lost(409, /job .*removed meanwhile/));
      expect((await userRow(ctx.t, user.username)).nickName).toBe(user.nickName);
    });

    it('says so in the console’s language when what a write refers to was deleted meanwhile', async () => {
      const user = await newUser();
      const [job] = await db()
        .insert(jobs)
        .values({ name: unique('Job ') })
        .returning({ id: jobs.id });
      raceBefore(usersRepository, 'update', (exec) => exec.delete(jobs).where(eq(jobs.id, job!.id)));
      const answer = await admin(
        'PUT',
        '/api/users',
        { ...user, nickName: 'Renamed', jobs: [{ id: job!.id }] },
        { 'accept-language': 'zh-CN' },
      );
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().message).toBe(`岗位 ${job!.id}刚被删除，请刷新后重试`);
    });

    it('answers only 2xx, 404 or 409 when updates and deletes of one user race', async () => {
      const statuses = new Set<number>();
      for (let round = 0; round < 8; round++) {
        const user = await newUser();
        const [updated, deleted] = await Promise.all([
          admin('PUT', '/api/users', { ...user, nickName: 'Raced' }),
          admin('DELETE', '/api/users', [user.id]),
        ]);
        statuses.add(updated.statusCode).add(deleted.statusCode);
      }
      expect([...statuses].filter((status) => ![200, 204, 404, 409].includes(status))).toEqual([]);
    });
  });

  describe('roles', () => {
    const newRole = async () => {
      const name = unique('Role ');
      const created = await admin('POST', '/api/roles', { name, level: 3, dataScope: '本级' });
      expect(created.statusCode, created.body).toBe(201);
      return { name, id: await roleId(ctx.t, name) };
    };

    it('answers 404 to an update or a change of menus of a role deleted meanwhile', async () => {
      const menuIds = await menuIdsFor(ctx.t, ['job:list']);
      const role = await newRole();
      raceBefore(rolesRepository, 'update', (exec) => exec.delete(roles).where(eq(roles.id, role.id)));
      const updated = await admin('PUT', '/api/roles', {
        id: role.id,
        name: role.name,
        level: 3,
        dataScope: '本级',
        menus: menuIds,
      });
      expect(answerOf(updated)).toEqual(lost(404, new RegExp(`^No role with id ${role.id}$`)));

      const other = await newRole();
      raceBefore(rolesRepository, 'setMenus', (exec) => exec.delete(roles).where(eq(roles.id, other.id)));
      const menusSet = await admin('PUT', '/api/roles/menu', { id: other.id, menus: menuIds });
      expect(answerOf(menusSet)).toEqual(lost(404, new RegExp(`^No role with id ${other.id}$`)));
    });

    it('answers 409 to a role given a menu deleted meanwhile', async () => {
      const role = await newRole();
      const [menu] = await db()
        .insert(menus)
        .values({ type: 2, title: unique('Button '), permission: 'race:button' })
        .returning({ id: menus.id });
      raceBefore(rolesRepository, 'setMenus', (exec) => exec.delete(menus).where(eq(menus.id, menu!.id)));
      const answer = await admin('PUT', '/api/roles/menu', { id: role.id, menus: [{ id: menu!.id }] });
      expect(answerOf(answer)).toEqual(lost(409, /menu .*removed meanwhile/));
    });
  });

  describe('departments, menus, dictionaries and sites', () => {
    it('answers 404 to an update of a department deleted meanwhile', async () => {
      const [dept] = await db()
        .insert(depts)
        .values({ name: unique('Dept '), pid: salesId })
        .returning({ id: depts.id });
      raceBefore(deptsRepository, 'update', (exec) => exec.delete(depts).where(eq(depts.id, dept!.id)));
      const answer = await admin('PUT', '/api/dept', { id: dept!.id, name: 'Renamed' });
      expect(answerOf(answer)).toEqual(lost(404, new RegExp(`^No department with id ${dept!.id}$`)));
    });

    it('answers 404 to an update of a menu deleted meanwhile', async () => {
      const [menu] = await db()
        .insert(menus)
        .values({ type: 0, title: unique('Directory '), path: unique('dir') })
        .returning();
      raceBefore(menusRepository, 'update', (exec) => exec.delete(menus).where(eq(menus.id, menu!.id)));
      const answer = await admin('PUT', '/api/menus', {
        id: menu!.id,
        type: 0,
        title: 'Renamed',
        path: menu!.path,
      });
      expect(answerOf(answer)).toEqual(lost(404, new RegExp(`^No menu with id ${menu!.id}$`)));
    });

    it('answers 404 to an update of a dictionary entry deleted meanwhile', async () => {
      const [dict] = await db().select({ id: dicts.id }).from(dicts).limit(1);
      const [entry] = await db()
        .insert(dictDetails)
        .values({ dictId: dict!.id, label: 'Race', value: unique('race') })
        .returning();
      raceBefore(dictsRepository, 'updateDetail', (exec) =>
        exec.delete(dictDetails).where(eq(dictDetails.id, entry!.id)),
      );
      const answer = await admin('PUT', '/api/dictDetail', {
        id: entry!.id,
        label: entry!.label,
        value: entry!.value,
        dictSort: entry!.dictSort,
        dict: { id: entry!.dictId },
      });
      expect(answerOf(answer)).toEqual(lost(404, new RegExp(`^No dictionary entry with id ${entry!.id}$`)));
    });

    it('answers 404 to an update of a site deleted meanwhile', async () => {
      const agent = await activeAgent(admin, unique('Site race '));
      const site = await siteOf(admin, agent.id);
      raceBefore(sitesRepository, 'update', (exec) => exec.delete(sites).where(eq(sites.id, site.id)));
      const answer = await admin('PUT', '/api/sites', {
        id: site.id,
        agentId: agent.id,
        name: 'Renamed',
        type: 'SCHOOL',
        address: '1 School Road',
        feeType: 'RENT',
        feeValue: 0,
      });
      expect(answerOf(answer)).toEqual(lost(404, new RegExp(`^No site with id ${site.id}$`)));
    });
  });

  describe('machines and their models', () => {
    const deleteModel = (id: number) => (exec: Database) => exec.delete(machineModels).where(eq(machineModels.id, id));

    it('answers 404 to an update of a model deleted meanwhile', async () => {
      const model = await machineModel(admin);
      const [row] = await db().select().from(machineModels).where(eq(machineModels.id, model.id));
      raceBefore(machinesRepository, 'updateModel', deleteModel(model.id));
      const { createBy: _by, updateBy: _updateBy, createTime: _at, updateTime: _updated, ...fields } = row!;
      const answer = await admin('PUT', '/api/machine-models', { ...fields, name: 'Renamed' });
      expect(answerOf(answer)).toEqual(lost(404, new RegExp(`^No machine model with id ${model.id}$`)));
    });

    it('answers 409 to a machine registered with a model deleted meanwhile', async () => {
      const model = await machineModel(admin);
      raceBefore(machinesRepository, 'insertMachine', deleteModel(model.id));
      const answer = await admin('POST', '/api/machines', { serialNo: unique('WM'), modelId: model.id });
      expect(answerOf(answer)).toEqual(
        lost(409, new RegExp(`^The machine model ${model.id} was removed meanwhile; look again and retry$`)),
      );
    });

    it('answers 409 to an import whose model was deleted meanwhile, registering nothing', async () => {
      const model = await machineModel(admin);
      const [{ code }] = (await db()
        .select({ code: machineModels.code })
        .from(machineModels)
        .where(eq(machineModels.id, model.id))) as [{ code: string }];
      const serialNo = unique('WM');
      raceBefore(machinesRepository, 'insertMachines', deleteModel(model.id));
      const csv = Buffer.from(`Serial number,Model code\n${serialNo},${code}\n`);
      const answer = await uploadAs(ctx.t, ctx.adminToken, '/api/machines/import', 'machines.csv', csv);
      expect(answerOf(answer)).toEqual(lost(409, /machine model .*removed meanwhile/));
      expect(await db().select().from(machines).where(eq(machines.serialNo, serialNo))).toEqual([]);
    });

    it('answers 409 to the deletion of a model a machine was registered with meanwhile', async () => {
      const model = await machineModel(admin);
      raceBefore(machinesRepository, 'deleteModels', (exec) =>
        exec.insert(machines).values({ serialNo: unique('WM'), stickerCode: unique('ST'), modelId: model.id }),
      );
      const answer = await admin('DELETE', '/api/machine-models', [model.id]);
      expect(answerOf(answer)).toEqual(
        lost(409, new RegExp(`^The machine model ${model.id} is still used by a machine; it stays$`)),
      );
    });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { activeAgent, machineModel, siteOf, staffOf, unique } from '../../../test/business-fixtures.ts';
import { type Caller, callerFor, tokenOf, useTestApp } from '../../../test/test-app.ts';
import { menuIdsFor, roleId, userBody } from '../users/test-fixtures.ts';

interface MachineAnswer {
  id: number;
  serialNo: string;
  stickerCode: string;
  modelId: number;
  imei: string | null;
  iccid: string | null;
  warrantyEnd: string | null;
  lifecycle: string;
}

const zh = { 'accept-language': 'zh-CN' };

describe('correcting a machine', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let modelId: number;
  let otherModelId: number;
  let north: { id: number; deptId: number };
  let south: { id: number; deptId: number };
  /** Holds device:list and device:edit, over the north agent's subtree. */
  let northEditor: Caller;

  const registered = async () => {
    const made = await admin('POST', '/api/machines', { serialNo: unique('WE'), modelId });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().machine as MachineAnswer;
  };
  const heldBy = async (agentId: number) => {
    const machine = await registered();
    const moved = await admin('POST', '/api/machines/allocate', { machineIds: [machine.id], agentId });
    expect(moved.statusCode, moved.body).toBe(200);
    return machine;
  };
  const fields = (machine: MachineAnswer, changes: Record<string, unknown> = {}) => ({
    stickerCode: machine.stickerCode,
    modelId: machine.modelId,
    imei: machine.imei,
    iccid: machine.iccid,
    warrantyEnd: machine.warrantyEnd,
    ...changes,
  });

  beforeAll(async () => {
    modelId = (await machineModel(admin)).id;
    otherModelId = (await machineModel(admin)).id;
    north = await activeAgent(admin, unique('North '), { quota: 20 });
    south = await activeAgent(admin, unique('South '), { quota: 20 });
    const menus = await menuIdsFor(ctx.t, ['device:list', 'device:edit']);
    const role = unique('Machine editor ');
    const made = await admin('POST', '/api/roles', { name: role, level: 3, dataScope: '本级及以下', menus });
    expect(made.statusCode, made.body).toBe(201);
    const body = userBody(north.deptId, await roleId(ctx.t, role), { password: 'Editor-pass-1' });
    expect((await admin('POST', '/api/users', body)).statusCode).toBe(201);
    northEditor = callerFor(ctx.t, await tokenOf(ctx.t, body.username, 'Editor-pass-1'));
  });

  it('changes its sticker code, model, IMEI, ICCID and warranty end, and answers it as it now is', async () => {
    const machine = await registered();
    const sticker = unique('ST');
    const answer = await admin(
      'PUT',
      `/api/machines/${machine.id}`,
      fields(machine, {
        stickerCode: sticker,
        modelId: otherModelId,
        imei: '861234567890123',
        iccid: '89860012345678901234',
        warrantyEnd: '2030-06-30',
      }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const expected = {
      id: machine.id,
      serialNo: machine.serialNo,
      stickerCode: sticker,
      modelId: otherModelId,
      imei: '861234567890123',
      iccid: '89860012345678901234',
      warrantyEnd: '2030-06-30',
      lifecycle: 'IN_STOCK',
    };
    expect(answer.json()).toMatchObject(expected);
    expect((await admin('GET', `/api/machines/${machine.id}`)).json()).toMatchObject(expected);

    const cleared = await admin(
      'PUT',
      `/api/machines/${machine.id}`,
      fields(answer.json(), { stickerCode: machine.serialNo, imei: null, iccid: null, warrantyEnd: null }),
    );
    expect(cleared.json()).toMatchObject({ stickerCode: machine.serialNo, imei: null, iccid: null, warrantyEnd: null });
  });

  it('names the field at fault: a code another machine has, an unknown model, malformed numbers, a date that is not one', async () => {
    const machine = await registered();
    const other = await registered();
    const put = (changes: Record<string, unknown>) =>
      admin('PUT', `/api/machines/${machine.id}`, fields(machine, changes));
    const refused = async (changes: Record<string, unknown>) => {
      const answer = await put(changes);
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().errors[0];
    };
    expect(await refused({ stickerCode: other.serialNo.toLowerCase() })).toMatchObject({
      field: 'stickerCode',
      code: 'taken',
    });
    expect(await refused({ modelId: 999_999 })).toMatchObject({ field: 'modelId', code: 'unknown_reference' });
    expect(await refused({ imei: '12' })).toMatchObject({ field: 'imei', code: 'format' });
    expect(await refused({ iccid: 'abc' })).toMatchObject({ field: 'iccid', code: 'format' });
    expect(await refused({ warrantyEnd: '2030-02-30' })).toMatchObject({ field: 'warrantyEnd', code: 'format' });
    const missing = await admin('PUT', `/api/machines/${machine.id}`, { stickerCode: machine.stickerCode });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ code: 'required' });
    expect((await admin('GET', `/api/machines/${machine.id}`)).json()).toMatchObject(fields(machine));
  });

  it('reaches only the machines the caller sees, and no machine for a user without the permission', async () => {
    const own = await heldBy(north.id);
    const foreign = await heldBy(south.id);
    const stock = await registered();
    const sticker = unique('NS');
    const done = await northEditor('PUT', `/api/machines/${own.id}`, fields(own, { stickerCode: sticker }));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().stickerCode).toBe(sticker);
    for (const unseen of [foreign, stock]) {
      const answer = await northEditor(
        'PUT',
        `/api/machines/${unseen.id}`,
        fields(unseen, { imei: '861234567890123' }),
      );
      expect(answer.statusCode, answer.body).toBe(404);
      expect((await admin('GET', `/api/machines/${unseen.id}`)).json().imei).toBeNull();
    }
    expect((await admin('PUT', '/api/machines/999999', fields(own))).statusCode).toBe(404);

    const manager = await staffOf(ctx.t, admin, north.deptId, 'Agent manager');
    expect((await manager('PUT', `/api/machines/${own.id}`, fields(own))).statusCode).toBe(403);
  });

  it('leaves a scrapped machine as it was, saying so in the console’s language', async () => {
    const machine = await heldBy(north.id);
    const site = await siteOf(admin, north.id);
    for (const body of [{ action: 'INSTALL', siteId: site.id }, { action: 'RETIRE' }, { action: 'SCRAP' }]) {
      const moved = await admin('PUT', `/api/machines/${machine.id}/lifecycle`, body);
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const answer = await admin('PUT', `/api/machines/${machine.id}`, fields(machine, { imei: '861234567890123' }), zh);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'STATE_CONFLICT', state: 'SCRAPPED', event: 'EDIT' });
    expect(answer.json().message).toContain('「已报废」');
    expect((await admin('GET', `/api/machines/${machine.id}`)).json().imei).toBeNull();
  });

  it('lists where a machine may be installed (its agent’s open sites) to staff who may operate it, without the sites page', async () => {
    const east = await activeAgent(admin, unique('East '), { quota: 5 });
    const machine = await heldBy(east.id);
    const open = await siteOf(admin, east.id);
    const closed = await siteOf(admin, east.id);
    const full = (await admin('GET', `/api/sites?blurry=${encodeURIComponent(closed.name)}`)).json().content[0];
    const closing = await admin('PUT', '/api/sites', { ...full, status: 'CLOSED' });
    expect(closing.statusCode, closing.body).toBe(204);
    await siteOf(admin, south.id);
    const menus = await menuIdsFor(ctx.t, ['device:list', 'device:operate']);
    const role = unique('Technician ');
    await admin('POST', '/api/roles', { name: role, level: 3, dataScope: '本级及以下', menus });
    const body = userBody(east.deptId, await roleId(ctx.t, role), { password: 'Techie-pass-1' });
    expect((await admin('POST', '/api/users', body)).statusCode).toBe(201);
    const technician = callerFor(ctx.t, await tokenOf(ctx.t, body.username, 'Techie-pass-1'));

    const answer = await technician('GET', `/api/machines/${machine.id}/install-sites`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual([{ id: open.id, name: open.name, address: '1 School Road' }]);
    expect((await technician('GET', '/api/sites')).statusCode).toBe(403);
    const foreign = await heldBy(south.id);
    expect((await technician('GET', `/api/machines/${foreign.id}/install-sites`)).statusCode).toBe(404);
    expect((await admin('GET', `/api/machines/${(await registered()).id}/install-sites`)).json()).toEqual([]);
  });

  it('leaves restocking and scrapping to the company’s staff, saying so in the console’s language', async () => {
    const machine = await heldBy(north.id);
    const site = await siteOf(admin, north.id);
    const manager = await staffOf(ctx.t, admin, north.deptId, 'Agent manager', 'Manager-pass-2');
    for (const body of [{ action: 'INSTALL', siteId: site.id }, { action: 'RETIRE' }]) {
      expect((await manager('PUT', `/api/machines/${machine.id}/lifecycle`, body)).statusCode).toBe(200);
    }
    const refused = await manager('PUT', `/api/machines/${machine.id}/lifecycle`, { action: 'RESTOCK' }, zh);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('只有数据范围不受限的员工才能将设备退回公司库存或报废');
    expect((await admin('GET', `/api/machines/${machine.id}`)).json().lifecycle).toBe('RETIRED');
  });
});

import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeAgent, siteOf } from '../../../test/business-fixtures.ts';
import { uploadAs } from '../../../test/file-fixtures.ts';
import { type Caller, callerFor, DEFAULT_USER_PASSWORD, tokenOf, useTestApp } from '../../../test/test-app.ts';
import { signingKeyOf } from '../gateway/gateway-signing.ts';
import { menuIdsFor, roleId, userBody } from '../users/test-fixtures.ts';
import { machines } from './machines.schema.ts';

interface MachineItem {
  id: number;
  serialNo: string;
  stickerCode: string;
  lifecycle: string;
  agentId: number | null;
  agentName: string | null;
}

describe('machines API', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let modelId: number;
  let serials = 0;
  const serial = () => `WM${Date.now().toString(36).toUpperCase()}${String(++serials).padStart(3, '0')}`;

  const register = async (overrides: Record<string, unknown> = {}) => {
    const response = await admin('POST', '/api/machines', { serialNo: serial(), modelId, ...overrides });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { machine: MachineItem; secret: string };
  };
  const machine = async (id: number) => (await admin('GET', `/api/machines/${id}`)).json() as MachineItem;
  const quotaUsed = async (agentId: number) =>
    (await admin('GET', `/api/agents/${agentId}`)).json().quotaUsed as number;

  beforeAll(async () => {
    const created = await admin('POST', '/api/machine-models', {
      code: 'RO-400',
      name: 'Reverse osmosis, 400 G',
      taps: 2,
      waterTypes: 'COLD,HOT',
      tankLitres: 60,
      outputLph: 60,
      billing: 'FLOW',
      pulsesPerLitre: 450,
    });
    expect(created.statusCode, created.body).toBe(201);
    modelId = (await admin('GET', '/api/machine-models?blurry=RO-400')).json().content[0].id;
  });

  it('registers a machine into stock and answers its secret once, keeping only a key derived from it', async () => {
    const sn = serial();
    const { machine: registered, secret } = await register({ serialNo: sn, imei: '861234567890123' });
    expect(registered).toMatchObject({
      serialNo: sn,
      // A sticker code of its own, random: not the (often sequential) serial number.
      stickerCode: expect.stringMatching(/^[2-9A-HJKMNP-Z]{8}$/),
      lifecycle: 'IN_STOCK',
      agentId: null,
      online: false,
    });
    expect(secret).toMatch(/^[\w-]{32}$/);
    const [row] = await ctx.t.database.db.select().from(machines).where(eq(machines.id, registered.id));
    expect(row?.secretHash).toBe(signingKeyOf(secret));
    expect(JSON.stringify(await machine(registered.id))).not.toContain(secret);

    const { machine: next } = await register({ serialNo: serial() });
    expect(next.stickerCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(next.stickerCode).not.toBe(registered.stickerCode);

    const again = await admin('POST', '/api/machines', { serialNo: sn.toLowerCase(), modelId });
    expect(again.json().errors[0]).toMatchObject({ field: 'serialNo', code: 'taken' });
    const badModel = await admin('POST', '/api/machines', { serialNo: serial(), modelId: 99999 });
    expect(badModel.json().errors[0]).toMatchObject({ field: 'modelId', code: 'unknown_reference' });
    const badImei = await admin('POST', '/api/machines', { serialNo: serial(), modelId, imei: '12' });
    expect(badImei.json().errors[0].field).toBe('imei');
    expect((await admin('GET', '/api/machine-models?blurry=RO-400')).json().content[0].machines).toBeGreaterThan(0);
    const inUse = await admin('DELETE', '/api/machine-models', [modelId]);
    expect(inUse.json().message).toBe('Machines are of "RO-400": a model in use stays');
  });

  describe('allocation between agents', () => {
    let province: { id: number; deptId: number; name: string };
    let city: { id: number; deptId: number; name: string };
    let other: { id: number; deptId: number; name: string };
    let manager: Caller;

    beforeAll(async () => {
      const hq = await activeAgent(admin, `HQ ${serial()}`, { parentId: null, level: 'PLATFORM', quota: 1000 });
      province = await activeAgent(admin, `Province ${serial()}`, { parentId: hq.id, level: 'PROVINCE', quota: 3 });
      city = await activeAgent(admin, `City ${serial()}`, { parentId: province.id, level: 'CITY', quota: 1 });
      other = await activeAgent(admin, `Other ${serial()}`, { parentId: hq.id, level: 'PROVINCE', quota: 10 });
      // The seeded buttons that carry these permissions.
      const menus = await menuIdsFor(ctx.t, ['device:list', 'device:allocate']);
      await admin('POST', '/api/roles', { name: 'Machine keeper', level: 3, dataScope: '本级及以下', menus });
      const body = userBody(province.deptId, await roleId(ctx.t, 'Machine keeper'), { password: 'Keeper-pass-1' });
      expect((await admin('POST', '/api/users', body)).statusCode).toBe(201);
      manager = callerFor(ctx.t, await tokenOf(ctx.t, body.username, 'Keeper-pass-1'));
    });

    it('allocates from stock within the quota, all or nothing, and logs each machine in one batch', async () => {
      const ids = [];
      for (let i = 0; i < 4; i++) ids.push((await register()).machine.id);
      const over = await admin('POST', '/api/machines/allocate', { machineIds: ids, agentId: province.id });
      expect(over.json()).toMatchObject({
        status: 400,
        errors: [{ field: 'agentId', code: 'too_large', params: { limit: 3 } }],
      });
      expect((await machine(ids[0]!)).lifecycle).toBe('IN_STOCK');
      expect(await quotaUsed(province.id)).toBe(0);

      const done = await admin('POST', '/api/machines/allocate', {
        machineIds: ids.slice(0, 3),
        agentId: province.id,
        note: 'First delivery',
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ machines: 3, batchNo: expect.stringMatching(/^AL\d{14}[0-9A-F]{6}$/) });
      expect(await machine(ids[0]!)).toMatchObject({
        lifecycle: 'ALLOCATED',
        agentId: province.id,
        agentName: province.name,
      });
      expect(await quotaUsed(province.id)).toBe(3);
      const twice = await admin('POST', '/api/machines/allocate', { machineIds: [ids[0]], agentId: other.id });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({ code: 'STATE_CONFLICT', state: 'ALLOCATED', event: 'ALLOCATE' });
      expect(twice.json().message).toMatch(/is ALLOCATED; only IN_STOCK machines move/);

      const log = (await admin('GET', `/api/machines/${ids[0]}/allocations`)).json();
      expect(log).toEqual([
        expect.objectContaining({
          action: 'ALLOCATE',
          fromAgent: null,
          toAgent: province.name,
          note: 'First delivery',
          batchNo: done.json().batchNo,
          createBy: 'admin',
        }),
      ]);
    });

    it('lets an agent transfer down its own subtree only, and keeps the stock to unrestricted staff', async () => {
      const held = (await manager('GET', `/api/machines?agentId=${province.id}&size=100`)).json()
        .content as MachineItem[];
      expect(held.length).toBe(3);
      expect((await manager('GET', '/api/machines?inStock=true')).json().totalElements).toBe(0);

      const sideways = await manager('POST', '/api/machines/transfer', {
        machineIds: [held[0]!.id],
        agentId: other.id,
      });
      expect(sideways.json().errors[0]).toMatchObject({ field: 'agentId', code: 'unknown_reference' });
      const full = await manager('POST', '/api/machines/transfer', {
        machineIds: [held[0]!.id, held[1]!.id],
        agentId: city.id,
      });
      expect(full.json().errors[0]).toMatchObject({ field: 'agentId', params: { limit: 1 } });
      const down = await manager('POST', '/api/machines/transfer', { machineIds: [held[0]!.id], agentId: city.id });
      expect(down.statusCode, down.body).toBe(200);
      expect([await quotaUsed(province.id), await quotaUsed(city.id)]).toEqual([2, 1]);
      const log = (await manager('GET', `/api/machines/${held[0]!.id}/allocations`)).json();
      expect(log[0]).toMatchObject({
        action: 'TRANSFER',
        fromAgent: province.name,
        toAgent: city.name,
        createBy: expect.any(String),
      });

      const recall = await manager('POST', '/api/machines/recall', { machineIds: [held[1]!.id] });
      expect(recall.statusCode).toBe(403);
      const stockMachine = (await register()).machine.id;
      const grab = await manager('POST', '/api/machines/allocate', { machineIds: [stockMachine], agentId: city.id });
      expect(grab.statusCode).toBe(403);
      expect((await manager('GET', `/api/machines/${stockMachine}`)).statusCode).toBe(404);
    });

    it('allocates a machine once when two allocations race for it, counting it in one quota only', async () => {
      const second = await activeAgent(admin, `Second ${serial()}`, { parentId: null, level: 'PLATFORM', quota: 10 });
      const id = (await register()).machine.id;
      const before = [await quotaUsed(other.id), await quotaUsed(second.id)];
      const answers = await Promise.all(
        [other.id, second.id].map((agentId) => admin('POST', '/api/machines/allocate', { machineIds: [id], agentId })),
      );
      // The other is refused: moved meanwhile (400) when it read the machine before the first
      // committed, or not in stock any more (409) when after.
      const [won, lost] = answers.map((answer) => answer.statusCode).sort();
      expect(won).toBe(200);
      expect([400, 409]).toContain(lost);
      const after = [await quotaUsed(other.id), await quotaUsed(second.id)];
      expect(after[0]! - before[0]! + (after[1]! - before[1]!)).toBe(1);
      const log = (await admin('GET', `/api/machines/${id}/allocations`)).json();
      expect(log).toHaveLength(1);
    });

    it('recalls machines to stock, freeing the quota', async () => {
      const [first] = (await admin('GET', `/api/machines?agentId=${city.id}`)).json().content as MachineItem[];
      const back = await admin('POST', '/api/machines/recall', { machineIds: [first!.id], note: 'Returned' });
      expect(back.statusCode, back.body).toBe(200);
      expect(await machine(first!.id)).toMatchObject({ lifecycle: 'IN_STOCK', agentId: null });
      expect(await quotaUsed(city.id)).toBe(0);
      const log = (await admin('GET', `/api/machines/${first!.id}/allocations`)).json();
      expect(log.map((line: { action: string }) => line.action)).toEqual(['RECALL', 'TRANSFER', 'ALLOCATE']);
      const unknown = await admin('POST', '/api/machines/recall', { machineIds: [first!.id, 99999] });
      expect(unknown.json().errors[0]).toMatchObject({ field: 'machineIds', code: 'unknown_reference' });
    });
  });

  it('installs an allocated machine at a site of its agent, suspends, resumes, retires and restocks it', async () => {
    const agent = await activeAgent(admin, `Life ${serial()}`, { parentId: null, level: 'PLATFORM', quota: 5 });
    const stranger = await activeAgent(admin, `Stranger ${serial()}`, { parentId: null, level: 'PLATFORM', quota: 5 });
    const site = await siteOf(admin, agent.id);
    const foreign = await siteOf(admin, stranger.id);
    const id = (await register()).machine.id;
    const change = (body: Record<string, unknown>) => admin('PUT', `/api/machines/${id}/lifecycle`, body);

    expect((await change({ action: 'INSTALL', siteId: site.id })).json().message).toMatch(
      /is IN_STOCK: INSTALL applies to ALLOCATED machines only$/,
    );
    await admin('POST', '/api/machines/allocate', { machineIds: [id], agentId: agent.id });
    expect((await change({ action: 'INSTALL' })).json().errors[0]).toMatchObject({ field: 'siteId', code: 'required' });
    expect((await change({ action: 'INSTALL', siteId: foreign.id })).json().errors[0]).toMatchObject({
      field: 'siteId',
      code: 'unknown_reference',
    });
    expect((await change({ action: 'INSTALL', siteId: site.id })).json()).toMatchObject({
      lifecycle: 'OPERATING',
      siteId: site.id,
    });
    const standing = await admin('DELETE', '/api/sites', [site.id]);
    expect(standing.json().message).toMatch(/a site with machines stays$/);

    expect((await change({ action: 'SUSPEND' })).json().lifecycle).toBe('SUSPENDED');
    expect((await change({ action: 'RESUME' })).json().lifecycle).toBe('OPERATING');
    expect((await change({ action: 'RESTOCK' })).json()).toMatchObject({
      status: 409,
      code: 'STATE_CONFLICT',
      state: 'OPERATING',
      event: 'RESTOCK',
    });
    expect((await change({ action: 'RETIRE' })).json()).toMatchObject({ lifecycle: 'RETIRED', siteId: null });
    expect(await quotaUsed(agent.id)).toBe(1);
    expect((await change({ action: 'RESTOCK', note: 'Refurbish' })).json()).toMatchObject({
      lifecycle: 'IN_STOCK',
      agentId: null,
    });
    expect(await quotaUsed(agent.id)).toBe(0);
    const log = (await admin('GET', `/api/machines/${id}/allocations`)).json();
    expect(log.map((line: { action: string; note: string | null }) => [line.action, line.note])).toEqual([
      ['RECALL', 'Refurbish'],
      ['ALLOCATE', null],
    ]);
  });

  describe('import of serial numbers', () => {
    const upload = (filename: string, content: Buffer) =>
      uploadAs(ctx.t, ctx.adminToken, '/api/machines/import', filename, content);
    const xlsx = async (rows: (string | Date)[][]) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Machines');
      for (const row of rows) sheet.addRow(row);
      return Buffer.from(await workbook.xlsx.writeBuffer());
    };
    const registered = async (prefix: string) =>
      (await admin('GET', `/api/machines?blurry=${prefix}&size=50`)).json().content as MachineItem[];

    it('registers every machine of a sheet with its secret, shown once', async () => {
      const prefix = serial();
      const sheet = await xlsx([
        ['Serial number', 'Model code', 'IMEI', 'Warranty end'],
        [`${prefix}A`, 'RO-400', '861234567890123', new Date('2029-06-30T00:00:00Z')],
        [`${prefix}B`, 'ro-400', '', ''],
        ['', '', '', ''],
      ]);
      const answer = await upload('machines.xlsx', sheet);
      expect(answer.statusCode, answer.body).toBe(201);
      const { imported, machines: made } = answer.json();
      expect(imported).toBe(2);
      const rows = await ctx.t.database.db.select().from(machines).where(eq(machines.id, made[0].id));
      expect(rows[0]).toMatchObject({ serialNo: `${prefix}A`, imei: '861234567890123', warrantyEnd: '2029-06-30' });
      expect(rows[0]?.secretHash).toBe(signingKeyOf(made[0].secret));
      expect((await registered(prefix)).map((m) => m.lifecycle)).toEqual(['IN_STOCK', 'IN_STOCK']);

      const csv = Buffer.from(`\uFEFFSerial number,Model code\n${prefix}C,RO-400\n`);
      expect((await upload('more.csv', csv)).json().imported).toBe(1);
    });

    it('names every row at fault and registers none of the sheet', async () => {
      const prefix = serial();
      const existing = (await register()).machine.serialNo;
      const sheet = await xlsx([
        ['Serial number', 'Model code', 'IMEI'],
        [`${prefix}A`, 'RO-400', ''],
        [`${prefix}A`, 'RO-400', ''],
        [existing, 'RO-400', ''],
        [`${prefix}D`, 'NO-SUCH', '123'],
        ['x', 'RO-400', ''],
      ]);
      const answer = await upload('machines.xlsx', sheet);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors.map((error: { field: string; code: string }) => [error.field, error.code])).toEqual([
        ['rows.3.serialNo', 'taken'],
        ['rows.5.modelCode', 'unknown_reference'],
        ['rows.5.imei', 'format'],
        ['rows.6.serialNo', 'format'],
        ['rows.4.serialNo', 'taken'],
      ]);
      expect(await registered(prefix)).toEqual([]);
      expect((await upload('notes.txt', Buffer.from('hello'))).json().errors[0]).toMatchObject({
        field: 'file',
        code: 'type',
      });
      const headless = await xlsx([['Name'], ['x']]);
      expect((await upload('machines.xlsx', headless)).json().errors[0]).toMatchObject({
        field: 'file',
        code: 'required',
      });
    });

    it('reads a sheet headed in Chinese, and says in Chinese what is wrong with each row', async () => {
      const prefix = serial();
      const existing = (await register()).machine.serialNo;
      const chinese = { 'accept-language': 'zh-CN' };
      const sheet = await xlsx([
        ['序列号', '型号编码', 'IMEI', '保修截止'],
        [existing, 'RO-400', '', ''],
        [`${prefix}B`, 'NO-SUCH', '123', '2029-02-30'],
        ['x', 'RO-400', '', ''],
      ]);
      const answer = await uploadAs(ctx.t, ctx.adminToken, '/api/machines/import', 'm.xlsx', sheet, 'file', chinese);
      expect(answer.statusCode).toBe(400);
      expect(
        answer.json().errors.map((error: { field: string; message: string }) => [error.field, error.message]),
      ).toEqual([
        ['rows.3.modelCode', '没有编码为「NO-SUCH」的设备型号'],
        ['rows.3.imei', '必须是 15 位数字'],
        ['rows.3.warrantyEnd', '「2029-02-30」不是有效的日期（yyyy-MM-dd）'],
        ['rows.4.serialNo', '「x」必须是 4 到 64 位字母、数字、_ 或 -'],
        ['rows.2.serialNo', `「${existing}」已登记`],
      ]);
      const headless = await xlsx([['名称'], ['x']]);
      const refused = await uploadAs(
        ctx.t,
        ctx.adminToken,
        '/api/machines/import',
        'm.xlsx',
        headless,
        'file',
        chinese,
      );
      expect(refused.json().errors[0]).toMatchObject({
        field: 'file',
        message: '需要包含“序列号”和“型号编码”列的表头行',
      });

      const good = await xlsx([
        ['序列号', '型号编码', '贴纸编码', '固件'],
        [`${prefix}C`, 'RO-400', `${prefix}S`, 'v1.0'],
      ]);
      expect((await upload('m.xlsx', good)).json().imported).toBe(1);
      const [row] = await ctx.t.database.db
        .select()
        .from(machines)
        .where(eq(machines.serialNo, `${prefix}C`));
      expect(row).toMatchObject({ stickerCode: `${prefix}S`, firmware: 'v1.0' });
    });

    it('is refused to staff whose data scope is restricted', async () => {
      const prefix = serial();
      const sheet = await xlsx([
        ['Serial number', 'Model code'],
        [`${prefix}A`, 'RO-400'],
      ]);
      const user = await uploadAs(
        ctx.t,
        await tokenOf(ctx.t, 'test', DEFAULT_USER_PASSWORD),
        '/api/machines/import',
        'm.xlsx',
        sheet,
      );
      expect(user.statusCode).toBe(403);
      expect(await registered(prefix)).toEqual([]);
    });
  });
});

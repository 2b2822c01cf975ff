import { AGENT_COLUMNS, type Agent } from '@water/contract/agents';
import type { ListColumn } from '@water/contract/list-columns';
import { asFen } from '@water/contract/money';
import { TEXT_CATALOG, textAt } from '@water/contract/texts/catalog';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Caller, callerFor, refusedField, tokenOf, useTestApp } from '../../../test/test-app.ts';
import { formatDay } from '../../lib/time.ts';
import { readSheet } from '../../lib/xlsx.ts';
import { salesDaily } from '../sales/sales.read-model.ts';
import { menuIdsFor, roleId, userBody } from '../users/test-fixtures.ts';

interface AgentItem {
  id: number;
  deptId: number;
  parentId: number | null;
  parentName: string | null;
  code: string;
  name: string;
  level: string;
  commissionRate: string;
  status: string;
}

const terms = (overrides: Record<string, unknown> = {}) => ({
  name: `Agent ${Math.random().toString(36).slice(2, 8)}`,
  level: 'PROVINCE',
  contactName: 'Li Wei',
  contactPhone: '138 0013 8000',
  region: 'Guangdong',
  commissionRate: '20',
  machineQuota: 100,
  settlementAccount: 'ICBC 6222 0000 1111',
  contractStart: '2026-01-01',
  contractEnd: '2027-12-31',
  ...overrides,
});

describe('agents API', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let codes = 0;
  const code = () => `AG${Date.now().toString(36).toUpperCase()}${++codes}`;

  const byCode = async (as: Caller, wanted: string): Promise<AgentItem | undefined> =>
    (await as('GET', `/api/agents?page=0&size=100&blurry=${encodeURIComponent(wanted)}`))
      .json()
      .content.find((agent: AgentItem) => agent.code === wanted);

  /** Creates an agent as `as` and answers it as listed. */
  const create = async (as: Caller, body: Record<string, unknown>) => {
    const response = await as('POST', '/api/agents', body);
    expect(response.statusCode, response.body).toBe(201);
    return (await byCode(admin, body.code as string)) as AgentItem;
  };
  const approve = async (as: Caller, agent: AgentItem) => {
    const response = await as('PUT', `/api/agents/${agent.id}/review`, { action: 'APPROVE', note: 'Papers checked' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AgentItem;
  };

  let hq: AgentItem;

  beforeAll(async () => {
    hq = await create(admin, {
      code: code(),
      ...terms({ name: 'Clear Spring HQ', level: 'PLATFORM', commissionRate: '30' }),
    });
  });

  it('creates an agent with its own department, pending review; an active parent is needed beneath it', async () => {
    expect(hq).toMatchObject({ status: 'PENDING_REVIEW', parentId: null, level: 'PLATFORM', commissionRate: '30.00' });
    const dept = (await admin('GET', `/api/dept?name=${encodeURIComponent('Clear Spring HQ')}`)).json().content[0];
    expect(dept).toMatchObject({ id: hq.deptId, pid: null });

    const early = await admin('POST', '/api/agents', { code: code(), parentId: hq.id, ...terms() });
    expect(early.json()).toEqual(
      refusedField('parentId: "Clear Spring HQ" is not active: agents are added beneath active agents only'),
    );

    const approved = await approve(admin, hq);
    expect(approved).toMatchObject({ status: 'ACTIVE', reviewedBy: 'admin', reviewNote: 'Papers checked' });
    const again = await admin('PUT', `/api/agents/${hq.id}/review`, { action: 'APPROVE' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'STATE_CONFLICT',
      state: 'ACTIVE',
      event: 'APPROVE',
      message: '"Clear Spring HQ" is ACTIVE: APPROVE applies to PENDING_REVIEW agents only',
    });
  });

  it('keeps a child deeper than its parent and its rate no higher; codes are unique whatever their case', async () => {
    const rich = await admin('POST', '/api/agents', {
      code: code(),
      parentId: hq.id,
      ...terms({ commissionRate: '30.01' }),
    });
    expect(rich.json()).toMatchObject({
      status: 400,
      errors: [{ field: 'commissionRate', code: 'too_large', params: { limit: 30 } }],
    });
    const flat = await admin('POST', '/api/agents', { code: code(), parentId: hq.id, ...terms({ level: 'PLATFORM' }) });
    expect(flat.json().errors[0]).toMatchObject({ field: 'level' });
    const taken = await admin('POST', '/api/agents', { code: hq.code.toLowerCase(), parentId: hq.id, ...terms() });
    expect(taken.json().errors[0]).toMatchObject({ field: 'code', code: 'taken' });
    for (const [field, value] of [
      ['commissionRate', '12.345'],
      ['commissionRate', '101'],
      ['contractEnd', '2026-02-30'],
      ['contactPhone', 'call me'],
      ['level', 'COUNTY'],
    ] as const) {
      const refused = await admin('POST', '/api/agents', {
        code: code(),
        parentId: hq.id,
        ...terms({ [field]: value }),
      });
      expect(refused.statusCode, `${field}=${value}`).toBe(400);
      expect(refused.json().errors[0].field).toBe(field);
    }
    const backwards = await admin('POST', '/api/agents', {
      code: code(),
      parentId: hq.id,
      ...terms({ contractStart: '2027-01-01', contractEnd: '2026-01-01' }),
    });
    expect(backwards.json().errors[0].field).toBe('contractEnd');
    expect((await admin('GET', `/api/agents?page=0&size=100&parentId=${hq.id}`)).json().totalElements).toBe(0);
  });

  describe('an agent manager, whose role reaches its own department and below', () => {
    let province: AgentItem;
    let manager: Caller;

    beforeAll(async () => {
      province = await approve(
        admin,
        await create(admin, {
          code: code(),
          parentId: hq.id,
          ...terms({ name: 'Guangdong Water', commissionRate: '20' }),
        }),
      );
      // The seeded buttons that carry these permissions.
      const menus = await menuIdsFor(ctx.t, ['agent:list', 'agent:add', 'agent:edit', 'agent:review', 'user:list']);
      expect(
        (await admin('POST', '/api/roles', { name: 'Province manager', level: 3, dataScope: '本级及以下', menus }))
          .statusCode,
      ).toBe(201);
      const body = userBody(province.deptId, await roleId(ctx.t, 'Province manager'), { password: 'Province-pass-1' });
      expect((await admin('POST', '/api/users', body)).statusCode).toBe(201);
      manager = callerFor(ctx.t, await tokenOf(ctx.t, body.username, 'Province-pass-1'));
    });

    it('adds agents beneath its own only, reviews them, but changes neither its own agent nor those above', async () => {
      const topLevel = await manager('POST', '/api/agents', { code: code(), ...terms({ level: 'PLATFORM' }) });
      expect(topLevel.statusCode).toBe(403);
      expect(topLevel.json().errors[0].field).toBe('parentId');
      const beside = await manager('POST', '/api/agents', { code: code(), parentId: hq.id, ...terms() });
      expect(beside.statusCode).toBe(403);

      const city = await create(manager, {
        code: code(),
        parentId: province.id,
        ...terms({ name: 'Shenzhen Water', level: 'CITY', commissionRate: '15.5' }),
      });
      expect(city).toMatchObject({ parentName: 'Guangdong Water', status: 'PENDING_REVIEW', commissionRate: '15.50' });
      // Its department lies beneath the province's, so the manager reaches it at once.
      const dept = (await manager('GET', `/api/dept?name=${encodeURIComponent('Shenzhen Water')}`)).json().content[0];
      expect(dept).toMatchObject({ id: city.deptId, pid: province.deptId });
      expect((await approve(manager, city)).status).toBe('ACTIVE');

      const own = await manager('PUT', '/api/agents', { id: province.id, ...terms({ commissionRate: '29' }) });
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe('Only those above "Guangdong Water" can change or review it');
      expect((await manager('PUT', `/api/agents/${province.id}/review`, { action: 'FREEZE' })).statusCode).toBe(403);

      const seen = (await manager('GET', '/api/agents?page=0&size=100')).json();
      expect(seen.content.map((agent: AgentItem) => agent.name).sort()).toEqual(['Guangdong Water', 'Shenzhen Water']);
      expect((await manager('GET', `/api/agents/${hq.id}`)).statusCode).toBe(404);
      expect((await manager('GET', `/api/agents/${city.id}`)).json().name).toBe('Shenzhen Water');
    });

    it('keeps every rate between the parent’s and the children’s, and ends an agent only after those beneath it', async () => {
      const lowered = await admin('PUT', '/api/agents', {
        id: province.id,
        ...terms({ name: 'Guangdong Water', commissionRate: '10' }),
      });
      expect(lowered.json()).toMatchObject({
        status: 400,
        errors: [{ field: 'commissionRate', code: 'too_small', params: { limit: 15.5 } }],
      });
      const renamed = await admin('PUT', '/api/agents', {
        id: province.id,
        ...terms({ name: 'Guangdong Pure Water', commissionRate: '18' }),
      });
      expect(renamed.statusCode, renamed.body).toBe(204);
      expect((await admin('GET', `/api/agents/${province.id}`)).json()).toMatchObject({
        name: 'Guangdong Pure Water',
        commissionRate: '18.00',
      });

      const early = await admin('PUT', `/api/agents/${province.id}/review`, { action: 'TERMINATE' });
      expect(early.json().message).toBe(
        'Agents beneath "Guangdong Pure Water" are not terminated ("Shenzhen Water"): end them first',
      );
      const city = (await byCode(
        admin,
        (await admin('GET', `/api/agents?parentId=${province.id}`)).json().content[0].code,
      )) as AgentItem;
      expect((await manager('PUT', `/api/agents/${city.id}/review`, { action: 'FREEZE' })).json().status).toBe(
        'FROZEN',
      );
      expect((await manager('PUT', `/api/agents/${city.id}/review`, { action: 'TERMINATE' })).json().status).toBe(
        'TERMINATED',
      );
      const edited = await manager('PUT', '/api/agents', {
        id: city.id,
        ...terms({ level: 'CITY', commissionRate: '1' }),
      });
      expect(edited.statusCode).toBe(400);
      expect((await admin('PUT', `/api/agents/${province.id}/review`, { action: 'TERMINATE' })).json().status).toBe(
        'TERMINATED',
      );
    });
  });

  it('keeps agents’ departments in place: never deleted, never moved', async () => {
    const removed = await admin('DELETE', '/api/dept', [hq.deptId]);
    expect(removed.statusCode).toBe(400);
    expect(removed.json().message).toMatch(/"Clear Spring HQ".* agents' departments/);
    const [other] = (await admin('GET', `/api/dept?name=${encodeURIComponent('Head Office')}`)).json().content;
    const moved = await admin('PUT', '/api/dept', { id: hq.deptId, name: 'Clear Spring HQ', pid: other.id });
    expect(moved.statusCode).toBe(400);
    expect((await admin('GET', `/api/agents/${hq.id}`)).json().deptId).toBe(hq.deptId);
  });

  it('exports the agents in scope as a workbook, and refuses readers without agent:list', async () => {
    const response = await admin('GET', '/api/agents/download?level=PLATFORM');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toContain('Rate (%)');
    expect(sheet.getColumn(2).values).toContain('Clear Spring HQ');
    expect((await ctx.user('GET', '/api/agents')).statusCode).toBe(403);
    expect((await ctx.user('POST', '/api/agents', { code: code(), ...terms() })).statusCode).toBe(403);
  });

  it('exports the list’s columns in the console’s language: its titles, levels, statuses and money in yuan', async () => {
    const lotus = await create(admin, {
      code: code(),
      ...terms({ name: 'Lotus Springs', level: 'PLATFORM', commissionRate: '12.5', contractStart: '2026-03-01' }),
    });
    // This month's sales of its machines, as the sales roll-up holds them.
    await ctx.t.database.db.insert(salesDaily).values({
      day: formatDay(ctx.t.clock.now()),
      machineId: 900_000 + lotus.id,
      agentId: lotus.id,
      channel: 'CARD',
      orders: 3,
      paid: asFen(12_345),
      refunded: asFen(45),
    });
    const sheetIn = async (language: string) => {
      const file = await admin('GET', '/api/agents/download?level=PLATFORM', undefined, {
        'accept-language': language,
      });
      expect(file.statusCode, file.body).toBe(200);
      const [header = [], ...rows] = await readSheet(file.rawPayload, 'agents.xlsx', 'file');
      const row = rows.find((cells) => cells[0] === lotus.code) ?? [];
      return Object.fromEntries(header.map((title, index) => [title, row[index]]));
    };
    const chinese = await sheetIn('zh-CN,zh;q=0.9');
    expect(chinese).toMatchObject({
      编号: lotus.code,
      名称: 'Lotus Springs',
      级别: '平台',
      联系电话: '138 0013 8000',
      '分佣（%）': '12.5',
      '本月净销售额（元）': '123',
      本月订单数: '3',
      合同开始: '2026-03-01',
      状态: '待审核',
    });
    const english = await sheetIn('en');
    expect(english).toMatchObject({
      Code: lotus.code,
      Level: 'Platform',
      'Rate (%)': '12.5',
      'Net sales this month (yuan)': '123',
      'Machine quota': '100',
      Status: 'Pending review',
    });
    // The columns are the page's and the file's own: every title of the one declaration, in its order.
    expect(Object.keys(english)).toEqual(
      Object.values<ListColumn<Agent>>(AGENT_COLUMNS).map((column) => {
        const title = String(textAt(TEXT_CATALOG.en, column.title));
        const unit = { money: ' (yuan)', percent: ' (%)', ml: ' (ml)' }[column.kind as string] ?? '';
        return `${title}${unit}`;
      }),
    );
  });
});

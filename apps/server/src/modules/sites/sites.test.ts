import { beforeAll, describe, expect, it } from 'vitest';
import { activeAgent } from '../../../test/business-fixtures.ts';
import { FIGURE_TITLES_EN } from '../../../test/list-export.ts';
import { type Caller, callerFor, tokenOf, useTestApp } from '../../../test/test-app.ts';
import { readSheet } from '../../lib/xlsx.ts';
import { menuIdsFor, roleId, userBody } from '../users/test-fixtures.ts';

interface SiteItem {
  id: number;
  name: string;
  agentId: number;
  agentName: string;
  type: string;
  machines: number;
}

const fields = (overrides: Record<string, unknown> = {}) => ({
  name: `Site ${Math.random().toString(36).slice(2, 8)}`,
  type: 'RESIDENTIAL',
  province: 'Guangdong',
  city: 'Shenzhen',
  district: 'Nanshan',
  address: '88 Keyuan Road',
  longitude: '113.943',
  latitude: '22.54',
  ownerName: 'Property office',
  ownerPhone: '0755 8888 0000',
  feeType: 'SHARE',
  feeValue: 1250,
  ...overrides,
});

describe('sites API', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  const byName = async (as: Caller, name: string): Promise<SiteItem | undefined> =>
    (await as('GET', `/api/sites?blurry=${encodeURIComponent(name)}`)).json().content[0];

  let south: { id: number; deptId: number };
  let north: { id: number; deptId: number };
  let southStaff: Caller;

  beforeAll(async () => {
    const hq = await activeAgent(admin, 'Sites HQ');
    south = await activeAgent(admin, 'Sites South', { parentId: hq.id, level: 'PROVINCE' });
    north = await activeAgent(admin, 'Sites North', { parentId: hq.id, level: 'PROVINCE' });
    // The seeded buttons that carry these permissions.
    const menus = await menuIdsFor(ctx.t, ['site:list', 'site:add', 'site:edit', 'site:del']);
    await admin('POST', '/api/roles', { name: 'Site keeper', level: 3, dataScope: '本级及以下', menus });
    const body = userBody(south.deptId, await roleId(ctx.t, 'Site keeper'), { password: 'Sites-pass-1' });
    expect((await admin('POST', '/api/users', body)).statusCode).toBe(201);
    southStaff = callerFor(ctx.t, await tokenOf(ctx.t, body.username, 'Sites-pass-1'));
  });

  it('creates a site for an agent the caller reaches, with a type from the site_type dictionary', async () => {
    const created = await southStaff('POST', '/api/sites', { agentId: south.id, ...fields({ name: 'Sunny Gardens' }) });
    expect(created.statusCode, created.body).toBe(201);
    expect(await byName(southStaff, 'Sunny Gardens')).toMatchObject({
      agentName: 'Sites South',
      type: 'RESIDENTIAL',
      feeType: 'SHARE',
      feeValue: 1250,
      longitude: '113.943000',
      machines: 0,
      status: 'ACTIVE',
    });

    const elsewhere = await southStaff('POST', '/api/sites', { agentId: north.id, ...fields() });
    expect(elsewhere.statusCode).toBe(403);
    const badType = await southStaff('POST', '/api/sites', { agentId: south.id, ...fields({ type: 'CASTLE' }) });
    expect(badType.json().errors[0]).toMatchObject({ field: 'type', code: 'choice' });
    const tooMuch = await southStaff('POST', '/api/sites', { agentId: south.id, ...fields({ feeValue: 10_001 }) });
    expect(tooMuch.json().errors[0]).toMatchObject({ field: 'feeValue', code: 'too_large' });
    const half = await southStaff('POST', '/api/sites', { agentId: south.id, ...fields({ latitude: null }) });
    expect(half.json().errors[0].field).toBe('latitude');
    const offMap = await southStaff('POST', '/api/sites', { agentId: south.id, ...fields({ longitude: '181' }) });
    expect(offMap.json().errors[0].field).toBe('longitude');
  });

  it('lists and changes only the sites of agents in reach, and deletes a site no machine stands at', async () => {
    await admin('POST', '/api/sites', { agentId: north.id, ...fields({ name: 'North Campus', type: 'SCHOOL' }) });
    const north1 = (await byName(admin, 'North Campus')) as SiteItem;
    expect((await southStaff('GET', '/api/sites?size=100')).json().content.map((site: SiteItem) => site.name)).toEqual([
      'Sunny Gardens',
    ]);
    expect((await southStaff('PUT', '/api/sites', { id: north1.id, ...fields({ name: 'Mine now' }) })).statusCode).toBe(
      404,
    );
    expect((await southStaff('DELETE', '/api/sites', [north1.id])).statusCode).toBe(404);

    const sunny = (await byName(southStaff, 'Sunny Gardens')) as SiteItem;
    const edited = await southStaff('PUT', '/api/sites', {
      id: sunny.id,
      ...fields({ name: 'Sunny Gardens', feeType: 'RENT', feeValue: 30000 }),
    });
    expect(edited.statusCode, edited.body).toBe(204);
    expect(await byName(southStaff, 'Sunny Gardens')).toMatchObject({ feeType: 'RENT', feeValue: 30000 });
    expect((await southStaff('DELETE', '/api/sites', [sunny.id])).statusCode).toBe(200);
    expect(await byName(southStaff, 'Sunny Gardens')).toBeUndefined();
    expect((await ctx.user('GET', '/api/sites')).statusCode).toBe(403);
  });

  it('exports the list’s columns in the console’s language: titles, fee types, rent in yuan and share in percent', async () => {
    const rent = fields({ name: 'Harbour Rent', feeType: 'RENT', feeValue: 30_050 });
    const share = fields({ name: 'Harbour Share', feeType: 'SHARE', feeValue: 1250 });
    for (const site of [rent, share]) {
      const created = await admin('POST', '/api/sites', { agentId: north.id, ...site });
      expect(created.statusCode, created.body).toBe(201);
    }
    const sheetIn = async (language: string) => {
      const file = await admin('GET', '/api/sites/download?blurry=Harbour&sort=name,asc', undefined, {
        'accept-language': language,
      });
      expect(file.statusCode, file.body).toBe(200);
      const [header = [], ...rows] = await readSheet(file.rawPayload, 'sites.xlsx', 'file');
      return rows.map((row) => Object.fromEntries(header.map((title, index) => [title, row[index]])));
    };
    expect(await sheetIn('zh-CN')).toMatchObject([
      {
        名称: 'Harbour Rent',
        代理商: 'Sites North',
        省: 'Guangdong',
        位置: '88 Keyuan Road',
        费用: '按月租金',
        '月租金（元）': '300.5',
        '营收分成比例（%）': '',
        场地方电话: '0755 8888 0000',
        状态: '营业',
      },
      { 名称: 'Harbour Share', 费用: '营收分成', '月租金（元）': '', '营收分成比例（%）': '12.5' },
    ]);
    const english = await sheetIn('en-US,en;q=0.9');
    expect(english).toMatchObject([
      { Name: 'Harbour Rent', Fee: 'Monthly rent', 'Rent a month (yuan)': '300.5', Status: 'Open' },
      { Name: 'Harbour Share', Fee: 'Revenue share', 'Share of revenue (%)': '12.5', Machines: '0' },
    ]);
    expect(Object.keys(english[0] ?? {})).toEqual([
      'Name',
      'Type',
      'Agent',
      'Province',
      'City',
      'District',
      'Place',
      'Fee',
      'Rent a month (yuan)',
      'Share of revenue (%)',
      'Machines',
      ...FIGURE_TITLES_EN,
      'Status',
      'Site owner',
      'Owner phone',
      'Created',
    ]);
  });
});

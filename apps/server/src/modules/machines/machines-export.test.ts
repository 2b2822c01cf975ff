import { describe, expect, it } from 'vitest';
import { activeAgent, machineModel, operatingMachine, siteOf, unique } from '../../../test/business-fixtures.ts';
import { FIGURE_TITLES_EN } from '../../../test/list-export.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import { readSheet } from '../../lib/xlsx.ts';

describe('machines export', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);

  it('exports the machines of the list’s filter in the console’s language, with the site each stands at', async () => {
    const { id: modelId } = await machineModel(admin);
    const agent = await activeAgent(admin, unique('Export agent '));
    const site = await siteOf(admin, agent.id);
    const installed = await operatingMachine(admin, { modelId, agentId: agent.id, siteId: site.id });
    const registered = await admin('POST', '/api/machines', {
      serialNo: unique('WM'),
      modelId,
      imei: '861234567890123',
    });
    const waiting = registered.json().machine as { id: number; serialNo: string };
    await admin('POST', '/api/machines/allocate', { machineIds: [waiting.id], agentId: agent.id });
    expect((await admin('GET', `/api/machines/${installed.id}`)).json()).toMatchObject({ siteName: site.name });

    const sheetIn = async (language: string, filter: string) => {
      const file = await admin('GET', `/api/machines/download?agentId=${agent.id}&sort=id,asc${filter}`, undefined, {
        'accept-language': language,
      });
      expect(file.statusCode, file.body).toBe(200);
      const [header = [], ...rows] = await readSheet(file.rawPayload, 'machines.xlsx', 'file');
      return rows.map((row) => Object.fromEntries(header.map((title, index) => [title, row[index]])));
    };
    expect(await sheetIn('zh-CN,zh;q=0.9', '')).toMatchObject([
      { 序列号: installed.serialNo, 所属: agent.name, 点位: site.name, 生命周期: '运营中', 连接: '离线' },
      { 序列号: waiting.serialNo, IMEI: '861234567890123', 点位: '', 生命周期: '已分配' },
    ]);
    const english = await sheetIn('en-GB,en;q=0.9', '&lifecycle=OPERATING');
    expect(english).toEqual([
      expect.objectContaining({
        'Serial number': installed.serialNo,
        'Held by': agent.name,
        Site: site.name,
        Lifecycle: 'Operating',
        Connection: 'Offline',
        'Last heartbeat': '',
      }),
    ]);
    expect(Object.keys(english[0] ?? {})).toEqual([
      'Serial number',
      'Sticker code',
      'IMEI',
      'ICCID',
      'Model',
      'Held by',
      'Site',
      'Lifecycle',
      'Connection',
      'Last heartbeat',
      'Settings differ since',
      ...FIGURE_TITLES_EN,
      'Firmware',
      'Warranty until',
      'Created',
    ]);
    expect((await ctx.user('GET', '/api/machines/download')).statusCode).toBe(403);
  });
});

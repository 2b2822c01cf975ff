import { describe, expect, it } from 'vitest';
import {
  activeAgent,
  machineCaller,
  machineModel,
  operatingMachine,
  siteOf,
  unique,
} from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import { readSheet } from '../../lib/xlsx.ts';

describe('alarms export', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);

  it('exports the alarms of the list’s filter in the console’s language, with the site of each machine', async () => {
    const { id: modelId } = await machineModel(admin);
    const agent = await activeAgent(admin, unique('Alarm agent '));
    const site = await siteOf(admin, agent.id);
    const machine = await operatingMachine(admin, { modelId, agentId: agent.id, siteId: site.id });
    const beat = await machineCaller(ctx.t, machine)('POST', '/gateway/v1/heartbeat', { tdsOut: 90 });
    expect(beat.statusCode, beat.body).toBe(200);

    const sheetIn = async (language: string) => {
      const file = await admin('GET', `/api/alarms/download?machineId=${machine.id}`, undefined, {
        'accept-language': language,
      });
      expect(file.statusCode, file.body).toBe(200);
      const [header = [], ...rows] = await readSheet(file.rawPayload, 'alarms.xlsx', 'file');
      return rows.map((row) => Object.fromEntries(header.map((title, index) => [title, row[index]])));
    };
    expect(await sheetIn('zh-CN')).toEqual([
      expect.objectContaining({
        设备: machine.serialNo,
        类型: '水质 TDS 超标',
        状态: '待处理',
        代理商: agent.name,
        点位: site.name,
        次数: '1',
        详情: '出水 TDS 90 ppm',
      }),
    ]);
    const english = await sheetIn('en-US');
    expect(english).toEqual([
      expect.objectContaining({
        Machine: machine.serialNo,
        Type: 'Water quality (TDS) high',
        State: 'Open',
        Site: site.name,
        Resolved: '',
      }),
    ]);
    expect(Object.keys(english[0] ?? {})).toEqual([
      'Machine',
      'Type',
      'State',
      'Detail',
      'Agent',
      'Site',
      'First',
      'Last',
      'Times',
      'Acknowledged by',
      'Resolved',
    ]);
    expect((await ctx.user('GET', '/api/alarms/download')).statusCode).toBe(403);
  });
});

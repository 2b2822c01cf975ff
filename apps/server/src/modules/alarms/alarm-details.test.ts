import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AlarmType } from '@water/contract/alarms';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
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
import { alarms } from './alarms.schema.ts';

const CHINESE = { 'accept-language': 'zh-CN' };
const ENGLISH = { 'accept-language': 'en-US' };

describe('what an alarm says, in the reader’s language', () => {
  const ctx = useTestApp({ NO_SALES_AFTER: '10m' });
  const admin: Caller = (...args) => ctx.admin(...args);
  let place: { modelId: number; agentId: number; siteId: number };

  /** The details of a machine's alarms by type, as the list answers them in a language. */
  const details = async (machineId: number, headers: Record<string, string>) => {
    const listed = await admin('GET', `/api/alarms?machineId=${machineId}&size=20`, undefined, headers);
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json().content as { type: AlarmType; detail: string }[];
    return Object.fromEntries(rows.map((alarm) => [alarm.type, alarm.detail]));
  };

  beforeAll(async () => {
    const { id: modelId } = await machineModel(admin);
    const agent = await activeAgent(admin, unique('Detail agent '));
    const site = await siteOf(admin, agent.id);
    place = { modelId, agentId: agent.id, siteId: site.id };
  });

  it('writes the telemetry alarms in Chinese or English, in the list and in its file alike', async () => {
    const machine = await operatingMachine(admin, place);
    const beat = await machineCaller(ctx.t, machine)('POST', '/gateway/v1/heartbeat', {
      faultBits: 3,
      tdsOut: 90,
      tankLevel: 3,
    });
    expect(beat.statusCode, beat.body).toBe(200);
    expect(await details(machine.id, CHINESE)).toEqual({
      LEAK: '检测到漏水',
      FAULT: '故障位 3（水泵）',
      TDS_HIGH: '出水 TDS 90 ppm',
      TANK_EMPTY: '水箱余量 3%',
    });
    expect(await details(machine.id, ENGLISH)).toEqual({
      LEAK: 'leak detected',
      FAULT: 'fault bits 3 (PUMP)',
      TDS_HIGH: 'TDS out 90 ppm',
      TANK_EMPTY: 'tank at 3 %',
    });
    const file = await admin('GET', `/api/alarms/download?machineId=${machine.id}&type=FAULT`, undefined, CHINESE);
    const [header = [], row = []] = await readSheet(file.rawPayload, 'alarms.xlsx', 'file');
    expect(row[header.indexOf('详情')]).toBe('故障位 3（水泵）');
  });

  it('says in Chinese since when a machine is silent, and for how long one sold nothing', async () => {
    const silent = await operatingMachine(admin, place);
    await machineCaller(ctx.t, silent)('POST', '/gateway/v1/heartbeat', {});
    const never = await operatingMachine(admin, place);
    ctx.t.clock.advance(11 * 60_000);
    await ctx.t.app.scheduler.run('offline-check');
    await ctx.t.app.scheduler.run('no-sales-check');

    const time = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
    const said = await details(silent.id, CHINESE);
    expect(said.OFFLINE).toMatch(/^自 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d 起无心跳$/);
    expect(said.NO_SALES).toBe('10 分钟内无销售');
    expect((await details(silent.id, ENGLISH)).NO_SALES).toBe('no sale for 10 min');
    expect((await details(never.id, CHINESE)).OFFLINE).toMatch(/^自 .+ 安装以来无心跳$/);
    expect((await details(never.id, ENGLISH)).OFFLINE?.replace('no heartbeat since its installation on ', '')).toMatch(
      time,
    );
  });

  it('reads the alarms raised before it kept texts in Chinese too, once the database is upgraded', async () => {
    const machine = await operatingMachine(admin, place);
    const old: [AlarmType, string][] = [
      ['OFFLINE', 'no heartbeat since 2025-03-01 08:00:00'],
      ['NO_SALES', 'no sale for 24 h'],
      ['FAULT', 'fault bits 6 (PUMP, VALVE)'],
      ['TANK_EMPTY', 'tank at 4 %'],
      ['PAYMENT_DEVICE', 'payment device fault'],
    ];
    const at = ctx.t.clock.now();
    await ctx.t.database.db
      .insert(alarms)
      .values(old.map(([type, detail]) => ({ machineId: machine.id, type, detail, firstTime: at, lastTime: at })));
    const migration = await readFile(
      path.resolve(import.meta.dirname, '../../db/migrations/0018_alarm-detail-text.sql'),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint').filter((part) => part.includes('UPDATE'))) {
      await ctx.t.database.db.execute(sql.raw(statement));
    }
    expect(await details(machine.id, CHINESE)).toEqual({
      OFFLINE: '自 2025-03-01 08:00:00 起无心跳',
      NO_SALES: '24 小时内无销售',
      FAULT: '故障位 6（水泵、阀门）',
      TANK_EMPTY: '水箱余量 4%',
      PAYMENT_DEVICE: '支付设备故障',
    });
    expect(await details(machine.id, ENGLISH)).toEqual(Object.fromEntries(old));
  });
});

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardPayment, flatPrice, type MachineCaller, toppedUpCard, unique } from '../../../test/business-fixtures.ts';
import { type Caller, callerFor, tokenOf, useTestApp } from '../../../test/test-app.ts';
import { notifyItems } from '../notifications/notifications.schema.ts';
import { heartbeat, machineInField, moved, technicianOfAgent } from '../workorders/work-order-fixtures.ts';

const DAY = 86_400_000;
const CHINESE = { 'accept-language': 'zh-CN' };

interface Stage {
  stage: string;
  state: string;
  daysLeft: number;
  litresLeft: number;
  remainingPct: number;
  dueBy: string;
  filterSerialNo: string | null;
}

describe('filter schedules', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  const run = () => ctx.t.app.scheduler.run('filter-schedule');
  /** Moves the clock by days, signing the administrator in again (the session would have expired). */
  const advanceDays = async (days: number) => {
    ctx.t.clock.advance(days * DAY);
    ctx.admin = callerFor(ctx.t, await tokenOf(ctx.t));
  };

  /** A machine in the field whose model has the stages given. */
  async function machineWithStages(stages: object[]) {
    const field = await machineInField(ctx.t, admin);
    const modelId = (await admin('GET', `/api/machines/${field.machine.id}`)).json().modelId as number;
    const set = await admin('PUT', `/api/filters/models/${modelId}/stages`, { stages });
    expect(set.statusCode, set.body).toBe(204);
    return { ...field, modelId };
  }
  const stagesOf = async (machineId: number) => {
    const answer = await admin('GET', `/api/filters/machines/${machineId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Stage[];
  };
  const filterOrders = async (machineId: number) =>
    (await admin('GET', `/api/workOrders?machineId=${machineId}&type=FILTER_CHANGE`)).json().content as {
      id: number;
      state: string;
      note: string;
    }[];
  /** A card sale of `ml` dispensed, through the gateway as a machine makes it. */
  async function sale(call: MachineCaller, card: Awaited<ReturnType<typeof toppedUpCard>>, ml: number) {
    const no = unique('F');
    const created = await call('POST', '/gateway/v1/orders', {
      machineOrderNo: no,
      tap: 1,
      waterType: 'COLD',
      requestedMl: ml,
      channel: 'CARD',
    });
    expect(created.statusCode, created.body).toBe(201);
    const paid = await call('POST', `/gateway/v1/orders/${no}/payment`, {
      channel: 'CARD',
      ...cardPayment(card),
      amount: created.json().payable,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const dispensed = await call('POST', `/gateway/v1/orders/${no}/dispense`, { result: 'COMPLETED', dispensedMl: ml });
    expect(dispensed.statusCode, dispensed.body).toBe(200);
  }

  it('finds a stage due by litres in the first run after they are dispensed, and makes its order once', async () => {
    await flatPrice(admin, 10);
    const { agent, machine, gateway } = await machineWithStages([
      { code: 'PP', lifeDays: 90, lifeLitres: 5 },
      { code: 'RO', lifeDays: 730, lifeLitres: 60_000, tdsOutMax: 50 },
    ]);
    await technicianOfAgent(ctx.t, admin, agent);
    const channel = await admin('POST', '/api/notifications/channels', {
      name: unique('Filters hook '),
      kind: 'WEBHOOK',
      target: 'http://127.0.0.1:9/filters',
      secret: 'filters-hook-secret',
      language: 'en',
      ratePerMinute: 20,
      digestSeconds: 0,
      enabled: true,
    });
    expect(channel.statusCode, channel.body).toBe(201);
    const rule = await admin('POST', '/api/notifications/rules', {
      event: 'FILTER_DUE',
      agentId: agent.id,
      channelId: channel.json().id,
      enabled: true,
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const card = await toppedUpCard(admin, agent.id, 10_000);
    await sale(gateway, card, 3000);
    await run();
    expect(await stagesOf(machine.id)).toEqual([
      // 3 L in the last 30 days: 0.1 L a day, so the 2 L left last 20 days, beyond the 7 lead days.
      expect.objectContaining({ stage: 'PP', state: 'OK', litresLeft: 2, remainingPct: 40, dueBy: 'LITRES' }),
      expect.objectContaining({ stage: 'RO', state: 'OK', remainingPct: 99 }),
    ]);

    await sale(gateway, card, 2000);
    expect(await filterOrders(machine.id)).toEqual([]);
    await run();
    const [pp] = await stagesOf(machine.id);
    expect(pp).toMatchObject({ state: 'DUE', litresLeft: 0, remainingPct: 0 });
    await run();
    const orders = await filterOrders(machine.id);
    expect(orders).toEqual([expect.objectContaining({ state: 'ASSIGNED', note: 'Filters due: PP' })]);
    // FILTER_DUE told once for the filter, not once per run.
    const told = await ctx.t.database.db
      .select()
      .from(notifyItems)
      .where(and(eq(notifyItems.event, 'FILTER_DUE'), eq(notifyItems.channelId, channel.json().id)));
    expect(told).toEqual([
      expect.objectContaining({
        says: {
          key: 'filters.dueSays',
          values: { machine: machine.serialNo, stages: [{ key: 'filters.stages.PP' }] },
        },
      }),
    ]);

    const page = await admin('GET', `/api/filters/schedule?machineId=${machine.id}&state=DUE`);
    expect(page.json()).toMatchObject({ totalElements: 1, content: [{ stage: 'PP', agentName: agent.name }] });
  });

  it('finds a stage due by days on its day, and one due by TDS out above its threshold at once', async () => {
    const { machine, gateway } = await machineWithStages([
      { code: 'PP', lifeDays: 30, lifeLitres: 10_000 },
      { code: 'RO', lifeDays: 730, lifeLitres: 60_000, tdsOutMax: 50 },
    ]);
    await advanceDays(22);
    await run();
    expect((await stagesOf(machine.id))[0]).toMatchObject({ state: 'OK', daysLeft: 8 });
    expect(await filterOrders(machine.id)).toEqual([]);
    await advanceDays(8);
    await run();
    expect((await stagesOf(machine.id))[0]).toMatchObject({ state: 'DUE', daysLeft: 0, dueBy: 'DAYS' });
    expect(await filterOrders(machine.id)).toHaveLength(1);

    await heartbeat(gateway, { tdsOut: 80 });
    await run();
    expect((await stagesOf(machine.id))[1]).toMatchObject({ stage: 'RO', state: 'DUE', dueBy: 'TDS' });
    expect(await filterOrders(machine.id)).toHaveLength(1);
  });

  it('fits the filters a filter-change order names: their counters start again with their serial and batch', async () => {
    const { agent, machine, gateway } = await machineWithStages([
      { code: 'PP', lifeDays: 30, lifeLitres: 10_000 },
      { code: 'CARBON', lifeDays: 180, lifeLitres: 20_000 },
    ]);
    await heartbeat(gateway, { tdsOut: 20 });
    await advanceDays(30);
    const technician = await technicianOfAgent(ctx.t, admin, agent);
    await run();
    const [order] = await filterOrders(machine.id);
    if (!order) throw new Error('no filter-change order');
    const me = technician.call;
    for (const event of ['ACCEPT', 'START']) await moved(me, order.id, event);
    const completion = { checks: ['filtersReplaced'], photos: [], tdsAfter: 9, parts: [] };
    const twice = await me(
      'PUT',
      `/api/workOrders/${order.id}/completion`,
      {
        ...completion,
        filters: [
          { stage: 'PP', serialNo: 'A', batchNo: 'B' },
          { stage: 'PP', serialNo: 'C', batchNo: 'D' },
        ],
      },
      CHINESE,
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual([
      expect.objectContaining({ field: 'filters.1.stage', message: '滤芯级「PP 棉」重复' }),
    ]);
    const notOfModel = await me('PUT', `/api/workOrders/${order.id}/completion`, {
      ...completion,
      filters: [{ stage: 'RO', serialNo: 'A', batchNo: 'B' }],
    });
    expect(notOfModel.statusCode).toBe(400);
    expect(notOfModel.json().errors).toEqual([expect.objectContaining({ field: 'filters.0.stage' })]);

    ctx.t.clock.advance(3_600_000);
    const done = await me('PUT', `/api/workOrders/${order.id}/completion`, {
      ...completion,
      filters: [{ stage: 'PP', serialNo: 'PP-2026-001', batchNo: 'B42' }],
    });
    expect(done.statusCode, done.body).toBe(204);
    expect(await stagesOf(machine.id)).toEqual([
      expect.objectContaining({ stage: 'PP', state: 'OK', daysLeft: 30, filterSerialNo: 'PP-2026-001' }),
      expect.objectContaining({ stage: 'CARBON', state: 'OK', daysLeft: 150, filterSerialNo: null }),
    ]);
    await run();
    expect((await filterOrders(machine.id)).map((row) => row.state)).toEqual(['DONE']);
  });

  it('refuses a model’s stages naming a code twice, and those of a model that does not exist', async () => {
    const { modelId } = await machineWithStages([]);
    const stage = { code: 'PP', lifeDays: 90, lifeLitres: 10_000 };
    const twice = await admin('PUT', `/api/filters/models/${modelId}/stages`, { stages: [stage, stage] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual([expect.objectContaining({ field: 'stages.1.code' })]);
    const missing = await admin('PUT', '/api/filters/models/999999/stages', { stages: [stage] });
    expect(missing.statusCode).toBe(404);
    const unknown = await admin('PUT', `/api/filters/models/${modelId}/stages`, {
      stages: [{ ...stage, code: 'SAND' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect((await admin('GET', `/api/filters/models/${modelId}/stages`)).json()).toEqual({ stages: [] });
  });
});

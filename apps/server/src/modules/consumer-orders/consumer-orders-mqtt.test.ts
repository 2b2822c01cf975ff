import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeAgent,
  channelPaid,
  flatPrice,
  machineModel,
  operatingMachine,
  siteOf,
  unique,
} from '../../../test/business-fixtures.ts';
import { until } from '../../../test/mqtt-fixtures.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { MqttMachine } from '../../simulator/mqtt-machine.ts';
import type { PaymentStarter } from '../payments/payment-starter.ts';

const NOTIFY_KEY = 'a-payment-notify-key-for-the-mqtt-page-test-0123456789';
const starter: PaymentStarter = {
  channels: async () => ['WECHAT'],
  start: async (order) => ({ kind: 'REDIRECT', url: `https://pay.example/${order.orderNo}` }),
};

/** A machine connected over MQTT is told to dispense a paid page order at once, with no heartbeat. */
describe('a public page’s order dispensed over MQTT', () => {
  const ctx = useTestApp(
    { MQTT_PORT: '0', PAYMENT_NOTIFY_KEY: NOTIFY_KEY, PUBLIC_RATE_LIMIT: '10000' },
    {
      paymentStarter: starter,
    },
  );
  let machine: MqttMachine;
  let code: string;

  beforeAll(async () => {
    const agent = await activeAgent(ctx.admin, unique('MQTT page agent '));
    const site = await siteOf(ctx.admin, agent.id);
    const { id: modelId } = await machineModel(ctx.admin);
    const identity = await operatingMachine(ctx.admin, { modelId, agentId: agent.id, siteId: site.id });
    await flatPrice(ctx.admin, 50);
    code = (await ctx.admin('GET', `/api/machines/${identity.id}`)).json().stickerCode;
    await ctx.t.app.mqtt?.machinesChanged([identity.id]);
    machine = new MqttMachine(`mqtt://127.0.0.1:${ctx.t.app.mqtt?.port}`, identity, {
      now: () => ctx.t.clock.now().getTime(),
      reconnectPeriod: 0,
    });
    machine.msPerLitre = 20;
    await machine.connect();
    await until(async () => (await ctx.admin('GET', `/api/machines/${identity.id}`)).json().online === true);
  });
  afterAll(() => machine?.end());

  it('receives DISPENSE on its command topic once paid, fills, and the order completes', async () => {
    const made = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/public/machines/${code}/orders`,
      payload: { tap: 1, waterType: 'COLD', ml: 1000, channel: 'WECHAT' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { orderNo, accessToken, payable } = made.json();
    expect((await channelPaid(ctx.t, NOTIFY_KEY, orderNo, payable)).statusCode).toBe(200);
    const follow = async () =>
      (
        await ctx.t.app.inject({
          method: 'GET',
          url: `/api/public/orders/${orderNo}`,
          headers: { 'x-order-token': accessToken },
        })
      ).json();
    await until(async () => (await follow()).state === 'COMPLETED', 10_000);
    expect(await follow()).toMatchObject({ dispensedMl: 1000, paid: payable });
    expect(machine.commands).toContainEqual(
      expect.objectContaining({ type: 'DISPENSE', params: expect.objectContaining({ orderNo }) }),
    );
  }, 30_000);
});
